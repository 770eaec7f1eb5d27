/**
 * A player with a keyboard only: after a move (HiLO's two cards turned up, Hula-Hoo!'s "Keep
 * all"), focus stays on the board, never dropped to <body> (whence Tab would go on to the
 * reactions), and is on the card or button to play with once the player may act.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { openPage } from './browser.ts';
import { openAsHost, useBrowser } from './suite.ts';

const browser = useBrowser();

/** Presses Tab until focus is on what `target` finds (at most `max` times); whether it got there. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<boolean> {
  const focused = () =>
    target.evaluateAll((els) => els.some((el) => el === document.activeElement));
  for (let i = 0; i < max; i++) {
    if (await focused()) return true;
    await page.keyboard.press('Tab');
  }
  return false;
}

/** Where focus is: on the board, on <body>, or elsewhere (named). */
const focusAt = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    if (active.closest('[data-board]')) return 'board';
    return `${active.tagName.toLowerCase()}.${[...active.classList].join('.')}`;
  });

/**
 * How long the player may wait to act again: the bots' turns, and where they knock the player out
 * before a first turn (one table in forty or so), the round's end, its pause and the next deal.
 */
const UNTIL_ACTING_MS = 45_000;

/**
 * Focus stays on the board after the move, and once the player may act again it is on what they
 * act with, so that Enter and Tab start from there.
 */
async function expectFocusKept(page: Page): Promise<void> {
  await expect.poll(() => focusAt(page)).toBe('board');
  const control = '.card-button[tabindex="0"], button:not(:disabled):not([tabindex="-1"])';
  await expect
    .poll(() => page.evaluate((c) => document.activeElement?.matches(c) ?? false, control), {
      timeout: UNTIL_ACTING_MS,
    })
    .toBe(true);
  expect(await focusAt(page)).toBe('board');
}

/** A table of the player and two bots, started, its board drawn. */
async function startTable(page: Page, game: string): Promise<void> {
  await openAsHost(page, { game, players: 3, bots: [1, 2] }, { seat: 0, name: 'Ann' });
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForSelector('[data-board]');
}

it('HiLO: two cards picked and turned up with the keyboard, focus stays on the board', {
  timeout: UNTIL_ACTING_MS + 30_000,
}, async () => {
  const { context, page, errors } = await openPage(browser(), 'desktop', { locale: 'en-US' });
  await startTable(page, 'hilo');
  expect(await tabTo(page, page.locator('[data-board] .hl-own-grid .hl-cell'))).toBe(true);
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('.hl-own-grid .hl-pick').count()).toBe(2);
  expect(await tabTo(page, page.getByRole('button', { name: 'Turn them up' }))).toBe(true);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('.hl-own-grid [aria-pressed]').count()).toBe(0);
  await expectFocusKept(page);
  expect(errors).toEqual([]);
  await context.close();
});

it('Hula-Hoo!: "Keep all" with the keyboard, focus stays on the board', {
  timeout: UNTIL_ACTING_MS + 30_000,
}, async () => {
  const { context, page, errors } = await openPage(browser(), 'desktop', { locale: 'en-US' });
  await startTable(page, 'hulahoo');
  const keep = page.getByRole('button', { name: 'Keep all' });
  await keep.waitFor();
  expect(await tabTo(page, keep)).toBe(true);
  await page.keyboard.press('Enter');
  await expect.poll(() => keep.count()).toBe(0);
  await expectFocusKept(page);
  expect(errors).toEqual([]);
  await context.close();
});
