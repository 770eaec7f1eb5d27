/**
 * "Play from here" on the replay of a finished game (web/src/ui/play-from-here.tsx): a short
 * Hula-Hoo! game of three (Ann and two bots), taken to a live table at its end. Its replay,
 * stepped to a moment of Ann's turn, offers the two ways side by side and where to play, on a
 * 1280×800 desktop and a 375×667 phone, under axe, over none of the board's controls. As it was,
 * with friends: a live table at that moment whose board shows Ann the very cards she held; from
 * what she knew, alone (the page deals) and with friends (the table deals): her own cards the
 * same. Then offline: a
 * solo game begun at the moment before the end, played out and replayed with no network, offers
 * only the way that needs none, and makes a solo table from its start. The time from the press to
 * the new table's first board is printed, and held to a generous bound only.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { RoundState } from '../../shared/engine/rounds.ts';
import type { Card, Move, State } from '../../shared/games/hulahoo/types.ts';
import { games } from '../../shared/games/index.ts';
import { configOf, soloUpload } from '../table/support.ts';
import { expectNoAxeViolations } from './axe.ts';
import { DEVICES, openPage, screenshot } from './browser.ts';
import { atRest } from './layout.ts';
import { controlled } from './service-worker.ts';
import { baseUrl, importTable, useBrowser } from './suite.ts';

const browser = useBrowser();

/** Far above the second the issue asks for: a loaded machine stays under it; speed is the benches'. */
const FIRST_BOARD_MS = 10_000;

/**
 * A game Ann won with her last move (a play after which the one bot still in had no answer,
 * HH-8 and HH-12), each of its states from the deal.
 */
function finishedGame() {
  const { body, state } = soloUpload('hulahoo', 'gameOver', 'from-here-0', {
    players: 3,
    config: { goal: { kind: 'wins', wins: 2, consecutive: false } },
    levels: [null, 'normal', 'normal'],
  });
  const game = games.hulahoo;
  const states: RoundState[] = [game.setup(configOf(body), body.players, body.seed)];
  for (const { seat, move } of body.moves) {
    const out = game.apply(states.at(-1)!, seat, move);
    if (!out.ok) throw new Error(out.error.message);
    states.push(out.state);
  }
  expect(states.at(-1)).toEqual(state);
  const last = body.moves.at(-1)!;
  expect(last.seat, 'Ann made the game’s last move').toBe(0);
  return { body, states, last: last.move as Move };
}

/** Ann's own cards at a state, by id: her hand and her face-up cards. */
const annsCards = (state: RoundState) => {
  const { hands, faceUp } = state as State;
  return [...hands[0]!, ...faceUp[0]!].map((c: Card) => c.id).sort();
};

/** The ids of the cards Ann's own area shows on the board now. */
const shownCards = (page: Page) =>
  page
    .locator('[data-board] .hh-mine [data-card]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-card') ?? '').sort());

/** Opens the finished game's replay at its first step: its deal, or where it began. */
async function openReplay(page: Page, first = 'The deal'): Promise<void> {
  await page.waitForSelector('.game-over');
  await page.getByRole('button', { name: 'Replay the game' }).click();
  await expect
    .poll(() => page.locator('.replay-step strong').textContent(), { timeout: 10_000 })
    .toBe(first);
  await page.waitForSelector('.replay [data-board]');
}

/** Steps the replay on to step `n` from the deal, with the keys the replay takes. */
async function stepTo(page: Page, n: number): Promise<void> {
  await page.getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < n; i++) await page.keyboard.press('ArrowRight');
  const said = n === 0 ? /^The deal$/ : new RegExp(`^Move ${n} of \\d+$`);
  await expect.poll(() => page.locator('.replay-step strong').textContent()).toMatch(said);
}

/** The rectangle of each element `selector` finds. */
const boxes = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    }),
  );

/** The panel, open, overlaps none of the replay's buttons nor the board's controls. */
async function expectNothingCovered(page: Page, where: string): Promise<void> {
  const [panel] = await boxes(page, '.from-here');
  const controls = await boxes(page, '.replay-controls > *, .replay [data-board] button');
  for (const c of controls) {
    const overlaps =
      panel!.left < c.right &&
      c.left < panel!.right &&
      panel!.top < c.bottom &&
      c.top < panel!.bottom;
    expect(overlaps, `${where}: the panel covers a control`).toBe(false);
  }
}

/** Back to the finished game's page, its replay at the moment, "Play from here" unfolded. */
async function backToMoment(page: Page, moment: number): Promise<void> {
  await page.goBack();
  await openReplay(page);
  await stepTo(page, moment);
  await page.locator('.from-here summary').click();
}

/** Presses a way and a place to play; the time until the new table's first board, in ms. */
async function playFromHere(
  page: Page,
  way: 'As it was' | 'From what you knew',
  place: 'Alone here' | 'With friends',
  url: RegExp,
): Promise<number> {
  await page.locator('.from-here-way', { hasText: way }).click();
  const from = page.url();
  const started = Date.now();
  await page.getByRole('button', { name: place }).click();
  await page.waitForURL((to) => to.href !== from && url.test(to.pathname));
  await page.waitForSelector('[data-board]:not(.replay [data-board])');
  const ms = Date.now() - started;
  console.info(
    `play from here, ${way.toLowerCase()}, ${place.toLowerCase()}: first board in ${ms} ms`,
  );
  expect(ms).toBeLessThan(FIRST_BOARD_MS);
  return ms;
}

it('from a moment of a live game: as it was with friends, from what you knew alone and with friends', {
  timeout: 120_000,
}, async () => {
  const { body, states } = finishedGame();
  // A moment of Ann's turn, some moves in: the table waits on her there, no bot moves first.
  const moment = states.findIndex((s, n) => n >= 4 && games.hulahoo.toMove(s).join() === '0');
  const { context, page, errors } = await openPage(browser(), 'desktop', { locale: 'en-US' });
  const table = await importTable(body, page);
  await page.goto(`${baseUrl}/t/${table.id}`);
  await openReplay(page);
  await stepTo(page, moment);
  await page.locator('.from-here summary').click();
  await page.getByRole('button', { name: 'With friends' }).waitFor();
  for (const device of ['desktop', 'phone'] as const) {
    await page.setViewportSize(DEVICES[device].viewport!);
    await atRest(page);
    await page.locator('.from-here').scrollIntoViewIfNeeded();
    await screenshot(page, `play-from-here-${device}`);
    await expectNothingCovered(page, device);
    await expectNoAxeViolations(page, `play from here (${device})`);
  }
  // The two ways side by side, each saying what it means.
  const ways = await boxes(page, '.from-here-way');
  expect(ways).toHaveLength(2);
  expect(ways[0]!.top).toBe(ways[1]!.top);
  expect(await page.locator('.from-here-way .hint').allTextContents()).toEqual([
    'Every card where it lay: the same hands, the same draw pile.',
    'What you had seen stays; the cards you could not see are dealt afresh.',
  ]);
  await page.setViewportSize(DEVICES.desktop.viewport!);

  // As it was, with friends: a live table at that moment, Ann in her seat with her cards.
  await playFromHere(page, 'As it was', 'With friends', /\/t\/[0-9a-f]{64}$/);
  await expect.poll(() => shownCards(page)).toEqual(annsCards(states[moment]!));
  await expect.poll(() => page.locator('.game').getAttribute('class')).toContain('my-turn');
  await screenshot(page, 'play-from-here-live');

  // Back to the finished game: from what she knew, alone here, her own cards the same.
  await backToMoment(page, moment);
  await playFromHere(page, 'From what you knew', 'Alone here', /\/solo\/[0-9a-f]{32}$/);
  await expect.poll(() => shownCards(page)).toEqual(annsCards(states[moment]!));
  await screenshot(page, 'play-from-here-solo');

  // From what she knew, with friends: the table deals the rest (the record it is sent was
  // reseeded when the game went online), her own cards the same and her turn.
  await backToMoment(page, moment);
  await playFromHere(page, 'From what you knew', 'With friends', /\/t\/[0-9a-f]{64}$/);
  await expect.poll(() => shownCards(page)).toEqual(annsCards(states[moment]!));
  await expect.poll(() => page.locator('.game').getAttribute('class')).toContain('my-turn');

  expect(errors).toEqual([]);
  await context.close();
});

it('offline, from a solo game begun at a moment: alone here only, its board at once', {
  timeout: 120_000,
}, async () => {
  const { body, states, last } = finishedGame();
  const { context, page, errors } = await openPage(browser(), 'phone', { locale: 'en-US' });
  // One visit with the network, until the site's worker keeps the app.
  await page.goto(baseUrl);
  await page.locator('.game-choice').first().waitFor();
  await controlled(page);

  // The moment before Ann's last move, as it was, alone here: a solo game that she ends.
  const table = await importTable(body, page);
  await page.goto(`${baseUrl}/t/${table.id}`);
  await openReplay(page);
  const before = states.length - 2;
  await stepTo(page, before);
  await page.locator('.from-here summary').click();
  await playFromHere(page, 'As it was', 'Alone here', /\/solo\/[0-9a-f]{32}$/);
  expect(await shownCards(page)).toEqual(annsCards(states[before]!));
  if (last.t !== 'play' || !last.call) throw new Error('the last move was not a called play');
  await page.locator(`[data-board] .hh-mine [data-card="${last.card}"]`).click();
  const call = last.call === 'higher' ? 'Higher' : 'Lower';
  await page.getByRole('button', { name: call, exact: true }).click();
  await page.waitForSelector('.game-over');

  // No network now: the solo game's replay still opens, from the state it began at.
  await context.setOffline(true);
  await openReplay(page, 'Where the game began');
  expect(await shownCards(page)).toEqual(annsCards(states[before]!));
  await page.locator('.from-here summary').click();
  const friends = page.getByRole('button', { name: 'With friends' });
  await expect.poll(() => friends.isDisabled()).toBe(true);
  await expect
    .poll(() => page.locator('.from-here-place .hint').allTextContents())
    .toContain('You are offline: a table with friends needs the network.');
  await atRest(page);
  await page.locator('.from-here').scrollIntoViewIfNeeded();
  await screenshot(page, 'play-from-here-offline-phone');
  await expectNothingCovered(page, 'offline');
  await expectNoAxeViolations(page, 'play from here, offline');
  await playFromHere(page, 'From what you knew', 'Alone here', /\/solo\/[0-9a-f]{32}$/);
  await expect.poll(() => shownCards(page)).toEqual(annsCards(states[before]!));

  expect(errors).toEqual([]);
  await context.close();
});
