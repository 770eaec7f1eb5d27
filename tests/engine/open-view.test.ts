/**
 * The open view of a state (a finished game's replay): the view a seat had, with every card it
 * could not see turned face up, and nothing else changed: no card added, none lost, none moved.
 */
import { expect, it } from 'vitest';
import type { Seat } from '../../shared/engine/types.ts';
import type { State as HiloState } from '../../shared/games/hilo/types.ts';
import type { State as HulahooState } from '../../shared/games/hulahoo/types.ts';
import type { State as SneakState } from '../../shared/games/sneak/types.ts';
import { ADAPTER, ADAPTERS } from './adapters.ts';
import { cardIds } from './support/cards.ts';
import { describeEachGame, type PerGame } from './support/per-game.ts';
import { playGame } from './support/properties.ts';

type Shown = (state: unknown, you: Seat) => unknown;
const shown = <S>(places: (state: S, you: Seat) => unknown): Shown =>
  places as (state: unknown, you: Seat) => unknown;

/**
 * Where each game keeps the cards its open view must show, whoever looks: every hand, every
 * face-down card, a face-down lead, a sneak won unseen. Piles only counted in a view (the stock) are left out.
 */
const SHOWN: PerGame<Shown> = {
  hulahoo: shown((s: HulahooState) => [s.hands, s.faceUp, s.discard]),
  hilo: shown((s: HiloState) => [
    s.layouts.map((l) => l.map((row) => row.map((slot) => slot.card))),
    s.discard,
    s.drawn,
  ]),
  // SN-10: an unchallenged sneak's cards, won unseen, show as its contest's once the game is over.
  sneak: shown((s: SneakState, you) => [
    s.hands,
    s.lead?.cards ?? [],
    s.won[you],
    s.last?.sneak ?? [],
  ]),
};

const isHidden = (node: unknown) =>
  typeof node === 'object' && node !== null && 'hidden' in node && node.hidden === true;

/**
 * Checks that `open` is `live` with each hidden card replaced by a card, and every other value the
 * same: the same places, the same counts, the same cards where the viewer saw them.
 */
function expectRevealed(live: unknown, open: unknown, at = 'view'): void {
  if (isHidden(live)) {
    expect(typeof (open as { id?: unknown }).id, `${at} turned face up`).toBe('string');
    return;
  }
  if (typeof live !== 'object' || live === null) {
    expect(open, at).toEqual(live);
    return;
  }
  expect(typeof open, at).toBe('object');
  expect(Array.isArray(open), at).toBe(Array.isArray(live));
  const o = open as Record<string, unknown>;
  expect(Object.keys(o).sort(), at).toEqual(Object.keys(live).sort());
  for (const [key, value] of Object.entries(live)) expectRevealed(value, o[key], `${at}.${key}`);
}

describeEachGame(SHOWN, 'list of the places its open view shows', '%s open view', (id, places) => {
  const adapter = ADAPTERS[id];
  if (adapter === undefined) {
    it(`has a ${ADAPTER}`, () => expect.fail(`${id} has no ${ADAPTER}`));
    return;
  }
  const { game } = adapter;

  it('is implemented', () => {
    expect(game.openView).toBeTypeOf('function');
  });

  it('turns every card face up, for every seat at every step, and keeps every card in its place', () => {
    for (const [n, seed] of ['open-a', 'open-b', 'open-c'].entries()) {
      const players = adapter.minPlayers + (n % (adapter.maxPlayers - adapter.minPlayers + 1));
      const trace = playGame(adapter, {
        seed,
        players,
        config: game.defaultConfig(players),
        picks: seed,
      });
      let hiddenInPlay = 0;
      // Some 30 states spread over the game keep long games quick.
      const every = Math.max(1, Math.floor(trace.length / 30));
      trace.forEach(({ after: state }, step) => {
        if (step % every !== 0 && step !== trace.length - 1) return;
        for (let you = 0; you < players; you++) {
          const live = game.view(state, you);
          const open = game.openView!(state, you);
          hiddenInPlay += (JSON.stringify(live).match(/"hidden":true/g) ?? []).length;
          expect(JSON.stringify(open)).not.toContain('"hidden"');
          expectRevealed(live, open);
          const openIds = new Set(cardIds(open));
          for (const card of cardIds(places(state, you))) expect(openIds).toContain(card);
          const all = new Set(cardIds(state));
          for (const card of openIds) expect(all).toContain(card);
        }
      });
      // The live views of the same states did hide cards: the open view is no live view.
      expect(hiddenInPlay).toBeGreaterThan(0);
    }
  });

  it('never changes the live view: the same state still hides what it hid', () => {
    const players = adapter.minPlayers;
    const config = game.defaultConfig(players);
    const trace = playGame(adapter, { seed: 'open-live', players, config, picks: 'live' });
    const state = trace[Math.floor(trace.length / 2)]!.after;
    const before = JSON.stringify(game.view(state, 0));
    game.openView!(state, 0);
    expect(JSON.stringify(game.view(state, 0))).toBe(before);
    expect(before).toContain('"hidden":true');
  });
});
