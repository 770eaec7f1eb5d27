/**
 * Hoopla's service worker, at the site's root (scope `/`). It does two things: it shows a table's
 * Web Push as a notification, and a tap on that notification brings up the table. It caches
 * nothing and answers no request, so the site works exactly as it does without it.
 *
 * A plain script, copied as is from web/public/: no build step, no imports (a module worker is
 * not yet in every browser). tests/web/sw.test.ts runs this file in a sandbox.
 */

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

self.addEventListener('install', () => {
  // A new version takes over at once: it keeps no state the old one left.
  self.skipWaiting();
});

self.addEventListener('push', (event) => {
  const { title, options } = notificationOf(event.data);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage(sitePath(event.notification.data?.url ?? '/')));
});
