/**
 * What a stand-in did, as the log and the notice tell it, in Hula-Hoo!, where a seat is knocked
 * out by someone else's play (HH-8). A solo game taken online at its first round's end: Bob, on a
 * 375×667 phone, takes a bot's seat in the pause, and the bot's lines stay the bot's for him and
 * for the host at 1280×800. Away, his seat goes to his stand-in, which is knocked out by the
 * others; back, he is told in one line what it did last, and the log still says it was his bot
 * (ALL-4).
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.ts';
import { collectErrors, DEVICES, screenshot } from './browser.ts';
import { hulahoo as drive } from './drivers/hulahoo.ts';
import { roundEnded } from './drivers/types.ts';
import { bobSitsInThePause, readyButton, replaceBob } from './stand-ins.ts';
import { useBrowser } from './suite.ts';

const browser = useBrowser();

const logLines = (page: Page) => page.locator('.log li').allTextContents();

it('Hula-Hoo!: the log keeps a stand-in’s name, knocked out by others too, and its player back is told what it did', {
  timeout: 150_000,
}, async () => {
  // Bob takes Bot 2's seat in the pause: Bot 2's lines of the first round stay Bot 2's.
  const pause = await bobSitsInThePause(browser(), 'hulahoo', 'hulahoo-stand-in-log', {
    goal: { kind: 'points', points: 200 },
  });
  const { desk, phone, link, ann, errors } = pause;
  let { bob } = pause;
  await expect.poll(() => ann.locator('.players').textContent()).toContain('Bob');
  for (const page of [ann, bob]) {
    // Bob's page draws its game again as his seat is taken: the log may be a moment behind Ann.
    await expect
      .poll(async () => (await logLines(page)).some((line) => line.startsWith('Bot 2 ')), {
        message: 'the bot’s lines',
        timeout: 10_000,
      })
      .toBe(true);
    expect(
      (await logLines(page)).filter((line) => line.startsWith('Bob')),
      'none of them Bob’s',
    ).toEqual([]);
  }

  // Bob's page closes; the host gives his seat to a bot, and the next round is dealt to it.
  await replaceBob(ann, bob);
  // Ann plays until the others have knocked Bob's bot out, then stops at her turn, so that the
  // table waits on her while Bob comes back (with no move of his since, however the bots drew).
  // A game to 200 points lasts the rounds that takes, where one to 77 could end first.
  const knockedOut = async () =>
    (await logLines(ann)).some((line) => line.startsWith('Bob’s bot drops out')) &&
    (await roundEnded(ann)) === 0 &&
    (await ann.locator('.players .turn.mine').count()) > 0;
  const end = Date.now() + 100_000;
  while (!(await knockedOut()) && Date.now() < end) {
    if ((await readyButton(ann).count()) > 0) {
      await readyButton(ann)
        .click()
        .catch(() => {}); // the round may start meanwhile
      continue;
    }
    if (!(await drive(ann).catch(() => false))) await ann.waitForTimeout(150);
  }
  expect(await knockedOut(), 'Bob’s bot dropped out, and the table waits on Ann').toBe(true);

  // Back: his seat, one line on what his bot did, and the log still says it was his bot.
  bob = await phone.newPage();
  collectErrors(bob, errors);
  await bob.goto(link);
  await bob.waitForSelector('[data-board]');
  await expect.poll(() => bob.locator('.players li.mine').textContent()).toContain('Bob');
  for (const device of ['phone', 'desktop'] as const) {
    await bob.setViewportSize(DEVICES[device].viewport!);
    const lines = await logLines(bob);
    // The notice quotes the latest line about his bot: its knock-out, when that came last.
    const latest = lines.find((line) => line.startsWith('Bob’s bot '));
    await expect
      .poll(() => bob.locator('.notice span').textContent(), { timeout: 10_000 })
      .toMatch(/^While you were away, your bot made (a move|\d+ moves) for you/);
    expect(await bob.locator('.notice span').textContent()).toContain(latest);
    expect(
      lines.some((line) => line.startsWith('Bob’s bot drops out')),
      device,
    ).toBe(true);
    expect(
      lines.some((line) => line.startsWith('Bob drops out')),
      device,
    ).toBe(false);
    await screenshot(bob, `stand-in-log-back-${device}`);
    await expectNoAxeViolations(bob, `Bob back after his bot dropped out (${device})`);
  }
  expect(errors).toEqual([]);
  await Promise.all([desk.close(), phone.close()]);
});
