/**
 * At a turn-based table everybody closes the page after their move: the host's page shows such a
 * player neither as away nor as someone to replace with a bot (a player is away there once their
 * clock runs out: tests/table/turn-away.test.ts). A live table offers it as before
 * (coming-back.test.ts).
 */
import type { Page, WebSocket } from 'playwright-core';
import { expect, it } from 'vitest';
import { collectErrors, type Device, newContext, screenshot } from './browser.ts';
import { baseUrl, openAsHost, useBrowser } from './suite.ts';

const browser = useBrowser();

/** The seats of each `table` summary the page is sent from now on, in the order they come. */
function summariesOf(page: Page): { connected: boolean }[][] {
  const seen: { connected: boolean }[][] = [];
  page.on('websocket', (ws: WebSocket) => {
    ws.on('framereceived', ({ payload }) => {
      try {
        const message: unknown = JSON.parse(String(payload));
        if (typeof message !== 'object' || message === null || !('type' in message)) return;
        if (message.type === 'table' && 'table' in message) {
          const { seats } = message.table as { seats: { connected: boolean }[] };
          seen.push(seats);
        }
      } catch {
        // Not JSON: the socket's ping.
      }
    });
  });
  return seen;
}

it.each<[Device, Device]>([
  ['desktop', 'phone'],
  ['phone', 'desktop'],
])(
  'the host on a %s: Ben on a %s closes his tab, and is not offered as away',
  {
    timeout: 60_000,
  },
  async (hostDevice, benDevice) => {
    const hostContext = await newContext(browser(), hostDevice, { locale: 'en-US' });
    const ann = await hostContext.newPage();
    const errors = collectErrors(ann);
    const summaries = summariesOf(ann);
    const body = { game: 'hulahoo', players: 2, pace: 'turn', clock: 86_400 };
    const table = await openAsHost(ann, body, { seat: 0, name: 'Ann' });
    await ann.locator('.lobby-seats li.mine').waitFor();

    const benContext = await newContext(browser(), benDevice, { locale: 'en-US' });
    const ben = await benContext.newPage();
    collectErrors(ben, errors);
    await ben.goto(`${baseUrl}/t/${table.id}`);
    await ben.fill('.name-form input', 'Ben');
    await ben.click('.name-form button[type=submit]');
    await ben.getByRole('button', { name: 'Sit here' }).click();
    await ben.locator('.lobby-seats li.mine').waitFor();
    await ann.getByRole('button', { name: 'Start the game' }).click();
    await ben.locator('[data-board]').waitFor();
    await ann.locator('[data-board]').waitFor();

    // Ben closes his tab: the table tells Ann's page who is here now.
    const before = summaries.length;
    await ben.close();
    await expect.poll(() => summaries.length, { timeout: 10_000 }).toBeGreaterThan(before);
    expect(summaries.at(-1)?.[1]).toMatchObject({ connected: true });
    const seat = ann.locator('.players li').nth(1);
    expect(await seat.textContent()).toMatch(/^Ben/);
    expect(await seat.textContent()).not.toContain('away');
    expect(await ann.getByRole('button', { name: 'Replace with a bot' }).count()).toBe(0);
    await screenshot(ann, `turn-based-closed-tab-${hostDevice}`);
    expect(errors).toEqual([]);
    await benContext.close();
    await hostContext.close();
  },
);
