/**
 * The site's service worker (web/public/sw.js) in a test, driven as the browser and the system
 * drive it: a push handed to it over the DevTools protocol (`ServiceWorker.deliverPushMessage`),
 * the notifications it shows, and a tap on one. Chromium lets only a real tap open or focus a
 * window, so a tap is dispatched inside the worker with its `openWindow` and `focus` watched
 * rather than carried out: what the worker asked for is the test's to do.
 */
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './suite.ts';

/**
 * How long the worker may take to start, show or close a notification: a stopped worker starts
 * for a push, which takes a while on a busy machine.
 */
export const SOON = { timeout: 10_000 };

/** The site's service worker script. */
export const WORKER_URL = `${baseUrl}/sw.js`;

/** What the tests use of the worker's scope (the DOM's types have no worker's). */
interface WorkerScope {
  clients: { openWindow(url: string): Promise<unknown> };
  registration: { getNotifications(filter?: { tag: string }): Promise<Notification[]> };
  WindowClient: { prototype: { focus(): Promise<unknown> } };
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
  dispatchEvent(event: Event): boolean;
}

/** A notification as the worker showed it, with the path a tap on it opens. */
export interface Shown {
  title: string;
  body: string;
  tag: string;
  url: string | undefined;
}

/** The script URL of the page's active service worker, or null. */
export const workerActive = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    return registration?.active?.scriptURL ?? null;
  });

/**
 * Hands pushes to the site's service worker in `context`, as the browser does with what its push
 * service sends: over a DevTools session of `page`, which must stay open (any tab of the context
 * will do). Waits for the site's registration; the returned function delivers one push's data.
 *
 * A push is handed over once the worker runs: the browser wakes a stopped worker for a push it
 * holds, but one handed over the DevTools protocol while the worker is still starting is now and
 * then lost (a notification short, on a busy machine), which no push service does.
 */
export async function pushDelivery(
  context: BrowserContext,
  page: Page,
): Promise<(data: string) => Promise<void>> {
  const cdp = await context.newCDPSession(page);
  const scopeURL = `${baseUrl}/`;
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
    for (const r of list) {
      if (r.isDeleted) registrations.delete(r.scopeURL);
      else registrations.set(r.scopeURL, r.registrationId);
    }
  });
  /** Each version's running status, by version id. */
  const running = new Map<string, { registrationId: string; status: string }>();
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const v of versions) {
      running.set(v.versionId, { registrationId: v.registrationId, status: v.runningStatus });
    }
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.get(scopeURL), SOON).toBeDefined();
  const registrationId = registrations.get(scopeURL) ?? '';
  const isRunning = () =>
    [...running.values()].some(
      (v) => v.registrationId === registrationId && v.status === 'running',
    );
  return async (data) => {
    await cdp.send('ServiceWorker.startWorker', { scopeURL });
    await expect
      .poll(isRunning, { ...SOON, message: 'the service worker did not start' })
      .toBe(true);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl, registrationId, data });
  };
}

/** The site's service worker running in `context` (it starts for a push it is handed). */
export async function siteWorker(context: BrowserContext): Promise<Worker> {
  const running = () => context.serviceWorkers().find((w) => w.url() === WORKER_URL);
  await expect
    .poll(running, { ...SOON, message: 'the service worker is not running' })
    .toBeDefined();
  const worker = running();
  if (!worker) throw new Error('the service worker is not running');
  return worker;
}

/** The notifications the worker shows now. */
export function notificationsOf(worker: Worker): Promise<Shown[]> {
  return worker.evaluate(async () => {
    const scope = globalThis as unknown as WorkerScope;
    return (await scope.registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: string } | null)?.url,
    }));
  });
}

/**
 * A tap on the notification tagged `tag`, dispatched in the worker: what the worker then asked
 * of the browser, each as `open <url>` or `focus <url>`.
 */
export function tapNotification(worker: Worker, tag: string): Promise<string[]> {
  return worker.evaluate(async (tag) => {
    const scope = globalThis as unknown as WorkerScope;
    const asked: string[] = [];
    scope.clients.openWindow = async (url: string) => {
      asked.push(`open ${url}`);
      return null;
    };
    scope.WindowClient.prototype.focus = async function (this: { url: string }) {
      asked.push(`focus ${this.url}`);
      return this;
    };
    const [notification] = await scope.registration.getNotifications({ tag });
    if (!notification) throw new Error(`no notification tagged ${tag}`);
    const event = new scope.NotificationEvent('notificationclick', { notification });
    let work: Promise<unknown> = Promise.resolve();
    // A script's event may not be extended: its `waitUntil` is the test's to keep.
    Object.defineProperty(event, 'waitUntil', { value: (p: Promise<unknown>) => (work = p) });
    scope.dispatchEvent(event);
    await work;
    return asked;
  }, tag);
}

/** A build as its worker knows it: its version and the files it keeps. */
export interface Build {
  version: string;
  files: string[];
}

/** The build's line in the served sw.js (web/precache.ts writes it). */
export async function servedBuild(): Promise<Build> {
  const text = await (await fetch(WORKER_URL)).text();
  const line = /^const BUILD = (\{.*\});$/m.exec(text)?.[1];
  if (!line) throw new Error('the served sw.js has no build line');
  return JSON.parse(line) as Build;
}

/** The paths kept in the cache `name`, sorted: run in a page, by whichever browser drives it. */
export async function keptPaths(name: string): Promise<string[]> {
  const cache = await caches.open(name);
  return (await cache.keys()).map((r) => new URL(r.url).pathname).sort();
}

/** The paths kept in the page's cache `name`. */
export const keptIn = (page: Page, name: string) => page.evaluate(keptPaths, name);

/** Waits until the site's worker controls `page`, every file of the served build kept. */
export async function controlled(page: Page, build?: Build): Promise<void> {
  const served = build ?? (await servedBuild());
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 20_000,
  });
  expect(await keptIn(page, `hoopla-${served.version}`)).toEqual(['/', ...served.files].sort());
}
