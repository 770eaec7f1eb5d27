/**
 * A deploy replaces the build's files: a page opened before it still names the old chunks, which
 * are gone (404). A lazy chunk that fails to load reloads the page once, onto the files there are
 * now (web/src/stale-build.ts); a chunk that stays gone does not reload it again and again.
 *
 * These pages run without the service worker, as a first visit's does until its worker is in (or
 * a browser without one): a page the worker serves gets its build's chunks from the worker's
 * cache, which keeps them until the page moves onto the new build (offline-start.test.ts).
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from './browser.ts';
import { openAsHost, useBrowser } from './suite.ts';

const browser = useBrowser();

/** A page of its own with no service worker (see above). */
const NO_WORKER = { serviceWorkers: 'block' } as const;

/** Answers as the server does for a file a deploy removed. */
const gone = (route: Route) =>
  route.fulfill({
    status: 404,
    contentType: 'text/plain',
    headers: { 'cache-control': 'no-store' },
    body: 'Not found',
  });

/** Counts the page's loads from now on: each is a reload of the page. */
function countReloads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => loads++);
  return () => loads;
}

/** The errors but those of `chunk` failing to load, which the test brought about. */
const others = (errors: string[], chunk: RegExp) => errors.filter((e) => !chunk.test(e));

describe('after a deploy', () => {
  it('a game’s rules that are gone reload the page once, and open after it', async () => {
    const { context, page, errors } = await openPage(browser(), 'desktop', NO_WORKER);
    const rules = /\/assets\/rules-hilo-[\w-]+\.js/;
    // The chunk is gone until the page reloads (then the page names the new build's files):
    // whether each request came after the reload.
    let reloads = () => 0;
    const asked: boolean[] = [];
    await page.route(rules, (route) => {
      const after = reloads() > 0;
      asked.push(after);
      return after ? route.continue() : gone(route);
    });
    await openAsHost(page, { game: 'hilo', players: 2, bots: [1] });
    await page.waitForSelector('.lobby');
    reloads = countReloads(page);

    await page.locator('.rules-button').click();
    await expect.poll(reloads).toBe(1);
    await page.waitForSelector('.lobby');
    await page.locator('.rules-button').click();
    const dialog = page.locator('dialog.rules-dialog[open]');
    await dialog.waitFor();
    expect((await dialog.textContent())?.length).toBeGreaterThan(200);
    expect(asked).toEqual([false, true]);
    expect(reloads()).toBe(1);
    expect(others(errors, rules)).toEqual([]);
    await context.close();
  });

  it('a game’s rules that stay gone reload the page once, and the page goes on without them', async () => {
    const { context, page, errors } = await openPage(browser(), 'desktop', NO_WORKER);
    const rules = /\/assets\/rules-hilo-[\w-]+\.js/;
    let asked = 0;
    await page.route(rules, (route) => {
      asked++;
      return gone(route);
    });
    await openAsHost(page, { game: 'hilo', players: 2, bots: [1] }, { name: 'Ann' });
    await page.waitForSelector('.lobby');
    const reloads = countReloads(page);

    await page.locator('.rules-button').click();
    await expect.poll(reloads).toBe(1);
    await page.waitForSelector('.lobby');
    await page.locator('.rules-button').click();
    await expect.poll(() => asked).toBe(2);
    // Time enough for another reload, were there one coming.
    await page.waitForTimeout(1500);
    expect(reloads()).toBe(1);
    // The dialog stays closed, and the table is there to play at.
    expect(await page.locator('dialog.rules-dialog[open]').count()).toBe(0);
    await page.getByRole('button', { name: 'Sit here' }).first().click();
    await page.waitForSelector('.lobby-seats li.mine');
    expect(others(errors, rules)).toEqual([]);
    await context.close();
  });

  it('a chunk every opening of the page asks for, gone for good, reloads it once', async () => {
    const { context, page } = await openPage(browser(), 'desktop', NO_WORKER);
    // The lobby's QR code, drawn as the page opens: a reload that did not help would come
    // again at once, and again.
    const qr = /\/assets\/qr-code-[\w-]+\.js/;
    let asked = 0;
    await page.route(qr, (route) => {
      asked++;
      return gone(route);
    });
    const reloads = countReloads(page);
    await openAsHost(page, { game: 'hulahoo', players: 3, bots: [1] });
    // The first load and the one reload, each asking once.
    await expect.poll(() => asked).toBe(2);
    await expect.poll(reloads).toBe(2);
    await page.waitForTimeout(2000);
    expect(reloads()).toBe(2);
    expect(asked).toBe(2);
    await context.close();
  });
});
