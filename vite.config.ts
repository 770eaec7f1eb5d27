import { cloudflare } from '@cloudflare/vite-plugin';
import { defineConfig } from 'vite';
import solid from 'vite-plugin-solid';

// The client lives in web/ (web/index.html is the Vite root); wrangler.toml and the Worker entry
// sit at the repository root. Output goes to the root's dist/: dist/client (static assets) and
// dist/hoopla (the bundled Worker plus the generated wrangler.json that deploys use).
export default defineConfig({
  root: 'web',
  build: { outDir: '../dist', emptyOutDir: true },
  plugins: [
    solid(),
    cloudflare({
      configPath: '../wrangler.toml',
      // Keep local Durable Object/KV state in the root's .wrangler/, not web/.wrangler/.
      persistState: { path: '../.wrangler/state' },
    }),
  ],
});
