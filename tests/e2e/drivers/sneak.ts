import { clickFirst, type Driver } from './types.ts';

const board = '[data-board]';

/** Declines every challenge, draws while it can, then leads single cards face up. */
export const sneak: Driver = async (page) => {
  if (await clickFirst(page, `${board} button:has-text("Decline"):not([disabled])`)) return true;
  if (await clickFirst(page, `${board} button:text-is("Draw"):not([disabled])`)) return true;
  const flaunt = page.locator(`${board} button:has-text("Flaunt"):not([disabled])`);
  const sneakOne = page.locator(`${board} button:has-text("Sneak"):not([disabled])`);
  const cards = page.locator(`${board} .sn-card-button:not([aria-disabled="true"])`);
  if ((await cards.count()) === 0) return false;
  if ((await flaunt.count()) === 0 && (await sneakOne.count()) === 0) {
    await cards.first().click();
  }
  if (await clickFirst(page, `${board} button:has-text("Flaunt"):not([disabled])`)) return true;
  return clickFirst(page, `${board} button:has-text("Sneak"):not([disabled])`);
};
