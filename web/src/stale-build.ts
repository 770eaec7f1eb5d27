/**
 * A page left open across a deploy still names its own build's chunks, and the deploy removed
 * them: the next lazy import fails. Every `import()` of the build goes through Vite's preload
 * helper, which says so with a `vite:preloadError` event on `window` (the module's failure as much
 * as its styles'), and the page reloads onto the new build. So does a page whose table speaks a
 * newer protocol. Once: a chunk that is gone for good, or a reload that brought no newer page,
 * must not reload the page again and again.
 */

/** This tab's last reload for a missing chunk (in sessionStorage): the build it left, and when. */
export interface Reload {
  build: string;
  at: number;
}

/** After this long, the same build failing again may reload again (the failure may have passed). */
export const RETRY_MS = 5 * 60_000;

const KEY = 'hoopla:stale-reload';

/** The reload remembered in `raw`, or null for none or for anything else. */
export function parseReload(raw: string | null): Reload | null {
  try {
    const r: unknown = JSON.parse(raw ?? 'null');
    if (typeof r !== 'object' || r === null || !('build' in r) || !('at' in r)) return null;
    const { build, at } = r;
    return typeof build === 'string' && typeof at === 'number' ? { build, at } : null;
  } catch {
    return null;
  }
}

/**
 * Whether a failed chunk reloads the page on `build` at `now`. Not offline: the reload would lose
 * the page. Not when the last reload left this same build a moment ago: it brought no new build,
 * so the chunk is gone for good. A page that reloaded onto a new build has spent nothing of it, so
 * the next deploy reloads it again.
 */
export function shouldReload(
  last: Reload | null,
  build: string,
  now: number,
  online: boolean,
): boolean {
  if (!online) return false;
  if (last === null || last.build !== build) return true;
  return now - last.at >= RETRY_MS || now < last.at;
}

/**
 * Reloads the page onto the build there is now, as `shouldReload` says: for a chunk a deploy
 * removed, or a table that speaks a newer protocol than this page (receive.ts).
 */
export function reloadOntoNewBuild(): void {
  // The URL of the chunk this module is built into: its hash changes with any file it names.
  const build = import.meta.url;
  const now = Date.now();
  try {
    const last = parseReload(sessionStorage.getItem(KEY));
    if (!shouldReload(last, build, now, navigator.onLine)) return;
    sessionStorage.setItem(KEY, JSON.stringify({ build, at: now } satisfies Reload));
  } catch {
    return; // no storage to remember the reload by: none, rather than one after another
  }
  location.reload();
}

/** Reloads the page when a chunk fails to load, as `shouldReload` says; call before any import. */
export function reloadOnStaleChunk(): void {
  // The error goes on to the page's own handling meanwhile (preventDefault would hand the import
  // `undefined` instead of its module).
  window.addEventListener('vite:preloadError', reloadOntoNewBuild);
}
