import { clickFirst, type Driver } from './types.ts';

export const hulahoo: Driver = async (page) => {
  if (await clickFirst(page, '[data-board] button:has-text("Keep all")')) return true;
  if ((await page.locator('[data-board] button:has-text("Lay them out")').count()) > 0) {
    const hand = page.locator('[data-board] .card-button.legal');
    for (let i = 0; i < 5; i++) await hand.nth(i).click();
    return clickFirst(page, '[data-board] button:has-text("Lay them out")');
  }
  if (await clickFirst(page, '[data-board] .choice button.primary')) return true;
  if (!(await clickFirst(page, '[data-board] .card-button.legal'))) return false;
  await clickFirst(page, '[data-board] .choice button.primary');
  return true;
};
