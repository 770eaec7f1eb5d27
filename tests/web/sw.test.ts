/**
 * The service worker (web/public/sw.js), run as the browser runs it but in a sandbox: a fake
 * worker scope whose notifications, windows, caches and network the tests read and set.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import source from '../../web/public/sw.js?raw';

const ORIGIN = 'https://hoopla.example';
const TABLE = 'ab'.repeat(32);
const SOLO = 'cd'.repeat(16);

/** The build's list, as web/precache.ts writes it into the line it replaces. */
const FILES = ['/assets/index-a1.js', '/assets/index-b2.css', '/manifest.webmanifest'];
const VERSION = 'v2';
const CACHE = `hoopla-${VERSION}`;
const BUILD_LINE = "const BUILD = { version: 'dev', files: [] };";
const built = source.replace(
  BUILD_LINE,
  `const BUILD = ${JSON.stringify({ version: VERSION, files: FILES })};`,
);

/** The start page as the Worker answers it: with the policy that lets its inline script run. */
const START_HEADERS = {
  'content-type': 'text/html; charset=UTF-8',
  'content-security-policy': "script-src 'self' 'sha256-abc'",
};

interface Shown {
  title: string;
  options: { body: string; tag: string; renotify: boolean; icon: string; data: { url: string } };
}

type Handler = (event: Record<string, unknown>) => void;

/** What the network answers for a path: a response, or `offline` (the fetch fails). */
type Answer = (() => Response) | 'offline' | 'never';

/** A site path as the worker may name it (relative, or absolute on the origin). */
const pathOf = (url: string) => new URL(url, ORIGIN).pathname;

/** A response that followed a redirect on its way, as `/index.html` is answered on the platform. */
function redirected(body: string): Response {
  const res = new Response(body, { headers: START_HEADERS });
  Object.defineProperty(res, 'redirected', { value: true });
  return res;
}

/** The browser's caches: named caches of responses by path. */
function cacheStorage(network: (url: string, init?: RequestInit) => Promise<Response>) {
  const stores = new Map<string, Map<string, Response>>();
  const cacheOf = (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    const cache = {
      async put(key: string | Request, res: Response) {
        store.set(pathOf(typeof key === 'string' ? key : key.url), res);
      },
      async match(key: string | Request) {
        return store.get(pathOf(typeof key === 'string' ? key : key.url))?.clone();
      },
      async addAll(requests: Request[]) {
        const answers = await Promise.all(requests.map((r) => network(r.url, r)));
        if (answers.some((res) => !res.ok)) throw new TypeError('a file failed');
        for (const [i, res] of answers.entries()) await cache.put(requests[i]!, res);
      },
    };
    return cache;
  };
  return {
    stores,
    caches: {
      open: async (name: string) => cacheOf(name),
      keys: async () => [...stores.keys()],
      delete: async (name: string) => stores.delete(name),
    },
  };
}

/**
 * The worker in a scope of its own, with `windows` open (their URLs), a browser language and a
 * network answering `answers` by path (anything else: 404).
 */
function serviceWorker(
  windows: string[] = [],
  language = 'en-GB',
  answers: Record<string, Answer> = {},
) {
  const handlers = new Map<string, Handler>();
  const shown: Shown[] = [];
  const focused: string[] = [];
  const opened: string[] = [];
  /** Every request that went to the network, as `<path> <cache mode>`. */
  const fetched: string[] = [];
  const network = async (url: string | { url: string }, init?: RequestInit) => {
    const path = pathOf(typeof url === 'string' ? url : url.url);
    fetched.push(`${path} ${init?.cache ?? 'default'}`);
    const answer = answers[path];
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    if (answer === 'never') return new Promise<Response>(() => {});
    return answer ? answer() : new Response('Not found', { status: 404 });
  };
  const { stores, caches } = cacheStorage(network);
  const took = { over: 0, claimed: 0, preload: false };
  /** What the fetch events asked the browser to wait for before it may stop the worker. */
  const extended: Promise<unknown>[] = [];
  const scope = {
    location: { origin: ORIGIN },
    navigator: { language },
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: async () => {
      took.over++;
    },
    registration: {
      showNotification: async (title: string, options: Shown['options']) => {
        shown.push({ title, options });
      },
      navigationPreload: {
        enable: async () => {
          took.preload = true;
        },
      },
    },
    clients: {
      matchAll: async () => windows.map((url) => ({ url, focus: async () => focused.push(url) })),
      openWindow: async (url: string) => opened.push(url),
      claim: async () => {
        took.claimed++;
      },
    },
  };
  /** A request the worker makes by a path, as in a worker, where paths are the site's. */
  const SiteRequest = class extends Request {
    constructor(input: string, init?: RequestInit) {
      super(new URL(input, ORIGIN), init);
    }
  };
  // The script reads its scope as `self`, as a worker does, and the worker's globals as its own.
  new Function('self', 'caches', 'fetch', 'Request', built)(scope, caches, network, SiteRequest);

  async function dispatch(type: string, event: Record<string, unknown>): Promise<void> {
    let work: Promise<unknown> = Promise.resolve();
    handlers.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  }

  /**
   * A request through the worker's fetch handler: its answer, or null when the worker leaves it
   * to the network. `preload`: the navigation's preloaded response.
   */
  async function request(
    path: string,
    init: { mode?: string; method?: string; preload?: Response } = {},
  ): Promise<Response | null> {
    let answer: Promise<Response> | null = null;
    const event = {
      request: { url: `${ORIGIN}${path}`, method: init.method ?? 'GET', mode: init.mode ?? 'cors' },
      preloadResponse: Promise.resolve(init.preload),
      respondWith: (p: Promise<Response>) => (answer = p),
      waitUntil: (p: Promise<unknown>) => extended.push(p),
    };
    handlers.get('fetch')?.(event);
    return answer;
  }

  return {
    shown,
    focused,
    opened,
    fetched,
    stores,
    took,
    answers,
    extended,
    install: () => dispatch('install', {}),
    activate: () => dispatch('activate', {}),
    message: (data: unknown) => dispatch('message', { data }),
    request,
    /** A navigation to `path`, as the address bar or a link makes it. */
    navigate: (path: string, preload?: Response) => request(path, { mode: 'navigate', preload }),
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

/** A network where the site answers: the start page and the build's files. */
function site(page = 'start page'): Record<string, Answer> {
  return {
    '/': () => new Response(page, { headers: START_HEADERS }),
    ...Object.fromEntries(FILES.map((f) => [f, () => new Response(`bytes of ${f}`)])),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the service worker keeps the app', () => {
  it('keeps every file of the build and the start page on install, and takes over at once', async () => {
    const sw = serviceWorker([], 'en', site());
    await sw.install();
    expect([...sw.stores.keys()]).toEqual([CACHE]);
    expect([...(sw.stores.get(CACHE)?.keys() ?? [])].sort()).toEqual(['/', ...FILES].sort());
    // Hashed files may come from the browser's cache; the page and the others are asked anew.
    expect(sw.fetched.sort()).toEqual(
      [
        '/ no-cache',
        '/assets/index-a1.js default',
        '/assets/index-b2.css default',
        '/manifest.webmanifest no-cache',
      ].sort(),
    );
    const page = await sw.stores.get(CACHE)?.get('/');
    expect(await page?.clone().text()).toBe('start page');
    expect(page?.headers.get('content-security-policy')).toBe(
      START_HEADERS['content-security-policy'],
    );
    // No build of ours ran before: nothing waits.
    expect(sw.took.over).toBe(1);
  });

  it('fails its install when a file or the start page is missing, to try again later', async () => {
    const missing = serviceWorker([], 'en', { ...site(), [FILES[0]!]: 'offline' });
    await expect(missing.install()).rejects.toThrow();
    const noPage = serviceWorker([], 'en', {
      ...site(),
      '/': () => new Response('', { status: 503 }),
    });
    await expect(noPage.install()).rejects.toThrow(/503/);
    expect(noPage.took.over).toBe(0);
  });

  it('keeps the start page as a fresh response even if it came through a redirect', async () => {
    const sw = serviceWorker([], 'en', { ...site(), '/': () => redirected('start page') });
    await sw.install();
    const page = await sw.stores.get(CACHE)?.get('/');
    expect(page?.redirected).toBe(false);
    expect(await page?.clone().text()).toBe('start page');
    expect(page?.headers.get('content-security-policy')).toBe(
      START_HEADERS['content-security-policy'],
    );
  });

  it('waits behind an older build, takes over when the page asks, and deletes the old caches', async () => {
    const sw = serviceWorker([], 'en', site());
    sw.stores.set('hoopla-v1', new Map());
    await sw.stores.set('somebody-else', new Map());
    await sw.install();
    expect(sw.took.over).toBe(0);
    await sw.message({ type: 'something else' });
    expect(sw.took.over).toBe(0);
    await sw.message({ type: 'skip-waiting' });
    expect(sw.took.over).toBe(1);
    await sw.activate();
    expect([...sw.stores.keys()].sort()).toEqual([CACHE, 'somebody-else']);
    expect(sw.took.claimed).toBe(1);
    expect(sw.took.preload).toBe(true);
  });
});

describe('the service worker answers', () => {
  it('a navigation from the network first: a table link’s page is fresh', async () => {
    const sw = serviceWorker([], 'en', site());
    await sw.install();
    sw.answers[`/t/${TABLE}`] = () => new Response('the table, first sight and all');
    expect(await (await sw.navigate(`/t/${TABLE}`))?.text()).toBe('the table, first sight and all');
    // The browser's preloaded request, when there is one, rather than a second.
    sw.fetched.length = 0;
    const preloaded = new Response('preloaded');
    expect(await (await sw.navigate(`/t/${TABLE}`, preloaded))?.text()).toBe('preloaded');
    expect(sw.fetched).toEqual([]);
    // A page the server answers with an error is still the server's answer.
    sw.answers['/t/gone'] = () => new Response('no such table', { status: 404 });
    expect((await sw.navigate('/t/gone'))?.status).toBe(404);
  });

  it('a navigation with no network with the kept start page, which runs under its policy', async () => {
    const sw = serviceWorker([], 'en', site());
    await sw.install();
    for (const path of ['/', `/t/${TABLE}`]) sw.answers[path] = 'offline';
    for (const path of ['/', `/t/${TABLE}`, `/solo/${SOLO}`]) {
      const page = await sw.navigate(path);
      expect(page?.status).toBe(200);
      expect(page?.redirected).toBe(false);
      expect(page?.headers.get('content-security-policy')).toBe(
        START_HEADERS['content-security-policy'],
      );
      expect(await page?.text()).toBe('start page');
    }
  });

  it('a navigation whose preload failed as Firefox says it, a network error response, with the kept start page', async () => {
    const sw = serviceWorker([], 'en', site());
    await sw.install();
    sw.answers[`/t/${TABLE}`] = 'offline';
    // Firefox resolves a failed preload with `Response.error()` rather than rejecting it.
    const page = await sw.navigate(`/t/${TABLE}`, Response.error());
    expect(page?.type).not.toBe('error');
    expect(await page?.text()).toBe('start page');
  });

  it('a navigation the network is slow to answer with the kept start page', async () => {
    const sw = serviceWorker([], 'en', site());
    await sw.install();
    vi.useFakeTimers();
    sw.answers[`/t/${TABLE}`] = 'never';
    const answer = sw.navigate(`/t/${TABLE}`);
    await vi.advanceTimersByTimeAsync(3_900);
    let settled = false;
    void answer.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(await (await answer)?.text()).toBe('start page');
    // The network's answer is let come for a while, not for ever: the worker may then stop.
    let waited = false;
    void Promise.all(sw.extended).then(() => (waited = true));
    await vi.advanceTimersByTimeAsync(25_000);
    expect(waited).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(waited).toBe(true);
  });

  it('never a navigation with a redirected response', async () => {
    const sw = serviceWorker([], 'en', site());
    await sw.install();
    sw.answers[`/t/${TABLE}`] = () => redirected('start page, redirected');
    const page = await sw.navigate(`/t/${TABLE}`);
    expect(page?.redirected).toBe(false);
    expect(await page?.text()).toBe('start page, redirected');
  });

  it('the start page and a solo table with the kept start page at once, asking the network nothing', async () => {
    const sw = serviceWorker([], 'en', site());
    await sw.install();
    sw.fetched.length = 0;
    // A server that would never answer is not waited for: the kept page is the worker's build.
    sw.answers['/'] = 'never';
    for (const path of ['/', `/solo/${SOLO}`]) {
      expect(await (await sw.navigate(path))?.text()).toBe('start page');
    }
    expect(sw.fetched).toEqual([]);
  });

  it('with no start page kept, a navigation as the network answers it', async () => {
    const sw = serviceWorker([], 'en', { [`/t/${TABLE}`]: () => new Response('table') });
    expect(await (await sw.navigate(`/t/${TABLE}`))?.text()).toBe('table');
    expect(await (await sw.navigate(`/solo/${SOLO}`))?.text()).toBe('Not found');
    // Nothing to fall back on: the navigation fails as it would without the worker.
    sw.answers['/'] = 'offline';
    await expect(sw.navigate('/')).rejects.toThrow('Failed to fetch');
  });

  it('the build’s files from its cache, and nothing else', async () => {
    const sw = serviceWorker([], 'en', site());
    await sw.install();
    sw.fetched.length = 0;
    for (const file of FILES) {
      expect(await (await sw.request(file))?.text()).toBe(`bytes of ${file}`);
    }
    expect(sw.fetched).toEqual([]);
    // Left to the network: the API, its socket, a preview's image, another site, any POST.
    expect(await sw.request('/api/tables/x')).toBeNull();
    expect(await sw.request('/api/tables/x/ws')).toBeNull();
    expect(await sw.request('/og/hoopla.png')).toBeNull();
    expect(await sw.request('/index.html')).toBeNull();
    expect(await sw.request('/api/tables', { method: 'POST' })).toBeNull();
    expect(await sw.request('/api/health', { mode: 'navigate' })).toBeNull();
    expect(sw.fetched).toEqual([]);
  });

  it('a file of the build the cache has lost from the network', async () => {
    const sw = serviceWorker([], 'en', site());
    expect(await (await sw.request(FILES[0]!))?.text()).toBe(`bytes of ${FILES[0]}`);
    expect(sw.fetched).toEqual([`${FILES[0]} default`]);
  });
});

describe('the service worker’s notifications', () => {
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
