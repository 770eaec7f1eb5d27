/**
 * Friends between games: each bot seat's level chosen in the lobby, "play again" as a ready check
 * (a nudge for whoever keeps the table waiting, the host's countdown), and a player still in the
 * replay when the new game begins stays there until they join it with one tap.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.ts';
import { collectErrors, type Device, newContext, screenshot } from './browser.ts';
import { hulahoo as drive } from './drivers/hulahoo.ts';
import { baseUrl, openAsHost, useBrowser } from './suite.ts';

const browser = useBrowser();

const over = (page: Page) => page.locator('.game-over').count();

/** A table made by Ann, the host, in seat 0, which Ben opens by its link and sits at in seat 1. */
async function seatAnnAndBen(ann: Page, ben: Page, body: Record<string, unknown>): Promise<void> {
  const table = await openAsHost(ann, body, { seat: 0, name: 'Ann' });
  await ben.addInitScript((id) => {
    localStorage.setItem(`hoopla:sit:${id}`, '1');
    localStorage.setItem('hoopla:name', 'Ben');
  }, table.id);
  await ben.goto(`${baseUrl}/t/${table.id}`);
  await expect.poll(() => ann.locator('.lobby-seats').textContent()).toContain('Ben');
}

it.each<[Device, Device]>([
  ['desktop', 'phone'],
  ['phone', 'desktop'],
])(
  'Ann on a %s and Ben on a %s: bots of two levels, a nudge, a countdown, a replay left with one tap',
  { timeout: 240_000 },
  async (annDevice, benDevice) => {
    const annContext = await newContext(browser(), annDevice, { locale: 'en-US' });
    const benContext = await newContext(browser(), benDevice, { locale: 'en-US' });
    const ann = await annContext.newPage();
    const ben = await benContext.newPage();
    const errors = [collectErrors(ann), collectErrors(ben)];

    // One round wins the game: a whole game in a few minutes.
    await seatAnnAndBen(ann, ben, {
      game: 'hulahoo',
      players: 4,
      config: { goal: { kind: 'wins', wins: 1 }, chaos: { noSwap: true } },
      bots: [2, 3],
      botLevel: 'normal',
    });

    // Each bot its own level, set by the host and read by everyone.
    const level = ann.getByRole('combobox', { name: 'How Bot 3 plays' });
    expect(await level.inputValue()).toBe('normal');
    await level.selectOption('hard');
    await ann.getByRole('combobox', { name: 'How Bot 4 plays' }).selectOption('easy');
    await expect
      .poll(() => ben.locator('.lobby-seats .bot-level').allTextContents())
      .toEqual(['Hard', 'Easy']);
    expect(await ben.locator('.lobby-seats').getByRole('combobox').count()).toBe(0);
    await expectNoAxeViolations(ann, `lobby with bot levels, host (${annDevice})`);
    await screenshot(ann, `together-lobby-${annDevice}`);

    await ann.click('button:has-text("Start the game")');
    const until = Date.now() + 180_000;
    while (Date.now() < until && ((await over(ann)) === 0 || (await over(ben)) === 0)) {
      const acted = (await drive(ann)) || (await drive(ben));
      await ann.waitForTimeout(acted ? 100 : 300);
    }
    await ann.locator('.game-over').waitFor();
    await ben.locator('.game-over').waitFor();
    await expect
      .poll(() => ann.locator('.game-over').textContent())
      .toContain('First to win a round.');

    // Ben goes to the replay; Ann asks to play again: the table waits for Ben.
    await ben.getByRole('button', { name: 'Replay the game' }).click();
    await ben.locator('.replay').waitFor();
    await ann.getByRole('button', { name: 'Play again' }).click();
    const call = ann.locator('.rematch-call');
    await expect.poll(() => call.textContent()).toContain('In for another game: Ann');
    await expect.poll(() => call.textContent()).toContain('Waiting for Ben');
    expect(await ann.locator('.game-over').count()).toBe(1);

    // A nudge: Ben's screen says so, in words he cannot miss.
    await call.getByRole('button', { name: 'Nudge Ben' }).click();
    await expect
      .poll(() => ben.locator('.nudge-line').textContent())
      .toContain('Ann nudged you: the table is waiting for you.');
    await expect.poll(() => ann.locator('.nudge-line').textContent()).toContain('Ann nudged Ben.');
    await expectNoAxeViolations(ann, `game over, waiting for a friend (${annDevice})`);
    await expectNoAxeViolations(ben, `replay with a nudge (${benDevice})`);
    await screenshot(ann, `together-waiting-${annDevice}`);
    await screenshot(ben, `together-nudged-${benDevice}`);

    // The host starts it anyway, after a countdown both see.
    await ann.getByRole('button', { name: 'Start the new game' }).click();
    await expect.poll(() => call.locator('.countdown').textContent()).toMatch(/New game in \d+ s/);
    await ann.locator('[data-board]').waitFor({ timeout: 20_000 });

    // Ben, still in the replay, stays there: the new game is one tap away.
    const banner = ben.locator('.new-game');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('A new game has begun at this table.');
    expect(await ben.locator('.replay').textContent()).not.toContain('Loading');
    expect(await ben.locator('.replay').count()).toBe(1);
    await expectNoAxeViolations(ben, `replay during a new game (${benDevice})`);
    await screenshot(ben, `together-replay-new-game-${benDevice}`);
    await banner.getByRole('button', { name: 'Join the new game' }).click();
    await ben.locator('[data-board]').waitFor();
    expect(await ben.locator('.replay, .new-game, .game-over').count()).toBe(0);
    await screenshot(ben, `together-joined-${benDevice}`);

    expect(errors.flat()).toEqual([]);
    await annContext.close();
    await benContext.close();
  },
);

it.each<Device>(['desktop', 'phone'])(
  'on a %s: a player kept waiting on a friend may nudge them, whose phone buzzes',
  { timeout: 120_000 },
  async (device) => {
    const other: Device = device === 'desktop' ? 'phone' : 'desktop';
    const annContext = await newContext(browser(), device, { locale: 'en-US' });
    const benContext = await newContext(browser(), other, { locale: 'en-US' });
    const ann = await annContext.newPage();
    const ben = await benContext.newPage();
    const errors = [collectErrors(ann), collectErrors(ben)];
    // The buzz a page asks for, noted where the test can read it.
    await ben.addInitScript(() => {
      Object.defineProperty(navigator, 'vibrate', {
        value: (pattern: number[]) => {
          (window as unknown as { buzzed: number[] }).buzzed = pattern;
          return true;
        },
      });
    });
    await seatAnnAndBen(ann, ben, {
      game: 'hulahoo',
      players: 2,
      config: { chaos: { noSwap: true } },
    });
    await ann.click('button:has-text("Start the game")');
    await ben.locator('[data-board]').waitFor();
    // Ann plays until it is Ben's turn; then the table waits on him.
    const until = Date.now() + 30_000;
    while (Date.now() < until && (await ben.locator('.game.my-turn').count()) === 0) {
      await drive(ann);
      await ann.waitForTimeout(200);
    }
    const nudge = ann.locator('.players').getByRole('button', { name: 'Nudge Ben' });
    expect(await nudge.count()).toBe(0);
    // Offered once he has kept the table waiting a while (15 s).
    await nudge.waitFor({ timeout: 25_000 });
    await nudge.click();
    await expect
      .poll(() => ben.locator('.nudge-line').textContent())
      .toContain('Ann nudged you: the table is waiting for you.');
    expect(await ben.evaluate(() => (window as unknown as { buzzed?: number[] }).buzzed)).toEqual([
      200, 100, 200,
    ]);
    // Once a minute: the button rests.
    const rested = ann.locator('.players').getByRole('button', { name: 'Nudged Ben' });
    expect(await rested.isDisabled()).toBe(true);
    await expectNoAxeViolations(ben, `a nudged player (${other})`);
    await screenshot(ben, `together-nudged-in-play-${other}`);
    expect(errors.flat()).toEqual([]);
    await annContext.close();
    await benContext.close();
  },
);
