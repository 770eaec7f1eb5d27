/**
 * The table screen (`/t/<id>?screen`), for a TV or a laptop everyone in a room faces: no rules
 * dialog of its own, no seat controls, the QR code in a place of its own and large (near half the
 * height) while seats are free, the lobby's options in large type, and in play a board (Sneak's fills
 * the height) with cards large enough to read across the room, the last moves and the scores beside
 * it, all without scrolling.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { type SoloShape, soloUpload } from '../table/support.ts';
import { expectNoAxeViolations } from './axe.ts';
import { collectErrors, newContext, screenshot } from './browser.ts';
import { baseUrl, importTable, openAsHost, useBrowser } from './suite.ts';

const browser = useBrowser();

type Size = { width: number; height: number };
const TV: Size = { width: 1920, height: 1080 };
const LAPTOP: Size = { width: 1280, height: 800 };
const label = (size: Size) => `${size.width}x${size.height}`;

/** The visible elements whose box meets the QR figure's, neither inside it nor around it. */
function coveredByQr(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const qr = document.querySelector('.screen-join');
    if (!qr) return ['no QR figure'];
    const q = qr.getBoundingClientRect();
    const hits: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (qr.contains(el) || el.contains(qr)) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'contents') continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const meets = r.left < q.right && r.right > q.left && r.top < q.bottom && r.bottom > q.top;
      if (meets) hits.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
    }
    return hits;
  });
}

/** The selectors among `selectors` whose element is not wholly in the viewport, unscrolled. */
function outOfView(page: Page, selectors: string[]): Promise<string[]> {
  return page.evaluate((selectors) => {
    window.scrollTo(0, 0);
    return selectors.filter((s) => {
      const el = document.querySelector(s);
      if (!el) return true;
      const r = el.getBoundingClientRect();
      return !(
        r.width > 0 &&
        r.top >= 0 &&
        r.left >= 0 &&
        r.bottom <= innerHeight + 0.5 &&
        r.right <= innerWidth + 0.5
      );
    });
  }, selectors);
}

/** The height in px of the largest card (face or back) on the board. */
function largestCard(page: Page): Promise<number> {
  return page.evaluate(() => {
    const cards = document.querySelectorAll(
      '[data-board] :is(.hh-card, .hl-card, .sn-card, .card-back)',
    );
    return Math.max(0, ...[...cards].map((c) => c.getBoundingClientRect().height));
  });
}

/**
 * How much of the game's height the board's content spans, top of its first thing to bottom of
 * its last: a board read across a room fills its part of the screen.
 */
function boardFill(page: Page): Promise<number> {
  return page.evaluate(() => {
    const game = document.querySelector('.game')!.getBoundingClientRect();
    const boxes = [...document.querySelectorAll('[data-board] *')]
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0);
    const top = Math.min(...boxes.map((r) => r.top));
    const bottom = Math.max(...boxes.map((r) => r.bottom));
    return (bottom - top) / game.height;
  });
}

/** What a room's screen must not offer: it only watches. */
async function seatControls(page: Page): Promise<number> {
  const main = page.locator('main');
  return (
    (await main.getByRole('textbox').count()) +
    (await main.getByRole('combobox').count()) +
    (await main.getByRole('button', { name: /^(Save|Sit here|Add a bot|Remove bot)$/ }).count()) +
    (await main.getByRole('button', { name: /^Nudge/ }).count()) +
    (await main.locator('.reactions, .reaction-bar').count())
  );
}

/** Opens the table's screen as a first-time visitor, in a fresh browser of `size`. */
async function openScreen(id: string, size: Size) {
  const context = await newContext(browser(), 'desktop', {
    viewport: size,
    locale: 'en-US',
    firstVisit: true,
  });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${baseUrl}/t/${id}?screen`);
  return { context, page, errors, size };
}

type Screen = Awaited<ReturnType<typeof openScreen>>;

/** Each screen's lobby, pictured and checked. */
async function lobbyOn(screens: Screen[], game: string): Promise<void> {
  for (const { page, size } of screens) {
    await page.locator('.screen-join .qr-code').waitFor();
    await screenshot(page, `table-screen-${game}-lobby-${label(size)}`);
    await checkLobby(page, `${game} lobby, ${label(size)}`);
  }
}

/** Each screen in play, once a move is in the log, pictured and checked. */
async function playOn(screens: Screen[], game: string): Promise<void> {
  for (const { page, size } of screens) {
    await page.locator('.log li').first().waitFor({ timeout: 30_000 });
    await screenshot(page, `table-screen-${game}-play-${label(size)}`);
    await checkPlay(page, size, `${game} in play, ${label(size)}`);
    // Sneak's board, with no hand of the screen's own, spreads its seats and middle over it.
    if (game === 'sneak') {
      expect(
        await boardFill(page),
        `the board's share of the height (${label(size)})`,
      ).toBeGreaterThan(0.75);
    }
    // Every seat is taken: no QR code.
    expect(await page.locator('.screen-join').count()).toBe(0);
  }
}

/** The screens' pages logged no error; closed. */
async function closeAll(screens: Screen[]): Promise<void> {
  for (const { context, errors, size } of screens) {
    expect(errors, label(size)).toEqual([]);
    await context.close();
  }
}

/** The lobby on the screen: who sits where, the QR code clear of it, nothing to press. */
async function checkLobby(page: Page, where: string): Promise<void> {
  await page.locator('.lobby-seats').waitFor();
  await page.locator('.screen-join .qr-code').waitFor();
  // The rules dialog would open a frame after the board, once its text has loaded.
  await page.waitForTimeout(1_000);
  expect(await page.locator('dialog[open]').count(), `a dialog open (${where})`).toBe(0);
  expect(await seatControls(page), `seat controls (${where})`).toBe(0);
  expect(await page.locator('.lobby-seats li').count()).toBeGreaterThan(0);
  expect(await coveredByQr(page), `what the QR code meets (${where})`).toEqual([]);
  expect(await outOfView(page, ['.screen-join']), where).toEqual([]);
  // Read from across the room: the options in large type, a QR code phones catch from their seats.
  const size = page.viewportSize()!;
  const options = await page
    .locator('.table-options')
    .evaluate((el) => getComputedStyle(el).fontSize);
  expect(Number.parseFloat(options), `the options' type (${where})`).toBeGreaterThanOrEqual(28);
  const qr = (await page.locator('.screen-join .qr-code').boundingBox())!;
  expect(
    qr.height / size.height,
    `the QR code's share of the height (${where})`,
  ).toBeGreaterThanOrEqual(0.42);
  await expectNoAxeViolations(page, where);
}

/** The screen in play: large cards, and the log and the scores in view without scrolling. */
async function checkPlay(page: Page, size: Size, where: string): Promise<void> {
  await page.locator('[data-board]').waitFor();
  await page.locator('.log li').first().waitFor({ timeout: 30_000 });
  expect(await page.locator('dialog[open]').count(), `a dialog open (${where})`).toBe(0);
  expect(await seatControls(page), `seat controls (${where})`).toBe(0);
  // Readable across a room: a twelfth of the screen's height at least.
  expect(await largestCard(page), `the largest card (${where})`).toBeGreaterThanOrEqual(
    size.height / 12,
  );
  expect(await outOfView(page, ['[data-board]', '.log', '.players']), where).toEqual([]);
  expect(await page.locator('.players .score').count()).toBeGreaterThan(0);
  await expectNoAxeViolations(page, where);
}

/**
 * A table of `players` seats, all bots but seat 0, made by a host who does not sit: the screen
 * sees the lobby with a seat free, then the host fills it with a bot and starts.
 */
async function hostTable(body: Record<string, unknown>, players: number) {
  const context = await newContext(browser(), 'desktop', { locale: 'en-US' });
  const host = await context.newPage();
  const bots = Array.from({ length: players - 1 }, (_, i) => i + 1);
  const table = await openAsHost(host, { ...body, players, bots });
  await host.locator('.lobby-seats').waitFor();
  const start = async () => {
    await host.getByRole('button', { name: 'Add a bot' }).click();
    await host.getByRole('button', { name: 'Start the game' }).click();
    await host.locator('[data-board]').waitFor();
  };
  return { context, id: table.id, start };
}

it('Hula-Hoo! on a room’s screen, from the lobby through a round’s end to the game’s end', {
  timeout: 120_000,
}, async () => {
  const config = { goal: { kind: 'wins', wins: 2 }, chaos: { noSwap: true } };
  const host = await hostTable({ game: 'hulahoo', config }, 3);
  let screens = [await openScreen(host.id, TV), await openScreen(host.id, LAPTOP)];
  await lobbyOn(screens, 'hulahoo');
  await host.start();
  await playOn(screens, 'hulahoo');
  await closeAll(screens);
  await host.context.close();

  // A round's end and a game's end, met at their moments: a game of Ann's and two bots', played
  // by the engine and taken to a table there.
  const shape: SoloShape = { players: 3, config, levels: [null, 'normal', 'normal'] };
  const between = await importTable(soloUpload('hulahoo', 'roundOver', 'screen', shape).body);
  screens = [await openScreen(between.id, TV)];
  const tv = screens[0]!.page;
  // Between rounds: the round's end with the scores, nothing to press.
  await tv.locator('.round-over').waitFor();
  expect(await seatControls(tv)).toBe(0);
  expect(await tv.getByRole('button', { name: /ready/i }).count()).toBe(0);
  expect(await outOfView(tv, ['.round-over .score-sheet', '.log']), 'round over').toEqual([]);
  await expectNoAxeViolations(tv, 'Hula-Hoo! between rounds, 1920x1080');
  await screenshot(tv, 'table-screen-hulahoo-round-over-1920x1080');
  await closeAll(screens);

  // The game's end: who won and the scores, no replay (it is for the players).
  const over = await importTable(soloUpload('hulahoo', 'gameOver', 'screen', shape).body);
  screens = [await openScreen(over.id, TV), await openScreen(over.id, LAPTOP)];
  for (const { page, size } of screens) {
    await page.locator('.game-over').waitFor();
    const where = `Hula-Hoo! game over, ${label(size)}`;
    expect(await seatControls(page), where).toBe(0);
    expect(await page.getByRole('button', { name: /replay|play again/i }).count()).toBe(0);
    expect(await outOfView(page, ['.game-over .winners', '.log']), where).toEqual([]);
    await expectNoAxeViolations(page, where);
    await screenshot(page, `table-screen-hulahoo-over-${label(size)}`);
  }
  await closeAll(screens);
});

it.each([
  ['hilo', 3],
  ['sneak', 4],
] as const)(
  '%s on a room’s screen: the lobby and the game in play',
  {
    timeout: 180_000,
  },
  async (game, players) => {
    const host = await hostTable({ game }, players);
    const screens = [await openScreen(host.id, TV), await openScreen(host.id, LAPTOP)];
    await lobbyOn(screens, game);
    await host.start();
    await playOn(screens, game);
    await closeAll(screens);
    await host.context.close();
  },
);
