/**
 * The coach's bench: `npm run bench:coach`. Builds the app, serves it from the local Workers
 * runtime, and in headless Chromium (1280×800) with the CPU slowed 4× (a mid-range phone: its
 * renderers paused on a duty cycle that slows a fixed loop 4×, cpu-throttle.ts) opens GAMES (10)
 * finished 4-player games of each game at game over, each played by normal bots to the end of a
 * game of about ten minutes (CONFIGS), and presses "Review my game". It prints per game the time
 * from the press to the review shown, median and p90, and where the time went, from the page's
 * `coach:*` marks (web/src/coach/run-review.ts): the panel's code and the kept reviews looked up,
 * the worker's start and its code, the search, and the drawing. The bar: 3 s median per game.
 * Then, from FROM_HERE (3) of those games, "Play from here" at the first move of the last round,
 * each way (as it was, from what you knew) at each place (alone here, with friends): the press to
 * the new table's first board, median and p90; the bar: 1 s.
 *
 * It first shows why the slowing is done that way: the DevTools protocol's
 * Emulation.setCPUThrottlingRate slows the page but not the Web Worker where the search runs (one
 * game reviewed unthrottled and throttled that way, the search's times side by side); then what
 * the renderers' slowing gives (a fixed loop in a page and in its worker). `GAME=hilo` measures
 * one game, `GAMES=3` fewer games. */
import type { BrowserContext, Page } from 'playwright-core';
import type { ImportTable } from '../../shared/api.ts';
import { GAME_IDS, type GameId } from '../../shared/engine/types.ts';
import { launchBrowser, newContext } from '../e2e/browser.ts';
import { ownClientAddress } from '../e2e/client-address.ts';
import { finishedGame } from '../e2e/coach-games.ts';
import { spread } from '../e2e/move-timing.ts';
import { buildApp, serveApp } from '../e2e/server.ts';
import { calibrate, throttleRenderers } from './cpu-throttle.ts';

const ONLY = process.env.GAME;
const GAMES_EACH = Number(process.env.GAMES) || 10;
const THROTTLE = 4;
/** How many of each game's games are also played on from their last round, each way and place. */
const FROM_HERE_GAMES = Number(process.env.FROM_HERE) || 3;
const BAR_MS = 3_000;

/**
 * Four players, about ten minutes of play at a table of people: the options `npm run
 * bench:coach:holdup` plays (tests/bench/coach-holdup.ts says why).
 */
const CONFIGS: Record<GameId, unknown> = {
  hulahoo: {},
  hilo: { limit: 50 },
  sneak: { target: 50 },
};

/** The phases of one review, in ms, from the page's marks. */
interface Timing {
  total: number;
  /** The press to the worker asked for: the panel's code loaded, the kept reviews looked up. */
  panel: number;
  /** The worker asked for to its code running: its start and its chunk (engines and search). */
  worker: number;
  /** The search itself, to the review back in the page. */
  search: number;
  /** The review back to the review drawn. */
  draw: number;
  decisions: number;
}

/**
 * In the page, run as a string (this script has no DOM types): marks the press on "Review my game"
 * and the review's chart drawn, beside the page's own `coach:*` marks.
 */
const PROBE = `(() => {
  addEventListener('click', (e) => {
    const button = e.target instanceof Element ? e.target.closest('button') : null;
    if (button && button.textContent === 'Review my game') performance.mark('coach:asked');
  }, true);
  new MutationObserver((_, observer) => {
    if (document.querySelector('.coach-chart svg')) {
      performance.mark('coach:shown');
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
})()`;

/** The page's `coach:*` marks, as JSON: [name, time][]. */
const MARKS = `JSON.stringify(performance.getEntriesByType('mark')
  .filter((m) => m.name.startsWith('coach:')).map((m) => [m.name, m.startTime]))`;

async function imported(
  server: string,
  body: ImportTable,
): Promise<{ id: string; token: string; hostKey: string }> {
  const res = await fetch(`${server}/api/tables/import`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      // A client of its own per game: the imports' rate limit is tested in tests/worker.
      'cf-connecting-ip': ownClientAddress(),
    },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`import: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; token: string; hostKey: string };
}

/** Opens the finished game `body` at its end with the CPU slowed `rate`×, reviews it, and times it. */
async function reviewOnce(
  context: BrowserContext,
  server: string,
  body: ImportTable,
  cdpRate = 1,
): Promise<Timing> {
  const table = await imported(server, body);
  const page: Page = await context.newPage();
  await page.addInitScript(({ id, token, hostKey }) => {
    localStorage.setItem(`hoopla:host:${id}`, hostKey);
    localStorage.setItem(`hoopla:token:${id}`, token);
    localStorage.setItem('hoopla:name', 'Ann');
  }, table);
  if (cdpRate !== 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cdpRate });
  }
  await page.goto(`${server}/t/${table.id}`);
  await page
    .locator('.game-over button', { hasText: 'Review my game' })
    .waitFor({ timeout: 60_000 });
  await page.evaluate(PROBE);
  await page.locator('.game-over button', { hasText: 'Review my game' }).click();
  await page.locator('.coach-chart svg').waitFor({ timeout: 600_000 });
  const marks = new Map<string, number>(
    JSON.parse(String(await page.evaluate(MARKS))) as [string, number][],
  );
  await page.close();
  const at = (name: string) => {
    const time = marks.get(`coach:${name}`);
    if (typeof time !== 'number') throw new Error(`no coach:${name} mark`);
    return time;
  };
  const decisions = body.moves.filter((m) => m.seat === 0).length;
  return {
    total: at('shown') - at('asked'),
    panel: at('worker') - at('asked'),
    worker: at('ready') - at('worker'),
    search: at('review') - at('ready'),
    draw: at('shown') - at('review'),
    decisions,
  };
}

/** The two ways "Play from here" offers, and the two places to play, as the page words them. */
const WAYS = ['As it was', 'From what you knew'] as const;
const PLACES = [
  { place: 'Alone here', url: /^\/solo\/[0-9a-f]{32}$/ },
  { place: 'With friends', url: /^\/t\/[0-9a-f]{64}$/ },
] as const;
/** The bar for "Play from here": the press to the new table's first board. */
const FROM_HERE_BAR_MS = 1_000;

/**
 * Opens the finished game `body` at its end, its replay at the first move of its last round, and
 * "Play from here" `way` at `place`: the time from the press to the new table's first board.
 */
async function fromHereOnce(
  context: BrowserContext,
  server: string,
  body: ImportTable,
  way: (typeof WAYS)[number],
  place: (typeof PLACES)[number],
): Promise<number> {
  const table = await imported(server, body);
  const page: Page = await context.newPage();
  // The page's own import, "with friends", as a client of its own: the bench takes more games to
  // a table a minute than one client may (the budget is tested in tests/worker).
  await page.setExtraHTTPHeaders({ 'cf-connecting-ip': ownClientAddress() });
  await page.addInitScript(({ id, token, hostKey }) => {
    localStorage.setItem(`hoopla:host:${id}`, hostKey);
    localStorage.setItem(`hoopla:token:${id}`, token);
    localStorage.setItem('hoopla:name', 'Ann');
  }, table);
  await page.goto(`${server}/t/${table.id}`);
  await page.getByRole('button', { name: 'Replay the game' }).click({ timeout: 60_000 });
  const rounds = page.getByRole('combobox', { name: 'Go to a round' });
  const step = page.locator('.replay-step strong');
  if ((await rounds.count()) > 0) {
    const options = await rounds.locator('option').allTextContents();
    await rounds.selectOption({ label: options.at(-1)! });
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await step.filter({ hasText: /^Move \d+ of \d+$/ }).waitFor();
  await page.locator('.from-here summary').click();
  await page.locator('.from-here-way', { hasText: way }).click();
  const from = page.url();
  const started = Date.now();
  await page.getByRole('button', { name: place.place }).click();
  await page
    .waitForURL((to) => to.href !== from && place.url.test(to.pathname), { timeout: 60_000 })
    .catch(async (error: unknown) => {
      const said = await page.locator('.from-here').textContent();
      throw new Error(`${way}, ${place.place}: no new table (the panel says: ${said})`, {
        cause: error,
      });
    });
  await page.waitForSelector('[data-board]:not(.replay [data-board])', { timeout: 60_000 });
  const took = Date.now() - started;
  await page.close();
  return took;
}

const ms = (n: number) => `${Math.round(n)} ms`;
const cell = (values: number[]) => {
  const s = spread(values);
  return s ? `${ms(s.median)} / ${ms(s.p90)}` : '–';
};

async function main(): Promise<void> {
  const games = GAME_IDS.filter((g) => !ONLY || g === ONLY);
  const bodies = Object.fromEntries(
    games.map((game) => [
      game,
      Array.from({ length: GAMES_EACH }, (_, n) =>
        finishedGame(game, `coach-bench-${game}-${n}`, {
          players: 4,
          config: CONFIGS[game],
          you: 'normal',
        }),
      ),
    ]),
  ) as Record<GameId, ImportTable[]>;
  await buildApp();
  const server = await serveApp();
  const browser = await launchBrowser();
  const results: Record<string, Timing[]> = {};
  const fromHere = new Map<string, number[]>();
  try {
    const context = await newContext(browser, 'desktop', { locale: 'en-US' });
    // The DevTools protocol's throttling slows the page, not its worker: one game's search,
    // unthrottled and throttled that way, side by side.
    const probe = bodies[games[0]!]![0]!;
    const free = await reviewOnce(context, server.url, probe);
    const cdp = await reviewOnce(context, server.url, probe, THROTTLE);
    console.log(
      `Emulation.setCPUThrottlingRate ${THROTTLE}× (${games[0]}, ${free.decisions} decisions): the page's part ${ms(free.panel + free.draw)} → ${ms(cdp.panel + cdp.draw)}, the worker's search ${ms(free.search)} → ${ms(cdp.search)} (${(cdp.search / free.search).toFixed(1)}×)`,
    );
    // So every renderer is slowed instead, its page and its workers alike (cpu-throttle.ts).
    const slowed = await calibrate(browser, THROTTLE);
    console.log(
      `Renderers paused to run 1 ms in ${slowed.duty.toFixed(1)}: a fixed loop ${slowed.page.toFixed(1)}× slower in a page, ${slowed.worker.toFixed(1)}× in its worker`,
    );
    const stop = await throttleRenderers(browser, slowed.duty);
    try {
      for (const game of games) {
        results[game] = [];
        for (const body of bodies[game]!) {
          const timing = await reviewOnce(context, server.url, body);
          results[game]!.push(timing);
          console.log(
            `${game}: ${timing.decisions} decisions, ${body.moves.length} moves: ${ms(timing.total)}`,
          );
        }
        // "Play from here", each way at each place, from a few of the same games.
        for (const body of bodies[game]!.slice(0, FROM_HERE_GAMES)) {
          for (const way of WAYS) {
            for (const place of PLACES) {
              const key = `${game}|${way}|${place.place}`;
              const took = await fromHereOnce(context, server.url, body, way, place);
              fromHere.set(key, [...(fromHere.get(key) ?? []), took]);
            }
          }
        }
      }
    } finally {
      await stop();
    }
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(
    `\nPress to review shown, CPU ${THROTTLE}× slower: median / p90 (bar: ${ms(BAR_MS)} median)`,
  );
  for (const game of games) {
    const all = results[game]!;
    const pick = (key: keyof Timing) => all.map((t) => t[key]);
    const median = spread(pick('total'))!.median;
    console.log(
      `${game.padEnd(8)} total ${cell(pick('total'))}   panel ${cell(pick('panel'))}   worker start ${cell(pick('worker'))}   search ${cell(pick('search'))}   drawing ${cell(pick('draw'))}   decisions ${cell(pick('decisions')).replaceAll(' ms', '')}   ${median <= BAR_MS ? 'within the bar' : 'OVER THE BAR'}`,
    );
  }
  console.log(
    `\n"Play from here", press to the new table's first board, CPU ${THROTTLE}× slower: median / p90 (bar: ${ms(FROM_HERE_BAR_MS)} median)`,
  );
  for (const [key, times] of fromHere) {
    const [game, way, place] = key.split('|');
    const median = spread(times)!.median;
    console.log(
      `${game!.padEnd(8)} ${way!.padEnd(18)} ${place!.padEnd(12)} ${cell(times)}   ${median <= FROM_HERE_BAR_MS ? 'within the bar' : 'OVER THE BAR'}`,
    );
  }
}

await main();
