import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { findChromium, NO_CHROMIUM } from './tests/e2e/chromium.ts';
import { vapidPair } from './tests/vapid.ts';

// Real Chromium against the built app served through wrangler's test harness
// (tests/e2e/global-setup.ts).
// After the other projects, one file at a time: one browser at once on a 2-core machine.
const browserTests: TestProjectInlineConfiguration = {
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    sequence: { groupOrder: 1 },
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
): TestProjectInlineConfiguration {
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        // Notices go to the tests' own push service on loopback (tests/worker/global-setup.ts).
        miniflare: {
          bindings: { BOT_DELAY_MS: '0', PUSH_ALLOW_LOOPBACK: '1', NOTICE_DELAY_MS: '3000' },
        },
      }),
    ],
    test: {
      name,
      include: ['tests/worker/**/*.test.ts'],
      globalSetup: ['tests/worker/global-setup.ts'],
      provide: { eviction },
      // A cold table loads from storage before every input.
      ...(eviction === 'none' ? {} : { testTimeout: 30_000 }),
    },
  };
}

// A VAPID key pair for the tests' Workers, made afresh for each run: the secrets wrangler.toml
// requires, which the plugin reads from the environment.
Object.assign(process.env, vapidPair());

// CI always runs the browser tests (and fails without a browser); elsewhere, a machine with no
// Chromium skips them, with one line saying so.
const withBrowser = Boolean(process.env.CI) || findChromium() !== undefined;
if (!withBrowser) console.warn(`Skipping the browser tests (tests/e2e): ${NO_CHROMIUM}.`);

export default defineConfig({
  test: {
    // CI also writes a JSON report, from which .ci/run prints its closing "N passed, N failed".
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: 'tests/artifacts/vitest.json' }]]
      : ['default'],
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
      // The Worker, run inside workerd with the bindings from wrangler.toml, three times: with its
      // tables warm, and cold (evicted before every input, their sockets hibernating, or closed
      // and reopened by their clients: tests/worker/cold.ts).
      workerTests('worker', 'none'),
      workerTests('worker-cold', 'hibernate'),
      workerTests('worker-restarted', 'close'),
      ...(withBrowser ? [browserTests] : []),
    ],
  },
});
