/**
 * The table screen (`/t/<id>?screen`), made for a room: no rules dialog, no seat controls, the QR
 * code where it covers nothing while a seat is free, and in play a board that fills the screen
 * with the last moves and the scores beside it — for each game, on a TV and on a laptop.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.ts';
import { collectErrors, newContext, screenshot } from './browser.ts';
import { baseUrl, openAsHost, useBrowser } from './suite.ts';

const browser = useBrowser();

const SCREENS = {
  tv: { width: 1920, height: 1080 },
  laptop: { width: 1280, height: 800 },
} as const;

/** Whether a locator's box lies wholly within the viewport, with nothing to scroll. */
async function inView(page: Page, what: Locator): Promise<boolean> {
  const box = await what.boundingBox();
  const size = page.viewportSize()!;
  return (
    box !== null &&
    box.y >= 0 &&
    box.x >= 0 &&
    box.y + box.height <= size.height + 1 &&
    box.x + box.width <= size.width + 1
  );
}

/** Whether two boxes overlap. */
const overlap = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

it.each([
  { game: 'hulahoo', screen: 'tv', card: 90 },
  { game: 'hulahoo', screen: 'laptop', card: 60 },
  { game: 'hilo', screen: 'tv', card: 60 },
  { game: 'sneak', screen: 'tv', card: 90 },
] as const)(
  '$game on a $screen: made for the room, in the lobby and in play',
  {
    timeout: 120_000,
  },
  async ({ game, screen, card }) => {
    const host = await newContext(browser(), 'desktop', { locale: 'en-US' });
    const hostPage = await host.newPage();
    const table = await openAsHost(
      hostPage,
      { game, players: 3, bots: [2] },
      { seat: 0, name: 'Ann' },
    );
    await hostPage.locator('.lobby').waitFor();

    // A first visit: the rules dialog would open for a player, not for a room.
    const room = await newContext(browser(), 'desktop', {
      locale: 'en-US',
      firstVisit: true,
      viewport: SCREENS[screen],
    });
    const page = await room.newPage();
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/t/${table.id}?screen`);
    const lobby = page.locator('.lobby');
    await lobby.waitFor();
    await page.waitForTimeout(500);
    expect(await page.locator('dialog[open]').count()).toBe(0);
    // Who sits where, and nothing to change it with.
    expect(await lobby.textContent()).toContain('Ann');
    for (const control of [
      '.name-form',
      'select',
      'button:has-text("Sit here")',
      '.lobby-seats button',
    ]) {
      expect(await lobby.locator(control).count(), control).toBe(0);
    }
    // The way in, while a seat is free, covering nothing.
    const join = page.locator('.screen-join');
    await join.waitFor();
    expect(await inView(page, join)).toBe(true);
    const joinBox = (await join.boundingBox())!;
    expect(overlap(joinBox, (await lobby.boundingBox())!)).toBe(false);
    await expectNoAxeViolations(page, `${game} table screen lobby (${screen})`);
    await screenshot(page, `screen-${game}-${screen}-lobby`);

    // Seat 2 goes to a bot; the game starts.
    await hostPage.getByRole('button', { name: 'Add a bot' }).click();
    await hostPage.getByRole('button', { name: 'Start the game' }).click();
    await page.locator('[data-board]').waitFor();
    await expect
      .poll(() => page.locator('.log li').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(await page.locator('.screen-join').count()).toBe(0);
    // Cards a room can read, the last moves and the scores in sight, nothing to scroll to.
    const heights = await page
      .locator('[data-board] [data-card], [data-board] .card-back')
      .evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().height));
    expect(Math.max(...heights)).toBeGreaterThanOrEqual(card);
    expect(await inView(page, page.locator('[data-board]'))).toBe(true);
    expect(await inView(page, page.locator('.log'))).toBe(true);
    expect(await inView(page, page.locator('.players'))).toBe(true);
    // Nothing for a room to press but the rules.
    expect(await page.locator('.reaction-bar, .sound-toggle, .nudge').count()).toBe(0);
    await expectNoAxeViolations(page, `${game} table screen in play (${screen})`);
    await screenshot(page, `screen-${game}-${screen}-play`);
    expect(errors).toEqual([]);
    await room.close();
    await host.close();
  },
);
