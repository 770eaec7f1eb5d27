/**
 * After the game, everything shows: a short Sneak game and a short HiLO game against two bots,
 * each taken to a table at its end and replayed. On a 1280×800 desktop and a 375×667 phone the replay shows
 * the others' hands, Sneak's face-down sets and HiLO's face-down cards face up (marked as hidden
 * during play), never says "Your turn" nor offers a move, and passes axe.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { GameId } from '../../shared/engine/types.ts';
import { LIMIT_RANGE } from '../../shared/games/hilo/config.ts';
import { TARGET_RANGE } from '../../shared/games/sneak/config.ts';
import { soloUpload } from '../table/support.ts';
import { expectNoAxeViolations } from './axe.ts';
import { DEVICES, openPage, screenshot } from './browser.ts';
import { atRest } from './layout.ts';
import { baseUrl, importTable, useBrowser } from './suite.ts';

const browser = useBrowser();

/**
 * A short game of three (Ann and two normal bots) played to its end by the engine, taken to a
 * live table at its end (`POST /api/tables/import`), and its replay opened at the deal.
 */
async function replayOf(page: Page, game: GameId, config: unknown): Promise<void> {
  const { body } = soloUpload(game, 'gameOver', `${game}-replay`, {
    players: 3,
    config,
    levels: [null, 'normal', 'normal'],
  });
  const table = await importTable(body, page);
  await page.goto(`${baseUrl}/t/${table.id}`);
  await page.waitForSelector('.game-over');
  await page.getByRole('button', { name: 'Replay the game' }).click();
  await expect
    .poll(() => page.locator('.replay-step strong').textContent(), { timeout: 10_000 })
    .toBe('The deal');
  await page.waitForSelector('.replay [data-board]');
}

const replay = '.replay [data-board]';
const next = (page: Page) => page.getByRole('button', { name: 'Next' });

/** Nothing in the replay says it is the viewer's turn, nor offers a move. */
async function expectNoTurn(page: Page, where: string): Promise<void> {
  expect(await page.locator('.replay').textContent(), where).not.toContain('Your turn');
  expect(await page.locator(`${replay} .actions button`).allTextContents(), where).toEqual([]);
}

/**
 * Steps through the replay until `found` holds, checking each step on the way; returns whether
 * it held.
 */
async function stepUntil(page: Page, found: () => Promise<boolean>): Promise<boolean> {
  for (let step = 0; step < 1000; step++) {
    await expectNoTurn(page, `step ${step}`);
    if (await found()) return true;
    if (await next(page).isDisabled()) return false;
    await next(page).click();
  }
  return false;
}

/** Looks at the replay as it stands at both sizes: a screenshot each, and axe. */
async function atBothSizes(page: Page, name: string): Promise<void> {
  for (const device of ['desktop', 'phone'] as const) {
    await page.setViewportSize(DEVICES[device].viewport!);
    await atRest(page);
    await screenshot(page, `${name}-${device}`);
    await expectNoTurn(page, `${name} (${device})`);
    await expectNoAxeViolations(page, `${name} (${device})`);
  }
  await page.setViewportSize(DEVICES.desktop.viewport!);
}

it('Sneak: the replay shows the others’ hands and every face-down set', {
  timeout: 120_000,
}, async () => {
  const { context, page, errors } = await openPage(browser(), 'desktop', { locale: 'en-US' });
  await replayOf(page, 'sneak', { target: TARGET_RANGE.min });

  // The others' hands (empty at the deal: Sneak's players draw), face up once both hold cards,
  // each card marked as hidden during play.
  const handsShown = page.locator(`${replay} .sn-opponent .sn-opp-hand`);
  expect(await stepUntil(page, async () => (await handsShown.count()) === 2)).toBe(true);
  expect(await page.locator(`${replay} .sn-opp-hand .sn-mini:not(.was-hidden)`).count()).toBe(0);
  expect(await page.locator(`${replay} .sn-opponent .sn-backs`).count()).toBe(0);
  await expect
    .poll(() => page.locator(`${replay} .sn-opp-hand .sn-mini`).first().getAttribute('aria-label'))
    .toMatch(/ of \w+, hidden during play$/);

  // A sneak of someone else's: its cards face up, not a single card back.
  const sneakFaces = page.locator(`${replay} .sn-lead .sn-face-down .sn-card.was-hidden`);
  const found = await stepUntil(
    page,
    async () =>
      (await sneakFaces.count()) > 0 &&
      !((await page.locator(`${replay} .sn-lead-title`).textContent()) ?? '').startsWith('Ann'),
  );
  expect(found, 'a bot sneaked during the game').toBe(true);
  expect(await page.locator(`${replay} .sn-lead .sn-back`).count()).toBe(0);
  await atBothSizes(page, 'replay-open-sneak');

  expect(errors).toEqual([]);
  await context.close();
});

it('HiLO: the replay shows every face-down card of every player', {
  timeout: 120_000,
}, async () => {
  const { context, page, errors } = await openPage(browser(), 'desktop', { locale: 'en-US' });
  await replayOf(page, 'hilo', { limit: LIMIT_RANGE.min, maxTurns: 3 });

  // At the deal every card of every layout lies face down in play: here all show, and are marked.
  const grids = `${replay} .hl-opponent .hl-grid, ${replay} .hl-own-grid`;
  expect(await page.locator(grids).count()).toBe(3);
  expect(await page.locator(`${replay} .hl-grid .hl-back`).count()).toBe(0);
  expect(await page.locator(`${replay} .hl-opponent .hl-card.was-hidden`).count()).toBe(18);
  expect(await page.locator(`${replay} .hl-own-grid .hl-card.was-hidden`).count()).toBe(9);
  await atBothSizes(page, 'replay-open-hilo');

  // At every step after, the header names whose turn it is, never "Your turn".
  const status = page.locator(`${replay} .hl-status`);
  let annsTurn = false;
  await stepUntil(page, async () => {
    const said = (await status.textContent()) ?? '';
    annsTurn ||= said.startsWith('Ann');
    expect(await page.locator(`${replay} .hl-grid .hl-back`).count()).toBe(0);
    return false;
  });
  expect(annsTurn, 'the replay names Ann on her turns').toBe(true);

  expect(errors).toEqual([]);
  await context.close();
});
