/**
 * What survives in the browser: the creator lands in their seat, the log is whole after a reload,
 * and a round's end stays on screen (bots never start the next round) until the player is ready.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TableSummary } from '../../shared/protocol.ts';
import { openPage, screenshot } from './browser.ts';
import { hulahoo as drive } from './drivers/hulahoo.ts';
import { baseUrl, useBrowser } from './suite.ts';

const browser = useBrowser();

/** Creates a 2-seat Hula-Hoo! table (you and a bot) from the home page, with no name, and starts it. */
async function soloTable(page: Page): Promise<void> {
  await page.goto(baseUrl);
  await page.locator('label.game-choice:has(input[value="hulahoo"])').click();
  await page.locator('.counts label', { hasText: '2' }).click();
  await page.click('button[type=submit]');
  await page.waitForSelector('.lobby');
  // Seated at once, in the seat the home page called "You", under the table's default name.
  await expect.poll(() => page.locator('.lobby').textContent()).toContain('Player 1');
  await page.click('button:has-text("Start the game")');
  await page.waitForSelector('[data-board]');
}

const logLines = (page: Page) => page.locator('.log li').allTextContents();
const myTurn = (page: Page) => page.locator('.game.my-turn').count();

describe('a table in the browser over time', () => {
  it('the log is whole after a reload', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await openPage(browser(), 'desktop', { locale: 'en-US' });
    await soloTable(page);
    await expect.poll(() => page.locator('.players li.mine').textContent()).toContain('Player 1');

    for (let step = 0; step < 60 && (await logLines(page)).length < 6; step++) {
      const acted = await drive(page);
      await page.waitForTimeout(acted ? 200 : 400);
    }
    // At rest: Ann's turn (the bot waits for her) or the round's end.
    await expect
      .poll(async () => (await myTurn(page)) + (await page.locator('.round-over').count()), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    await page.waitForTimeout(500);
    const before = await logLines(page);
    expect(before.length).toBeGreaterThanOrEqual(6);

    await page.reload();
    await page.waitForSelector('[data-board]');
    await expect.poll(() => logLines(page)).toEqual(before);
    await screenshot(page, 'log-after-reload-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a round’s end stays until the player is ready', { timeout: 240_000 }, async () => {
    const { context, page, errors } = await openPage(browser(), 'phone', { locale: 'en-US' });
    await soloTable(page);
    // Played until the round ends, however slowly the machine lets the bots and the page go.
    const until = Date.now() + 150_000;
    while (Date.now() < until && (await page.locator('.round-over').count()) === 0) {
      const acted = await drive(page);
      await page.waitForTimeout(acted ? 150 : 300);
    }
    const panel = page.locator('section.round-over');
    await panel.waitFor({ state: 'visible', timeout: 5_000 });
    // On a phone the round's end comes into view by itself, "ready" button and all.
    const ready = panel.locator('button:has-text("I’m ready")');
    await expect
      .poll(
        async () => {
          const box = await ready.boundingBox();
          return box !== null && box.y >= 0 && box.y + box.height <= 667;
        },
        { timeout: 5_000 },
      )
      .toBe(true);
    await screenshot(page, 'round-over-phone');
    // The table waits on her (its bot never says it is ready for her): still the round's end,
    // counting down.
    const res = await fetch(`${baseUrl}/api/tables/${new URL(page.url()).pathname.split('/')[2]}`);
    const summary: TableSummary = await res.json();
    expect(summary.pause).toMatchObject({ ready: [], waitingFor: [0] });
    expect(await panel.isVisible()).toBe(true);
    expect(await panel.locator('.countdown').textContent()).toMatch(/Next round in \d+ s/);
    await ready.click();
    await expect.poll(() => page.locator('section.round-over').count()).toBe(0);
    // The next round opens at the top: the round's number, the opponents and the pile in view.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const board = await page.locator('[data-board]').boundingBox();
    expect(board?.y).toBeGreaterThanOrEqual(0);
    expect(board!.y).toBeLessThan(200);
    await screenshot(page, 'next-round-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
