/**
 * Every Vitest project, in lanes side by side: the browser tests (tests/e2e, one file at a time:
 * one browser at once) and all the others. Vitest itself runs a project that takes one file at a
 * time only after every other project is done, though the tests of both mostly wait (on workerd,
 * Chromium, a bot's pace) rather than compute: side by side, the suite takes as long as its
 * longer lane. Once the other projects are done, a second browser lane takes the longest browser
 * files (`LATE`), serving the build the first one made. Each lane's lines are marked with its
 * name, and each writes where its time went (tests/timings.ts) to
 * tests/artifacts/timings-<lane>.json, which .ci/run prints.
 *
 *   node scripts/test-lanes.ts            (what `npm test` runs after the checks)
 *   node scripts/test-lanes.ts <args…>    (any arguments: one plain `vitest run <args…>`)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { findChromium } from '../tests/e2e/chromium.ts';

/** Vitest's own command, run on this Node whatever PATH holds. */
const VITEST = resolve(import.meta.dirname, '../node_modules/vitest/vitest.mjs');

/**
 * The longest browser files, about a fifth of the browser lane's time: they run in a lane of their
 * own once the other projects are done and their core is free (beside the rest, a second browser
 * would only slow both lanes). Balanced on CI's timings (.ci/run prints them): the first browser
 * lane and the other projects plus these end at about the same time.
 */
const LATE = ['tests/e2e/solo.test.ts', 'tests/e2e/table-screen.test.ts'];

interface LaneResult {
  name: string;
  code: number;
  seconds: number;
  failed: string[];
}

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
  const started = Date.now();
  // The first browser lane says here when the app is built; the later one serves that build.
  const stamps = mkdtempSync(join(tmpdir(), 'hoopla-lanes-'));
  const built = join(stamps, 'built');
  const rest = lane('rest', ['--project', '!e2e']);
  const browser = withBrowser
    ? lane('e2e', ['--project', 'e2e', ...LATE.flatMap((file) => ['--exclude', file])], {
        E2E_BUILT_STAMP: built,
      })
    : undefined;
  const late = withBrowser
    ? (async () => {
        await rest.ended;
        while (!existsSync(built) && !browser!.exited()) await sleep(500);
        if (!existsSync(built)) {
          console.log('late: not run, the first browser lane ended before its build was ready');
          return undefined;
        }
        console.log(`late: starts after ${((Date.now() - started) / 1000).toFixed(0)} s`);
        return lane('late', ['--project', 'e2e', ...LATE], { E2E_BUILT: '1' }).ended;
      })()
    : undefined;
  const results = (await Promise.all([rest.ended, browser?.ended, late])).filter(
    (r) => r !== undefined,
  );
  // The lanes' lines interleave, and a log is often read from its end: each lane's failures are
  // said again there, so that one lane's, printed minutes before the others ended, is not lost.
  for (const { name, code, seconds, failed } of results) {
    console.log(`${name}: ${code === 0 ? 'passed' : 'FAILED'} after ${seconds.toFixed(0)} s`);
    for (const line of new Set(failed)) console.log(`  ${line}`);
  }
  rmSync(stamps, { recursive: true, force: true });
  // A browser lane that never ran (its build failed first) fails the run as well.
  const complete = results.length === (withBrowser ? 3 : 1);
  process.exit(complete && results.every((r) => r.code === 0) ? 0 : 1);

  /** One Vitest run, its lines marked with its name, and where its time went. */
  function lane(name: string, args: string[], env: NodeJS.ProcessEnv = {}) {
    const child = vitest(args, { ...env, TEST_REPORT: `tests/artifacts/timings-${name}.json` });
    const mark = `${name.padEnd(4)} │ `;
    const failed: string[] = [];
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        console.log(mark + line);
        if (FAILED.test(plain(line))) failed.push(plain(line).trim());
      });
    }
    let exited = false;
    const ended = new Promise<LaneResult>((done) =>
      child.on('exit', (code) => {
        exited = true;
        done({ name, code: code ?? 1, seconds: (Date.now() - started) / 1000, failed });
      }),
    );
    return { ended, exited: () => exited };
  }
}
