import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
        // The Worker, run inside workerd with the bindings from wrangler.toml.
        // Bots move at once in tests; clocks and delays are driven by firing the alarm.
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: { bindings: { BOT_DELAY_MS: '0' } },
          }),
        ],
        test: {
          name: 'worker',
          include: ['tests/worker/**/*.test.ts'],
        },
      },
    ],
  },
});
