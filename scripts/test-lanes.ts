/**
 * Every Vitest project, in two lanes side by side: the browser tests (tests/e2e, one file at a
 * time: one browser at once) and all the others. Vitest itself runs a project that takes one file
 * at a time only after every other project is done, though the tests of both mostly wait (on
 * workerd, Chromium, a bot's pace) rather than compute: side by side, the suite takes as long as
 * its longer lane. Each lane's lines are marked with its name, and each writes where its time
 * went (tests/timings.ts) to tests/artifacts/timings-<lane>.json, which .ci/run prints.
 *
 *   node scripts/test-lanes.ts            (what `npm test` runs after the checks)
 *   node scripts/test-lanes.ts <args…>    (any arguments: one plain `vitest run <args…>`)
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { findChromium } from '../tests/e2e/chromium.ts';

/** Vitest's own command, run on this Node whatever PATH holds. */
const VITEST = resolve(import.meta.dirname, '../node_modules/vitest/vitest.mjs');

/**
 * Vitest's summary names each failed test on a line of its own, after "FAIL", and says so when
 * it caught errors outside any test (which fail the run too).
 */
const FAILED = /^\s*(FAIL\s|Vitest caught|.*Unhandled (Error|Rejection))/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes
const plain = (line: string) => line.replace(/\x1b\[[0-9;]*m/g, '');

const vitest = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawn(process.execPath, [VITEST, 'run', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

const args = process.argv.slice(2);
if (args.length > 0) {
  const child = spawn(process.execPath, [VITEST, 'run', ...args], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 1));
} else {
  // Without a browser the e2e project is left out (vitest.config.ts says so); CI always has one.
  const withBrowser = Boolean(process.env.CI) || findChromium() !== undefined;
  const lanes = [
    { name: 'rest', args: ['--project', '!e2e'] },
    ...(withBrowser ? [{ name: 'e2e', args: ['--project', 'e2e'] }] : []),
  ];
  const started = Date.now();
  const results = await Promise.all(
    lanes.map(
      ({ name, args }) =>
        new Promise<{ name: string; code: number; seconds: number; failed: string[] }>((done) => {
          const child = vitest(args, { TEST_REPORT: `tests/artifacts/timings-${name}.json` });
          const mark = `${name.padEnd(4)} │ `;
          const failed: string[] = [];
          for (const stream of [child.stdout, child.stderr]) {
            createInterface({ input: stream }).on('line', (line) => {
              console.log(mark + line);
              if (FAILED.test(plain(line))) failed.push(plain(line).trim());
            });
          }
          child.on('exit', (code) =>
            done({ name, code: code ?? 1, seconds: (Date.now() - started) / 1000, failed }),
          );
        }),
    ),
  );
  // The lanes' lines interleave, and a log is often read from its end: each lane's failures are
  // said again there, so that one lane's, printed minutes before the other ended, is not lost.
  for (const { name, code, seconds, failed } of results) {
    console.log(`${name}: ${code === 0 ? 'passed' : 'FAILED'} after ${seconds.toFixed(0)} s`);
    for (const line of new Set(failed)) console.log(`  ${line}`);
  }
  process.exit(results.every((r) => r.code === 0) ? 0 : 1);
}
