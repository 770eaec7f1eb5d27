/**
 * The service worker (web/public/sw.js), run as the browser runs it but in a sandbox: a fake
 * worker scope whose notifications and windows the tests read.
 */
import { describe, expect, it } from 'vitest';
import source from '../../web/public/sw.js?raw';

const ORIGIN = 'https://hoopla.example';
const TABLE = 'ab'.repeat(32);

interface Shown {
  title: string;
  options: { body: string; tag: string; renotify: boolean; icon: string; data: { url: string } };
}

type Handler = (event: Record<string, unknown>) => void;

/** The worker in a scope of its own, with `windows` open (their URLs) and a browser language. */
function serviceWorker(windows: string[] = [], language = 'en-GB') {
  const handlers = new Map<string, Handler>();
  const shown: Shown[] = [];
  const focused: string[] = [];
  const opened: string[] = [];
  const scope = {
    location: { origin: ORIGIN },
    navigator: { language },
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: () => Promise.resolve(),
    registration: {
      showNotification: async (title: string, options: Shown['options']) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () => windows.map((url) => ({ url, focus: async () => focused.push(url) })),
      openWindow: async (url: string) => opened.push(url),
    },
  };
  // The script reads its scope as `self`, as a worker does.
  new Function('self', source)(scope);

  async function dispatch(type: string, event: Record<string, unknown>): Promise<void> {
    let work: Promise<unknown> = Promise.resolve();
    handlers.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  }
  return {
    shown,
    focused,
    opened,
    /** A push whose body is `text` (null: a push with no body). */
    push: (text: string | null) =>
      dispatch('push', { data: text === null ? null : { text: () => text } }),
    /** A tap on a notification that carries `data`; resolves to whether it was closed. */
    async click(data: unknown): Promise<boolean> {
      let closed = false;
      await dispatch('notificationclick', { notification: { data, close: () => (closed = true) } });
      return closed;
    },
  };
}

describe('the service worker', () => {
  it('shows a table’s push as its notification, one per table', async () => {
    const sw = serviceWorker();
    const body = { table: TABLE, url: `/t/${TABLE}`, title: 'Hula-Hoo!', body: 'Your turn' };
    await sw.push(JSON.stringify(body));
    expect(sw.shown).toEqual([
      {
        title: 'Hula-Hoo!',
        options: {
          body: 'Your turn',
          tag: TABLE,
          renotify: true,
          icon: '/icons/icon-192.png',
          data: { url: `/t/${TABLE}` },
        },
      },
    ]);
  });

  it('still shows a notification, to the home page, for a push it cannot read', async () => {
    const sw = serviceWorker([], 'fr-FR');
    for (const text of [null, '', 'not json', '[1,2]', 'null', '{"title":5,"url":"/t/x"}']) {
      await sw.push(text);
    }
    expect(sw.shown).toHaveLength(6);
    for (const { title, options } of sw.shown) {
      expect(title).toBe('Hoopla');
      expect(options.body).toBe('Une table vous attend.');
      expect(options.tag).toBe('hoopla');
      expect(options.data.url).toBe('/');
    }
  });

  it('never sends anyone off the site, and keeps its text short', async () => {
    const sw = serviceWorker();
    for (const url of [
      'https://elsewhere.example/t/1',
      '//elsewhere.example/',
      'javascript:alert(1)',
    ]) {
      await sw.push(JSON.stringify({ table: TABLE, url, title: 'x'.repeat(500), body: 'b' }));
    }
    expect(sw.shown.map((n) => n.options.data.url)).toEqual(['/', '/', '/']);
    expect(sw.shown[0]?.title).toHaveLength(200);
  });

  it('brings up the table’s window on a tap, or opens one', async () => {
    const there = `${ORIGIN}/t/${TABLE}`;
    const open = serviceWorker([`${ORIGIN}/`, `${there}#`]);
    expect(await open.click({ url: `/t/${TABLE}` })).toBe(true);
    expect(open.focused).toEqual([`${there}#`]);
    expect(open.opened).toEqual([]);

    // A table screen at the same table is not the player's window.
    const elsewhere = serviceWorker([`${ORIGIN}/`, `${there}?screen`]);
    expect(await elsewhere.click({ url: `/t/${TABLE}` })).toBe(true);
    expect(elsewhere.focused).toEqual([]);
    expect(elsewhere.opened).toEqual([there]);

    const none = serviceWorker();
    await none.click(null);
    await none.click({ url: 'https://elsewhere.example/' });
    expect(none.opened).toEqual([`${ORIGIN}/`, `${ORIGIN}/`]);
  });
});
