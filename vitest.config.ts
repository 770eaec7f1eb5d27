import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { findChromium, NO_CHROMIUM } from './tests/e2e/chromium.ts';
import TimingsReporter from './tests/timings.ts';
import { vapidPair } from './tests/vapid.ts';

// Real Chromium against the built app served through wrangler's test harness
// (tests/e2e/global-setup.ts). One file at a time (one browser at once on a 2-core machine), in
// a lane of its own beside the other projects.
const browserTests: TestProjectInlineConfiguration = {
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    // What a page shows comes when the browser, the table and the bots get to it: a poll waits
    // for it as long as a person would, rather than the one second Vitest gives by default.
    expect: { poll: { timeout: 10_000 } },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
};

/**
 * The worker tests inside workerd. Bots move at once in tests; clocks and delays are driven by
 * firing the alarm.
 */
function workerTests(
  name: string,
  eviction: 'none' | 'hibernate' | 'close',
  files: readonly string[],
  secrets: Record<string, string> = {},
): TestProjectInlineConfiguration {
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        // Notices go to the tests' own push service on loopback (tests/worker/global-setup.ts).
        miniflare: {
          bindings: {
            BOT_DELAY_MS: '0',
            PUSH_ALLOW_LOOPBACK: '1',
            NOTICE_DELAY_MS: '3000',
            ...secrets,
          },
        },
      }),
    ],
    test: {
      name,
      include: files.map((file) => `tests/worker/${file}.test.ts`),
      provide: { eviction, secrets },
      globalSetup: ['tests/worker/global-setup.ts'],
      // Workerd beside a browser lane on two cores, a cold table loading from storage before every
      // input: Vitest's 5 s is a timing, not a bound on a test that has stopped.
      testTimeout: 30_000,
    },
  };
}

/**
 * The files about the table's life on the platform — storage, sockets, hibernation, alarms,
 * eviction and restarts, admission over real sockets — which run cold as well as warm. The rest
 * (HTTP, hardening, bots, the seat fuzz) runs warm: the random walk of tests/table/walk.ts
 * evicts and restarts its tables between inputs, in plain code, by the thousand.
 */
const LIFE = [
  'admission',
  'hygiene',
  'import',
  'import-from-moment',
  'invariants',
  'push',
  'stored-tables',
  'table-life',
  'table-seats',
  'table-statuses',
];

// CI always runs the browser tests (and fails without a browser); elsewhere, a machine with no
// Chromium skips them, with one line saying so.
const withBrowser = Boolean(process.env.CI) || findChromium() !== undefined;
if (!withBrowser) console.warn(`Skipping the browser tests (tests/e2e): ${NO_CHROMIUM}.`);

export default defineConfig({
  test: {
    // Two files at once, whatever the machine (Vitest's default is one fewer than its cores): most
    // of the time the tests wait on workerd or a bot's pace rather than compute. The browser tests
    // run one file at a time, in a lane of their own beside these (scripts/test-lanes.ts).
    maxWorkers: 2,
    // Each run also writes where its time went (tests/timings.ts), which .ci/run prints; the
    // lanes of scripts/test-lanes.ts name a file each.
    reporters: [
      'default',
      new TimingsReporter(process.env.TEST_REPORT ?? 'tests/artifacts/timings.json'),
    ],
    projects: [
      {
        // The pure rules engine: plain Node, no platform.
        test: {
          name: 'engine',
          environment: 'node',
          include: ['tests/engine/**/*.test.ts'],
        },
      },
      {
        // "Review my game": every decision of a finished game judged from its seat's view.
        test: {
          name: 'coach',
          environment: 'node',
          include: ['tests/coach/**/*.test.ts'],
        },
      },
      {
        // The client's own logic (languages, links, what a selection plays), in Node, with Solid's
        // browser build so that signals and memos react (its server build renders once).
        ssr: { resolve: { conditions: ['browser'], externalConditions: ['browser'] } },
        test: {
          name: 'web',
          environment: 'node',
          include: ['tests/web/**/*.test.ts'],
        },
      },
      {
        // The table's timing and bookkeeping policy: plain functions, in Node.
        test: {
          name: 'table',
          environment: 'node',
          include: ['tests/table/**/*.test.ts'],
        },
      },
      {
        // The repository itself: the README's map against the tree.
        test: {
          name: 'docs',
          environment: 'node',
          include: ['tests/docs/**/*.test.ts'],
        },
      },
      // The Worker, run inside workerd with the bindings from wrangler.toml: every file with its
      // tables warm, and the life-cycle files cold too (evicted before every input, their sockets
      // hibernating, or closed and reopened by their clients: tests/worker/cold.ts).
      workerTests('worker', 'none', ['*']),
      // One whole game per game cold, beside the warm one, from a deal and from a position.
      workerTests('worker-cold', 'hibernate', [...LIFE, 'table-game', 'import-position']),
      workerTests('worker-restarted', 'close', LIFE),
      // The same Worker with VAPID secrets set (made afresh for each run), which win over its own
      // pair; every other project runs with none, as a first deploy does.
      workerTests('worker-secrets', 'none', ['secrets/*'], vapidPair()),
      ...(withBrowser ? [browserTests] : []),
    ],
  },
});
