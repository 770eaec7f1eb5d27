/**
 * Connection honesty (ui/connection-banner.tsx): the network goes away while the table plays on
 * (until the bots have made a few moves, as the table's summary says). The page says so within a
 * second, over the board rather than in its place; back online, it catches up and says how much
 * happened meanwhile.
 */
import { expect, it } from 'vitest';
import type { TableSummary } from '../../shared/protocol.ts';
import { expectNoAxeViolations } from './axe.ts';
import { type Device, openPage, screenshot } from './browser.ts';
import { baseUrl, openAsHost, useBrowser } from './suite.ts';

const browser = useBrowser();

/** What the browser logs for a socket it cannot open while offline: expected, not an error. */
const OFFLINE_SOCKET = /WebSocket connection to .* failed: .*ERR_INTERNET_DISCONNECTED/;

/** Waits until the table's turn has passed `n` times (two bots taking turns: n moves at least). */
async function movesMade(id: string, n: number): Promise<void> {
  let turns = 0;
  let last: string | undefined;
  await expect
    .poll(
      async () => {
        const summary: TableSummary = await (await fetch(`${baseUrl}/api/tables/${id}`)).json();
        const now = JSON.stringify(summary.toMove);
        if (last !== undefined && now !== last) turns++;
        last = now;
        return turns;
      },
      { timeout: 20_000, interval: 50 },
    )
    .toBeGreaterThanOrEqual(n);
}

it.each<Device>(['desktop', 'phone'])(
  'on a %s: offline is said at once, the board stays put, and back it says what happened',
  { timeout: 90_000 },
  async (device) => {
    const { context, page, errors } = await openPage(browser(), device, { locale: 'en-US' });
    // The host watches two bots play a long game: the table goes on without this page.
    const config = { goal: { kind: 'points', points: 200 } };
    const table = await openAsHost(page, { game: 'hulahoo', players: 2, bots: [0, 1], config });
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.waitForSelector('[data-board]');
    const board = page.locator('[data-board]');
    const top = async () => (await board.boundingBox())?.y;
    const before = await top();

    await context.setOffline(true);
    const banner = page.locator('.banner.floating');
    /** What the banner says now ('' when there is none), without waiting for one. */
    const says = async () => (await banner.allTextContents()).join('');
    const said = Date.now();
    await expect.poll(says, { timeout: 1_000 }).toMatch(/^Offline —/);
    expect(Date.now() - said).toBeLessThan(1_000);
    // Said over the page's top bar: the board neither moves nor hides.
    expect(await top()).toBe(before);
    expect(await board.isVisible()).toBe(true);
    await expectNoAxeViolations(page, `offline, ${device}`);
    await screenshot(page, `offline-${device}`);
    // The table plays on meanwhile: whose turn it is changes with each bot's move (this test's own
    // requests are not the page's, and reach it).
    await movesMade(table.id, 4);

    await context.setOffline(false);
    await expect
      .poll(says, { timeout: 20_000 })
      .toMatch(/^Back online: (\d+ moves were|1 move was) made meanwhile\.$/);
    await screenshot(page, `back-online-${device}`);
    await expectNoAxeViolations(page, `back online, ${device}`);
    // It goes by itself.
    await expect.poll(() => banner.count(), { timeout: 10_000 }).toBe(0);
    expect(errors.filter((e) => !OFFLINE_SOCKET.test(e))).toEqual([]);
    await context.close();
  },
);
