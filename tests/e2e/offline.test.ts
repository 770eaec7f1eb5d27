/**
 * Connection honesty (ui/connection-banner.tsx): the network goes away for 20 s while the table
 * plays on. The page says so within a second, over the board rather than in its place; back
 * online, it catches up and says how much happened meanwhile.
 */
import { expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.ts';
import { type Device, openPage, screenshot } from './browser.ts';
import { openAsHost, useBrowser } from './suite.ts';

const browser = useBrowser();

/** What the browser logs for a socket it cannot open while offline: expected, not an error. */
const OFFLINE_SOCKET = /WebSocket connection to .* failed: .*ERR_INTERNET_DISCONNECTED/;

it.each<Device>(['desktop', 'phone'])(
  'on a %s: 20 s offline is said at once, the board stays put, and back it says what happened',
  { timeout: 90_000 },
  async (device) => {
    const { context, page, errors } = await openPage(browser(), device, { locale: 'en-US' });
    // The host watches two bots play a long game: the table goes on without this page.
    const config = { goal: { kind: 'points', points: 200 } };
    await openAsHost(page, { game: 'hulahoo', players: 2, bots: [0, 1], config });
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
    await page.waitForTimeout(20_000);
    await screenshot(page, `offline-${device}`);

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
