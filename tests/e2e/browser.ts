/**
 * A real browser for the e2e tests and `npm run bench:web`: the machine's Chromium (see
 * chromium.ts) driven by playwright-core (no browser download). Node only: page-side code
 * belongs in the tests.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { GAME_IDS } from '../../shared/engine/types.ts';
import { findChromium, NO_CHROMIUM } from './chromium.ts';
import { ROOT } from './server.ts';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const SCREENSHOTS = path.join(ROOT, 'tests/artifacts/screenshots');

/** The browser the tests drive; throws with what to do when there is none. */
export function chromiumPath(): string {
  const found = findChromium();
  if (!found) throw new Error(NO_CHROMIUM);
  return found;
}

/** Starts headless Chromium with a fresh temporary profile. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}

export type Device = 'desktop' | 'phone';

export const DEVICES: Record<Device, BrowserContextOptions> = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: {
    viewport: { width: 375, height: 667 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  },
};

/**
 * A fresh context (own cookies and storage, empty cache) with the device's viewport. How to play
 * opens by itself on a first visit to a game and would cover the lobby: these players have read
 * it, unless `firstVisit` says they come for the first time.
 */
export async function newContext(
  browser: Browser,
  device: Device,
  options: BrowserContextOptions & { firstVisit?: boolean } = {},
): Promise<BrowserContext> {
  const { firstVisit = false, ...rest } = options;
  const context = await browser.newContext({ ...DEVICES[device], ...rest });
  if (!firstVisit) {
    // The script runs in the page: the ids go in as its argument. A new tab's first, blank
    // document has no storage the browser lets it use: nothing to do there.
    await context.addInitScript((ids) => {
      try {
        for (const game of ids) localStorage.setItem(`hoopla:rules:${game}`, 'seen');
      } catch {}
    }, GAME_IDS);
  }
  return context;
}

/** Saves a PNG of the page as tests/artifacts/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, name.endsWith('.png') ? name : `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Collects the page's console errors and uncaught exceptions from now on, into `errors` (a new
 * array, or one a test's other pages fill too). It fills as they happen; a test asserts
 * `expect(errors).toEqual([])` at the end.
 */
export function collectErrors(page: Page, errors: string[] = []): string[] {
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const where = msg.location().url;
    errors.push(`console.error: ${msg.text()}${where ? ` (${where})` : ''}`);
  });
  page.on('pageerror', (error) => {
    errors.push(`uncaught: ${error.stack ?? error.message}`);
  });
  return errors;
}

/** A fresh context on `device` with one page, and the page's errors (`collectErrors`). */
export async function openPage(
  browser: Browser,
  device: Device,
  options: BrowserContextOptions & { firstVisit?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser, device, options);
  const page = await context.newPage();
  return { context, page, errors: collectErrors(page) };
}

/**
 * Gives every page of `page`'s context, from its next navigation on, the host key of `table`, and
 * when given the seat its host sits in at once and the name it uses (as the start page keeps them).
 */
export async function asHost(
  page: Page,
  table: { id: string; hostKey: string },
  as: { seat?: number; name?: string } = {},
): Promise<void> {
  // The script runs in the page: what it sets goes in as its argument.
  await page.addInitScript(
    ({ id, hostKey, seat, name }) => {
      localStorage.setItem(`hoopla:host:${id}`, hostKey);
      if (seat !== null) localStorage.setItem(`hoopla:sit:${id}`, String(seat));
      if (name !== null) localStorage.setItem('hoopla:name', name);
    },
    { id: table.id, hostKey: table.hostKey, seat: as.seat ?? null, name: as.name ?? null },
  );
}
