/**
 * A table 300 ms away (a proxy that delays every chunk 150 ms each way): in a round of each game
 * played through its board, each of the player's own moves that its game predicts from the view
 * the page held (nearly all) shows before the table's answer arrives; a move the table refuses, made on a view that had not
 * yet heard the table move on, goes back off the board, which then shows the table's view, and
 * the page says why.
 */
import type { Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { games } from '../../shared/games/index.ts';
import { quickConfig } from '../engine/adapters.ts';
import { describeEachGame } from '../engine/support/per-game.ts';
import { collectErrors, newContext, screenshot } from './browser.ts';
import { hulahoo } from './drivers/hulahoo.ts';
import { DRIVER, DRIVERS } from './drivers/index.ts';
import { roundEnded } from './drivers/types.ts';
import { answerOf, moveTimes, viewAtTap, watchMoves } from './move-timing.ts';
import { proxyTo, type ServerProxy } from './proxy.ts';
import { baseUrl, openAsHost, useBrowser } from './suite.ts';

const browser = useBrowser();
const HALF_ROUND_TRIP_MS = 150;
/**
 * Ann's moves looked at, at most: a round of Hula-Hoo! or HiLO ends sooner; a round of Sneak at two
 * takes three times as long. Every kind of move of every game is predicted by the engine's
 * property (tests/engine/predict.test.ts); here the page shows what it predicts.
 */
const OWN_MOVES = 30;

let proxy: ServerProxy | null = null;
afterEach(async () => {
  await proxy?.stop();
  proxy = null;
});

describeEachGame(DRIVERS, DRIVER, '%s, 300 ms away', (game, drive) => {
  it('each own move shows before the table’s answer', { timeout: 180_000 }, async () => {
    proxy = await proxyTo(baseUrl, { delayMs: HALF_ROUND_TRIP_MS });
    const context = await newContext(browser(), 'desktop', { locale: 'en-US' });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await watchMoves(page);
    const body = { game, players: 2, bots: [1], config: quickConfig(game) };
    await openAsHost(page, body, { seat: 0, name: 'Ann', origin: proxy.url });
    await page.locator('button:has-text("Start the game")').click();
    await page.locator('[data-board]').waitFor();

    let sent = 0;
    for (let step = 0; step < 300 && sent < OWN_MOVES && (await roundEnded(page)) === 0; step++) {
      if (!(await drive(page))) {
        await page.waitForTimeout(100);
        continue;
      }
      const own = (await moveTimes(page)).own.length;
      if (own > sent) {
        sent = own;
        await answerOf(page, sent);
      }
    }
    expect(
      sent >= OWN_MOVES || (await roundEnded(page)) > 0,
      'the round ended, or Ann made her moves',
    ).toBe(true);
    const times = await moveTimes(page);
    const rules = games[game];
    for (const [i, move] of times.own.entries()) {
      const at = `move ${i + 1} (${move.kind})`;
      expect(move.refused, at).toBeNull();
      expect(move.answered, `${at} answered`).not.toBeNull();
      expect(move.shown, `${at} shown`).not.toBeNull();
      // Every move the game predicts from the view the page held is shown as predicted, before
      // its answer (a round trip away); the few it declines (their outcome hangs on hidden cards)
      // wait for the table. A ready mark between rounds is the table's to answer.
      const view = viewAtTap(times, move);
      const expected = move.kind !== 'nextRound' && rules.predict?.(view, move.move) != null;
      expect(move.predicted, `${at} predicted`).toBe(expected);
      if (expected) expect(move.shown!, `${at} shown first`).toBeLessThan(move.answered!);
    }
    expect(times.own.filter((m) => m.predicted).length).toBeGreaterThan(0);
    await screenshot(page, `instant-${game}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

it('a move the table refuses goes back off the board, which says why', {
  timeout: 60_000,
}, async () => {
  proxy = await proxyTo(baseUrl, { delayMs: HALF_ROUND_TRIP_MS });
  const context = await newContext(browser(), 'desktop', { locale: 'en-US' });
  const page = await context.newPage();
  await watchMoves(page);
  // The shortest clock: it moves for Ann while her page hears nothing of it.
  const body = { game: 'hulahoo', players: 2, bots: [1], clock: 5 };
  await openAsHost(page, body, { seat: 0, name: 'Ann', origin: proxy.url });
  await page.locator('button:has-text("Start the game")').click();
  await page.locator('.game.my-turn').waitFor({ timeout: 20_000 });
  proxy.hold();
  // The clock runs out (5 s) and the table moves for her; the page still shows her turn.
  await page.waitForTimeout(6_500);
  expect(await hulahoo(page)).toBe(true);
  expect((await moveTimes(page)).own).toHaveLength(1);
  // The move shows at once, while nothing comes back.
  await expect.poll(async () => (await moveTimes(page)).own[0]?.shown ?? null).not.toBeNull();
  const predicted = await boardOf(page);
  proxy.release();
  await expect.poll(async () => (await moveTimes(page)).own[0]?.refused).toBe('stale');
  await page
    .getByText('The game moved on before your move arrived. Have another look and choose again.')
    .waitFor();
  await screenshot(page, 'instant-refused');
  // The board is the table's: what the page shows when it joins again and the table tells it
  // all anew (Ann's clock, started again after the bot's move, has seconds left).
  expect(await boardOf(page)).not.toBe(predicted);
  const shown = await boardOf(page);
  await context.setOffline(true);
  await page.locator('.banner.floating').waitFor();
  await context.setOffline(false);
  await page.locator('.banner.floating', { hasText: 'Back online' }).waitFor();
  expect(await boardOf(page)).toBe(shown);
  await context.close();
});

/** Where each card lies on the board, by its id and its place. */
const boardOf = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-board] [data-card]')]
      .map((el) => `${el.dataset.card}@${el.parentElement?.className}`)
      .sort()
      .join(','),
  );
