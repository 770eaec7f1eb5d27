import { cloudflare } from '@cloudflare/vite-plugin';
import { defineConfig, type Plugin } from 'vite';
import solid from 'vite-plugin-solid';
import { GAME_IDS } from './shared/engine/types.ts';
import { chunkOf } from './web/chunks.ts';
import { precachePlugin } from './web/precache.ts';
import { headersFile } from './worker/headers.ts';

/**
 * Writes dist/client/page-files.json: the built files a page may need at once beyond what the
 * main script brings: the table page's, each game's (its board, its styles) and each language's
 * page strings but English (which the main script holds). The Worker names them in a page's HTML
 * (worker/pages.ts): a table link's, its game's, and the visitor's language's, so the browser
 * fetches them with the page's first bytes rather than one after another as the code asks for
 * them. They are lazy, to keep the start page small.
 */
function pageFiles(): Plugin {
  return {
    name: 'hoopla:page-files',
    apply: 'build',
    // After the HTML is in the bundle: it marks the client's build (the Worker's has none).
    enforce: 'post',
    generateBundle(_, bundle) {
      if (!('index.html' in bundle)) return;
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const ending = (suffix: string) =>
        chunks.find((c) => c.moduleIds.some((id) => id.endsWith(suffix)));
      // The page's entry lives in the start page's chunk (web/chunks.ts), not a chunk of its own.
      const main = ending('/web/src/main.tsx');
      if (!main) return;
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      // A chunk and every chunk it imports, then their styles.
      const closure = (start: (typeof chunks)[number] | undefined, loaded: Set<string>) => {
        const js: string[] = [];
        const css = new Set<string>();
        const visit = (chunk: (typeof chunks)[number] | undefined) => {
          if (!chunk || loaded.has(chunk.fileName)) return;
          loaded.add(chunk.fileName);
          js.push(`/${chunk.fileName}`);
          for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(`/${file}`);
          for (const file of chunk.imports) visit(byName.get(file));
        };
        visit(start);
        return { js, css: [...css] };
      };
      const loaded = new Set<string>();
      closure(main, loaded);
      // web/src/strings.<lang>.ts: each language's page strings but English.
      const langs = Object.fromEntries(
        chunks.flatMap((chunk) => {
          const lang = chunk.moduleIds
            .map((id) => /\/web\/src\/strings\.([a-z]{2})\.ts$/.exec(id)?.[1])
            .find((l) => l !== undefined);
          return lang ? [[lang, closure(chunk, new Set(loaded))]] : [];
        }),
      );
      const table = closure(ending('/web/src/table.tsx'), loaded);
      const games = Object.fromEntries(
        GAME_IDS.map((id) => [
          id,
          closure(ending(`/web/src/games/${id}/index.tsx`), new Set(loaded)),
        ]),
      );
      const source = JSON.stringify({ table, games, langs });
      this.emitFile({ type: 'asset', fileName: 'page-files.json', source });
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
  environments: {
    // The client's chunks (web/chunks.ts); the Worker is one file anyway.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              // Each module where chunkOf puts it, not where the first module importing it went.
              includeDependenciesRecursively: false,
              groups: [{ name: chunkOf, debugName: 'hoopla' }],
            },
          },
        },
      },
    },
  },
  preview: { port: PORT, strictPort: true },
  plugins: [
    solid(),
    pageFiles(),
    staticHeaders(),
    precachePlugin(),
    cloudflare({
      configPath: '../wrangler.toml',
      // Keep local Durable Object/KV state in the root's .wrangler/, not web/.wrangler/.
      persistState: { path: '../.wrangler/state' },
    }),
  ],
});
