/**
 * "Play from here" (shared/table/position.ts): the state a new game starts at, from a moment of a
 * finished one. Over many random moments of random games of every game: as it was, the moment
 * itself with a fresh generator; from what you knew, a state that shows the seat exactly the view
 * it had, holds every card of the game once under the game's own ids, and that the engine plays
 * on (every legal move of every awaited seat applies). Between rounds the new game starts at the
 * next deal; the game's end, and a seat out of the round, are refused by name.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomPick } from '../../shared/engine/random.ts';
import { seedRng } from '../../shared/engine/rng.ts';
import type { RoundState } from '../../shared/engine/rounds.ts';
import type { GameId, Seat } from '../../shared/engine/types.ts';
import { games } from '../../shared/games/index.ts';
import { positions } from '../../shared/games/positions.ts';
import { parseState } from '../../shared/games/states.ts';
import { type FromHere, faceOf, offerAt, positionAt } from '../../shared/table/position.ts';
import { ADAPTER, ADAPTERS } from '../engine/adapters.ts';
import { describeEachGame } from '../engine/support/per-game.ts';
import { randomFrom } from '../engine/support/properties.ts';
import { soloUpload } from './support.ts';

const SEED = 'fresh secret';

function position(
  game: GameId,
  state: RoundState,
  seat: Seat,
  way: FromHere,
  random = Math.random,
) {
  const out = positionAt({ game, state, seat, way, seed: SEED, random });
  if (!out.ok) throw new Error(out.error.message);
  return out;
}

/** Every card of the game once, each where it lies, under the game's own ids and faces. */
function expectWholeDeck(game: GameId, state: RoundState): void {
  const rules = positions[game];
  const deck = new Map(rules.deck(state).map((c) => [c.id, faceOf(c)]));
  const lying = rules.lying(state);
  expect(lying).toHaveLength(rules.deckSize(state.config));
  expect(new Set(lying.map((c) => c.id)).size).toBe(lying.length);
  for (const card of lying) expect(faceOf(card), card.id).toBe(deck.get(card.id));
}

/** Every legal move of every awaited seat is accepted (a stand-in filled with real cards). */
function expectPlaysOn(game: GameId, state: RoundState, random: () => number): void {
  const adapter = ADAPTERS[game]!;
  const engine = games[game];
  const awaited = engine.toMove(state);
  expect(awaited.length).toBeGreaterThan(0);
  for (const seat of awaited) {
    const legal = engine.legalMoves(state, seat);
    expect(legal.length).toBeGreaterThan(0);
    for (const listed of legal) {
      const move = adapter.concretize ? adapter.concretize(state, seat, listed, random) : listed;
      const out = engine.apply(state, seat, move);
      expect(out.ok, `${JSON.stringify(move)} at seat ${seat}`).toBe(true);
    }
  }
}

/**
 * Moments of random games of `game` (random options, sizes and legal moves) where a seat may play
 * on from, with that seat.
 */
function moments(game: GameId, count: number): { state: RoundState; seat: Seat }[] {
  const adapter = ADAPTERS[game]!;
  const engine = games[game];
  const found: { state: RoundState; seat: Seat }[] = [];
  for (let g = 0; found.length < count; g++) {
    const random = randomFrom(`moments-${game}-${g}`);
    const players = adapter.minPlayers + (g % (adapter.maxPlayers - adapter.minPlayers + 1));
    const [raw] = fc.sample(adapter.configs, { seed: g, numRuns: 1 });
    const parsed = engine.parseConfig(raw, players);
    if (!parsed.ok) continue;
    let state: RoundState = engine.setup(parsed.config, players, `moments-${g}`);
    for (let m = 0; m < 3000 && found.length < count && !engine.result(state).over; m++) {
      const seat = Math.floor(random() * players);
      if (random() < 0.04 && offerAt(game, state, seat).ok) found.push({ state, seat });
      const mover = randomPick(engine.toMove(state), random);
      const listed = randomPick(engine.legalMoves(state, mover), random);
      const move = adapter.concretize ? adapter.concretize(state, mover, listed, random) : listed;
      const out = engine.apply(state, mover, move);
      if (!out.ok) throw new Error(`a legal move was refused: ${out.error.code}`);
      state = out.state;
    }
  }
  return found;
}

describeEachGame(ADAPTERS, ADAPTER, 'play from here: %s', (game) => {
  const engine = games[game];
  const many = moments(game, 300);

  it('as it was, starts at the moment itself, every card where it lay, with a fresh generator', () => {
    for (const { state, seat } of many.slice(0, 30)) {
      const out = position(game, state, seat, 'as-it-was');
      if (state.phase === 'roundOver') continue;
      expect(out.startsAt).toBe('here');
      expect({ ...out.state, rng: null }).toEqual({ ...state, rng: null });
      expect(out.state.rng).toEqual(seedRng(SEED));
    }
  });

  it('from what you knew, shows the seat the view it had, holds the whole deck under its ids, and plays on', {
    timeout: 60_000,
  }, () => {
    let checked = 0;
    const random = randomFrom(`${game} worlds`);
    for (const { state, seat } of many) {
      if (state.phase === 'roundOver') continue;
      const { state: world } = position(game, state, seat, 'what-you-knew', random);
      expect(engine.view(world, seat)).toEqual(engine.view(state, seat));
      expect(world.labels).toEqual(state.labels);
      expect(world.rng).toEqual(seedRng(SEED));
      const parsed = parseState(game, JSON.parse(JSON.stringify(world)));
      expect(parsed.ok && parsed.state).toEqual(world);
      expectWholeDeck(game, world);
      expectPlaysOn(game, world, random);
      checked++;
    }
    expect(checked).toBeGreaterThan(250);
  });

  it('from what you knew, deals the cards the seat could not see afresh', () => {
    // Over a handful of worlds of one deal, the cards do not lie as they did, nor as each other's.
    const state = engine.setup(engine.defaultConfig(3), 3, `${game} afresh`);
    const places = (s: RoundState) =>
      positions[game]
        .lying(s)
        .map((c) => c.id)
        .join();
    const worlds = new Set(
      Array.from({ length: 5 }, () => places(position(game, state, 0, 'what-you-knew').state)),
    );
    expect(worlds.size).toBe(5);
    expect(worlds.has(places(state))).toBe(false);
  });

  it('between rounds, starts at the next deal from the fresh seed, the same both ways', () => {
    const { state } = soloUpload(game, 'roundOver');
    const mine = position(game, state, 0, 'as-it-was');
    const known = position(game, state, 0, 'what-you-knew');
    expect(mine.startsAt).toBe('next-deal');
    expect(known.state).toEqual(mine.state);
    expect(mine.state.round).toBe(state.round + 1);
    expect(engine.result(mine.state).totals).toEqual(engine.result(state).totals);
    expectWholeDeck(game, mine.state);
  });

  it('refuses the game’s end and a seat the game has not, by name', () => {
    const { state } = soloUpload(game, 'gameOver');
    expect(offerAt(game, state, 0)).toMatchObject({ ok: false, error: { code: 'game-over' } });
    const dealt = engine.setup(engine.defaultConfig(3), 3, 'seats');
    expect(offerAt(game, dealt, 3)).toMatchObject({ ok: false, error: { code: 'no-such-seat' } });
    expect(
      positionAt({ game, state, seat: 0, way: 'as-it-was', seed: SEED, random: Math.random }),
    ).toMatchObject({ ok: false, error: { code: 'game-over' } });
  });

  it('leaves the finished game’s state as it was', () => {
    const { state, seat } = many[0]!;
    const before = JSON.stringify(state);
    position(game, state, seat, 'what-you-knew');
    position(game, state, seat, 'as-it-was');
    expect(JSON.stringify(state)).toBe(before);
  });
});

describe('play from here: a seat out of the round', () => {
  it('is refused in Hula-Hoo! once knocked out (HH-8)', () => {
    const state = games.hulahoo.setup(games.hulahoo.defaultConfig(3), 3, 'out');
    const out = { ...state, phase: 'play', out: [false, true, false] };
    expect(offerAt('hulahoo', out, 1)).toMatchObject({ ok: false, error: { code: 'seat-out' } });
    expect(offerAt('hulahoo', out, 0).ok).toBe(true);
  });

  it('is refused in Sneak for a seat without cards once the stock is gone (SN-12)', () => {
    const state = games.sneak.setup(games.sneak.defaultConfig(3), 3, 'out');
    const hands = [state.hands[0], [], state.hands[2]];
    const gone = { ...state, stock: [], hands };
    expect(offerAt('sneak', gone, 1)).toMatchObject({ ok: false, error: { code: 'seat-out' } });
    expect(offerAt('sneak', { ...gone, stock: state.stock }, 1).ok).toBe(true);
  });
});
