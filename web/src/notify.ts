/**
 * "Notify me" at a table: a seated player at a turn-based table may have this device tell them
 * when the table waits on them while no tab of theirs is open there (Web Push, shown by
 * web/public/sw.js). ui/notify.tsx shows it; this is what it does.
 *
 * The browser's permission is asked only from the player's own tap. The wish is remembered per
 * table (saved.ts), and the device's subscription is given to the table again on every join, so
 * a new socket, a new subscription or a table that lost it is caught up; giving it twice does no
 * harm. Where the server sends no notifications (`GET /api/push` is 404) nothing is offered, and
 * an iPhone or iPad that can only be notified from its Home Screen is told how, not offered a
 * button that cannot work.
 */
import { createEffect, createSignal, on, onCleanup } from 'solid-js';
import type { Seat } from '../../shared/engine/types.ts';
import type { TableSummary } from '../../shared/protocol.ts';
import { paceOf } from './api.ts';
import type { TableError } from './connection.ts';
import { type Lang, lang, t } from './i18n.ts';
import { type PushDevice, type PushSubscriptionJson, thisBrowser } from './push.ts';
import { saved } from './saved.ts';

/** The table's refusals of a subscription, said beside the button rather than in a toast. */
const REFUSALS = ['push-off', 'bad-endpoint', 'bad-key'] as const;
type Refusal = (typeof REFUSALS)[number];
export const isPushRefusal = (code: string): code is Refusal => REFUSALS.some((r) => r === code);

/** What the player sees. `asking`: the browser's own question is open. */
export type NotifyState =
  | { kind: 'hidden' | 'home-screen' | 'unsupported' | 'off' | 'asking' | 'working' | 'on' }
  | { kind: 'denied' }
  | { kind: 'failed'; reason: string };

/** What notifications need of the table's connection (connection.ts). */
export interface NotifyConnection {
  id: string;
  screen: boolean;
  table(): TableSummary | null;
  seat(): Seat | null;
  /** How often a join has brought the page up to date. */
  synced(): number;
  error(): TableError | null;
  clearError(): void;
  /** Gives the table this device's subscription, its notices in `language` (null: none). */
  push(subscription: PushSubscriptionJson | null, language?: Lang): void;
}

/**
 * Why the browser could not subscribe, in the page's words: its own message is English whatever
 * the page's language, and means little to a player. Push not allowed here: a `NotAllowedError`,
 * or Chromium's "Registration failed - permission denied" (an `AbortError`, as in a private
 * window, which has no push); any other `AbortError`: the browser's push service did not answer;
 * anything else, said plainly.
 */
function reasonOf(e: unknown): string {
  const name = e instanceof Error || e instanceof DOMException ? e.name : null;
  const message = e instanceof Error || e instanceof DOMException ? e.message : '';
  if (name === 'NotAllowedError' || /permission denied/i.test(message)) {
    return t('notify.notAllowed');
  }
  if (name === 'AbortError') return t('notify.noService');
  return t('notify.browserFailed');
}

/** The notifications of one table page, for the seat this browser holds there. */
export function createNotify(conn: NotifyConnection, device: PushDevice = thisBrowser()) {
  const offered = () => {
    const table = conn.table();
    return !conn.screen && conn.seat() !== null && table !== null && paceOf(table) === 'turn';
  };
  // The server's key, asked only where notifications could be offered (most tables are live):
  // undefined until it answers, null where it sends none.
  const [key, setKey] = createSignal<string | null | undefined>(undefined);
  createEffect(() => {
    if (offered() && key() === undefined) void device.key().then(setKey);
  });
  // The browser's permission is read (a call into the browser, which a busy phone answers
  // slowly) and watched only where notifications are offered: not for a spectator, nor at a
  // live table, nor on the way to a table's first board.
  const [permission, setPermission] = createSignal<NotificationPermission>('default');
  const [wanted, setWanted] = createSignal(false);
  let unwatch: (() => void) | undefined;
  onCleanup(() => unwatch?.());
  createEffect(() => {
    if (!offered() || unwatch) return;
    unwatch = device.watchPermission(() => setPermission(device.permission()));
    const now = device.permission();
    setPermission(now);
    setWanted(saved.notify(conn.id) && now === 'granted');
  });
  const [step, setStep] = createSignal<NotifyState | null>(null);
  // A seat left (or lost) takes its wish with it (saved.ts); one taken back keeps it.
  createEffect(
    on(conn.seat, () => setWanted(saved.notify(conn.id) && permission() === 'granted'), {
      defer: true,
    }),
  );
  const failed = (e: unknown) => setStep({ kind: 'failed', reason: reasonOf(e) });

  const ready = () => offered() && typeof key() === 'string' && device.support === 'ok';
  // The worker is there before the tap, so that the tap's subscription waits on nothing else.
  createEffect(() => {
    if (ready()) device.registerWorker().catch(failed);
  });

  async function give(publicKey: string): Promise<void> {
    try {
      conn.push(await device.subscription(publicKey), lang());
      saved.setNotify(conn.id, true);
      setWanted(true);
      setStep(null);
    } catch (e) {
      failed(e);
    }
  }

  /** The player's tap: the browser's question, then this device's subscription to the table. */
  function turnOn(): void {
    const publicKey = key();
    if (!publicKey || !ready()) return;
    // Asked here, in the tap's own handler and before anything is awaited: browsers ask only
    // from a tap (Safari only from the handler itself), and refuse a page that asks unbidden.
    const answer = device.askPermission();
    setStep({ kind: 'asking' });
    answer.then((now) => {
      setPermission(now);
      if (now !== 'granted') {
        setStep(null);
        return;
      }
      setStep({ kind: 'working' });
      void give(publicKey);
    }, failed);
  }

  function turnOff(): void {
    conn.push(null);
    saved.setNotify(conn.id, false);
    setWanted(false);
    setStep(null);
    // The device's subscription is every table's: it ends with the last one that used it.
    if (saved.notifying().length === 0) device.unsubscribe().catch(() => {});
  }

  // Every join (the first, and each after a lost connection) gives the table the subscription
  // again, once the server's key is known.
  let given = 0;
  createEffect(
    on([conn.synced, key, offered], ([synced]) => {
      const publicKey = key();
      if (!ready() || !publicKey || synced === given || !saved.notify(conn.id)) return;
      given = synced;
      setPermission(device.permission());
      if (permission() !== 'granted') {
        // Taken back in the browser's settings: the wish goes with it.
        saved.setNotify(conn.id, false);
        setWanted(false);
        return;
      }
      void give(publicKey);
    }),
  );

  // Notices are written in the page's language: a new one is given to the table with the
  // subscription again.
  createEffect(
    on(
      lang,
      () => {
        const publicKey = key();
        if (ready() && publicKey && wanted() && step() === null) void give(publicKey);
      },
      { defer: true },
    ),
  );

  // The table refused the subscription: said beside the button, and forgotten.
  createEffect(() => {
    const code: string | undefined = conn.error()?.code;
    if (code === undefined || !isPushRefusal(code)) return;
    saved.setNotify(conn.id, false);
    setWanted(false);
    setStep({ kind: 'failed', reason: t(`notify.${code}`) });
    conn.clearError();
  });

  const state = (): NotifyState => {
    if (!offered() || typeof key() !== 'string') return { kind: 'hidden' };
    if (device.support !== 'ok') return { kind: device.support };
    const now = step();
    if (now) return now;
    if (permission() === 'denied') return { kind: 'denied' };
    return { kind: wanted() ? 'on' : 'off' };
  };

  return { state, turnOn, turnOff };
}

export type Notify = ReturnType<typeof createNotify>;
