/**
 * Each board as a player alone with two bots sees it, on a 1280×800 desktop and a 375×667 phone:
 * at every turn nothing covers a card or a control, every tap target is at least 44×44 px, and
 * the prompt, the actions, the player's cards and the clock are on screen without scrolling; only
 * one playable card is in the tab order and the arrow keys move between them; a bot's move is
 * marked on the board; a round's end says who won it and asks for "ready" on screen. On the
 * desktop the game is played to its end, and its replay steps from the deal to the last move. In HiLO the player's layout does not move when the
 * round's opening ends. No console error anywhere. Screenshots of each state go to
 * tests/artifacts/screenshots/.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GameId } from '../../shared/engine/types.ts';
import { quickConfig } from '../engine/adapters.ts';
import { describeEachGame } from '../engine/support/per-game.ts';
import { soloUpload } from '../table/support.ts';
import { expectNoAxeViolations } from './axe.ts';
import { type Device, openPage, screenshot } from './browser.ts';
import { DRIVER, DRIVERS } from './drivers/index.ts';
import { roundEnded } from './drivers/types.ts';
import { atRest, checkLayout } from './layout.ts';
import { baseUrl, importTable, openAsHost, useBrowser } from './suite.ts';

const browser = useBrowser();

/**
 * The layout is checked over this many of the player's turns (a phone's, a desktop's); a round's
 * end not met by then, and the game's end, are checked on a table taken there in one step (a game
 * played out by the engine, imported), as whole games through the page are played elsewhere
 * (play.test.ts, solo.test.ts).
 */
const TURNS: Record<Device, number> = { phone: 5, desktop: 10 };
/** Time enough for those turns, however long the bots' play makes them. */
const PLAY_MS = 200_000;

/**
 * A table for Ann and two bots, with a clock, by default a short game (its adapter's `quick`);
 * Ann's browser holds its host key.
 */
async function openTable(page: Page, game: GameId, config = quickConfig(game)): Promise<void> {
  const body = { game, players: 3, bots: [1, 2], clock: 120, config };
  await openAsHost(page, body, { seat: 0, name: 'Ann' });
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForSelector('[data-board]');
}

/**
 * Only one of the player's playable cards is in the tab order (none if none is playable), and
 * the arrow keys move between the playable ones.
 */
async function checkRovingFocus(page: Page, what: string): Promise<void> {
  const cards = page.locator('[data-board] .card-button');
  const playable = page.locator('[data-board] .card-button[aria-disabled="false"]');
  const tabbable = cards.and(page.locator(':not([tabindex="-1"])'));
  const n = await playable.count();
  expect(await tabbable.count(), what).toBe(n > 0 ? 1 : 0);
  if (n < 2) return;
  expect(await tabbable.first().getAttribute('aria-disabled'), what).toBe('false');
  await tabbable.first().focus();
  const before = await page.evaluate(() => document.activeElement?.outerHTML);
  await page.keyboard.press('End');
  const after = await page.evaluate(() => ({
    html: document.activeElement?.outerHTML,
    playable: document.activeElement?.getAttribute('aria-disabled') === 'false',
  }));
  expect(after.html, what).not.toBe(before);
  expect(after.playable, what).toBe(true);
  // Tab order follows: the card now focused is the one Tab reaches.
  expect(await tabbable.count(), what).toBe(1);
}

/** Whether all of what `locator` finds is inside the viewport as it is scrolled now. */
async function onScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

const over = (page: Page) => page.locator('.game-over').count();

/** The round's end's "I'm ready", while it may still be pressed. */
const readyButton = (page: Page) =>
  page.locator('.round-pause button:not([disabled])', { hasText: 'I’m ready' });

/**
 * A round's end as the player meets it: axe finds nothing, it says who won the round and why
 * before the table of numbers, and what it asks of the player (the countdown and "ready") is on
 * screen without scrolling. A solo game just taken online (`imported`) has no countdown: it waits
 * for its player, who has friends to bring in.
 */
async function checkRoundOver(page: Page, where: string, imported = false): Promise<void> {
  await expectNoAxeViolations(page, `${where}, round over`);
  expect(await page.locator('.round-over .round-result').textContent()).toMatch(/\w/);
  const countdown = page.locator('.round-pause .countdown');
  if (imported) expect(await countdown.count()).toBe(0);
  for (const asked of imported ? [readyButton(page)] : [readyButton(page), countdown]) {
    await expect.poll(() => onScreen(page, asked), { timeout: 3_000 }).toBe(true);
  }
  await screenshot(page, `board-${where.replace(' ', '-')}-round-over`);
}
const myTurn = (page: Page) => page.locator('.game.my-turn').count();

describeEachGame(DRIVERS, DRIVER, 'the %s board', (game, drive) => {
  it.each<Device>(['desktop', 'phone'])(
    'on a %s: nothing covered, targets large enough, the turn on screen, bots’ moves marked',
    { timeout: 300_000 },
    async (device) => {
      const { context, page, errors } = await openPage(browser(), device, { locale: 'en-US' });
      await openTable(page, game);
      let turns = 0;
      let marked = false;
      let version = '';
      let roundOverChecked = false;
      const until = Date.now() + PLAY_MS;
      while (Date.now() < until && (await over(page)) === 0) {
        if (turns >= TURNS[device]) break;
        const ready = readyButton(page);
        if ((await ready.count()) > 0) {
          if (!roundOverChecked) {
            roundOverChecked = true;
            await checkRoundOver(page, `${game} ${device}`);
          }
          await ready.click({ timeout: 2000 }).catch(() => {}); // the round may start meanwhile
          continue;
        }
        // A new turn shows as a new log line (newest first).
        const now = await page.evaluate(
          () =>
            `${document.querySelectorAll('.log li').length}|${document.querySelector('.log li')?.textContent}`,
        );
        if ((await myTurn(page)) > 0 && now !== version) {
          version = now;
          // Let the landing animation end, so that what is checked is where things rest.
          await atRest(page);
          const layout = await checkLayout(page);
          // Ended meanwhile (a slow machine's clock, a bot's move ending the round): the page
          // was looked at after the turn, when the round's end may scroll the board away.
          if (!layout.myTurn) continue;
          turns++;
          if (layout.problems.length + layout.outside.length > 0) {
            await screenshot(page, `board-${game}-${device}-failed`);
          }
          expect(layout.problems, `${game} ${device} turn ${turns}`).toEqual([]);
          expect(layout.outside, `${game} ${device} turn ${turns}`).toEqual([]);
          // The player's clock runs while it is their turn (which a slow machine may see end, or
          // see the round end on a bot's move since: a round's pause has its own countdown).
          await expect
            .poll(
              async () =>
                (await myTurn(page)) === 0 ||
                (await page.locator('.seat-clock.mine').count()) === 1 ||
                (await roundEnded(page)) > 0,
              { timeout: 5_000 },
            )
            .toBe(true);
          if (turns === 1) {
            await checkRovingFocus(page, `${game} ${device}`);
            await expectNoAxeViolations(page, `the ${game} board (${device})`);
          }
          // A card the move touched, or the seat that made a move of hidden cards only.
          const mark = page.locator('[data-board] .last-move, [data-board] .last-move-seat');
          if ((await mark.count()) > 0) marked = true;
          if (turns === 2) await screenshot(page, `board-${game}-${device}-turn`);
        }
        const acted = await drive(page);
        await page.waitForTimeout(acted ? 150 : 250);
      }
      await screenshot(page, `board-${game}-${device}-end`);
      expect(turns).toBeGreaterThan(1);
      expect(marked, 'a move made by a bot was marked on the board').toBe(true);

      /** The same short game, played by the engine to `moment`, at a table taken there. */
      const takenAt = async (moment: 'roundOver' | 'gameOver') => {
        const { body } = soloUpload(game, moment, `${game}-board`, {
          players: 3,
          config: quickConfig(game),
          levels: [null, 'normal', 'normal'],
        });
        const table = await importTable(body, context);
        await page.goto(`${baseUrl}/t/${table.id}`);
      };
      if (!roundOverChecked) {
        await takenAt('roundOver');
        await readyButton(page).waitFor();
        await checkRoundOver(page, `${game} ${device}`, true);
      }

      if (device === 'desktop') {
        if ((await over(page)) === 0) await takenAt('gameOver');
        await page.waitForSelector('.game-over');
        await screenshot(page, `board-${game}-${device}-game-over`);
        await expectNoAxeViolations(page, `${game} game over (${device})`);
        await page.getByRole('button', { name: 'Replay the game' }).click();
        const step = page.locator('.replay-step strong');
        await expect.poll(() => step.textContent(), { timeout: 10_000 }).toBe('The deal');
        await page.waitForSelector('.replay [data-board]');
        if (game === 'hulahoo') {
          // At the deal the opponents hold their five cards, counted as such, not "0".
          const held = page.locator('.replay .hh-count > span[aria-hidden="true"]:not(.card-back)');
          expect((await held.allTextContents()).map(Number)).toEqual([5, 5]);
          // Every hand is shown there: Ann's is not said to be hers alone.
          expect(await page.locator('.replay .hh-mine .row-label').allTextContents()).toEqual([
            'Your face-up cards · everyone sees them',
            'Your hand',
          ]);
        }
        for (const box of await page.locator('.replay-controls button').all()) {
          expect((await box.boundingBox())!.width).toBeGreaterThanOrEqual(44);
        }
        for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Next' }).click();
        expect(await step.textContent()).toMatch(/^Move 3 of \d+$/);
        await page.getByRole('button', { name: 'End' }).click();
        const [n, total] = ((await step.textContent()) ?? '').match(/\d+/g)!.map(Number);
        expect(n).toBe(total);
        expect(total).toBeGreaterThan(3);
        await screenshot(page, `board-${game}-${device}-replay`);
        // Jump to the last round, then let the replay play itself a step or two.
        const rounds = page.getByRole('combobox', { name: 'Go to a round' });
        if ((await rounds.count()) > 0) {
          const options = await rounds.locator('option').allTextContents();
          await rounds.selectOption({ label: options.at(-1)! });
          await expect.poll(() => step.textContent()).toMatch(/^Move \d+ of \d+$/);
        }
        await page.getByRole('button', { name: 'Deal' }).click();
        await page.getByRole('button', { name: 'Play', exact: true }).click();
        await expect.poll(() => step.textContent(), { timeout: 5_000 }).toMatch(/^Move [12] of/);
        await page.getByRole('button', { name: 'Pause' }).click();
        await expectNoAxeViolations(page, `the ${game} replay (${device})`);
        await page.getByRole('button', { name: 'Close the replay' }).click();
        await page.waitForSelector('.game-over');
      }
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

describe('Hula-Hoo! with the chaos rule "choose your face-up cards"', () => {
  it.each<Device>(['desktop', 'phone'])(
    'on a %s: the player picks any five hand cards on the board and lays them out',
    { timeout: 120_000 },
    async (device) => {
      const { context, page, errors } = await openPage(browser(), device, { locale: 'en-US' });
      await openTable(page, 'hulahoo', { chaos: { chooseFaceUp: true } });
      const mine = page.locator('[data-board] .hh-mine');
      const hand = mine.locator('.card-row').nth(1).locator('.card-button');
      const lay = page.getByRole('button', { name: 'Lay them out' });
      await expect.poll(() => hand.count()).toBe(10);
      // Every hand card may be picked: the view lists one stand-in for all 252 choices.
      expect(await mine.locator('.card-button.legal').count()).toBe(10);
      for (const i of [9, 0, 4, 7]) await hand.nth(i).click();
      expect(await lay.isDisabled()).toBe(true);
      expect(await page.textContent('[data-board]')).toContain(
        'Pick 5 cards to lay face up: 4 chosen',
      );
      await hand.nth(2).click();
      expect(await mine.locator('.card-button.selected').count()).toBe(5);
      // A sixth card is refused until one is put back.
      await hand.nth(5).click();
      expect(await mine.locator('.card-button.selected').count()).toBe(5);
      const layout = await checkLayout(page);
      expect(layout.problems, device).toEqual([]);
      expect(layout.outside, device).toEqual([]);
      await screenshot(page, `board-hulahoo-${device}-place`);
      const chosen = await mine.locator('.card-button.selected').allTextContents();
      await lay.click();
      // The pick lies face up (sealed from the others until everyone has picked), five in hand.
      const faceUp = mine.locator('.card-row').first().locator('.card-button');
      await expect.poll(() => faceUp.count()).toBe(5);
      expect((await faceUp.allTextContents()).sort()).toEqual(chosen.sort());
      expect(await hand.count()).toBe(5);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

describe('HiLO between the opening and the first turn', () => {
  it.each<Device>(['desktop', 'phone'])(
    'on a %s: the player’s layout stays where it was when the opponents’ chips go',
    { timeout: 120_000 },
    async (device) => {
      const { context, page, errors } = await openPage(browser(), device, { locale: 'en-US' });
      await openTable(page, 'hilo');
      const top = () =>
        page.locator('[data-board] .hl-mine').evaluate((el) => el.getBoundingClientRect().top);
      // The opening: each opponent's tile says whether it has chosen ("…" or "✓ ready").
      await page.locator('.hl-opponent .hl-badge').first().waitFor();
      const opening = await top();
      const cells = page.locator('[data-board] .hl-cell.legal');
      await cells.nth(0).click();
      await cells.nth(1).click();
      await page.getByRole('button', { name: 'Turn them up' }).click();
      // In play no opponent has chips but its dealer's.
      await expect
        .poll(() => page.locator('.hl-opponent .hl-badge:not(:text("dealer"))').count())
        .toBe(0);
      expect(await top()).toBe(opening);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
