/**
 * The hard bots' thinking time in workerd: `npm run bench:bots`. Bundles bot-worker.ts, runs it in
 * the Workers runtime (Miniflare, as the table runs), and for every game and table size (and Sneak's
 * two packs at four players) prints the median, 90th percentile and slowest of the hard bot's
 * searched decisions, sampled from games between normal bots. Time inside workerd advances while
 * a request computes (locally, in whole milliseconds), so each decision is timed where it runs.
 *
 * Options: --game <id> (may repeat), --samples <n> per row (default 200), --seed <text>.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { build } from 'vite';
import { GAME_IDS, type GameId } from '../../shared/engine/types.ts';
import { games } from '../../shared/games/index.ts';
import type { TimesRequest } from './bot-worker.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Bundles the bench Worker into one module, the engine and bots inside it. */
async function bundle(): Promise<string> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'hoopla-bots-'));
  await build({
    configFile: false,
    logLevel: 'warn',
    root: ROOT,
    build: {
      ssr: path.join(ROOT, 'tests/bench/bot-worker.ts'),
      outDir,
      emptyOutDir: true,
      minify: true,
      target: 'esnext',
      rolldownOptions: { output: { entryFileNames: 'worker.js', codeSplitting: false } },
    },
    ssr: { noExternal: true, target: 'webworker' },
  });
  return path.join(outDir, 'worker.js');
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      game: { type: 'string', multiple: true },
      samples: { type: 'string', default: '200' },
      seed: { type: 'string', default: 'bots' },
    },
  });
  const wrangler = readFileSync(path.join(ROOT, 'wrangler.toml'), 'utf8');
  const compatibilityDate = /compatibility_date\s*=\s*"([^"]+)"/.exec(wrangler)![1]!;
  const scriptPath = await bundle();
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      workers: [
        {
          name: 'bots',
          scriptPath,
          modulesRoot: path.dirname(scriptPath),
          modules: true,
          compatibilityDate,
        },
      ],
      cf: false,
    } as never),
  );
  try {
    console.log(`workerd; seed "${values.seed}"; ms per searched decision of the hard bot`);
    console.log('game      players  packs  decisions  median     p90     max');
    for (const id of (values.game ?? GAME_IDS) as GameId[]) {
      const game = games[id];
      const rows: [number, unknown, string][] = [];
      for (let p = game.minPlayers; p <= game.maxPlayers; p++) rows.push([p, {}, '']);
      if (id === 'sneak') rows.push([4, { packs: 2 }, '2']);
      for (const [players, options, packs] of rows) {
        const request: TimesRequest = {
          game: id,
          players,
          options,
          samples: Number(values.samples),
          seed: `${values.seed}-${id}-${players}${packs}`,
        };
        const response = await mf.dispatchFetch('http://bots/', {
          method: 'POST',
          body: JSON.stringify(request),
        });
        if (!response.ok) throw new Error(`${id} ${players}: ${await response.text()}`);
        const times = ((await response.json()) as number[]).sort((a, b) => a - b);
        console.log(
          [
            id.padEnd(9),
            String(players).padStart(7),
            (packs || '1').padStart(6),
            String(times.length).padStart(10),
            quantile(times, 0.5).toFixed(0).padStart(7),
            quantile(times, 0.9).toFixed(0).padStart(7),
            (times.at(-1) ?? Number.NaN).toFixed(0).padStart(7),
          ].join(' '),
        );
      }
    }
  } finally {
    await mf.dispose();
  }
}

await main();
