/**
 * After the game, everything shows: a short Sneak game and a short HiLO game against two bots,
 * each taken to a table at its end, whose game over names who reached the total that ended it,
 * and replayed. On a 1280×800 desktop and a 375×667 phone the replay shows
 * the others' hands, Sneak's face-down sets (an unchallenged sneak's too) and HiLO's face-down cards face up (marked as hidden
 * during play), never says "Your turn" nor offers a move, and passes axe.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { GameId } from '../../shared/engine/types.ts';
import { LIMIT_RANGE } from '../../shared/games/hilo/config.ts';
import { games as registry } from '../../shared/games/index.ts';
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
  const { body, state } = soloUpload(game, 'gameOver', `${game}-replay`, {
    players: 3,
    config,
    levels: [null, 'normal', 'normal'],
  });
  const table = await importTable(body, page);
  await page.goto(`${baseUrl}/t/${table.id}`);
  await page.waitForSelector('.game-over');
  const { totals } = registry[game].result(state);
  await atBothSizes(page, `game-over-${game}`, async (device) => {
    // Who reached the total that ended the game, by name (Sneak's target, HiLO's limit).
    const goal = game === 'sneak' ? TARGET_RANGE.min : LIMIT_RANGE.min;
    const reached = totals.flatMap((t, s) => (t >= goal ? [s === 0 ? 'Ann' : `Bot ${s + 1}`] : []));
    expect(reached.length, device).toBeGreaterThan(0);
    await expect
      .poll(() => page.locator('.game-over').textContent())
      .toContain(`${reached.join(' & ')} reached ${goal} points`);
  });
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

/**
 * Looks at the page as it stands at both sizes: what `check` checks, a screenshot each, and axe;
 * in a replay, nothing says it is the viewer's turn.
 */
async function atBothSizes(
  page: Page,
  name: string,
  check: (device: string) => Promise<void> = () => expectNoTurn(page, name),
): Promise<void> {
  for (const device of ['desktop', 'phone'] as const) {
    await page.setViewportSize(DEVICES[device].viewport!);
    await atRest(page);
    await screenshot(page, `${name}-${device}`);
    await check(`${name} (${device})`);
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

  // A bot's sneak nobody challenged (SN-10): who bluffed shows, its cards face up in the last
  // contest and named in the step's line, not two card backs and "won 2 cards unseen".
  const line = page.locator('.replay-step .replay-line');
  const wonUnseen = /^Bot \d wins \d cards? unseen: .+ of .+\.$/;
  const unseen = await stepUntil(page, async () =>
    (await line.allTextContents()).some((text) => wonUnseen.test(text)),
  );
  expect(unseen, 'a bot won a sneak unseen during the game').toBe(true);
  await atBothSizes(page, 'replay-unseen-sneak', async (device) => {
    await expectNoTurn(page, device);
    expect(await page.locator(`${replay} .sn-last .sn-back`).count(), device).toBe(0);
    const faces = page.locator(`${replay} .sn-last .sn-side.winner .sn-card.was-hidden`);
    expect(await faces.count(), device).toBeGreaterThan(0);
    await expect
      .poll(() => page.locator(`${replay} .sn-last-summary`).textContent())
      .toMatch(/^Bot \d won \d cards? unseen\.$/);
  });

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
