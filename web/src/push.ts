/**
 * Notifications for turn-based tables, the browser's side: whether this browser can have them,
 * the server's key, the service worker (web/public/sw.js), the permission and this browser's push
 * subscription, all in `thisBrowser`. What a table does with them is notify.ts's.
 */
import { registerWorker } from './service-worker.ts';

/** A subscription as the table takes it: `PushSubscription.toJSON()` without its expiry. */
export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * `ok`: this browser can be notified; `home-screen`: an iPhone or iPad can, once Hoopla is added
 * to its Home Screen and opened from there; `unsupported`: not here.
 */
export type PushSupport = 'ok' | 'home-screen' | 'unsupported';

/** What decides `PushSupport`, read from the browser (`browserFacts`) or made up by a test. */
export interface BrowserFacts {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  /** Opened from the Home Screen (`navigator.standalone`, or the `standalone` display mode). */
  standalone: boolean;
  serviceWorker: boolean;
  pushManager: boolean;
  notification: boolean;
}

/**
 * The iOS or iPadOS version of an iPhone, iPad or iPod, as [major, minor], or null for any other
 * device. An iPad asks for the desktop site and says it is a Mac: its touch screen gives it away.
 * Every browser there is Safari underneath, and only Safari 16.4 and later notify.
 */
export function appleMobile(facts: BrowserFacts): [number, number] | null {
  const ua = facts.userAgent;
  const device = /\b(iPhone|iPad|iPod)\b/.test(ua);
  const desktopIpad = facts.platform === 'MacIntel' && facts.maxTouchPoints > 1;
  if (!device && !desktopIpad) return null;
  const version = /\bOS (\d+)_(\d+)/.exec(ua) ?? /\bVersion\/(\d+)\.(\d+)/.exec(ua);
  // A version nobody wrote: a recent one.
  return version ? [Number(version[1]), Number(version[2])] : [99, 0];
}

export function pushSupport(facts: BrowserFacts): PushSupport {
  const apple = appleMobile(facts);
  const recentApple = apple !== null && (apple[0] > 16 || (apple[0] === 16 && apple[1] >= 4));
  // Safari notifies a web app opened from the Home Screen, never a page in a tab.
  if (recentApple && !facts.standalone) return 'home-screen';
  if (!facts.serviceWorker || !facts.pushManager || !facts.notification) return 'unsupported';
  return 'ok';
}

/** This browser's facts. */
function browserFacts(): BrowserFacts {
  const standaloneNav = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return {
    userAgent: navigator.userAgent,
    platform: navigator.platform,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    standalone: standaloneNav || matchMedia('(display-mode: standalone)').matches,
    serviceWorker: 'serviceWorker' in navigator,
    pushManager: 'PushManager' in window,
    notification: 'Notification' in window,
  };
}

let key: Promise<string | null> | undefined;

/**
 * The server's VAPID public key (`GET /api/push`, base64url), asked once a page; null where the
 * server sends no notifications (404) or cannot be asked.
 */
function pushKey(): Promise<string | null> {
  key ??= fetch('/api/push')
    .then(async (res) => {
      if (!res.ok) return null;
      const body: unknown = await res.json();
      const publicKey =
        typeof body === 'object' && body !== null && 'publicKey' in body ? body.publicKey : null;
      return typeof publicKey === 'string' && publicKey !== '' ? publicKey : null;
    })
    .catch(() => {
      key = undefined; // offline: asked again next time
      return null;
    });
  return key;
}

/** Unpadded (or padded) base64url to bytes; throws on anything else. */
export function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const plain = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(plain.padEnd(plain.length + ((4 - (plain.length % 4)) % 4), '='));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (a === null || a.byteLength !== b.length) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((x, i) => x === b[i]);
}

/** The subscription's JSON as the table takes it, or null if the browser left anything out. */
export function subscriptionJson(json: PushSubscriptionJSON): PushSubscriptionJson | null {
  const { endpoint, keys } = json;
  const p256dh = keys?.p256dh;
  const auth = keys?.auth;
  if (!endpoint || !p256dh || !auth) return null;
  return { endpoint, keys: { p256dh, auth } };
}

/**
 * This browser's subscription for the server's `publicKey`: the one it has, else a new one (which
 * needs the notification permission already granted). A subscription to an older key is replaced.
 */
async function subscription(publicKey: string): Promise<PushSubscriptionJson> {
  await registerWorker();
  const { pushManager } = await navigator.serviceWorker.ready;
  const applicationServerKey = base64urlBytes(publicKey);
  let sub = await pushManager.getSubscription();
  if (sub && !sameBytes(sub.options.applicationServerKey, applicationServerKey)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const json = subscriptionJson(sub.toJSON());
  if (!json) throw new Error('the browser gave an incomplete subscription');
  return json;
}

/** Ends this browser's subscription, if it has one: no table may notify it any more. */
async function unsubscribe(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const sub = await registration?.pushManager.getSubscription();
  await sub?.unsubscribe();
}

/** Everything notify.ts asks of the browser (a test gives its own). */
export interface PushDevice {
  support: PushSupport;
  /** The server's key; null where it sends no notifications. */
  key(): Promise<string | null>;
  permission(): NotificationPermission;
  /** The browser's question: only ever from a tap's handler, before anything is awaited. */
  askPermission(): Promise<NotificationPermission>;
  /** Calls `changed` when the permission changes in the browser's settings; returns the way to stop. */
  watchPermission(changed: () => void): () => void;
  registerWorker(): Promise<unknown>;
  subscription(publicKey: string): Promise<PushSubscriptionJson>;
  unsubscribe(): Promise<void>;
}

/** This browser. */
export function thisBrowser(): PushDevice {
  const support = pushSupport(browserFacts());
  const permission = () => ('Notification' in window ? Notification.permission : 'default');
  return {
    support,
    key: pushKey,
    permission,
    askPermission: () =>
      permission() === 'default' ? Notification.requestPermission() : Promise.resolve(permission()),
    watchPermission(changed) {
      let status: PermissionStatus | undefined;
      let stopped = false;
      navigator.permissions
        ?.query({ name: 'notifications' })
        .then((s) => {
          if (stopped) return;
          status = s;
          s.addEventListener('change', changed);
        })
        .catch(() => {});
      return () => {
        stopped = true;
        status?.removeEventListener('change', changed);
      };
    },
    registerWorker,
    subscription,
    unsubscribe,
  };
}
