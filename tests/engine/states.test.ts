/**
 * A table's game state goes to storage and comes back untrusted. Every game's schema
 * (shared/games/states.ts) takes back each state its game reaches exactly as it was stored, and
 * refuses anything else, saying what is wrong and where.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { GAME_IDS, type GameId } from '../../shared/engine/types.ts';
import type { State as HiloState } from '../../shared/games/hilo/types.ts';
import { hulahoo } from '../../shared/games/hulahoo/index.ts';
import type { State as HulaState } from '../../shared/games/hulahoo/types.ts';
import type { State as SneakState } from '../../shared/games/sneak/types.ts';
import { parseState } from '../../shared/games/states.ts';
import { ADAPTER, ADAPTERS } from './adapters.ts';
import { describeEachGame, type PerGame } from './support/per-game.ts';
import {
  check,
  type GameInput,
  gameInput,
  type PropertyAdapter,
  playGame,
} from './support/properties.ts';

/** What storage does to a state: a JSON copy. */
const stored = (state: unknown): unknown => JSON.parse(JSON.stringify(state));

/** Deep equality of JSON values, the same keys on both sides; fast enough for every state. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  return keys.every((k) => Object.hasOwn(y, k) && same(x[k], y[k]));
}

/**
 * Parses a stored copy of `state` as `id`'s: it must load, and load as it was stored (a field the
 * schema left out would be dropped).
 */
function takesBack(id: GameId, state: unknown): void {
  const copy = stored(state);
  const parsed = parseState(id, copy);
  if (!parsed.ok) throw new Error(`a ${id} state was refused: ${parsed.error.message}`);
  // Let vitest show the difference.
  if (!same(parsed.state, copy)) expect(parsed.state).toStrictEqual(copy);
}

/** Plays a game to its end, taking back every state it reaches; calls `seen` with each. */
function playAndTakeBack(
  id: GameId,
  adapter: PropertyAdapter<unknown>,
  g: GameInput,
  seen?: (state: unknown) => void,
): void {
  const trace = playGame(adapter, g);
  const states = [trace[0]!.before, ...trace.map((step) => step.after)];
  for (const state of states) {
    takesBack(id, state);
    seen?.(state);
  }
}

/** Games beside the adapter's variants, and the shapes their states must reach between them. */
interface Coverage<S> {
  /** Options the variants leave out, at a player count. */
  games: { players: number; config: unknown }[];
  /** By name: a shape some state reached must have, so that it is known to load. */
  sightings: Record<string, (state: S) => boolean>;
}

const HULA: Coverage<HulaState> = {
  games: [
    { players: 3, config: { firstDealer: 2, chaos: { chooseFaceUp: true, chooseTarget: true } } },
    {
      players: 4,
      config: {
        goal: { kind: 'wins', wins: 3, consecutive: false },
        chaos: { chooseFaceUp: true, noSwap: true, chooseTarget: true },
        firstDealer: 1,
      },
    },
  ],
  sightings: {
    'a first dealer chosen': (s) => s.config.firstDealer !== undefined,
    'a goal of round wins': (s) => s.config.goal.kind === 'wins',
    'every chaos rule on': (s) => Object.values(s.config.chaos).every(Boolean),
    'the face-up cards picked by some seats only': (s) =>
      s.picks.some((p) => p === null) && s.picks.some((p) => p !== null),
    'the swap': (s) => s.phase === 'swap',
    'a new target to name': (s) => s.phase === 'retarget',
    'a double': (s) => s.call === 'double',
    'cards under the draw pile': (s) => s.returned > 0,
    'a seat out': (s) => s.out.some(Boolean),
    'a run of round wins': (s) => s.streak !== null,
    'a pause between rounds': (s) => s.phase === 'roundOver',
    'a game over': (s) => s.phase === 'gameOver',
  },
};

const HILO: Coverage<HiloState> = {
  games: [
    { players: 3, config: { firstDealer: 2, limit: 50 } },
    { players: 2, config: { maxTurns: 2 } },
  ],
  sightings: {
    'a first dealer chosen': (s) => s.config.firstDealer !== undefined,
    'an opening chosen by some seats only': (s) =>
      s.phase === 'opening' && s.openings.some((o) => o === null) && s.openings.some(Array.isArray),
    'a drawn card': (s) => s.phase === 'drawn' && s.drawn !== null,
    'a HILO on offer': (s) => s.phase === 'hilo',
    'a layout with lines removed': (s) => s.layouts.some((l) => l.length < 3 || l[0]!.length < 3),
    'last turns owed': (s) => s.endedBy !== null && s.lastTurns.length > 0,
    'a stalled round': (s) => s.stalled,
    'a round scored': (s) => s.roundSums !== null && s.roundScores !== null,
    'a game over': (s) => s.phase === 'gameOver',
  },
};

const SNEAK: Coverage<SneakState> = {
  games: [
    { players: 4, config: { packs: 2 } },
    { players: 6, config: { target: 50 } },
  ],
  sightings: {
    'two packs': (s) => s.config.packs === 2,
    'a sneak lead': (s) => s.lead?.kind === 'sneak',
    'a flaunt lead': (s) => s.lead?.kind === 'flaunt',
    'a sealed challenge': (s) => s.answers.some(Array.isArray),
    'a decline': (s) => s.answers.includes('decline'),
    'a contest shown, with challengers': (s) =>
      s.last !== null && s.last.lead !== null && s.last.challengers.length > 0,
    'a sneak won unseen': (s) => s.last?.unseen === true,
    'the last cards collected': (s) => s.collected !== null,
    'a game over': (s) => s.phase === 'gameOver',
  },
};

const COVERAGE: PerGame<Coverage<unknown>> = {
  hulahoo: HULA as Coverage<unknown>,
  hilo: HILO as Coverage<unknown>,
  sneak: SNEAK as Coverage<unknown>,
};

/** A state from the middle of a game, cards in hand, as storage gives it back. */
function midGame(id: GameId): Record<string, unknown> {
  const adapter = ADAPTERS[id]!;
  const trace = playGame(adapter, { seed: 'stored', players: 3, config: {}, picks: 'mid' });
  return stored(trace[Math.floor(trace.length / 2)]!.after) as Record<string, unknown>;
}

/** The first card in a state, and where it lies: the first object with a string `id`. */
function firstCard(value: unknown, path: string[] = []): { path: string[]; card: object } | null {
  if (typeof value !== 'object' || value === null) return null;
  if (typeof (value as { id?: unknown }).id === 'string') return { path, card: value };
  for (const [key, item] of Object.entries(value)) {
    const found = firstCard(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** Changes the value at `path` in a copy of `state`: `undefined` removes the field. */
function changed(state: unknown, path: string[], value: unknown): unknown {
  const copy = stored(state) as Record<string, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  const last = path.at(-1)!;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return copy;
}

/** Parses `raw` as `id`'s state, expecting a refusal whose message starts with `prefix`. */
function refused(id: GameId, raw: unknown, prefix: string): void {
  const parsed = parseState(id, raw);
  expect(parsed.ok, `${prefix} was taken`).toBe(false);
  if (parsed.ok) return;
  expect(parsed.error.code).toBe('bad-state');
  expect(parsed.error.message.startsWith(prefix), parsed.error.message).toBe(true);
}

describeEachGame(ADAPTERS, ADAPTER, '%s: stored states', (id, adapter) => {
  it('takes back every state of random play from 12 seeds as it was stored', () => {
    fc.assert(
      fc.property(gameInput(adapter), (g) => void playAndTakeBack(id, adapter, g)),
      { numRuns: 12 },
    );
  }, 120_000);

  const coverage = COVERAGE[id];
  it('takes back every state of each variant, which between them reach every shape listed', () => {
    expect(coverage, `${id} has no coverage list in states.test.ts`).toBeDefined();
    const { games, sightings } = coverage!;
    const unseen = new Set(Object.keys(sightings));
    const seen = (state: unknown) => {
      for (const name of unseen) if (sightings[name]!(state)) unseen.delete(name);
    };
    const plays = [
      ...adapter.variants.flatMap((config) =>
        [adapter.minPlayers, adapter.maxPlayers].map((players) => ({ players, config })),
      ),
      ...games,
    ];
    plays.forEach(({ players, config }, i) => {
      for (const seed of ['a', 'b']) {
        playAndTakeBack(id, adapter, { seed: `${seed}${i}`, players, config, picks: seed }, seen);
      }
    });
    expect([...unseen], 'shapes no state reached').toEqual([]);
  }, 120_000);

  const state = midGame(id);

  it('refuses a state with a field missing, naming the field', () => {
    for (const key of Object.keys(state)) {
      refused(id, changed(state, [key], undefined), `state.${key}: Invalid key: Expected "${key}"`);
    }
  });

  it('refuses a field of the wrong type, naming the field', () => {
    for (const key of Object.keys(state)) {
      refused(id, changed(state, [key], 'x'), `state.${key}: Invalid type: Expected`);
    }
  });

  it('refuses a card with a field missing or of the wrong type, naming where the card lies', () => {
    const found = firstCard(state);
    check(found !== null, 'no card in the state');
    const where = ['state', ...found.path].join('.');
    for (const key of Object.keys(found.card)) {
      const path = [...found.path, key];
      refused(id, changed(state, path, undefined), `${where}.${key}: Invalid key`);
      refused(id, changed(state, path, null), `${where}.${key}: Invalid type: Expected`);
      refused(id, changed(state, path, { [key]: 1 }), `${where}.${key}: Invalid type: Expected`);
    }
  });

  it('refuses what is no state at all: nothing, null, a number, a string, an array', () => {
    refused(id, undefined, 'state: Invalid type: Expected Object but received undefined');
    refused(id, null, 'state: Invalid type: Expected Object but received null');
    refused(id, 42, 'state: Invalid type: Expected Object but received 42');
    refused(id, JSON.stringify(state), 'state: Invalid type: Expected Object but received "');
    // An array is an object to the schema, one without any of the fields.
    refused(id, [state], 'state.game: Invalid key: Expected "game"');
  });

  it("refuses another game's state, at its game", () => {
    for (const other of GAME_IDS) {
      if (other === id) continue;
      refused(
        id,
        midGame(other),
        `state.game: Invalid type: Expected "${id}" but received "${other}"`,
      );
    }
  });

  it('drops fields it does not know, keeping the rest as stored', () => {
    const found = firstCard(state)!;
    const extra = changed(changed(state, ['extra'], 1), [...found.path, 'extra'], true);
    const parsed = parseState(id, extra);
    expect(parsed.ok && parsed.state).toStrictEqual(state);
  });
});

it('names the card and field wrong in a Hula-Hoo! hand, from the state down', () => {
  const state = hulahoo.setup(hulahoo.defaultConfig(3), 3, 'hands');
  const hands = state.hands.map((hand) => hand.slice());
  hands[0]![2] = { ...hands[0]![2]!, v: 'x' as unknown as number };
  const parsed = parseState('hulahoo', { ...state, hands });
  expect(parsed).toEqual({
    ok: false,
    error: {
      code: 'bad-state',
      message: 'state.hands.0.2.v: Invalid type: Expected number but received "x"',
    },
  });
});
