/**
 * Latency bench: `npm run bench:latency`. Builds the app, serves it from the local Workers
 * runtime, and plays each game in headless Chromium (1280×800) through a proxy on loopback that
 * delays every chunk each way by half a round trip (tests/e2e/proxy.ts): round trips of 0, 100 and
 * 300 ms. At each, a player sits at a table with bots and makes moves by tapping what the board
 * offers at random (so every common kind of move comes up), `MOVES` (20) of each kind at least,
 * or until `MAX_MINUTES` (6) per game and round trip; `RTT=300` measures one round trip only,
 * `GAME=sneak` one game.
 *
 * It prints, per game, move kind and round trip, tap-to-board for the player's own moves (from the
 * click that sent the move to the first frame whose board shows it: tests/e2e/move-timing.ts),
 * median and p90, with the table's answer's arrival beside it; and, per round trip, how long
 * others' moves take from their message's arrival to the frame that shows them.
 */
import type { Browser, Page } from 'playwright-core';
import { GAME_IDS, type GameId } from '../../shared/engine/types.ts';
import { asHost, launchBrowser, newContext } from '../e2e/browser.ts';
import { answerOf, moveTimes, type OwnMove, spread, watchMoves } from '../e2e/move-timing.ts';
import { proxyTo } from '../e2e/proxy.ts';
import { buildApp, serveApp } from '../e2e/server.ts';

const GAMES = GAME_IDS.filter((g) => !process.env.GAME || g === process.env.GAME);
const ROUND_TRIPS = process.env.RTT ? [Number(process.env.RTT)] : [0, 100, 300];
/** Moves of each common kind wanted at each round trip. */
const MOVES = Number(process.env.MOVES) || 20;
/** A game's moves at one round trip stop after this long, however many were made. */
const MAX_MINUTES = Number(process.env.MAX_MINUTES) || 6;
/** The kinds a game's player makes often enough to time; the others are printed as they come. */
const COMMON: Record<GameId, string[]> = {
  hulahoo: ['play'],
  hilo: ['draw', 'take', 'place', 'discard'],
  sneak: ['flaunt', 'sneak', 'decline', 'draw'],
};
const TABLE: Record<GameId, Record<string, unknown>> = {
  hulahoo: { game: 'hulahoo', players: 3, bots: [1, 2] },
  hilo: { game: 'hilo', players: 3, bots: [1, 2] },
  sneak: { game: 'sneak', players: 3, bots: [1, 2] },
};

const BOARD = '[data-board]';

/** Taps one thing the board offers: a card or place it marks playable, or one of its buttons. */
async function tapSomething(page: Page, random: () => number): Promise<boolean> {
  const ready = page.locator('.round-over button.primary:not([disabled])');
  if ((await ready.count()) > 0) {
    await ready
      .first()
      .click({ timeout: 2_000 })
      .catch(() => {});
    return false;
  }
  const targets = page.locator(
    `${BOARD} .legal:not([aria-disabled="true"]), ${BOARD} button:not([disabled]):not([aria-disabled="true"])`,
  );
  const n = await targets.count();
  if (n === 0) return false;
  const target = targets.nth(Math.floor(random() * n));
  try {
    await target.click({ timeout: 1_000 });
    return true;
  } catch {
    return false;
  }
}

/** A small seeded generator, so that two runs tap alike. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Sample {
  own: OwnMove[];
  /** Others' moves: from their message's arrival to the frame that showed them. */
  others: number[];
}

/** Waits for the answer to the page's `n`th move, and a moment more for a still board. */
async function answered(page: Page, n: number): Promise<void> {
  await answerOf(page, n).catch(() => {});
  await page.waitForTimeout(50);
}

/** Opens a new table of `game` with bots, through `origin`, its host at seat 0; the game begun. */
async function newTable(page: Page, server: string, origin: string, game: GameId): Promise<void> {
  const res = await fetch(`${server}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': '10.9.9.9' },
    body: JSON.stringify(TABLE[game]),
  });
  const table = (await res.json()) as { id: string; hostKey: string };
  await asHost(page, table, { seat: 0, name: 'Ann' });
  await page.goto(`${origin}/t/${table.id}`);
  await page
    .locator('button:has-text("Start the game")')
    .click({ timeout: 30_000 })
    .catch(async (e) => {
      await page.screenshot({ path: '/tmp/latency-fail.png' });
      throw e;
    });
  await page.locator(BOARD).waitFor();
}

/** One game at one round trip: tables with bots, played until enough moves of each kind. */
async function playAt(
  browser: Browser,
  server: string,
  game: GameId,
  roundTrip: number,
): Promise<Sample> {
  const proxy = await proxyTo(server, { delayMs: roundTrip / 2 });
  const context = await newContext(browser, 'desktop', { locale: 'en-US' });
  const random = seeded(roundTrip + game.length);
  const done: Sample = { own: [], others: [] };
  let current: OwnMove[] = [];
  const until = Date.now() + MAX_MINUTES * 60_000;
  const made = (kind: string) => [...done.own, ...current].filter((m) => m.kind === kind).length;
  const enough = () => COMMON[game].every((kind) => made(kind) >= MOVES);
  try {
    while (!enough() && Date.now() < until) {
      const page = await context.newPage();
      await watchMoves(page);
      await newTable(page, server, proxy.url, game);
      while (!enough() && Date.now() < until && (await page.locator('.game-over').count()) === 0) {
        await tapSomething(page, random);
        const before = current.length;
        current = (await moveTimes(page)).own;
        if (current.length > before) await answered(page, current.length);
        else await page.waitForTimeout(30);
      }
      const times = await moveTimes(page);
      done.own.push(...times.own);
      done.others.push(
        ...times.others.flatMap((o) => (o.shown === null ? [] : [o.shown - o.arrived])),
      );
      current = [];
      await page.close();
    }
  } finally {
    await context.close();
    await proxy.stop();
  }
  return done;
}

const ms = (n: number) => `${Math.round(n)} ms`;

async function main(): Promise<void> {
  buildApp();
  const server = await serveApp({ botDelayMs: 400 });
  const browser = await launchBrowser();
  const results: Record<string, Sample> = {};
  try {
    for (const game of GAMES) {
      for (const roundTrip of ROUND_TRIPS) {
        process.stdout.write(`${game} at ${roundTrip} ms… `);
        const sample = await playAt(browser, server.url, game, roundTrip);
        results[`${game}/${roundTrip}`] = sample;
        console.log(`${sample.own.length} own moves, ${sample.others.length} others'`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  report(results);
}

function report(results: Record<string, Sample>): void {
  console.log('\nTap to board, own moves: median / p90 (answer arrived: median), n');
  for (const game of GAMES) {
    const kinds = new Set(
      ROUND_TRIPS.flatMap((rt) => results[`${game}/${rt}`]!.own.map((m) => m.kind)),
    );
    // The round pause's "I'm ready" is the table's to answer, never predicted: not a game's move.
    kinds.delete('nextRound');
    for (const kind of kinds) {
      const cells = ROUND_TRIPS.map((rt) => {
        const moves = results[`${game}/${rt}`]!.own.filter(
          (m) => m.kind === kind && m.refused === null,
        );
        const shown = spread(moves.flatMap((m) => (m.shown === null ? [] : [m.shown - m.tap])));
        const answer = spread(
          moves.flatMap((m) => (m.answered === null ? [] : [m.answered - m.tap])),
        );
        return { rt, n: moves.length, shown, answer };
      });
      const zero = cells[0]?.shown?.median;
      const line = cells
        .map(
          (c) =>
            `${c.rt} ms: ${c.shown ? `${ms(c.shown.median)} / ${ms(c.shown.p90)}` : '–'} (${c.answer ? ms(c.answer.median) : '–'}), n=${c.n}`,
        )
        .join('   ');
      const far = cells.at(-1)?.shown?.median;
      const gap = zero !== undefined && far !== undefined ? `   300−0: ${ms(far - zero)}` : '';
      console.log(`${game.padEnd(8)} ${kind.padEnd(10)} ${line}${gap}`);
    }
  }
  console.log('\nOthers’ moves, message to frame: median / p90, n');
  for (const rt of ROUND_TRIPS) {
    const all = GAMES.flatMap((g) => results[`${g}/${rt}`]!.others);
    const s = spread(all);
    console.log(`${rt} ms: ${s ? `${ms(s.median)} / ${ms(s.p90)}` : '–'}, n=${all.length}`);
  }
}

await main();
