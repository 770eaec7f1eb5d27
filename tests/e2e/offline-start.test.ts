/**
 * The app that starts offline (web/public/sw.js, web/src/service-worker.ts): after one visit the
 * service worker controls the page with every file of the build kept, and with the network gone
 * the start page opens, another language loads and a game's rules open. Chromium finds nothing
 * missing to install the site as an app. A new deploy's worker (the built sw.js changed on disk,
 * which the local runtime serves as it is now) waits, offered as "A new version is ready" on the
 * home page and in a lobby, never in the middle of a round, and taken up with its button.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.ts';
import { CHROMIUM_ARGS, chromiumPath, DEVICES, openPage } from './browser.ts';
import { ROOT } from './server.ts';
import { controlled, servedBuild } from './service-worker.ts';
import { baseUrl, openAsHost, useBrowser } from './suite.ts';

const browser = useBrowser();

/** The built worker the local runtime serves. */
const SW_FILE = path.join(ROOT, 'dist/client/sw.js');

/** What the browser logs for what it cannot fetch offline (the table's socket): expected. */
const OFFLINE = /ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch/;

describe('after one visit', () => {
  it('the start page opens with no network, in another language, and a game’s rules open', async () => {
    const { context, page, errors } = await openPage(browser(), 'desktop', { locale: 'en-US' });
    const build = await servedBuild();
    await page.goto(baseUrl);
    await page.locator('.game-choice').first().waitFor();
    await controlled(page, build);
    // A table's lobby, opened while online; its rules are not loaded until asked for.
    await openAsHost(page, { game: 'hilo', players: 2, bots: [1] });
    await page.waitForSelector('.lobby');

    await context.setOffline(true);
    // The page and its worker alike find no network.
    expect(
      await page.evaluate(() =>
        fetch('/api/health').then(
          () => 'online',
          () => 'offline',
        ),
      ),
    ).toBe('offline');
    const [worker] = context.serviceWorkers();
    expect(
      await worker?.evaluate(() =>
        fetch('/').then(
          () => 'online',
          () => 'offline',
        ),
      ),
    ).toBe('offline');

    await page.locator('.rules-button').click();
    const dialog = page.locator('dialog.rules-dialog[open]');
    await dialog.waitFor();
    expect((await dialog.textContent())?.length).toBeGreaterThan(200);
    await page.keyboard.press('Escape');

    await page.goto(baseUrl);
    await page.reload();
    await expect.poll(() => page.locator('.game-choice').count()).toBe(3);
    expect(await page.locator('.game-name').allTextContents()).toEqual([
      'Hula-Hoo!',
      'HiLO',
      'Sneak',
    ]);
    await page.locator('.lang select').selectOption('fr');
    await page.getByText('Choisissez un jeu').waitFor();

    // A table link opens on the kept page too, and says the table needs the network.
    const table = `${baseUrl}/t/${'a'.repeat(64)}`;
    await page.goto(table);
    await page
      .locator('.banner.floating')
      .getByText(/^Hors ligne/)
      .waitFor();
    // A solo table's address opens the app.
    await page.goto(`${baseUrl}/solo/${'b'.repeat(32)}`);
    await page.locator('header.top').waitFor();

    expect(errors.filter((e) => !OFFLINE.test(e))).toEqual([]);
    await context.close();
  });

  it('a solo table’s address is the start page, from the Worker', async () => {
    const res = await fetch(`${baseUrl}/solo/${'0123456789abcdef'.repeat(2)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);
    expect(res.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(await res.text()).toContain('<div id="root">');
    expect((await fetch(`${baseUrl}/solo/not-an-id`)).status).toBe(404);
  });
});

describe('installing the app', () => {
  it('Chromium finds nothing missing', async () => {
    // A profile of its own: a browser's usual contexts are private windows, which install nothing.
    const profile = mkdtempSync(path.join(tmpdir(), 'hoopla-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      headless: true,
      args: CHROMIUM_ARGS,
      ...DEVICES.phone,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const build = await servedBuild();
      await page.goto(baseUrl);
      await controlled(page, build);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

describe('a new deploy', () => {
  const original = readFileSync(SW_FILE, 'utf8');
  afterEach(() => writeFileSync(SW_FILE, original));

  /** Deploys a new build of the worker: the same files under a new version. */
  const deploy = (version: string) =>
    writeFileSync(SW_FILE, original.replace(/"version":"[0-9a-f]+"/, `"version":"${version}"`));

  /**
   * Asks the browser to look for a new worker now, and waits until it waits. The local runtime
   * names a file's version (its ETag) by its path, where the platform names it by its bytes: the
   * browser's copy of sw.js goes first, as a deploy's new ETag would make it, or the browser's
   * check would be told that nothing changed.
   */
  const waitingWorker = async (page: Page) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    return page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      await registration.update();
      for (let i = 0; i < 200 && !registration.waiting; i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      return registration.waiting !== null;
    });
  };

  /** A table for two with its game under way, the host's seat taken over a socket kept open. */
  async function gameUnderWay(): Promise<{ id: string; host: WebSocket }> {
    const created = await fetch(`${baseUrl}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'sneak', players: 2, bots: [1] }),
    });
    const { id, hostKey } = (await created.json()) as { id: string; hostKey: string };
    const host = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/tables/${id}/ws`);
    await new Promise((resolve) => host.addEventListener('open', resolve, { once: true }));
    const playing = new Promise((resolve) =>
      host.addEventListener('message', (e) => {
        if (String(e.data).startsWith('{"type":"state"')) resolve(null);
      }),
    );
    host.send(JSON.stringify({ type: 'join', name: 'Host', hostKey }));
    host.send(JSON.stringify({ type: 'sit', seat: 0 }));
    host.send(JSON.stringify({ type: 'start' }));
    await playing;
    return { id, host };
  }

  const banner = (page: Page) => page.locator('.update-banner');

  it('is offered on the home page and in a lobby, never mid-round, and its button takes it up', async () => {
    const { context, page, errors } = await openPage(browser(), 'desktop', { locale: 'en-US' });
    const build = await servedBuild();
    await page.goto(baseUrl);
    await controlled(page, build);

    deploy('0123456789abcdef');
    expect(await waitingWorker(page)).toBe(true);
    await banner(page).waitFor();
    expect(await banner(page).textContent()).toContain('A new version of Hoopla is ready.');
    await expectNoAxeViolations(page, 'the update offered, 1280×800');
    await page.setViewportSize(DEVICES.phone.viewport ?? { width: 375, height: 667 });
    await expectNoAxeViolations(page, 'the update offered, 375×667');
    await page.setViewportSize(DEVICES.desktop.viewport ?? { width: 1280, height: 800 });

    // A round under way, watched: not a word of it, however long it waits.
    const { id, host } = await gameUnderWay();
    await page.goto(`${baseUrl}/t/${id}`);
    await page.waitForSelector('[data-board]');
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.ready).waiting !== null),
    ).toBe(true);
    await page.waitForTimeout(1500);
    expect(await banner(page).count()).toBe(0);
    host.close();

    // Between games, in a lobby: offered.
    await openAsHost(page, { game: 'hulahoo', players: 3, bots: [1] });
    await page.waitForSelector('.lobby');
    await banner(page).waitFor();

    // Taken up: the page reloads onto the new worker, which kept its own files and no other's.
    const reloaded = page.waitForEvent('load');
    await banner(page).getByRole('button', { name: 'Update now' }).click();
    await reloaded;
    await page.waitForSelector('.lobby');
    await expect
      .poll(() => page.evaluate(() => caches.keys()))
      .toEqual(['hoopla-0123456789abcdef']);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).waiting)).toBe(
      null,
    );
    expect(await banner(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
