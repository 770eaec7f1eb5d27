/**
 * Hoopla's service worker, the site's one, at its root (scope `/`). It keeps the app's built files
 * so that after one visit the start page opens with no network (from the Home Screen or the
 * browser); it shows a table's Web Push as a notification, and a tap on that brings up the table.
 *
 * A plain script, copied from web/public/ with the build's list written into it (web/precache.ts):
 * no imports (a module worker is not yet in every browser). tests/web/sw.test.ts runs this file in
 * a sandbox.
 *
 * - Install keeps every file of the build (`BUILD.files`) and the start page as the Worker answers
 *   `/`, in a cache named by the build. A new deploy changes this file's bytes, so the browser
 *   installs its worker beside the one running, which it waits behind until the page asks for it
 *   (`skip-waiting`, after "A new version is ready") or every tab has closed: an open game keeps
 *   the files it was started with.
 * - Activate deletes the caches of every other build.
 * - The start page (`/`) and a solo table (`/solo/<id>`) need nothing from the server: the start
 *   page kept at install answers them at once, the same build as every file it loads (a new
 *   deploy comes as a new worker, offered by the page). A table link's page carries the table's
 *   first sight, so it goes to the network first; with no network, or none within a few
 *   seconds, the kept start page answers it too (it draws whatever page the address names).
 * - The build's files come from the cache, and anything else (the API, a link preview's image)
 *   straight from the network, as without this worker. WebSockets never pass through here.
 */

// The build writes this line (web/precache.ts): its version, and the files to keep. `vite dev`
// serves the file as it is, keeping nothing.
const BUILD = { version: 'dev', files: [] };

/** Every cache of ours starts so: another build's is ours to delete. */
const PREFIX = 'hoopla-';
const CACHE = `${PREFIX}${BUILD.version}`;
const PRECACHED = new Set(BUILD.files);

/** The start page, as the Worker answers it; never `/index.html`, which the platform redirects. */
const START = '/';

/** The app's pages: the start page, a table link and a solo table. */
const APP_PAGE = /^\/(?:$|t\/[^/]+\/?$|solo\/[^/]+\/?$)/;
/** The app's pages the kept start page answers at once: the start page and a solo table. */
const KEPT_PAGE = /^\/(?:$|solo\/[0-9a-f]{32}\/?$)/;

/** How long a table link's navigation waits for the network before the kept page answers it. */
const NETWORK_WAIT_MS = 4_000;

/** How long a navigation's network answer, not used, is let finish before the worker may stop. */
const LET_FINISH_MS = 30_000;

/** Browsers require a notification for every push: this one when the push says nothing usable. */
const WAITING = {
  en: 'A table is waiting for you.',
  fr: 'Une table vous attend.',
  de: 'Ein Tisch wartet auf dich.',
};

/** Longer text is cut: a notification shows a line or two anyway. */
const MAX_TEXT = 200;

const text = (value, fallback) =>
  typeof value === 'string' && value.trim() !== '' ? value.slice(0, MAX_TEXT) : fallback;

/** `url` as a path on this site, or the home page: a push never sends anyone elsewhere. */
function sitePath(url) {
  try {
    const to = new URL(String(url), self.location.origin);
    return to.origin === self.location.origin ? to.pathname + to.search : '/';
  } catch {
    return '/';
  }
}

/**
 * The notification a push's body asks for. The table sends JSON `{ table, url, title, body }`;
 * anything missing, of the wrong kind or not JSON at all falls back to a generic one that opens
 * the home page.
 */
function notificationOf(data) {
  let said = null;
  try {
    said = data ? JSON.parse(data.text()) : null;
  } catch {
    said = null;
  }
  if (said === null || typeof said !== 'object') said = {};
  const lang = String(self.navigator?.language ?? 'en').slice(0, 2);
  const table = typeof said.table === 'string' && said.table !== '' ? said.table : null;
  return {
    title: text(said.title, 'Hoopla'),
    options: {
      body: text(said.body, WAITING[lang] ?? WAITING.en),
      // One notification per table: the next push about it replaces it, and says so again.
      tag: table ?? 'hoopla',
      renotify: true,
      icon: '/icons/icon-192.png',
      data: { url: table && typeof said.url === 'string' ? sitePath(said.url) : '/' },
    },
  };
}

/** Brings up `path`: a window already there is focused, else a new one opens. */
async function openPage(path) {
  const url = new URL(path, self.location.origin).href;
  const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const there = open.find((client) => client.url.split('#')[0] === url);
  if (there) return there.focus();
  return self.clients.openWindow(url);
}

/** `response` as one a navigation may take: a redirected response (`/index.html`) is refused. */
async function unredirected(response) {
  if (!response.redirected) return response;
  const { status, statusText, headers } = response;
  return new Response(await response.blob(), { status, statusText, headers });
}

/**
 * Keeps the build's files and the start page. The page is fetched fresh and kept as a response of
 * its own, with its headers (its Content-Security-Policy names the page's inline script by its
 * hash, so the kept page runs as the served one does).
 */
async function precache() {
  const cache = await caches.open(CACHE);
  // Hashed names never change their bytes: the browser's cache may give them; the rest are asked.
  const requests = BUILD.files.map(
    (file) => new Request(file, { cache: file.startsWith('/assets/') ? 'default' : 'no-cache' }),
  );
  await cache.addAll(requests);
  const page = await fetch(START, { cache: 'no-cache' });
  if (page.status !== 200) throw new Error(`the start page answered ${page.status}`);
  await cache.put(START, await unredirected(page));
}

/** The start page kept by this build, or undefined. */
async function keptStartPage() {
  const cache = await caches.open(CACHE);
  const page = await cache.match(START);
  return page ? unredirected(page) : undefined;
}

/** Whether an older build of ours left a cache: pages it serves may be in the middle of a game. */
async function olderBuildKept() {
  const names = await caches.keys();
  return names.some((name) => name.startsWith(PREFIX) && name !== CACHE);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      await precache();
      // With no build of ours to take over from (a first visit, or the worker that only showed
      // notices), nothing is kept that a page runs on: take over at once. Else wait for the page.
      if (!(await olderBuildKept())) await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const others = names.filter((name) => name.startsWith(PREFIX) && name !== CACHE);
      await Promise.all(others.map((name) => caches.delete(name)));
      // A navigation's request starts while this worker starts, not after.
      await self.registration.navigationPreload?.enable();
      // The pages open now get their files from here, the first visit's included.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  // The page's "A new version is ready" tapped: this waiting worker takes over, the page reloads.
  if (event.data?.type === 'skip-waiting') event.waitUntil(self.skipWaiting());
});

/**
 * A navigation's page from the network: the request the browser made while this worker started
 * (navigation preload), or one of its own. A network error rejects, however the browser says it:
 * Firefox resolves a failed preload with a network error response (`type: 'error'`), where the
 * others reject, and a navigation answered with that one shows "Unable to connect".
 */
async function fromNetwork(event) {
  const response = (await event.preloadResponse) ?? (await fetch(event.request));
  if (response.type === 'error') throw new TypeError('the network failed');
  return response;
}

const later = (ms, value) => new Promise((resolve) => setTimeout(resolve, ms, value));

/**
 * Lets the network's answer to a navigation answered otherwise finish, unused (Chromium warns of a
 * preload cancelled before it settled), for a while: a server that never answers keeps this
 * worker no longer.
 */
function letFinish(event, network) {
  event.waitUntil(Promise.race([Promise.resolve(network).catch(() => {}), later(LET_FINISH_MS)]));
}

/** A navigation's answer: see the top of this file. */
async function navigation(event, path) {
  if (KEPT_PAGE.test(path)) {
    const kept = await keptStartPage();
    if (kept) {
      letFinish(event, event.preloadResponse);
      return kept;
    }
  }
  const network = fromNetwork(event);
  letFinish(event, network);
  const first = await Promise.race([
    network.then(unredirected, () => 'failed'),
    later(NETWORK_WAIT_MS, 'slow'),
  ]);
  if (typeof first !== 'string') return first;
  // No network, or a slow one: the kept start page; without one, what the network says.
  return (await keptStartPage()) ?? network.then(unredirected);
}

/** One of the build's files: the kept copy, or the network's should the cache have lost it. */
async function buildFile(request, path) {
  const cache = await caches.open(CACHE);
  return (await cache.match(path)) ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // The API (and the table's socket) is never answered from here, nor another site.
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    const path = url.pathname;
    event.respondWith(APP_PAGE.test(path) ? navigation(event, path) : fromNetwork(event));
    return;
  }
  if (PRECACHED.has(url.pathname)) event.respondWith(buildFile(request, url.pathname));
});

self.addEventListener('push', (event) => {
  const { title, options } = notificationOf(event.data);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage(sitePath(event.notification.data?.url ?? '/')));
});
