/**
 * axe at the moments a spectator meets: a table of bots watched mid-round and while someone
 * decides, and tables at a round's end and at game over (games played by the engine, taken to a
 * table there: `POST /api/tables/import`), in every game, at 1280×800 and 375×667.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { GAME_IDS, type GameId } from '../../shared/engine/types.ts';
import { soloUpload } from '../table/support.ts';
import { violationsThatStay } from './axe.ts';
import { collectErrors, type Device, newContext, screenshot } from './browser.ts';
import { baseUrl, importTable, openAsHost, useBrowser } from './suite.ts';

const browser = useBrowser();

/** How many bots play at a table watched: its game's defaults, to its end. */
const PLAYERS = 3;

/** Boards that show a seat deciding (Sneak's answers to a lead: `data-status="thinking"`). */
const DECIDING: readonly GameId[] = ['sneak'];

/** How long the watcher stays after the board shows, for a seat seen deciding. */
const WATCH_MS = 30_000;

/** The violations at the moments of a round the watcher reaches, by moment. */
async function watch(page: Page, game: GameId, label: string): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  const note = async (moment: string) => {
    if (found.has(moment)) return;
    // A card caught mid-glide by a bot's move is looked at again at rest (axe.ts).
    found.set(moment, await violationsThatStay(page));
    await screenshot(page, `watching-${label}-${moment}`);
  };
  // The board first; then, where the board shows it, a seat deciding.
  await page.locator('[data-board]').waitFor({ timeout: 30_000 });
  await note('mid-round');
  const until = Date.now() + WATCH_MS;
  while (DECIDING.includes(game) && Date.now() < until && !found.has('deciding')) {
    if ((await page.locator('[data-status="thinking"]').count()) > 0) await note('deciding');
    await page.waitForTimeout(150);
  }
  return found;
}

const CASES: [GameId, Device][] = GAME_IDS.flatMap((game) =>
  (['desktop', 'phone'] as const).map((device): [GameId, Device] => [game, device]),
);

it.each(CASES)(
  '%s watched on a %s: axe finds nothing mid-round, nor while someone decides',
  {
    timeout: 90_000,
  },
  async (game, device) => {
    const host = await newContext(browser(), 'desktop', { locale: 'en-US' });
    const hostPage = await host.newPage();
    const table = await openAsHost(hostPage, {
      game,
      players: PLAYERS,
      config: {},
      bots: Array.from({ length: PLAYERS }, (_, s) => s),
    });
    const viewer = await newContext(browser(), device, { locale: 'en-US' });
    const page = await viewer.newPage();
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/t/${table.id}`);
    await page.locator('.lobby').waitFor();
    await hostPage.click('button:has-text("Start the game")');
    const found = await watch(page, game, `${game}-${device}`);
    expect([...found.keys()]).toEqual(
      DECIDING.includes(game) ? ['mid-round', 'deciding'] : ['mid-round'],
    );
    for (const [moment, violations] of found) expect(violations, moment).toEqual([]);
    expect(errors).toEqual([]);
    await viewer.close();
    await host.close();
  },
);

it.each(CASES)(
  '%s watched on a %s: axe finds nothing at a round’s end, nor at game over',
  {
    timeout: 60_000,
  },
  async (game, device) => {
    const viewer = await newContext(browser(), device, { locale: 'en-US' });
    const page = await viewer.newPage();
    const errors = collectErrors(page);
    for (const [moment, at] of [
      ['round over', 'roundOver'],
      ['game over', 'gameOver'],
    ] as const) {
      // Its uploader's browser is elsewhere: this one only watches.
      const { id } = await importTable(soloUpload(game, at, `${game}-watched`).body);
      await page.goto(`${baseUrl}/t/${id}`);
      await page.locator(at === 'roundOver' ? '.round-over' : '.game-over').waitFor();
      expect(await violationsThatStay(page), moment).toEqual([]);
      await screenshot(page, `watching-${game}-${device}-${moment.replace(' ', '-')}`);
    }
    expect(errors).toEqual([]);
    await viewer.close();
  },
);
