/**
 * The service worker's list (web/public/sw.js): once the client's files are written, this reads
 * dist/client, picks what the app needs to start and play with no network, and writes the list
 * with the build's version into the emitted sw.js. The version is a hash of those files' bytes,
 * so every deploy that changes one changes sw.js, and the browser installs its new worker. The
 * build stops if the list outgrows its budget. Node only (vite.config.ts runs it).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The service worker's files to keep, in bytes at most: a phone's storage is the player's. */
export const PRECACHE_BUDGET = 1_500_000;

/** The line of web/public/sw.js the build replaces. */
export const BUILD_LINE = "const BUILD = { version: 'dev', files: [] };";

/**
 * Whether the app needs `file` (a path from the site's root) with no network: the scripts and
 * styles of every page, game, rules and language; the icons and the manifest. Not the link
 * previews' images (`og/`: for chat apps), source maps, the pages (`index.html`, which the
 * platform answers with a redirect: the worker keeps `/` as the Worker answers it), the worker
 * itself, or the files only the Worker or the platform read.
 */
export function precached(file: string): boolean {
  if (file.startsWith('/assets/')) return /\.(?:js|css|woff2?|svg|png)$/.test(file);
  if (file.startsWith('/icons/')) return /\.(?:png|svg)$/.test(file);
  return file === '/favicon.svg' || file === '/manifest.webmanifest';
}

export interface Precache {
  version: string;
  files: string[];
  bytes: number;
}

/** Every file under `dir`, as paths from the site's root. */
function filesUnder(dir: string, base = '/'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(path.join(dir, entry.name), `${base}${entry.name}/`)
      : [`${base}${entry.name}`],
  );
}

/** The list for the built client in `dir`. */
export function precacheOf(dir: string): Precache {
  const files = filesUnder(dir).filter(precached).sort();
  const hash = createHash('sha256');
  let bytes = 0;
  for (const file of files) {
    const body = readFileSync(path.join(dir, file));
    bytes += body.length;
    hash.update(`${file}\0`).update(body);
  }
  // The start page the worker keeps is index.html as the Worker serves it: a change to it alone
  // (its inline script) is a new build too.
  hash.update('/index.html\0').update(readFileSync(path.join(dir, 'index.html')));
  return { version: hash.digest('hex').slice(0, 16), files, bytes };
}

/** sw.js's source with the build's line written in. */
export function withBuild(source: string, { version, files }: Precache): string {
  if (!source.includes(BUILD_LINE)) throw new Error(`sw.js lacks the line ${BUILD_LINE}`);
  return source.replace(BUILD_LINE, () => `const BUILD = ${JSON.stringify({ version, files })};`);
}

export function precachePlugin(): Plugin {
  return {
    name: 'hoopla:precache',
    apply: 'build',
    // Once the client's files are all in dist/client (the public ones were copied before).
    writeBundle: {
      order: 'post',
      handler(options, bundle) {
        if (!('index.html' in bundle) || !options.dir) return;
        const list = precacheOf(options.dir);
        const kB = (list.bytes / 1000).toFixed(1);
        if (list.bytes > PRECACHE_BUDGET) {
          this.error(`the service worker's files are ${kB} kB, over ${PRECACHE_BUDGET / 1000} kB`);
        }
        const sw = path.join(options.dir, 'sw.js');
        writeFileSync(sw, withBuild(readFileSync(sw, 'utf8'), list));
        this.environment.logger.info(
          `service worker: ${list.files.length} files kept, ${kB} kB (${list.bytes} B), build ${list.version}`,
        );
      },
    },
  };
}
