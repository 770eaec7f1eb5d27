/**
 * Sneak against normal bots, as a person meets it: in the first round the bots sneak, and sneaks
 * are challenged and turned up. The person draws, sneaks a card now and then, and lets every lead
 * by; the test reads the table's log as the person sees it.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { openPage, screenshot } from './browser.ts';
import { sneak as flaunting } from './drivers/sneak.ts';
import { openAsHost, useBrowser } from './suite.ts';

const browser = useBrowser();
const board = '[data-board]';

/** The log's lines, newest first. */
const logLines = (page: Page) => page.locator('.log li').allTextContents();

const sneakLine = /^(.+) sneaks \d+ cards? face down\.$/;

/** Whether a sneak in these lines (newest first) was challenged: its leader's cards were shown. */
function challengedSneak(lines: string[]): boolean {
  return lines.some((line, j) => {
    const leader = sneakLine.exec(line)?.[1];
    if (!leader) return false;
    for (let i = j - 1; i >= 0; i--) {
      const later = lines[i]!;
      if (later.startsWith(`${leader} shows`)) return true;
      if (later.startsWith(`${leader} wins`) && later.includes('unseen')) return false;
    }
    return false;
  });
}

it('against normal bots, a person sees sneaks and challenged sneaks in the first round', {
  timeout: 240_000,
}, async () => {
  const { context, page, errors } = await openPage(browser(), 'desktop', { locale: 'en-US' });
  await openAsHost(
    page,
    // Two packs: a longer first round, so that a challenged sneak is all but certain in it (in
    // games between the engine and the bots, every one of 300 such rounds had one).
    { game: 'sneak', players: 4, config: { packs: 2 }, bots: [1, 2, 3], botLevel: 'normal' },
    { seat: 0, name: 'Ann' },
  );
  await page.click('button:has-text("Start the game")');
  await page.waitForSelector(board);

  let botSneaks = false;
  let challenged = false;

  let turns = 0;
  for (let step = 0; step < 2000 && !(botSneaks && challenged); step++) {
    if ((await page.locator('.round-over, .game-over').count()) > 0) break;
    const lines = await logLines(page);
    botSneaks ||= lines.some((line) => sneakLine.exec(line)?.[1]?.startsWith('Bot'));
    challenged ||= challengedSneak(lines);
    const decline = page.locator(`${board} button:has-text("Decline"):not([disabled])`);
    const draw = page.locator(`${board} button:text-is("Draw"):not([disabled])`);
    if ((await decline.count()) > 0) {
      await decline.click();
    } else if ((await draw.count()) > 0) {
      // Every third turn with cards to spare, a sneak of one card; else the draw.
      const cards = page.locator(`${board} .sn-card-button:not([aria-disabled="true"])`);
      if (++turns % 3 === 0 && (await cards.count()) >= 3) {
        await cards.first().click();
        await page.click(`${board} button:has-text("Sneak"):not([disabled])`);
      } else {
        await draw.click();
      }
    } else if (!(await flaunting(page))) {
      await page.waitForTimeout(150);
    }
  }
  await screenshot(page, 'sneak-bots-desktop');
  expect(botSneaks, 'a bot sneaked in the first round').toBe(true);
  expect(challenged, 'a sneak was challenged in the first round').toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});
