import { clickFirst, type Driver } from './types.ts';

const board = '[data-board]';
const cells = `${board} .hl-cell.legal`;
const faceDownCells = `${cells}[aria-label*="face-down"]`;

/** Opens two cards, then draws every turn and puts the card on a face-down place (so rounds end). */
export const hilo: Driver = async (page) => {
  if ((await page.locator(`${board} button:has-text("Turn them up")`).count()) > 0) {
    const open = page.locator(cells);
    await open.nth(0).click();
    await open.nth(1).click();
    return clickFirst(page, `${board} button:has-text("Turn them up")`);
  }
  if (await clickFirst(page, `${board} button:has-text("Keep for later")`)) return true;
  const draw = page.locator(`${board} button:has-text("Draw a card"):not([disabled])`);
  if ((await draw.count()) > 0) {
    await draw.first().click();
    return true;
  }
  if (await clickFirst(page, faceDownCells)) return true;
  return clickFirst(page, cells);
};
