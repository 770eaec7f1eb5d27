/**
 * The coach never peeks: it judges each decision by the seat's view at the time, what the table
 * sent that seat, and nothing else of the game, though the replay it starts from knows every
 * card. Its search is given those views and no other, the open view and events of a finished
 * game's replay are never asked for, and two games that differ only in cards the seat never saw
 * are reviewed alike.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayGame } from '../../shared/engine/replay.ts';
import type { RoundState } from '../../shared/engine/rounds.ts';
import { type AnyGame, GAME_IDS, type Seat } from '../../shared/engine/types.ts';
import { games } from '../../shared/games/index.ts';
import type { GameRecord } from '../../shared/protocol.ts';
import { cardIds } from '../engine/support/cards.ts';
import { finishedGame, recordFrom, review, watchSearch } from './support.ts';

afterEach(() => vi.restoreAllMocks());

describe.each(GAME_IDS)('%s review', (id) => {
  const game = games[id];

  it("gives the search the seat's view at each decision and nothing else, and never opens the game", () => {
    const record = finishedGame(id);
    const seat = 0;
    const open = vi.spyOn(game, 'openView');
    const events = game.openEvents ? vi.spyOn(game, 'openEvents') : null;
    const search = watchSearch(id);
    const { review: done } = review(record, seat, (i) => {
      search.decision = i;
    });
    const states = replayGame(game, record).map((s) => s.state);
    expect(search.calls.length).toBeGreaterThan(0);
    for (const { decision, view } of search.calls) {
      const { step } = done.decisions[decision]!;
      expect(view).toEqual(game.view(states[step], seat));
    }
    expect(open).not.toHaveBeenCalled();
    if (events) expect(events).not.toHaveBeenCalled();
  });

  it('reviews alike two games that differ only in cards the seat never saw', () => {
    const seat = 1;
    const { record, deal, other } = twoDeals(game, finishedGame(id, `${id}-unseen`), seat);
    expect(other).not.toEqual(deal);
    const here = review(recordFrom(id, deal, record.moves), seat).review;
    const there = review(recordFrom(id, other, record.moves), seat).review;
    expect(here.decisions.filter((d) => d.compared > 1).length).toBeGreaterThan(1);
    expect(there).toEqual(here);
  });
});

/** The first round of `full`: the moves made before it was over. */
function firstRound(game: AnyGame, full: GameRecord): GameRecord {
  const states = replayGame(game, full).map((s) => s.state);
  const end = states.findIndex((s) => s.phase === 'roundOver' || s.phase === 'gameOver');
  return { ...full, moves: full.moves.slice(0, end - 1) };
}

/**
 * The first round of `full`, and its deal beside another: the same but for two cards whose faces
 * trade places, two that `seat` never sees in that round. The moves still replay from the other
 * deal and every view of the seat's is as it was (the function checks both): as far as the seat
 * can tell, the same game.
 */
function twoDeals(game: AnyGame, full: GameRecord, seat: Seat) {
  const record = firstRound(game, full);
  const states = replayGame(game, record).map((s) => s.state);
  const deal = states[0]!;
  const seen = new Set(states.flatMap((s) => cardIds(game.view(s, seat))));
  const unseen = cards(deal).filter((c) => !seen.has(c.id));
  for (const [i, a] of unseen.entries()) {
    for (const b of unseen.slice(i + 1)) {
      if (JSON.stringify(face(a)) === JSON.stringify(face(b))) continue;
      const other = swapFaces(deal, a, b);
      if (sameForSeat(game, record, states, other, seat)) return { record, deal, other };
    }
  }
  throw new Error('no two unseen cards can trade faces unnoticed');
}

type Card = { id: string } & Record<string, unknown>;

/** Every card of a state, each once. */
function cards(state: RoundState): Card[] {
  const found = new Map<string, Card>();
  const visit = (x: unknown) => {
    if (Array.isArray(x)) for (const item of x) visit(item);
    else if (typeof x === 'object' && x !== null) {
      if ('id' in x && typeof x.id === 'string') found.set(x.id, x as Card);
      for (const item of Object.values(x)) visit(item);
    }
  };
  visit(state);
  return [...found.values()];
}

const face = ({ id: _, ...rest }: Card) => rest;

/** `state` with the faces of cards `a` and `b` traded, their ids where they were. */
function swapFaces(state: RoundState, a: Card, b: Card): RoundState {
  const swap = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(swap);
    if (typeof x !== 'object' || x === null) return x;
    if ('id' in x && x.id === a.id) return { ...face(b), id: a.id };
    if ('id' in x && x.id === b.id) return { ...face(a), id: b.id };
    return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, swap(v)]));
  };
  return swap(state) as RoundState;
}

/** Whether `record`'s moves replay from `deal` with `seat`'s every view as in `states`. */
function sameForSeat(
  game: AnyGame,
  record: GameRecord,
  states: RoundState[],
  deal: RoundState,
  seat: Seat,
): boolean {
  let state = deal;
  for (const [i, { seat: mover, move }] of record.moves.entries()) {
    if (JSON.stringify(game.view(state, seat)) !== JSON.stringify(game.view(states[i], seat))) {
      return false;
    }
    const out = game.apply(state, mover, move);
    if (!out.ok) return false;
    state = out.state;
  }
  return true;
}
