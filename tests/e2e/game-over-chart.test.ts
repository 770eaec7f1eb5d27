/**
 * The game-over chart plots what the totals count: Hula-Hoo! played to three round wins, taken
 * to a table at its end, draws each player's round wins climbing to the goal line at 3 (not the
 * rounds' points, which run far past it), at 1280×800 and on a 375×667 phone.
 */
import { expect, it } from 'vitest';
import { soloUpload } from '../table/support.ts';
import { expectNoAxeViolations } from './axe.ts';
import { DEVICES, openPage, screenshot } from './browser.ts';
import { atRest } from './layout.ts';
import { baseUrl, importTable, useBrowser } from './suite.ts';

const browser = useBrowser();

it('Hula-Hoo! to round wins: the chart climbs to the wins, its goal line at the wins needed', {
  timeout: 60_000,
}, async () => {
  const { context, page, errors } = await openPage(browser(), 'desktop', { locale: 'en-US' });
  const { body, game, state } = soloUpload('hulahoo', 'gameOver', 'chart-wins', {
    players: 3,
    config: { goal: { kind: 'wins', wins: 3, consecutive: false } },
    levels: [null, 'normal', 'normal'],
  });
  expect(Math.max(...game.result(state).totals)).toBe(3);
  const table = await importTable(body, page);
  await page.goto(`${baseUrl}/t/${table.id}`);
  const chart = page.locator('.game-over .score-chart');
  await chart.waitFor();
  for (const device of ['desktop', 'phone'] as const) {
    await page.setViewportSize(DEVICES[device].viewport!);
    await atRest(page);
    // The scale's numbers: 0 and the goal, 3, the top of every line; no points.
    const ticks = (await chart.locator('text.tick').allTextContents()).filter((s) =>
      /^\d+$/.test(s),
    );
    expect(ticks.sort(), device).toEqual(['0', '3']);
    expect(await chart.locator('line.goal').count(), device).toBe(1);
    expect(await page.locator('.game-over .score-sheet').textContent(), device).toContain(
      'Rounds won',
    );
    await screenshot(page, `game-over-chart-wins-${device}`);
    await expectNoAxeViolations(page, `Hula-Hoo! game over to round wins (${device})`);
  }
  expect(errors).toEqual([]);
  await context.close();
});
