import { errors, type Locator, type Page } from 'playwright-core';

/**
 * Plays one game through its board like a person would: looks at what the page offers and, when
 * this page's player has something to do, makes one move with clicks. Returns whether it acted.
 */
export type Driver = (page: Page) => Promise<boolean>;

/**
 * How long a click waits for its target to take it. The table moves on while a driver looks (a
 * bot plays, a selection is cleared by a new turn), so a button seen enabled may be disabled by
 * the time it is clicked; the driver then looks again rather than wait out the test.
 */
const CLICK_TIMEOUT_MS = 3_000;

/** Clicks the target if it is there and takes the click; whether it did. */
export async function tryClick(target: Locator): Promise<boolean> {
  if ((await target.count()) === 0 || !(await target.isVisible())) return false;
  try {
    await target.click({ timeout: CLICK_TIMEOUT_MS });
    return true;
  } catch (error) {
    if (error instanceof errors.TimeoutError) return false;
    throw error;
  }
}

/** Clicks the first visible match, if any. */
export function clickFirst(page: Page, selector: string): Promise<boolean> {
  return tryClick(page.locator(selector).first());
}

/** What a page shows at a round's end or the game's: no move is asked of anyone then. */
export const ROUND_ENDED = '.round-over, .game-over';

/** How many of those the page shows: 0 while the round goes on. */
export const roundEnded = (page: Page): Promise<number> => page.locator(ROUND_ENDED).count();
