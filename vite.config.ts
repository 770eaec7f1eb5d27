import { cloudflare } from '@cloudflare/vite-plugin';
import { defineConfig, type Plugin } from 'vite';
import solid from 'vite-plugin-solid';
import { headersFile } from './worker/headers.ts';

/**
 * Names the table page's built files in index.html (the TABLE_PAGE placeholder of its inline script),
 * so that a table link preloads them with the page's first bytes instead of after the main script
 * has run: the page is lazy, to keep a first visit to the start page small.
 */
function tablePageFiles(): Plugin {
  return {
    name: 'hoopla:table-page-files',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((c) => c.type === 'chunk');
        const page = chunks.find((c) => c.facadeModuleId?.endsWith('/web/src/table.tsx'));
        if (!page) return html;
        // What the main script brings already is left out.
        const entry = chunks.find((c) => c.isEntry);
        const loaded = new Set(entry ? [entry.fileName, ...entry.imports] : []);
        const files = [page.fileName, ...page.imports].filter((f) => !loaded.has(f));
        return html.replace('/*TABLE_PAGE*/ []', JSON.stringify(files.map((f) => `/${f}`)));
      },
    },
  };
}

/**
 * Writes dist/client/_headers: the static files' security headers, with the hash of index.html's
 * inline script in their policy, and a year's caching for the hashed files (worker/headers.ts).
 */
function staticHeaders(): Plugin {
  return {
    name: 'hoopla:static-headers',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      const source = await headersFile(String(index.source));
      this.emitFile({ type: 'asset', fileName: '_headers', source });
    },
  };
}

// Locally, `Request.cf` is the runtime's placeholder: the app reads nothing from it, and fetching
// the real one from Cloudflare prints a long error on a machine that is offline.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';

/** `npm start` serves here: `PORT=8931 npm start` or `npm start -- --port 8931` for another. */
const PORT = Number(process.env.PORT) || 8787;

// The client lives in web/ (web/index.html is the Vite root); wrangler.toml and the Worker entry
// sit at the repository root. Output goes to the root's dist/: dist/client (static assets) and
// dist/hoopla (the bundled Worker plus the generated wrangler.json that deploys use).
export default defineConfig({
  root: 'web',
  build: { outDir: '../dist', emptyOutDir: true },
  preview: { port: PORT, strictPort: true },
  plugins: [
    solid(),
    tablePageFiles(),
    staticHeaders(),
    cloudflare({
      configPath: '../wrangler.toml',
      // Keep local Durable Object/KV state in the root's .wrangler/, not web/.wrangler/.
      persistState: { path: '../.wrangler/state' },
    }),
  ],
});
