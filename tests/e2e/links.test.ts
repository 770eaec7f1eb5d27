/**
 * The link that travels. Over plain HTTP, as a chat app's preview crawler reads a page (no
 * script runs): each table link's preview names its game and free seats and never a player, an
 * unknown table answers the site's preview with 404, and every answer carries its security
 * headers, which the browser reads without a word in its console. In the browser: a phone joins
 * through the lobby's QR code, and a table screen at 1920×1080 watches with the QR code in its
 * corner while a seat is free.
 */
import { createHash } from 'node:crypto';
import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import type { CreatedTable } from '../../shared/api.ts';
import { GAME_IDS } from '../../shared/engine/types.ts';
import { collectErrors, newContext, openPage, screenshot } from './browser.ts';
import { baseUrl, openAsHost, useBrowser } from './suite.ts';

const browser = useBrowser();

async function create(body: Record<string, unknown>): Promise<CreatedTable> {
  const res = await fetch(`${baseUrl}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as CreatedTable;
}

/** Sits a player named `name` in `seat` over the table's socket, as a browser would. */
async function sitDown(id: string, name: string, seat: number): Promise<WebSocket> {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/tables/${id}/ws`);
  await new Promise((resolve) => ws.addEventListener('open', resolve, { once: true }));
  const seated = new Promise((resolve) =>
    ws.addEventListener('message', (e) => {
      if (String(e.data).includes('"seated"')) resolve(null);
    }),
  );
  ws.send(JSON.stringify({ type: 'join', name }));
  ws.send(JSON.stringify({ type: 'sit', seat }));
  await seated;
  return ws;
}

/** A table of `game` for two, seat 1 a bot, started by its host over a socket (kept open). */
async function started(game: string, name: string): Promise<{ id: string; host: WebSocket }> {
  const { id, hostKey } = await create({ game, players: 2, bots: [1] });
  const host = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/tables/${id}/ws`);
  await new Promise((resolve) => host.addEventListener('open', resolve, { once: true }));
  const playing = new Promise((resolve) =>
    host.addEventListener('message', (e) => {
      if (String(e.data).startsWith('{"type":"state"')) resolve(null);
    }),
  );
  host.send(JSON.stringify({ type: 'join', name, hostKey }));
  host.send(JSON.stringify({ type: 'sit', seat: 0 }));
  host.send(JSON.stringify({ type: 'start' }));
  await playing;
  return { id, host };
}

/** What a spectator's socket hears on joining table `id`: its welcome, then its state. */
async function spectatorJoin(id: string): Promise<{ welcome: string; state: string }> {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/tables/${id}/ws`);
  await new Promise((resolve) => ws.addEventListener('open', resolve, { once: true }));
  const heard: string[] = [];
  const both = new Promise((resolve) =>
    ws.addEventListener('message', (e) => {
      heard.push(String(e.data));
      if (heard.some((m) => m.startsWith('{"type":"state"'))) resolve(null);
    }),
  );
  ws.send(JSON.stringify({ type: 'join', patches: true }));
  await both;
  ws.close();
  const find = (type: string) => heard.find((m) => m.startsWith(`{"type":"${type}"`))!;
  return { welcome: find('welcome'), state: find('state') };
}

/** As a browser opens a link (Fetch Metadata), which a preview crawler does not send. */
const OPENING = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' };

/** The first sight a table page carries (worker/pages.ts), or null. */
function firstSight(html: string): string[] | null {
  const block = /<script type="application\/json" id="first-sight">([^<]*)<\/script>/.exec(html);
  return block ? (JSON.parse(block[1]!) as string[]) : null;
}

/** The page's `<meta>` tags by property or name, as a crawler reads them. */
function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [, key = '', content = ''] of html.matchAll(
    /<meta (?:property|name)="([^"]+)" content="([^"]*)"/g,
  )) {
    tags[key] = content.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
  }
  return tags;
}

/** Width and height from a PNG's header. */
function pngSize(bytes: Uint8Array): [number, number] {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return [view.getUint32(16), view.getUint32(20)];
}

function expectPageHeaders(res: Response, html: string, what: string): void {
  const csp = res.headers.get('content-security-policy') ?? '';
  const scripts = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  expect(scripts, what).not.toContain('unsafe-inline');
  for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"]) {
    expect(csp, what).toContain(directive);
  }
  // The one inline script (the early socket) runs by its hash, and nothing else inline does.
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
  expect(inline, what).toHaveLength(1);
  const hash = createHash('sha256').update(inline[0]!).digest('base64');
  expect(scripts, what).toContain(`'sha256-${hash}'`);
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('no-referrer');
  expect(res.headers.get('permissions-policy'), what).toContain('camera=()');
}

describe('over plain HTTP', () => {
  it('a table link previews its game and free seats, never a name', async () => {
    const hula = await create({ game: 'hulahoo', players: 4, bots: [3] });
    const sneak = await create({ game: 'sneak', players: 3, bots: [1, 2] });
    const zed = await sitDown(hula.id, 'Zedekiah', 0);
    const cases = [
      { table: hula, title: 'Hula-Hoo! · 2 of 4 seats free · join the table', game: 'hulahoo' },
      { table: sneak, title: 'Sneak · 1 of 3 seats free · join the table', game: 'sneak' },
    ];
    for (const { table, title, game } of cases) {
      const url = `${baseUrl}/t/${table.id}`;
      // As a preview crawler asks: no cookies, no script.
      const res = await fetch(url, { headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0' } });
      expect(res.status).toBe(200);
      const html = await res.text();
      const tags = metaTags(html);
      expect(tags['og:title']).toBe(title);
      expect(tags['og:description']).toMatch(/\w+.*Open the link and sit down: nothing to install/);
      expect(tags['og:url']).toBe(url);
      expect(tags['og:site_name']).toBe('Hoopla');
      expect(tags['twitter:card']).toBe('summary_large_image');
      expect(tags['og:image']).toBe(`${baseUrl}/og/${game}.png`);
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).not.toContain('Zedekiah');
      const image = await fetch(tags['og:image']!);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(pngSize(new Uint8Array(await image.arrayBuffer()))).toEqual([1200, 630]);
      expectPageHeaders(res, html, game);
      expect(res.headers.get('x-robots-tag')).toContain('noindex');
    }
    zed.close();
    // A game on with no seat free: the link offers a view, not a seat.
    const { id, host } = await started('hilo', 'Ann');
    const tags = metaTags(await (await fetch(`${baseUrl}/t/${id}`)).text());
    expect(tags['og:title']).toBe('HiLO · 2 players · game on, come and watch');
    expect(tags['og:description']).toMatch(/Open the link to watch: nothing to install/);
    host.close();
  });

  it('a browser opening a table link gets the table as a spectator sees it; a crawler does not', async () => {
    // A name that would end the data block if it were written as it is.
    const name = '</script><!--Ann';
    const { id, host } = await started('hilo', name);
    const url = `${baseUrl}/t/${id}`;
    const crawled = await fetch(url);
    const crawledHtml = await crawled.text();
    expect(firstSight(crawledHtml)).toBeNull();
    expect(crawledHtml).not.toContain('--Ann');
    // The page and the spectator's socket at the same version of the game (a bot may move
    // between the two: then again).
    let heard: string[] = [];
    let spectator = { welcome: '', state: '' };
    for (let tries = 0; tries < 10; tries++) {
      const res = await fetch(url, { headers: OPENING });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      const html = await res.text();
      expect(html).not.toContain(name);
      expectPageHeaders(res, html, 'a table opened in a browser');
      heard = firstSight(html) ?? [];
      spectator = await spectatorJoin(id);
      if (JSON.parse(heard[1]!).version === JSON.parse(spectator.state).version) break;
    }
    expect(heard).toHaveLength(2);
    const [welcome, state] = heard.map((m) => JSON.parse(m));
    expect(welcome).toMatchObject({ type: 'welcome', seat: null, host: false });
    expect(welcome.table.seats[0].name).toBe(name);
    // Exactly what a spectator is shown: no card a spectator may not see.
    expect(state).toEqual(JSON.parse(spectator.state));
    expect(state.view.you).toBeNull();
    host.close();
  });

  it('a table link names six files or fewer, and the start page none of a table’s', async () => {
    // The scripts and styles a page's HTML names (vite.config.ts's chunks, the Worker's tags).
    const named = (html: string) =>
      [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    const home = named(await (await fetch(`${baseUrl}/`)).text());
    expect(home.length).toBeGreaterThan(0);
    expect(home.filter((file) => /\/assets\/(?:table|game)-/.test(file))).toEqual([]);
    for (const game of GAME_IDS) {
      const table = await create({ game, players: 2, bots: [1] });
      const files = named(await (await fetch(`${baseUrl}/t/${table.id}`)).text());
      expect(files, game).toEqual(expect.arrayContaining(home));
      expect(
        files.some((file) => file.startsWith(`/assets/game-${game}-`)),
        game,
      ).toBe(true);
      expect(files.length, game).toBeLessThanOrEqual(6);
    }
  });

  it('a page names its strings to a browser that reads French or German first, and no other', async () => {
    const named = async (path: string, language: string) =>
      [
        ...(
          await (
            await fetch(`${baseUrl}${path}`, { headers: { 'accept-language': language } })
          ).text()
        ).matchAll(/href="(\/assets\/strings\.[a-z]+-[^"]+)"/g),
      ].map((m) => m[1]!);
    const table = await create({ game: 'sneak', players: 2 });
    for (const path of ['/', `/t/${table.id}`]) {
      expect(await named(path, 'fr-CH,fr;q=0.9,en;q=0.8'), path).toEqual([
        expect.stringMatching(/^\/assets\/strings\.fr-/),
      ]);
      expect(await named(path, 'de-DE,de;q=0.9'), path).toEqual([
        expect.stringMatching(/^\/assets\/strings\.de-/),
      ]);
      expect(await named(path, 'en-GB,en;q=0.9,fr;q=0.8'), path).toEqual([]);
    }
  });

  it('an unknown table answers the site’s preview with 404', async () => {
    const res = await fetch(`${baseUrl}/t/${'e'.repeat(64)}`);
    expect(res.status).toBe(404);
    const html = await res.text();
    const tags = metaTags(html);
    expect(tags['og:title']).toMatch(/^Hoopla/);
    expect(tags['og:image']).toBe(`${baseUrl}/og/hoopla.png`);
    expect(html).toContain('<div id="root">');
    expectPageHeaders(res, html, 'unknown table');
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
  });

  it('a file, a page and an API route that are not there each answer 404 in their own kind', async () => {
    // A page from before a deploy asks for its build's chunk: a plain 404 that no cache keeps,
    // never the app's page as a script kept a year.
    const chunk = await fetch(`${baseUrl}/assets/rules-hilo-0ld8u1ld.js`, {
      headers: { 'sec-fetch-dest': 'script', 'sec-fetch-mode': 'cors' },
    });
    expect(chunk.status).toBe(404);
    expect(chunk.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(chunk.headers.get('cache-control')).toBe('no-store');
    expect(chunk.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await chunk.text()).not.toContain('<');

    // Any other path is a page nobody has: the site's page (it says so), answered 404.
    for (const headers of [OPENING, {}]) {
      const res = await fetch(`${baseUrl}/nope`, { headers });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html).toContain('<div id="root">');
      expect(metaTags(html)['og:title']).toMatch(/^Hoopla/);
      expectPageHeaders(res, html, 'unknown page');
    }

    // The API's own shape, whoever asks.
    for (const headers of [OPENING, {}]) {
      const res = await fetch(`${baseUrl}/api/nope`, { headers });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject({ error: { code: 'not-found' } });
    }
  });

  it('the start page, files, the API, robots.txt and the manifest carry what they should', async () => {
    const home = await fetch(`${baseUrl}/`);
    const html = await home.text();
    expectPageHeaders(home, html, 'home');
    expect(home.headers.get('x-robots-tag')).toBeNull();
    expect(metaTags(html)['og:url']).toBe(`${baseUrl}/`);

    // Hashed files are kept a year; the others are asked again.
    const script = html.match(/\/assets\/[\w-]+\.js/)![0];
    const file = await fetch(`${baseUrl}${script}`);
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');

    const api = await fetch(`${baseUrl}/api/health`);
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');

    const robots = await fetch(`${baseUrl}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const rules = await robots.text();
    expect(rules).toMatch(/User-agent: \*\nDisallow: \/t\/\nDisallow: \/api\//);

    expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
    const manifest = (await (await fetch(`${baseUrl}/manifest.webmanifest`)).json()) as {
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
    const icons = [...manifest.icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180' }];
    expect(manifest.icons.map((i) => i.purpose).sort()).toEqual(['any', 'any', 'maskable']);
    for (const icon of icons) {
      const res = await fetch(`${baseUrl}${icon.src}`);
      expect(res.headers.get('content-type'), icon.src).toBe('image/png');
      const [w, h] = pngSize(new Uint8Array(await res.arrayBuffer()));
      expect(`${w}x${h}`, icon.src).toBe(icon.sizes);
    }
  });
});

describe('in the browser’s console', () => {
  it('a page load logs nothing: every feature the Permissions-Policy names is one Chromium knows', async () => {
    const context = await newContext(browser(), 'desktop');
    const page = await context.newPage();
    const said: string[] = [];
    page.on('console', (msg) => said.push(`${msg.type()}: ${msg.text()}`));
    const table = await create({ game: 'hilo', players: 2, bots: [1] });
    for (const url of [
      `${baseUrl}/`,
      `${baseUrl}/t/${table.id}`,
      `${baseUrl}/manifest.webmanifest`,
    ]) {
      await page.goto(url, { waitUntil: 'load' });
    }
    expect(said).toEqual([]);
    await context.close();
  });
});

/** The link a QR code on the page encodes, checked module by module against the encoder's own. */
async function qrLink(svg: import('playwright-core').Locator, link: string): Promise<string> {
  const drawn = await svg.locator('path').getAttribute('d');
  const qr = encode(link, { ecc: 'M', border: 4 });
  const modules = qr.data.flatMap((row, y) =>
    row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : [])),
  );
  expect(drawn).toBe(modules.join(''));
  return link;
}

describe('before the socket', () => {
  it('a table link shows its table at once, and a seat taken before the socket opens is taken', {
    timeout: 60_000,
  }, async () => {
    const { context, page, errors } = await openPage(browser(), 'phone', { locale: 'en-US' });
    // The page's sockets wait to connect until the test says so.
    let connect!: () => void;
    const held = new Promise<void>((resolve) => (connect = resolve));
    await page.routeWebSocket(/\/api\/tables\/[0-9a-f]{64}\/ws$/, async (ws) => {
      await held;
      ws.connectToServer();
    });

    const game = await started('sneak', 'Ann');
    await page.goto(`${baseUrl}/t/${game.id}`);
    await page.waitForSelector('[data-board]');
    expect(await page.locator('.table-title .badge').textContent()).toBe('Watching');
    await screenshot(page, 'first-sight-board-phone');

    const lobby = await create({ game: 'hulahoo', players: 2 });
    await page.goto(`${baseUrl}/t/${lobby.id}`);
    await page.getByRole('button', { name: 'Sit here' }).first().click();
    // Nothing said of the socket in the blink it takes to open.
    expect(await page.locator('.banner').count()).toBe(0);
    connect();
    await expect
      .poll(async () => {
        const summary = (await (await fetch(`${baseUrl}/api/tables/${lobby.id}`)).json()) as {
          seats: { name: string | null }[];
        };
        return summary.seats.filter((s) => s.name !== null).length;
      })
      .toBe(1);
    await page.locator('.lobby li.mine').waitFor();
    expect(errors).toEqual([]);
    game.host.close();
    await context.close();
  });
});

describe('across the room', () => {
  it('a phone joins through the lobby’s QR code; the table screen watches', {
    timeout: 120_000,
  }, async () => {
    const desk = await newContext(browser(), 'desktop', { locale: 'en-US' });
    const host = await desk.newPage();
    const errors = collectErrors(host);
    const table = await openAsHost(
      host,
      { game: 'hulahoo', players: 3, bots: [2] },
      {
        seat: 0,
        name: 'Ann',
      },
    );
    const link = `${baseUrl}/t/${table.id}`;
    const qr = host.getByRole('img', { name: 'QR code of the table’s link' });
    await qr.waitFor();
    const scanned = await qrLink(qr, link);

    // The table screen, on the host's laptop, which holds Ann's seat: it watches all the same
    // (no hand of Ann's on a screen everyone faces).
    const screen = await desk.newPage();
    await screen.setViewportSize({ width: 1920, height: 1080 });
    collectErrors(screen, errors);
    await screen.goto(`${link}?screen`);
    const corner = screen.locator('.screen-join');
    await corner.waitFor();
    await qrLink(corner.getByRole('img'), link);
    await screenshot(screen, 'table-screen-lobby');

    const phone = await newContext(browser(), 'phone', { locale: 'en-US' });
    const ben = await phone.newPage();
    collectErrors(ben, errors);
    await ben.goto(scanned);
    await ben.fill('.name-form input', 'Ben');
    await ben.click('.name-form button[type=submit]');
    await ben.getByRole('button', { name: 'Sit here' }).first().click();
    await expect.poll(() => host.locator('.lobby').textContent()).toContain('Ben');
    // Every seat taken: the way in leaves the screen.
    await expect.poll(() => corner.count()).toBe(0);
    await host.getByRole('button', { name: 'Start the game' }).click();
    await ben.waitForSelector('[data-board]');
    await screen.waitForSelector('[data-board]');
    expect(await screen.locator('.table-title .badge').textContent()).toBe('Watching');
    expect(await screen.locator('.players li.mine').count()).toBe(0);
    // Sized for the room: the board fills most of the screen's width, with no page scroll.
    const board = (await screen.locator('[data-board]').boundingBox())!;
    expect(board.width).toBeGreaterThan(1200);
    expect(await screen.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1920,
    );
    await screenshot(screen, 'table-screen-1920');
    expect(errors).toEqual([]);
    await phone.close();
    await desk.close();
  });
});
