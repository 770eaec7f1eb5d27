/**
 * Web bench: `npm run bench:web`. Builds the app, serves it from the local Workers runtime
 * (wrangler's test harness, the workerd `npm start` runs, on a free localhost port with fresh
 * storage), and measures in headless Chromium:
 *
 * - first-visit transfer size: every script and stylesheet the home page loads in a fresh context
 *   (empty cache), raw and compressed (gzip level 9, brotli quality 11); then, per game, the extra
 *   JS and CSS a table page `/t/<id>` loads beyond the home page's (its lazy chunks), from a visit
 *   of its own (reading the files' bodies would slow the timed visits);
 * - time to first board: from navigation start to the moment an element matching `[data-board]`
 *   exists with a non-zero box on a table page opened in a fresh context, median of 9 runs per game
 *   (`RUNS=21` for more) after one warm-up run (the server warm, the browser cold).
 *   Each run makes a new table (`{ game, players: 2, bots: [1] }`) whose host, a socket of this
 *   script, takes seat 0 and starts the game first: the page opens on a game under way, as a
 *   spectator. A game whose page shows no board within 10 s reports "no board found".
 * - the same, cold: the table evicted from memory just before the visit (its storage kept, the
 *   host's socket hibernating), as the platform evicts an idle table, so that the page's request
 *   starts the table from storage. The table is left quiet for a second first, so that no bot's
 *   move wakes it before the page does.
 * - the same against the platform's floor: a page on the same runtime and assets path
 *   (`/bench-floor/`, written into the build's static files for this run only) whose one script
 *   opens the table's socket, joins, and paints a 60-element `[data-board]` from the first state.
 *   Each run visits the app warm, the floor, then the app cold, so that all three share the
 *   machine's background noise; the ratios of their medians (warm/floor, cold/floor, cold/warm)
 *   are printed per game, with each one's geometric mean over the games.
 * - the same on a return visit: in a context that has visited the home page once, its service
 *   worker in control with the app's files kept (web/public/sw.js), each run a new tab there on
 *   the table link, the table warm; its median beside the floor's, and the ratio.
 * - the service worker's files: how many, and their bytes (web/precache.ts, as the build says).
 *
 * `RTT=300` takes every page's visits through a proxy on loopback that delays each chunk half
 * that each way (tests/e2e/proxy.ts): the first board as seen from far from the table.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { GAME_IDS } from '../../shared/engine/types.ts';
import { PRECACHE_BUDGET, precacheOf } from '../../web/precache.ts';
import { chromiumPath, launchBrowser, newContext } from '../e2e/browser.ts';
import { proxyTo } from '../e2e/proxy.ts';
import { buildApp, ROOT, type Server, serveApp } from '../e2e/server.ts';

/** Visits per game to the app and to the floor: `RUNS=21 npm run bench:web` for steadier medians. */
const RUNS = Number(process.env.RUNS) || 9;
/** `RTT=300`: every page visits the app through a proxy that delays it so, as from far away. */
const ROUND_TRIP_MS = Number(process.env.RTT) || 0;
const BOARD_TIMEOUT_MS = 10_000;
const BOT_DELAY_MS = 150;
/**
 * How long a table must have sent its host nothing before it is evicted: well past a bot's move
 * (at most 1.4 bot delays, 2.5 after a result), whose alarm would wake it before the page does.
 */
const QUIET_MS = 1_000;

type Asset = { path: string; type: string; raw: number; gzip: number; brotli: number };

const gzipSize = (body: Buffer) => gzipSync(body, { level: 9 }).length;
const brotliSize = (body: Buffer) =>
  brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  }).length;

/**
 * Runs in the page before any of its scripts: records `performance.now()` (milliseconds since
 * navigation start) when `[data-board]` first exists with a non-zero box. A MutationObserver sees
 * it inserted; a requestAnimationFrame loop catches a box that only grows later (styles, layout).
 */
const BOARD_PROBE = `(() => {
  const check = () => {
    if (window.__hooplaBoardAt !== undefined) return true;
    const el = document.querySelector('[data-board]');
    if (!el) return false;
    const box = el.getBoundingClientRect();
    if (box.width > 0 && box.height > 0) {
      window.__hooplaBoardAt = performance.now();
      return true;
    }
    return false;
  };
  const observer = new MutationObserver(() => {
    if (check()) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
  const frame = () => {
    if (check()) observer.disconnect();
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

/**
 * The floor: the least a page can do to show a table's board on this runtime. Its script is a
 * file, as the site's Content-Security-Policy wants; it starts with the HTML, as ours does.
 */
const FLOOR_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title>
<script src="/bench-floor/floor.js"></script></head><body></body></html>`;
const FLOOR_JS = `(() => {
  const id = new URLSearchParams(location.search).get('id');
  const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/api/tables/' + id + '/ws');
  ws.onopen = () => ws.send(JSON.stringify({ type: 'join', patches: true }));
  ws.onmessage = (e) => {
    const msg = JSON.parse(e.data);
    if (msg.type !== 'state') return;
    ws.onmessage = null;
    const board = document.createElement('div');
    board.dataset.board = msg.view.phase;
    for (let i = 0; i < 60; i++) {
      const card = document.createElement('span');
      card.textContent = String(i);
      card.style.cssText = 'display:inline-block;width:40px;height:56px;margin:2px;border:1px solid';
      board.append(card);
    }
    document.body.append(board);
  };
})();`;

function writeFloor(): void {
  const dir = path.join(ROOT, 'dist/client/bench-floor');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), FLOOR_HTML);
  writeFileSync(path.join(dir, 'floor.js'), FLOOR_JS);
}

const geometricMean = (values: number[]) =>
  Math.exp(values.reduce((a, v) => a + Math.log(v), 0) / values.length);

type Visit = { assets: Map<string, Asset>; boardAt: number | null };

/**
 * Opens `url` in a fresh desktop context (or a new tab of `returning`, a context that has been
 * here before) and records either its JS/CSS or the time to its first board, never both: reading
 * each response's body while the page loads would slow the page with many files more than the
 * floor with one.
 */
async function visit(
  browser: Browser,
  url: string,
  waitForBoard: boolean,
  returning?: BrowserContext,
): Promise<Visit> {
  const context = returning ?? (await newContext(browser, 'desktop'));
  const page = await context.newPage();
  try {
    if (waitForBoard) await page.addInitScript(BOARD_PROBE);
    const origin = new URL(url).origin;
    const assets = new Map<string, Asset>();
    const reading: Promise<void>[] = [];
    page.on('response', (res) => {
      if (waitForBoard) return;
      const type = res.request().resourceType();
      if ((type !== 'script' && type !== 'stylesheet') || !res.url().startsWith(origin)) return;
      reading.push(
        res.body().then(
          (body) => {
            const path = new URL(res.url()).pathname;
            const sizes = { raw: body.length, gzip: gzipSize(body), brotli: brotliSize(body) };
            assets.set(path, { path, type, ...sizes });
          },
          () => {}, // a response whose body is gone (the page navigated on): not a load
        ),
      );
    });
    await page.goto(url, { waitUntil: 'load' });
    let boardAt: number | null = null;
    if (waitForBoard) {
      try {
        // A function, not a string: the site's policy refuses the eval a string would need.
        await page.waitForFunction(() => '__hooplaBoardAt' in globalThis, null, {
          timeout: BOARD_TIMEOUT_MS,
          polling: 50,
        });
        boardAt = Number(await page.evaluate('window.__hooplaBoardAt'));
      } catch {
        boardAt = null;
      }
    }
    // Lazy chunks the page fetched after load (a game's board, its styles).
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
    await Promise.all(reading);
    return { assets, boardAt };
  } finally {
    if (returning) await page.close();
    else await context.close();
  }
}

/**
 * A desktop context that has visited the home page once: its service worker controls the page,
 * every file of the build kept (the worker activates only once its install has kept them all).
 */
async function returningVisitor(browser: Browser, url: string): Promise<BrowserContext> {
  const context = await newContext(browser, 'desktop');
  const page = await context.newPage();
  await page.goto(`${url}/`, { waitUntil: 'load' });
  const deadline = performance.now() + 30_000;
  while (!(await page.evaluate('navigator.serviceWorker.controller !== null'))) {
    if (performance.now() > deadline) throw new Error('no service worker took the page over');
    await new Promise((r) => setTimeout(r, 100));
  }
  await page.close();
  return context;
}

type Started = { id: string; host: WebSocket; heardAt: () => number };

let made = 0;

/**
 * A new table with its game under way (a lobby has no board): `POST /api/tables`, then a host
 * socket takes seat 0 and starts. The socket stays open (the seat stays taken) until the caller
 * closes it. Resolves to the server's refusal as text if any step fails.
 */
async function startTable(server: Server, game: string): Promise<Started | string> {
  const res = await fetch(`${server.url}/api/tables`, {
    method: 'POST',
    // Each table as if from its own address: the bench makes more tables a minute than the
    // creation limit lets one client make.
    headers: {
      'content-type': 'application/json',
      'cf-connecting-ip': `198.51.100.${++made % 250}`,
    },
    body: JSON.stringify({ game, players: 2, bots: [1] }),
  });
  if (res.status !== 201) return `POST /api/tables answered ${res.status} ${await res.text()}`;
  const { id, hostKey } = (await res.json()) as { id: string; hostKey: string };
  const host = new WebSocket(`${server.url.replace('http', 'ws')}/api/tables/${id}/ws`);
  let heardAt = performance.now();
  host.addEventListener('message', () => {
    heardAt = performance.now();
  });
  const outcome = await new Promise<string | null>((resolve) => {
    const timer = setTimeout(() => resolve('the game did not start within 5 s'), 5000);
    const done = (result: string | null) => {
      clearTimeout(timer);
      resolve(result);
    };
    host.addEventListener('error', () => done('the table socket failed'));
    host.addEventListener('open', () => {
      host.send(JSON.stringify({ type: 'join', name: 'Bench', hostKey }));
      host.send(JSON.stringify({ type: 'sit', seat: 0 }));
      host.send(JSON.stringify({ type: 'start' }));
    });
    host.addEventListener('message', (e) => {
      const msg = JSON.parse(String(e.data)) as {
        type: string;
        table?: { status: string };
        code?: string;
        message?: string;
      };
      if (msg.type === 'error') done(`the table refused: ${msg.code} ${msg.message}`);
      else if (msg.type === 'state' || (msg.table && msg.table.status !== 'lobby')) done(null);
    });
  });
  if (outcome) {
    host.close();
    return outcome;
  }
  return { id, host, heardAt: () => heardAt };
}

/**
 * Evicts the table once it has been quiet for QUIET_MS (5 s at most: a table that never settles
 * is evicted all the same), its host's socket hibernating.
 */
async function putToSleep(server: Server, table: Started): Promise<void> {
  const deadline = performance.now() + 5000;
  for (;;) {
    const wait = table.heardAt() + QUIET_MS - performance.now();
    if (wait <= 0 || performance.now() > deadline) break;
    await new Promise((r) => setTimeout(r, Math.min(wait, 250)));
  }
  await server.evict(table.id, 'hibernate');
}

const sum = (assets: Iterable<Asset>) => {
  const total = { raw: 0, gzip: 0, brotli: 0, files: 0 };
  for (const a of assets) {
    total.raw += a.raw;
    total.gzip += a.gzip;
    total.brotli += a.brotli;
    total.files++;
  }
  return total;
};

const median = (values: number[]) => {
  const sorted = values.slice().sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const row = (cells: string[], widths: number[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');

async function main(): Promise<void> {
  const chromiumVersion = (() => {
    try {
      return execFileSync(chromiumPath(), ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim();
    } catch {
      return 'Chromium (version unknown)';
    }
  })();
  console.log('building…');
  await buildApp();
  writeFloor();
  const server = await serveApp({ botDelayMs: BOT_DELAY_MS });
  let browser: Browser | undefined;
  const interrupted = () => {
    void server.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    browser = await launchBrowser();
    console.log(`serving ${server.url}; measuring in ${chromiumVersion}`);
    // Far from the table: the pages come through a proxy that delays each chunk each way.
    const site =
      ROUND_TRIP_MS > 0
        ? (await proxyTo(server.url, { delayMs: ROUND_TRIP_MS / 2 })).url
        : server.url;
    if (ROUND_TRIP_MS > 0) console.log(`every page ${ROUND_TRIP_MS} ms round trip away`);

    const home = await visit(browser, `${site}/`, false);

    const perGame: {
      game: string;
      extra: Asset[];
      boards: number[];
      colds: number[];
      floors: number[];
      returns: number[];
      refused?: string;
    }[] = [];
    for (const game of GAME_IDS) {
      const extra = new Map<string, Asset>();
      const boards: number[] = [];
      const colds: number[] = [];
      const floors: number[] = [];
      const returns: number[] = [];
      const returning = await returningVisitor(browser, site);
      let refused: string | undefined;
      // Run -1 warms the server up (workerd's JIT, the asset cache, a table's start from
      // storage); every measured run still opens the page in a fresh browser context with an
      // empty cache, as a first visit.
      for (let run = -1; run < RUNS; run++) {
        const started = await startTable(server, game);
        if (typeof started === 'string') {
          refused = started;
          break;
        }
        if (run === -1) {
          // The table page's files, from a visit of its own.
          const files = await visit(browser, `${site}/t/${started.id}`, false);
          for (const [path, asset] of files.assets)
            if (!home.assets.has(path)) extra.set(path, asset);
        }
        const table = await visit(browser, `${site}/t/${started.id}`, true);
        if (table.boardAt === null) {
          started.host.close();
          break; // no board on this page: more timeouts would tell no more
        }
        if (run >= 0) boards.push(table.boardAt);
        // The floor, on the same table, right after.
        const floor = await visit(browser, `${site}/bench-floor/?id=${started.id}`, true);
        if (floor.boardAt !== null && run >= 0) floors.push(floor.boardAt);
        // A return visit, the app's files kept by its service worker, the table still warm.
        const back = await visit(browser, `${site}/t/${started.id}`, true, returning);
        if (back.boardAt !== null && run >= 0) returns.push(back.boardAt);
        // The app again, on the same table put to sleep.
        await putToSleep(server, started);
        const cold = await visit(browser, `${site}/t/${started.id}`, true);
        if (cold.boardAt !== null && run >= 0) colds.push(cold.boardAt);
        started.host.close();
      }
      await returning.close();
      perGame.push({ game, extra: [...extra.values()], boards, colds, floors, returns, refused });
    }

    const w = [44, 10, 10, 10];
    console.log(
      '\nFirst visit to the home page (/): JS and CSS, uncompressed / gzip -9 / brotli 11',
    );
    console.log(row(['file', 'raw', 'gzip', 'brotli'], w));
    for (const a of home.assets.values())
      console.log(row([a.path, kB(a.raw), kB(a.gzip), kB(a.brotli)], w));
    const total = sum(home.assets.values());
    console.log(
      row([`total (${total.files} files)`, kB(total.raw), kB(total.gzip), kB(total.brotli)], w),
    );
    console.log(`  exact bytes: raw ${total.raw}, gzip ${total.gzip}, brotli ${total.brotli}`);

    const g = [10, 12, 10, 10, 10];
    console.log(
      '\nTable page (/t/<id>, game under way, 2 players, seat 1 a bot, opened as a spectator): extra JS/CSS beyond the home page',
    );
    console.log(row(['game', 'extra files', 'raw', 'gzip', 'brotli'], g));
    for (const { game, extra, refused } of perGame) {
      if (refused) {
        console.log(row([game, 'no game', '', '', ''], g));
        console.log(`  ${refused}`);
        continue;
      }
      const x = sum(extra);
      console.log(row([game, String(x.files), kB(x.raw), kB(x.gzip), kB(x.brotli)], g));
      for (const a of extra) console.log(`  ${a.type.padEnd(10)} ${a.path}  ${kB(a.gzip)} gzip`);
    }

    const t = [10, 26, 26, 26, 11, 11, 10];
    console.log(
      `\nThe same page's time to first [data-board], median of ${RUNS} (min–max): warm (the table in memory), cold (the table evicted just before), and the floor; ratios of the medians`,
    );
    console.log(row(['game', 'warm', 'cold', 'floor', 'warm/floor', 'cold/floor', 'cold/warm'], t));
    const spread = (ms: number[]) =>
      ms.length
        ? `${median(ms).toFixed(0)} ms (${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)}, n=${ms.length})`
        : 'no board found';
    const ratios = {
      warmFloor: [] as number[],
      coldFloor: [] as number[],
      coldWarm: [] as number[],
    };
    /** The ratio of the medians as a cell, kept for its geometric mean. */
    const ratio = (top: number[], bottom: number[], into: number[]) => {
      if (!top.length || !bottom.length) return '';
      const r = median(top) / median(bottom);
      into.push(r);
      return `${r.toFixed(2)}×`;
    };
    for (const { game, boards, colds, floors, refused } of perGame) {
      if (refused) {
        console.log(row([game, 'no game', '', '', '', '', ''], t));
        continue;
      }
      console.log(
        row(
          [
            game,
            spread(boards),
            spread(colds),
            spread(floors),
            ratio(boards, floors, ratios.warmFloor),
            ratio(colds, floors, ratios.coldFloor),
            ratio(colds, boards, ratios.coldWarm),
          ],
          t,
        ),
      );
    }
    const rw = [10, 26, 26, 13];
    console.log(
      `\nA return visit (the service worker's files kept, the table warm): time to first [data-board], median of ${RUNS} (min–max), beside the floor`,
    );
    console.log(row(['game', 'return visit', 'floor', 'return/floor'], rw));
    const returnFloor: number[] = [];
    for (const { game, returns, floors, refused } of perGame) {
      if (refused) continue;
      console.log(
        row([game, spread(returns), spread(floors), ratio(returns, floors, returnFloor)], rw),
      );
    }
    const means: [string, number[]][] = [
      ['warm / floor', ratios.warmFloor],
      ['cold / floor', ratios.coldFloor],
      ['cold / warm', ratios.coldWarm],
      ['return / floor', returnFloor],
    ];
    if (means.some(([, r]) => r.length)) console.log('\ngeometric means over the games:');
    for (const [what, r] of means) {
      if (r.length)
        console.log(`  ${what.padEnd(14)}  ${geometricMean(r).toFixed(2)}× (${r.length} games)`);
    }
    const kept = precacheOf(path.join(ROOT, 'dist/client'));
    console.log(
      `\nThe service worker's files: ${kept.files.length}, ${kept.bytes} B (${kB(kept.bytes)} of a ${kB(PRECACHE_BUDGET)} budget), build ${kept.version}`,
    );
    console.log(
      `\ncommand: npm run bench:web (localhost, wrangler's test harness, BOT_DELAY_MS ${BOT_DELAY_MS})`,
    );
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await browser?.close();
    await server.stop();
  }
}

await main();
