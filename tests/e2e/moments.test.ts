/**
 * The moments between turns: on a phone the score sheet of a full Sneak table fits the screen,
 * and the page never scrolls sideways; a solo game just taken online ("Invite friends") waits
 * for its player, with no countdown, its link and QR code in view, however long friends take.
 */
import { expect, it } from 'vitest';
import { quickConfig } from '../engine/adapters.ts';
import { soloUpload } from '../table/support.ts';
import { expectNoAxeViolations } from './axe.ts';
import { DEVICES, type Device, newContext, screenshot } from './browser.ts';
import { baseUrl, importTable, openAsHost, useBrowser } from './suite.ts';

const browser = useBrowser();

it('Sneak with seven players: the score sheet fits a phone', { timeout: 60_000 }, async () => {
  const device: Device = 'phone';
  const context = await newContext(browser(), device, { locale: 'en-US' });
  const page = await context.newPage();
  const body = { game: 'sneak', players: 7, bots: [1, 2, 3, 4, 5, 6] };
  // A long name, as people choose them.
  await openAsHost(page, body, { seat: 0, name: 'Annabelle-Marie' });
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForSelector('[data-board]');
  await page.locator('details.scores summary').click();
  const sheet = await page.locator('details.scores .score-sheet').boundingBox();
  const width = DEVICES[device].viewport!.width;
  expect(sheet).not.toBeNull();
  expect(sheet!.x).toBeGreaterThanOrEqual(0);
  expect(sheet!.x + sheet!.width).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
  await page.locator('details.scores').scrollIntoViewIfNeeded();
  await screenshot(page, 'sneak-7-scores-phone');
  await context.close();
});

it.each<Device>(['phone', 'desktop'])(
  'a solo game taken online on a %s waits for its player, link and QR code in view',
  { timeout: 60_000 },
  async (device) => {
    const context = await newContext(browser(), device, { locale: 'en-US' });
    const page = await context.newPage();
    // The upload "Invite friends" makes at a solo round's end (solo/invite.ts).
    const { body } = soloUpload('hilo', 'roundOver', `invite-${device}`, {
      players: 3,
      config: quickConfig('hilo'),
      levels: [null, 'normal', 'easy'],
    });
    const table = await importTable(body, context);
    await page.goto(`${baseUrl}/t/${table.id}`);
    const ready = page.getByRole('button', { name: 'I’m ready' });
    await ready.waitFor();
    // No countdown, now or a while later: the table waits for its player.
    const countdown = page.locator('.round-pause .countdown');
    expect(await countdown.count()).toBe(0);
    const summary = await (await fetch(`${baseUrl}/api/tables/${table.id}`)).json();
    expect(summary.pause).toMatchObject({ waitingFor: [0], until: null });
    // The link and its QR code, shown at once, and in view with "I'm ready" on the screen.
    const qr = page.locator('.invite .share-qr .qr-code');
    await qr.waitFor();
    const height = DEVICES[device].viewport!.height;
    await expect
      .poll(async () => {
        const boxes = await Promise.all([qr, ready].map((l) => l.boundingBox()));
        return boxes.every((b) => b !== null && b.y >= 0 && b.y + b.height <= height);
      })
      .toBe(true);
    await expectNoAxeViolations(page, `a solo game just taken online (${device})`);
    await screenshot(page, `invite-waits-${device}`);
    await ready.click();
    await expect.poll(() => page.locator('.round-over').count()).toBe(0);
    await context.close();
  },
);
