import type { Page } from 'playwright-core';

/**
 * Plays one game through its board like a person would: looks at what the page offers and, when
 * this page's player has something to do, makes one move with clicks. Returns whether it acted.
 */
export type Driver = (page: Page) => Promise<boolean>;

/** Clicks the first visible match, if any. */
export async function clickFirst(page: Page, selector: string): Promise<boolean> {
  const target = page.locator(selector).first();
  if ((await target.count()) === 0 || !(await target.isVisible())) return false;
  await target.click();
  return true;
}
