/**
 * The site's service worker (web/public/sw.js), the page's side: registered for every visitor
 * once the page has painted and the browser is idle (it then keeps the app's files, so the next
 * visit starts with no network), and a new deploy's worker, waiting, offered as "A new version is
 * ready" (ui/update-banner.tsx) at a moment that loses nothing: never while a round is under way.
 */
import { createSignal } from 'solid-js';
import { afterNextPaint } from './ui/after-paint.ts';

let registered: Promise<ServiceWorkerRegistration> | undefined;

/** Registers the service worker (once a page), for the whole site; push.ts's too. */
export function registerWorker(): Promise<ServiceWorkerRegistration> {
  registered ??= navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((e: unknown) => {
    registered = undefined;
    throw e;
  });
  return registered;
}

const [waiting, setWaiting] = createSignal<ServiceWorker | null>(null);
const [roundUnderWay, setRoundUnderWay] = createSignal(false);

/** A new build's worker waits for the page's word. */
export const updateReady = () => waiting() !== null;

/** Whether a round is under way at the table on screen (table.tsx says so): no update then. */
export { roundUnderWay, setRoundUnderWay };

/** The page asked for the new build: it reloads once that build's worker has taken over. */
let asked = false;

/** Looks for an updated worker at most this often, as the page comes back into view. */
const CHECK_EVERY_MS = 30 * 60_000;

function watch(registration: ServiceWorkerRegistration): void {
  // A worker waiting while another serves the page: a new build, not the first visit's worker.
  const look = () =>
    setWaiting(navigator.serviceWorker.controller ? (registration.waiting ?? null) : null);
  look();
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', look);
  });
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (asked) location.reload();
    else look();
  });
  // A page left open for hours (a table between games) hears of a deploy without a navigation.
  let checked = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - checked < CHECK_EVERY_MS) return;
    checked = Date.now();
    registration.update().catch(() => {});
  });
}

/** Tells the waiting worker to take over; the page reloads onto its build when it has. */
export function applyUpdate(): void {
  const worker = waiting();
  if (!worker) return;
  asked = true;
  worker.postMessage({ type: 'skip-waiting' });
}

/**
 * Registers the worker after the page's first paint, when the browser is idle, so that its
 * install (it fetches the app's files) takes nothing from the page's own loading.
 */
export function registerAfterPaint(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () =>
    registerWorker().then(
      // Test tools that block workers give no registration at all.
      (registration: ServiceWorkerRegistration | undefined) => registration && watch(registration),
      (e: unknown) => console.warn('No service worker:', e),
    );
  afterNextPaint(() => {
    if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 5_000 });
    else setTimeout(register, 1_000);
  });
}
