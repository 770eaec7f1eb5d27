/**
 * The app starts after one visit however the server is out of reach, in Chromium and in Firefox:
 * the server gone (a proxy in front of it stopped: the connection is refused), the browser
 * offline, and a server that holds its answer. The start page and a solo table open at once from
 * the service worker's kept page (web/public/sw.js); a table link opens on it too, saying it is
 * offline, once the network has failed or kept it waiting a few seconds.
 *
 * Chromium is driven by playwright-core, Firefox over WebDriver BiDi by puppeteer-core
 * (firefox.ts); each test's proxy is a site of its own to the browser, with its own worker.
 */
import type { BrowserContext, Page as ChromiumPage } from 'playwright-core';
import type { Browser as FirefoxBrowser } from 'puppeteer-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEVICES, type Device, newContext } from './browser.ts';
import { launchFirefox, withFirefox } from './firefox.ts';
import { proxyTo, type ServerProxy } from './proxy.ts';
import { keptPaths, servedBuild } from './service-worker.ts';
import { baseUrl, useBrowser } from './suite.ts';

/** What these tests do with a page, in either browser. */
interface Tab {
  /** Opens `url`: '' once it has loaded, else what the browser said. */
  goto(url: string): Promise<string>;
  /** Waits until an element `selector` names shows. */
  waitFor(selector: string): Promise<void>;
  /** The text of the elements `selector` names. */
  texts(selector: string): Promise<string[]>;
  /** `fn(arg)` run in the page. */
  evaluate<T>(fn: (arg: string) => T | Promise<T>, arg: string): Promise<T>;
  /** Takes the browser offline, as a device without a network. */
  goOffline(): Promise<void>;
  close(): Promise<void>;
}

const failure = (e: unknown) => (e instanceof Error ? e.message : String(e)) || 'failed';

const chromium = useBrowser();

async function chromiumTab(device: Device): Promise<Tab> {
  const context: BrowserContext = await newContext(chromium(), device, { locale: 'en-US' });
  const page: ChromiumPage = await context.newPage();
  return {
    goto: (url) => page.goto(url).then(() => '', failure),
    waitFor: (selector) => page.locator(selector).first().waitFor(),
    texts: (selector) => page.locator(selector).allTextContents(),
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    // The page and its service worker alike.
    goOffline: () => context.setOffline(true),
    close: () => context.close(),
  };
}

let firefox: FirefoxBrowser | undefined;

async function firefoxTab(device: Device): Promise<Tab> {
  // Launched by the first test that needs it; with none installed, CI's fails saying so.
  firefox ??= await launchFirefox();
  const context = await firefox.createBrowserContext();
  const page = await context.newPage();
  const { viewport, deviceScaleFactor } = DEVICES[device];
  if (viewport) await page.setViewport({ ...viewport, deviceScaleFactor });
  return {
    goto: (url) => page.goto(url).then(() => '', failure),
    waitFor: async (selector) => {
      await page.waitForSelector(selector, { visible: true });
    },
    texts: (selector) =>
      page.$$eval(selector, (elements) => elements.map((e) => e.textContent ?? '')),
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    // Firefox's emulation takes the page offline, not its service worker, which still reaches
    // the server here: what the page meets is that of a device offline all the same.
    goOffline: () => page.setOfflineMode(true),
    close: () => context.close(),
  };
}

afterAll(async () => {
  await firefox?.close();
});

/**
 * How the server is out of reach: what each does to the proxy or the browser, and what a table
 * link then says (a server that holds its answer leaves the page connecting).
 */
const WAYS = {
  'the server gone': { act: (proxy) => proxy.stop(), says: /^Connection lost/ },
  'the browser offline': { act: (_proxy, tab) => tab.goOffline(), says: /^Offline/ },
  'a server that holds its answer': { act: (proxy) => proxy.hold(), says: null },
} satisfies Record<
  string,
  { act: (proxy: ServerProxy, tab: Tab) => Promise<void> | void; says: RegExp | null }
>;

type Way = keyof typeof WAYS;

/** Waits until the site's worker controls the page, every file of the served build kept. */
async function controlled(tab: Tab): Promise<void> {
  const build = await servedBuild();
  await expect
    .poll(() => tab.evaluate(() => navigator.serviceWorker.controller !== null, ''), {
      timeout: 20_000,
    })
    .toBe(true);
  const kept = await tab.evaluate(keptPaths, `hoopla-${build.version}`);
  expect(kept).toEqual(['/', ...build.files].sort());
}

/** One visit through a proxy of its own, then the server out of reach `way`, and the app opened. */
async function startsWith(open: (device: Device) => Promise<Tab>, way: Way, device: Device) {
  const proxy = await proxyTo(baseUrl);
  const tab = await open(device);
  try {
    expect(await tab.goto(proxy.url)).toBe('');
    await tab.waitFor('.game-choice');
    await controlled(tab);

    const { act, says } = WAYS[way];
    await act(proxy, tab);
    expect(await tab.goto(`${proxy.url}/`)).toBe('');
    await tab.waitFor('.game-choice');
    expect(await tab.texts('.game-name')).toEqual(['Hula-Hoo!', 'HiLO', 'Sneak']);

    expect(await tab.goto(`${proxy.url}/solo/${'b'.repeat(32)}`)).toBe('');
    await tab.waitFor('header.top');

    // A table link waits a few seconds for a server that holds its answer, then opens too.
    expect(await tab.goto(`${proxy.url}/t/${'a'.repeat(64)}`)).toBe('');
    await tab.waitFor('header.top');
    if (says)
      await expect.poll(() => tab.texts('.banner.floating')).toEqual([expect.stringMatching(says)]);
  } finally {
    proxy.release();
    await proxy.stop();
    await tab.close();
  }
}

/** Each way at one size in one browser and the other size in the other: both sizes in both. */
const SIZES: Record<Way, [Device, Device]> = {
  'the server gone': ['phone', 'desktop'],
  'the browser offline': ['desktop', 'phone'],
  'a server that holds its answer': ['phone', 'desktop'],
};

describe('after one visit, Chromium starts the app with', () => {
  for (const way of Object.keys(WAYS) as Way[]) {
    const device = SIZES[way][0];
    it(`${way} (${device})`, () => startsWith(chromiumTab, way, device));
  }
});

describe.runIf(withFirefox())('after one visit, Firefox starts the app with', () => {
  for (const way of Object.keys(WAYS) as Way[]) {
    const device = SIZES[way][1];
    it(`${way} (${device})`, () => startsWith(firefoxTab, way, device));
  }
});
