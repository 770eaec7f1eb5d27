/**
 * axe at the moments a spectator meets: a table of bots watched mid-round, while someone decides,
 * at a round's end and at game over, in every game, at 1280×800 and 375×667.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { violationsThatStay } from './axe.ts';
import { collectErrors, type Device, newContext, screenshot } from './browser.ts';
import { baseUrl, openAsHost, useBrowser } from './suite.ts';

const browser = useBrowser();

const TABLES = {
  hulahoo: { game: 'hulahoo', players: 3, config: { goal: { kind: 'wins', wins: 1 } } },
  hilo: { game: 'hilo', players: 3, config: { limit: 50 } },
  sneak: { game: 'sneak', players: 3, config: { target: 50 } },
} as const;

/** The violations at each moment the watcher reaches, by moment; and whether each was reached. */
async function watch(page: Page, label: string): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  const note = async (moment: string) => {
    if (found.has(moment)) return;
    // A card caught mid-glide by a bot's move is looked at again at rest (axe.ts).
    found.set(moment, await violationsThatStay(page));
    await screenshot(page, `watching-${label}-${moment}`);
  };
  const until = Date.now() + 120_000;
  while (Date.now() < until && !found.has('game over')) {
    if ((await page.locator('.game-over').count()) > 0) await note('game over');
    else if ((await page.locator('.round-over').count()) > 0) await note('round over');
    else if ((await page.locator('[data-status="thinking"]').count()) > 0) await note('deciding');
    else if ((await page.locator('[data-board]').count()) > 0) await note('mid-round');
    await page.waitForTimeout(150);
  }
  return found;
}

it.each<[keyof typeof TABLES, Device]>([
  ['hulahoo', 'desktop'],
  ['hulahoo', 'phone'],
  ['hilo', 'desktop'],
  ['hilo', 'phone'],
  ['sneak', 'desktop'],
  ['sneak', 'phone'],
])(
  '%s watched on a %s: axe finds nothing mid-round, while someone decides, at the ends',
  {
    timeout: 180_000,
  },
  async (game, device) => {
    const host = await newContext(browser(), 'desktop', { locale: 'en-US' });
    const hostPage = await host.newPage();
    const players = TABLES[game].players;
    const table = await openAsHost(hostPage, {
      ...TABLES[game],
      bots: Array.from({ length: players }, (_, s) => s),
    });
    const viewer = await newContext(browser(), device, { locale: 'en-US' });
    const page = await viewer.newPage();
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/t/${table.id}`);
    await page.locator('.lobby').waitFor();
    await hostPage.click('button:has-text("Start the game")');
    const found = await watch(page, `${game}-${device}`);
    expect([...found.keys()]).toEqual(expect.arrayContaining(['mid-round', 'game over']));
    for (const [moment, violations] of found) expect(violations, moment).toEqual([]);
    expect(errors).toEqual([]);
    await viewer.close();
    await host.close();
  },
);
