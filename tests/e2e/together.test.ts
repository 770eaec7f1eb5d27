/**
 * Friends between games: each bot seat's level chosen in the lobby, "play again" as a ready check
 * (a nudge for whoever keeps the table waiting, the host's countdown), and a player still in the
 * replay when the new game begins stays there until they join it with one tap. A nudge and the
 * connection's banner hide nothing a player decides with, on a phone too.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { soloUpload } from '../table/support.ts';
import { expectNoAxeViolations } from './axe.ts';
import { collectErrors, type Device, newContext, screenshot } from './browser.ts';
import { hulahoo as drive } from './drivers/hulahoo.ts';
import { hiddenByNotices } from './layout.ts';
import { baseUrl, importTable, openAsHost, useBrowser } from './suite.ts';

const browser = useBrowser();

/** Ann's and Ben's pages, each in a context of its own on its device, with the errors each logs. */
async function twoFriends(annDevice: Device, benDevice: Device) {
  const annContext = await newContext(browser(), annDevice, { locale: 'en-US' });
  const benContext = await newContext(browser(), benDevice, { locale: 'en-US' });
  const ann = await annContext.newPage();
  const ben = await benContext.newPage();
  return { annContext, benContext, ann, ben, errors: [collectErrors(ann), collectErrors(ben)] };
}

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

/**
 * A one-round game Ann played with three bots, taken to a table at its end. Ben, who holds the
 * table's host key, opens its link and takes a bot's seat for the next game.
 */
async function afterAGame(ann: Page, ben: Page): Promise<void> {
  const { body } = soloUpload('hulahoo', 'gameOver', 'together', {
    players: 4,
    config: { goal: { kind: 'wins', wins: 1 }, chaos: { noSwap: true } },
    levels: [null, 'normal', 'hard', 'easy'],
  });
  const table = await importTable(body);
  await ann.addInitScript(
    ({ id, token }) => {
      localStorage.setItem(`hoopla:token:${id}`, token);
      localStorage.setItem('hoopla:name', 'Ann');
    },
    { id: table.id, token: table.token },
  );
  await ben.addInitScript(
    ({ id, hostKey }) => {
      localStorage.setItem(`hoopla:host:${id}`, hostKey);
      localStorage.setItem('hoopla:name', 'Ben');
    },
    { id: table.id, hostKey: table.hostKey },
  );
  await ann.goto(`${baseUrl}/t/${table.id}`);
  await ann.locator('.game-over').waitFor();
  await expect
    .poll(() => ann.locator('.game-over').textContent())
    .toContain('First to win a round.');
  await ben.goto(`${baseUrl}/t/${table.id}`);
  await ben.getByRole('button', { name: 'Take this seat' }).first().click();
  await expect.poll(() => ann.locator('.players').textContent()).toContain('Ben');
}

it.each<[Device, Device]>([
  ['desktop', 'phone'],
  ['phone', 'desktop'],
])(
  'Ann on a %s and Ben on a %s: each bot’s level, set by the host and read by everyone',
  {
    timeout: 60_000,
  },
  async (annDevice, benDevice) => {
    const { annContext, benContext, ann, ben, errors } = await twoFriends(annDevice, benDevice);
    await seatAnnAndBen(ann, ben, {
      game: 'hulahoo',
      players: 4,
      bots: [2, 3],
      botLevel: 'normal',
    });

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
    expect(errors.flat()).toEqual([]);
    await annContext.close();
    await benContext.close();
  },
);

it.each<[Device, Device]>([
  ['desktop', 'phone'],
  ['phone', 'desktop'],
])(
  'Ann on a %s and Ben on a %s, after a game: a nudge, a countdown and "I’m in" seen and said from the replay, left with one tap',
  { timeout: 90_000 },
  async (annDevice, benDevice) => {
    const { annContext, benContext, ann, ben, errors } = await twoFriends(annDevice, benDevice);
    await afterAGame(ann, ben);
    // The record is for the game's players (ALL-1): Ben, who did not play it, has no replay.
    await ben.locator('.game-over').waitFor();
    expect(await ben.getByRole('button', { name: 'Replay the game' }).count()).toBe(0);

    // Ann goes to the replay; Ben asks to play again: the table waits for Ann.
    await ann.getByRole('button', { name: 'Replay the game' }).click();
    await ann.locator('.replay').waitFor();
    await ben.getByRole('button', { name: 'Play again' }).click();
    const call = ben.locator('.rematch-call');
    await expect.poll(() => call.textContent()).toContain('In for another game: Ben');
    await expect.poll(() => call.textContent()).toContain('Waiting for Ann');
    expect(await ben.locator('.game-over').count()).toBe(1);

    // A nudge: Ann's screen says so, in words she cannot miss.
    await call.getByRole('button', { name: 'Nudge Ann' }).click();
    await expect
      .poll(() => ann.locator('.nudge-line').textContent())
      .toContain('Ben nudged you: the table is waiting for you.');
    await expect.poll(() => ben.locator('.nudge-line').textContent()).toContain('Ben nudged Ann.');
    await expectNoAxeViolations(ben, `game over, waiting for a friend (${benDevice})`);
    await expectNoAxeViolations(ann, `replay with a nudge (${annDevice})`);
    expect(await hiddenByNotices(ann), `the nudge over the replay (${annDevice})`).toEqual([]);
    await screenshot(ben, `together-waiting-${benDevice}`);
    await screenshot(ann, `together-nudged-${annDevice}`);

    // Ann sees the call in her replay, and the countdown the host starts, with a way in.
    const inReplay = ann.locator('.replay .rematch-call');
    await expect.poll(() => inReplay.textContent()).toContain('In for another game: Ben');
    await ben.getByRole('button', { name: 'Start the new game' }).click();
    await expect.poll(() => call.locator('.countdown').textContent()).toMatch(/New game in \d+ s/);
    await expect
      .poll(() => inReplay.locator('.countdown').textContent())
      .toMatch(/New game in \d+ s/);
    expect(await hiddenByNotices(ann), `the replay's call (${annDevice})`).toEqual([]);
    await expectNoAxeViolations(ann, `replay with a countdown (${annDevice})`);
    await screenshot(ann, `together-replay-countdown-${annDevice}`);
    // Her "I'm in", from the replay: everyone is, and the new game begins at once.
    await inReplay.getByRole('button', { name: 'Play again' }).click();
    await expect
      .poll(() => ben.locator('.new-game, .game-over').count(), { timeout: 5_000 })
      .toBe(0)
      .catch(async (e) => {
        await screenshot(ben, 'dbg-ben-a');
        throw e;
      });
    await ben.locator('[data-board]').waitFor();

    // Ann, still in the replay, stays there: the new game is one tap away.
    const banner = ann.locator('.new-game');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('A new game has begun at this table.');
    expect(await ann.locator('.replay').textContent()).not.toContain('Loading');
    expect(await ann.locator('.replay').count()).toBe(1);
    await expectNoAxeViolations(ann, `replay during a new game (${annDevice})`);
    await screenshot(ann, `together-replay-new-game-${annDevice}`);
    await banner.getByRole('button', { name: 'Join the new game' }).click();
    await ann.locator('[data-board]').waitFor();
    expect(await ann.locator('.replay, .new-game, .game-over').count()).toBe(0);
    await screenshot(ann, `together-joined-${annDevice}`);

    expect(errors.flat()).toEqual([]);
    await annContext.close();
    await benContext.close();
  },
);

it('the host who starts the new game is in it: the board, with nothing to join', {
  timeout: 60_000,
}, async () => {
  const { annContext, benContext, ann, ben, errors } = await twoFriends('phone', 'desktop');
  await afterAGame(ann, ben);
  // Ann says she is in; Ben, the host, starts the new game rather than say so too.
  await ann.getByRole('button', { name: 'Play again' }).click();
  await ben.getByRole('button', { name: 'Start the new game' }).click();
  // Both are in the new game: its board, no game's end, nothing to join.
  for (const page of [ben, ann]) {
    await expect
      .poll(() => page.locator('.new-game, .game-over').count(), { timeout: 5_000 })
      .toBe(0);
    await page.locator('[data-board]').waitFor();
  }
  expect(errors.flat()).toEqual([]);
  await annContext.close();
  await benContext.close();
});

it.each<Device>(['desktop', 'phone'])(
  'on a %s: a player kept waiting on a friend may nudge them, whose phone buzzes',
  { timeout: 120_000 },
  async (device) => {
    const other: Device = device === 'desktop' ? 'phone' : 'desktop';
    const { annContext, benContext, ann, ben, errors } = await twoFriends(device, other);
    // Ann's page keeps its time on a clock the test moves on, rather than wait for it.
    await annContext.clock.install();
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
    // From when Ann's page sees the table wait on him.
    await expect.poll(() => ann.locator('.players .turn').textContent()).toContain('Ben');
    expect(await nudge.count()).toBe(0);
    // Offered once he has kept the table waiting a while (15 s).
    await ann.clock.fastForward(14_000);
    expect(await nudge.count()).toBe(0);
    await ann.clock.fastForward(1_500);
    await nudge.waitFor({ timeout: 5_000 });
    await nudge.click();
    await expect
      .poll(() => ben.locator('.nudge-line').textContent())
      .toContain('Ann nudged you: the table is waiting for you.');
    expect(await ben.evaluate(() => (window as unknown as { buzzed?: number[] }).buzzed)).toEqual([
      200, 100, 200,
    ]);
    // Once a minute: the button rests, through whatever the table says meanwhile (here a friend
    // who comes to watch: a new summary, which once drew the row, and its button, afresh).
    const rested = ann.locator('.players').getByRole('button', { name: 'Nudged Ben' });
    expect(await rested.isDisabled()).toBe(true);
    const watcher = await newContext(browser(), 'desktop', { locale: 'en-US' });
    await (await watcher.newPage()).goto(ben.url());
    await ann.locator('.players .watching').waitFor();
    expect(await rested.isDisabled()).toBe(true);
    await watcher.close();
    await expectNoAxeViolations(ben, `a nudged player (${other})`);
    await screenshot(ben, `together-nudged-in-play-${other}`);
    // The nudge, then the connection lost, hide nothing Ben plays his turn with.
    expect(await hiddenByNotices(ben), `the nudge over Ben's turn (${other})`).toEqual([]);
    await benContext.setOffline(true);
    await ben.locator('.banner.floating').waitFor();
    expect(await hiddenByNotices(ben), `the offline banner over Ben's turn (${other})`).toEqual([]);
    await screenshot(ben, `together-offline-in-play-${other}`);
    await benContext.setOffline(false);
    expect(errors.flat()).toEqual([]);
    await annContext.close();
    await benContext.close();
  },
);
