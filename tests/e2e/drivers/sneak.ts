import { clickFirst, type Driver, tryClick } from './types.ts';

const board = '[data-board]';

/**
 * Declines every challenge and leads a single card face up whenever it holds one, drawing only
 * with an empty hand: a hand kept small makes a short round.
 */
export const sneak: Driver = async (page) => {
  if (await clickFirst(page, `${board} button:has-text("Decline"):not([disabled])`)) return true;
  const flaunt = page.locator(`${board} button:has-text("Flaunt"):not([disabled])`);
  const sneakOne = page.locator(`${board} button:has-text("Sneak"):not([disabled])`);
  const cards = page.locator(`${board} .sn-card-button:not([aria-disabled="true"])`);
  if ((await cards.count()) === 0) {
    return clickFirst(page, `${board} button:text-is("Draw"):not([disabled])`);
  }
  if ((await flaunt.count()) === 0 && (await sneakOne.count()) === 0) {
    if (!(await tryClick(cards.first()))) return false;
  }
  if (await clickFirst(page, `${board} button:has-text("Flaunt"):not([disabled])`)) return true;
  return clickFirst(page, `${board} button:has-text("Sneak"):not([disabled])`);
};
