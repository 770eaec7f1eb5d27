/**
 * The moments between turns on a phone: the score sheet of a full Sneak table fits the screen,
 * and the page never scrolls sideways.
 */
import { expect, it } from 'vitest';
import { DEVICES, type Device, newContext, screenshot } from './browser.ts';
import { openAsHost, useBrowser } from './suite.ts';

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
