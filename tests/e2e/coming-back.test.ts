/**
 * Coming back to a table: the home page lists the tables this browser holds a seat at; a player
 * the host replaced with a bot while away takes the seat back with the same link, the log keeps
 * their name for what they did and names their bot for what it did, and they are told what it did
 * (ALL-4); a notice lasts only as long as its moment.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.ts';
import { collectErrors, type Device, newContext, openPage, screenshot } from './browser.ts';
import { hulahoo as drive } from './drivers/hulahoo.ts';
import { roundEnded } from './drivers/types.ts';
import { hiddenByNotices } from './layout.ts';
import { baseUrl, openAsHost, useBrowser } from './suite.ts';

const browser = useBrowser();

const logLines = (page: Page) => page.locator('.log li').allTextContents();

it('the home page lists the tables this browser sits at, and whose turn it is', async () => {
  const { context, page, errors } = await openPage(browser(), 'phone', { locale: 'en-US' });
  await openAsHost(page, { game: 'sneak', players: 3, bots: [1] }, { seat: 0, name: 'Ann' });
  await page.locator('.lobby').waitFor();
  await openAsHost(page, { game: 'hulahoo', players: 3, bots: [1, 2] }, { seat: 0, name: 'Ann' });
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForSelector('[data-board]');
  // The bots swap first (HH-3, from the dealer's left); then it is Ann's turn.
  await page.waitForSelector('.game.my-turn');

  await page.goto(baseUrl);
  const list = page.getByRole('region', { name: 'Your tables' });
  await expect
    .poll(() => list.locator('li').allTextContents())
    .toEqual([
      // Newest first.
      expect.stringMatching(/^Hula-Hoo!.*Ann \(you\) · Bot 2 · Bot 3.*Your turn$/),
      expect.stringMatching(/^Sneak.*Ann \(you\) · Bot 2 · Empty seat.*Waiting to start$/),
    ]);
  await screenshot(page, 'your-tables-phone');
  await list.getByRole('link', { name: /Hula-Hoo!/ }).click();
  await page.waitForSelector('[data-board]');
  expect(await page.locator('.players li.mine').textContent()).toContain('Ann');
  expect(errors).toEqual([]);
  await context.close();
});

it.each<[Device, Device, 'during the round' | 'at its end']>([
  ['desktop', 'phone', 'during the round'],
  ['phone', 'desktop', 'at its end'],
])(
  'the host on a %s, Ben on a %s: replaced by a bot while away, he takes the seat back %s, and keeps his moves',
  {
    timeout: 120_000,
  },
  async (hostDevice, benDevice, when) => {
    const hostContext = await newContext(browser(), hostDevice, { locale: 'en-US' });
    const ann = await hostContext.newPage();
    const errors = collectErrors(ann);
    const table = await openAsHost(ann, { game: 'hulahoo', players: 3, bots: [2] }, { seat: 0 });
    await ann.locator('.lobby').waitFor();

    // Ben joins from his own device, under his own name.
    const phone = await newContext(browser(), benDevice, { locale: 'en-US' });
    let ben = await phone.newPage();
    collectErrors(ben, errors);
    await ben.goto(`${baseUrl}/t/${table.id}`);
    await ben.fill('.name-form input', 'Ben');
    await ben.click('.name-form button[type=submit]');
    await ben.getByRole('button', { name: 'Sit here' }).first().click();
    await expect.poll(() => ben.locator('.lobby').textContent()).toContain('Ben');
    await ann.getByRole('button', { name: 'Start the game' }).click();
    await ben.waitForSelector('[data-board]');
    await ben.getByRole('button', { name: 'Keep all' }).click();
    await expect.poll(() => logLines(ann)).toContain('Ben kept their cards.');

    // Ben's phone goes away; the host gives his seat to a bot.
    await ben.close();
    const replace = ann.getByRole('button', { name: 'Replace with a bot' });
    await replace.click({ timeout: 10_000 });
    const seat = ann.locator('.players li').nth(1);
    // The bot is his stand-in, and says so.
    await expect.poll(() => seat.textContent()).toMatch(/^Ben’s bot/);
    // What Ben did is still his; what the bot does is the bot's. A move of its own, that is:
    // "Ben’s bot drops out" may come from another's play, and is no move made for him.
    expect(await logLines(ann)).toContain('Ben kept their cards.');
    const botMoved = (line: string) => /^Ben’s bot (plays|names) /.test(line);
    await expect
      .poll(
        async () => {
          await drive(ann);
          return (await logLines(ann)).some(botMoved);
        },
        // Knocked out before its first turn, the bot's next move comes after the next deal.
        { timeout: 45_000, interval: 300 },
      )
      .toBe(true);

    // At a round's end, the panel says how the round ended, not what his bot did: the notice
    // says that beside it. (During the round, the bot's move may end it before Ben is back.)
    if (when === 'at its end') {
      await expect
        .poll(
          async () => {
            if ((await roundEnded(ann)) > 0) return true;
            await drive(ann);
            return false;
          },
          { timeout: 60_000, interval: 300 },
        )
        .toBe(true);
    }

    // Ben opens the link again: his seat, his cards, not a spectator's view.
    ben = await phone.newPage();
    await ben.goto(`${baseUrl}/t/${table.id}`);
    await ben.waitForSelector('[data-board] .hh-mine');
    await expect.poll(() => ben.locator('.players li.mine').textContent()).toContain('Ben');
    await expect.poll(() => seat.textContent()).toMatch(/^Ben/);
    expect(await logLines(ben)).toContain('Ben kept their cards.');
    expect((await logLines(ben)).some(botMoved)).toBe(true);
    // One line on what the bot did for him while he was away.
    await expect
      .poll(() => ben.locator('.notice').textContent())
      .toMatch(/^While you were away, your bot made (a move|\d+ moves) for you/);
    expect(await hiddenByNotices(ben), 'the notice of what his bot did').toEqual([]);
    await expectNoAxeViolations(ben, `back ${when}, told what his bot did`);
    await screenshot(ben, `seat-back-${benDevice}`);
    expect(errors).toEqual([]);
    await phone.close();
    await hostContext.close();
  },
);

it('a notice is only as tall as its text, and ends with the player’s next move', {
  timeout: 150_000,
}, async () => {
  const { context, page, errors } = await openPage(browser(), 'phone', { locale: 'en-US' });
  // The shortest clock: Ann waits, and the clock keeps her cards for her.
  const body = { game: 'hulahoo', players: 2, bots: [1], clock: 5 };
  await openAsHost(page, body, { seat: 0, name: 'Ann' });
  await page.getByRole('button', { name: 'Start the game' }).click();
  const notice = page.locator('.notice');
  // The clock starts once her page has shown the deal, or a minute on at most (the first look).
  await notice.waitFor({ timeout: 75_000 });
  expect(await notice.textContent()).toMatch(/time/i);
  const box = (await notice.boundingBox())!;
  // Its text and its button on a line or three, no empty box around them.
  expect(box.height).toBeLessThan(110);
  await screenshot(page, 'notice-phone');

  // Her next move means she has read it.
  await expect
    .poll(async () => (await drive(page)) && (await notice.count()) === 0, {
      timeout: 20_000,
    })
    .toBe(true);
  // It was heard live: a reload does not bring it back.
  await page.reload();
  await page.waitForSelector('[data-board]');
  await page.waitForTimeout(1000);
  expect(await notice.count()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});
