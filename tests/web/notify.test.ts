/**
 * "Notify me" at a table (web/src/notify.ts), with a made-up browser: what is offered where, the
 * permission asked only from the tap, the subscription given on every join, turned off, refused.
 */
import './browser-globals.ts';
import { createRoot, createSignal } from 'solid-js';
import { describe, expect, it } from 'vitest';
import type { TableSummary } from '../../shared/protocol.ts';
import type { TableError } from '../../web/src/connection.ts';
import { setLang } from '../../web/src/i18n.ts';
import { createNotify } from '../../web/src/notify.ts';
import type { PushDevice, PushSubscriptionJson } from '../../web/src/push.ts';
import { saved } from '../../web/src/saved.ts';

const SUB: PushSubscriptionJson = {
  endpoint: 'https://push.example/1',
  keys: { p256dh: 'BKey', auth: 'secret' },
};

const summary = (pace: 'live' | 'turn'): TableSummary => ({
  id: 't',
  game: 'hulahoo',
  players: 2,
  config: {},
  clock: pace === 'turn' ? 86_400 : null,
  pace,
  botLevel: 'normal',
  status: 'lobby',
  phase: 'lobby',
  seats: [],
  gameNo: 1,
  spectators: 0,
  pause: null,
});

/** Lets the promises in flight settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A table page for table `id` on a browser that can be notified (unless `device` says otherwise),
 * seated at a turn-based table (or a live one) and joined once; what it sent on its socket is in
 * `sent`.
 */
function page(id: string, device: Partial<PushDevice> = {}, pace: 'live' | 'turn' = 'turn') {
  const [table, setTable] = createSignal<TableSummary | null>(summary(pace));
  const [seat, setSeat] = createSignal<number | null>(0);
  const [synced, setSynced] = createSignal(1);
  const [error, setError] = createSignal<TableError | null>(null);
  const sent: (PushSubscriptionJson | null)[] = [];
  const languages: (string | undefined)[] = [];
  const calls = { key: 0, ask: 0, register: 0, unsubscribe: 0 };
  let permission: NotificationPermission = 'default';
  let answer: (p: NotificationPermission) => void = () => {};
  const fake: PushDevice = {
    support: 'ok',
    key: async () => {
      calls.key++;
      return 'KEY';
    },
    permission: () => permission,
    askPermission: () => {
      calls.ask++;
      // Asked once answered, the browser answers the same at once.
      const now = fake.permission();
      if (now !== 'default') return Promise.resolve(now);
      return new Promise((resolve) => {
        answer = (p) => {
          permission = p;
          resolve(p);
        };
      });
    },
    watchPermission: () => () => {},
    registerWorker: async () => {
      calls.register++;
    },
    subscription: async () => SUB,
    unsubscribe: async () => {
      calls.unsubscribe++;
    },
    ...device,
  };
  const conn = {
    id,
    screen: false,
    table,
    seat,
    synced,
    error,
    clearError: () => {
      setError(null);
    },
    push: (s: PushSubscriptionJson | null, language?: string) => {
      sent.push(s);
      languages.push(language);
    },
  };
  let dispose = () => {};
  const notify = createRoot((d) => {
    dispose = d;
    return createNotify(conn, fake);
  });
  return {
    ...notify,
    sent,
    languages,
    calls,
    setTable,
    setSeat,
    rejoin: () => setSynced((n) => n + 1),
    setError,
    /** The player's answer to the browser's question. */
    answer: (p: NotificationPermission) => answer(p),
    /** Changed in the browser's settings. */
    setPermission: (p: NotificationPermission) => {
      permission = p;
    },
    dispose,
  };
}

describe('notify me', () => {
  it('is offered to a seated player at a turn-based table, where the server sends notifications', async () => {
    const p = page('a');
    await settle();
    expect(p.state()).toEqual({ kind: 'off' });
    // The worker is there before the tap; the browser is asked nothing.
    expect(p.calls).toMatchObject({ register: 1, ask: 0 });

    p.setSeat(null);
    expect(p.state()).toEqual({ kind: 'hidden' });
    p.setSeat(0);
    p.setTable(summary('live'));
    expect(p.state()).toEqual({ kind: 'hidden' });
    p.dispose();

    // Most tables are live: the server is not even asked for its key there.
    const live = page('b', {}, 'live');
    await settle();
    expect(live.calls).toMatchObject({ key: 0, register: 0 });
    const off = page('c', { key: async () => null });
    await settle();
    expect(off.state()).toEqual({ kind: 'hidden' });
    expect(off.calls.register).toBe(0);
    live.dispose();
    off.dispose();
  });

  it('asks the browser on the tap, then gives the table the subscription and remembers', async () => {
    const p = page('a');
    await settle();
    p.turnOn();
    expect(p.state()).toEqual({ kind: 'asking' });
    expect(p.calls.ask).toBe(1);
    p.answer('granted');
    await settle();
    expect(p.state()).toEqual({ kind: 'on' });
    expect(p.sent).toEqual([SUB]);
    expect(saved.notify('a')).toBe(true);

    // Every join gives it again, once.
    p.rejoin();
    await settle();
    p.rejoin();
    await settle();
    expect(p.sent).toEqual([SUB, SUB, SUB]);

    p.turnOff();
    await settle();
    expect(p.state()).toEqual({ kind: 'off' });
    expect(p.sent).toEqual([SUB, SUB, SUB, null]);
    expect(saved.notify('a')).toBe(false);
    // No other table wants it: the device's subscription ends.
    expect(p.calls.unsubscribe).toBe(1);
    p.rejoin();
    await settle();
    expect(p.sent).toHaveLength(4);
    p.dispose();
  });

  it('lets the wish go with the seat', async () => {
    const p = page('a', { permission: () => 'granted' });
    await settle();
    p.turnOn();
    await settle();
    expect(p.state()).toEqual({ kind: 'on' });
    // The player leaves: the page forgets the seat (connection.ts), and with it the wish.
    p.setSeat(null);
    saved.forgetSeat('a');
    p.setSeat(1);
    expect(p.state()).toEqual({ kind: 'off' });
    p.dispose();
  });

  it('keeps the device’s subscription while another table wants it', async () => {
    saved.setNotify('other', true);
    const p = page('a', { permission: () => 'granted' });
    await settle();
    p.turnOn();
    await settle();
    expect(p.state()).toEqual({ kind: 'on' });
    p.turnOff();
    await settle();
    expect(p.calls.unsubscribe).toBe(0);
    saved.setNotify('other', false);
    p.dispose();
  });

  it('says so when the browser refuses, and offers the button again when the question is dismissed', async () => {
    const p = page('a');
    await settle();
    p.turnOn();
    p.answer('default');
    await settle();
    expect(p.state()).toEqual({ kind: 'off' });
    p.turnOn();
    p.answer('denied');
    await settle();
    expect(p.state()).toEqual({ kind: 'denied' });
    expect(p.sent).toEqual([]);
    p.dispose();
  });

  it('gives the subscription on joining a table it was asked for, and lets go if permission went', async () => {
    saved.setNotify('a', true);
    const p = page('a', { permission: () => 'granted' });
    await settle();
    expect(p.state()).toEqual({ kind: 'on' });
    expect(p.sent).toEqual([SUB]);
    p.dispose();

    let permission: NotificationPermission = 'granted';
    const q = page('a', { permission: () => permission });
    await settle();
    expect(q.sent).toEqual([SUB]);
    permission = 'default'; // reset in the browser's settings
    q.rejoin();
    await settle();
    expect(q.sent).toEqual([SUB]);
    expect(saved.notify('a')).toBe(false);
    expect(q.state()).toEqual({ kind: 'off' });
    q.dispose();
  });

  it('says in the page’s words why the browser would not subscribe, and remembers nothing', async () => {
    // Chromium's own words in a private window, which has no push; then its push service's.
    const refusals = [
      new DOMException('Registration failed - permission denied', 'AbortError'),
      new DOMException('Registration failed - push service error', 'AbortError'),
      new Error('Something else'),
    ];
    const said: Record<string, string[]> = {};
    for (const lang of ['en', 'de'] as const) {
      await setLang(lang);
      said[lang] = [];
      for (const refusal of refusals) {
        const p = page('a', {
          permission: () => 'granted',
          subscription: () => Promise.reject(refusal),
        });
        await settle();
        p.turnOn();
        await settle();
        const state = p.state();
        said[lang].push(state.kind === 'failed' ? state.reason : state.kind);
        expect(saved.notify('a')).toBe(false);
        p.dispose();
      }
    }
    await setLang('en');
    expect(said.en).toEqual([
      'this browser does not allow them here: a private window never does, and a browser may have them turned off in its settings.',
      'the browser could not reach its notification service. Check your connection and try again.',
      'the browser could not set them up.',
    ]);
    expect(said.de?.[0]).toMatch(/^dieser Browser erlaubt sie hier nicht/);
    expect(said.de?.[1]).toMatch(/^der Browser hat seinen Benachrichtigungsdienst nicht erreicht/);
  });

  it('says that the table refused a key it cannot send to', async () => {
    await setLang('en');
    const p = page('a', { permission: () => 'granted' });
    await settle();
    p.turnOn();
    await settle();
    p.setError({ code: 'bad-key', message: 'Not a key.' });
    expect(p.state()).toEqual({
      kind: 'failed',
      reason:
        'this browser gave a key notifications cannot be sent to. Try again, or another browser.',
    });
    expect(saved.notify('a')).toBe(false);
    p.dispose();
  });

  it('says in its own words that the table refused the subscription, and forgets it', async () => {
    await setLang('en');
    const p = page('a', { permission: () => 'granted' });
    await settle();
    p.turnOn();
    await settle();
    expect(saved.notify('a')).toBe(true);
    p.setError({ code: 'push-off' as TableError['code'], message: 'No notifications here.' });
    expect(p.state()).toEqual({ kind: 'failed', reason: 'this server sends no notifications.' });
    expect(saved.notify('a')).toBe(false);
    p.dispose();
  });

  it('gives the subscription with the page’s language, and again when it changes', async () => {
    await setLang('fr');
    const p = page('a', { permission: () => 'granted' });
    await settle();
    p.turnOn();
    await settle();
    expect(p.languages).toEqual(['fr']);
    await setLang('de');
    await settle();
    expect(p.sent).toEqual([SUB, SUB]);
    expect(p.languages).toEqual(['fr', 'de']);
    p.turnOff();
    await setLang('en');
    await settle();
    expect(p.sent).toEqual([SUB, SUB, null]);
    p.dispose();
  });

  it('tells an iPhone how, and never asks the browser there', async () => {
    const p = page('a', { support: 'home-screen' });
    await settle();
    expect(p.state()).toEqual({ kind: 'home-screen' });
    p.turnOn();
    expect(p.calls).toMatchObject({ ask: 0, register: 0 });
    p.dispose();
  });
});
