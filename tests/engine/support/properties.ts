/**
 * Property tests every game shares, over random play from random seeds: card conservation,
 * purity, determinism, JSON round-trips, rounds that end, robustness to junk input, and
 * non-interference (what a seat cannot see cannot change what it is shown).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomPick } from '../../../shared/engine/random.ts';
import { nextInt, seedRng } from '../../../shared/engine/rng.ts';
import type { Game, GameEvent, Seat } from '../../../shared/engine/types.ts';
import { cardIds } from './cards.ts';

export interface PropertyAdapter<S> {
  // biome-ignore lint/suspicious/noExplicitAny: the harness works for every game's types.
  game: Game<any, S, any, any, any>;
  minPlayers: number;
  maxPlayers: number;
  /** Raw config objects to try (fed to parseConfig with the player count). */
  configs: fc.Arbitrary<unknown>;
  /** How many cards the state holds in all, wherever they lie. */
  countCards(state: S): number;
  expectedCards(state: S): number;
  /**
   * A copy of `state` in which the cards hidden from `seat` (null = spectator) are permuted among
   * the hidden places, moving whole card objects.
   */
  shuffleHidden(state: S, seat: Seat | null, random: () => number): S;
  /** Turns a stand-in legal move (such as `{ cards: [], count: N }`) into a real one. */
  concretize?(state: S, seat: Seat, move: unknown, random: () => number): unknown;
  /** A bound on the moves one round may take; random play that exceeds it fails. */
  maxMovesPerRound?: number;
  /** The options whole games are played with by the bot and view-size tests: defaults, variants. */
  variants: unknown[];
  /** ALL-3: options just inside and just outside the ranges people play. */
  goals: {
    accepted: unknown[];
    refused: unknown[];
    /** The longest games a table may ask for, played at random to their end. */
    longest: unknown[];
    /** Whether a lower total leads (HiLO) or a higher one. */
    lowWins: boolean;
  };
  /**
   * A short game's options, so that one plays to its end in a moment: for the tests that play
   * whole games at a table, over sockets and in a browser (`quickConfig`). Without them, those
   * tests play the game's defaults.
   */
  quick?: unknown;
  /**
   * The move kinds (`t`) its `predict` covers, each with the least share of that kind's legal
   * moves in random play that it must predict (predict.test.ts); a kind not listed may be
   * declined every time.
   */
  predicted?: Record<string, number>;
}

export interface GameInput {
  seed: string;
  players: number;
  config: unknown;
  picks: string;
}

export interface Step<S> {
  before: S;
  seat: Seat;
  move: unknown;
  after: S;
  events: GameEvent[];
}

/** Registers the shared property tests for one game. */
export function checkProperties<S>(
  adapter: PropertyAdapter<S>,
  options: { runs?: number; sample?: number } = {},
): void {
  const runs = options.runs ?? 1000;
  // The costly per-state checks look at a random share of the steps: still tens of thousands of
  // states per run, in seconds rather than minutes.
  const sample = options.sample ?? 0.05;
  const input = gameInput(adapter);
  const params = { numRuns: runs };

  // Whole games take seconds, not the default few milliseconds.
  const timeout = 300_000;
  describe(`${adapter.game.id}: random play from ${runs} seeds`, () => {
    it(
      'conserves every card, never mutates its input and ends every round',
      () => {
        fc.assert(
          fc.property(input, (g) => void playGame(adapter, g, checkStep(adapter))),
          params,
        );
      },
      timeout,
    );

    it(
      'replays the same seed and moves to the same states, also through a JSON round-trip',
      () => {
        fc.assert(
          fc.property(input, (g) => {
            const trace = playGame(adapter, g);
            replayMatches(adapter, g, trace, randomFrom(`${g.picks}/json`), sample);
          }),
          params,
        );
      },
      timeout,
    );

    it(
      'shows no seat or spectator anything of the cards hidden from it (views and events)',
      () => {
        fc.assert(
          fc.property(input, (g) => {
            const random = randomFrom(`${g.picks}/hide`);
            playGame(adapter, g, (step) => {
              if (random() < sample) checkNonInterference(adapter, step, random);
            });
          }),
          params,
        );
      },
      timeout,
    );

    it(
      'refuses junk moves with a rejection, never a throw, leaving the state as it was',
      () => {
        fc.assert(
          fc.property(input, fc.array(fc.anything(), { maxLength: 8 }), (g, junk) => {
            const random = randomFrom(`${g.picks}/junk`);
            playGame(adapter, g, (step) => {
              if (random() >= sample) return;
              const snapshot = JSON.stringify(step.before);
              for (const move of [...junk, ...mutations(step.move)]) {
                for (const seat of [step.seat, -1, 99, 1.5]) {
                  const out = adapter.game.apply(step.before, seat, move);
                  if (!out.ok) check(/^[a-z]+(-[a-z]+)*$/.test(out.error.code), out.error.code);
                }
              }
              check(JSON.stringify(step.before) === snapshot, 'a refused move changed the state');
            });
          }),
          { numRuns: Math.max(50, Math.floor(runs / 5)) },
        );
      },
      timeout,
    );
  });
}

export function gameInput<S>(adapter: PropertyAdapter<S>): fc.Arbitrary<GameInput> {
  return fc.record({
    seed: fc.string({ minLength: 1, maxLength: 12 }),
    players: fc.integer({ min: adapter.minPlayers, max: adapter.maxPlayers }),
    config: adapter.configs,
    picks: fc.string({ maxLength: 8 }),
  });
}

export function randomFrom(seed: string): () => number {
  const rng = seedRng(seed);
  return () => nextInt(rng, 0x40000000) / 0x40000000;
}

function configFor<S>(adapter: PropertyAdapter<S>, g: GameInput): unknown {
  const parsed = adapter.game.parseConfig(g.config, g.players);
  if (!parsed.ok) throw new Error(`config refused: ${parsed.error.message}`);
  return parsed.config;
}

/** Plays one game to its end with random legal moves, calling `onStep` after every move. */
export function playGame<S>(
  adapter: PropertyAdapter<S>,
  g: GameInput,
  onStep?: (step: Step<S>) => void,
): Step<S>[] {
  const { game } = adapter;
  const random = randomFrom(`${g.picks}/moves`);
  let state = deepFreeze(game.setup(configFor(adapter, g), g.players, g.seed));
  check(adapter.countCards(state) === adapter.expectedCards(state), 'the deal lost cards');
  const trace: Step<S>[] = [];
  const maxPerRound = adapter.maxMovesPerRound ?? 2000;
  let inRound = 0;
  while (!game.result(state).over) {
    const seats = game.toMove(state);
    check(seats.length > 0, 'nobody may move, yet the game is not over');
    const seat = randomPick(seats, random);
    const legal = game.legalMoves(state, seat);
    check(legal.length > 0, `seat ${seat} is asked to move but has no legal move`);
    let move: unknown = randomPick(legal, random);
    if (adapter.concretize) move = adapter.concretize(state, seat, move, random);
    const out = game.apply(state, seat, move);
    if (!out.ok) throw new Error(`legal move refused: ${JSON.stringify(move)} → ${out.error.code}`);
    const after = deepFreeze(out.state);
    const step = { before: state, seat, move, after, events: out.events };
    trace.push(step);
    onStep?.(step);
    state = after;
    inRound = (move as { t?: unknown }).t === 'nextRound' ? 0 : inRound + 1;
    check(inRound < maxPerRound, `a round went on for ${maxPerRound} moves`);
  }
  check(game.toMove(state).length === 0, 'the game is over but someone is asked to move');
  return trace;
}

/** Conservation and purity; purity itself comes from the deep-frozen input (a write throws). */
function checkStep<S>(adapter: PropertyAdapter<S>): (step: Step<S>) => void {
  const { game } = adapter;
  return ({ after, events }) => {
    const count = adapter.countCards(after);
    check(count === adapter.expectedCards(after), `${count} cards in play`);
    checkLifeCycle(game, after, events);
  };
}

/**
 * The life cycle every game shares (shared/engine/rounds.ts): between rounds every seat may say
 * `nextRound` and nothing else; a game that is over offers nobody a move, and its last event names
 * the winners its result names.
 */
// biome-ignore lint/suspicious/noExplicitAny: the harness works for every game's types.
function checkLifeCycle<S>(game: Game<any, S, any, any, any>, state: S, events: GameEvent[]): void {
  const { phase, players } = state as { phase: string; players: number };
  const result = game.result(state);
  check(result.over === (phase === 'gameOver'), `result.over is ${result.over} in ${phase}`);
  const final = events.filter((e) => e.type === 'gameOver');
  if (phase === 'gameOver') {
    check(game.toMove(state).length === 0, 'a seat may move after the game');
    check(final.length === 1 && events.at(-1) === final[0], 'no gameOver event last');
    check(
      JSON.stringify(final[0]?.winners) === JSON.stringify(result.winners),
      'the gameOver event names other winners than the result',
    );
  } else {
    check(final.length === 0, `a gameOver event in the ${phase} phase`);
  }
  if (phase === 'roundOver') {
    check(game.toMove(state).length === players, 'a seat may not go on between rounds');
    for (let s = 0; s < players; s++) {
      const legal = JSON.stringify(game.legalMoves(state, s));
      check(legal === '[{"t":"nextRound"}]', `between rounds seat ${s} may ${legal}`);
    }
  }
}

/** Replays the trace from the seed; at sampled steps, also from a JSON copy of the state. */
function replayMatches<S>(
  adapter: PropertyAdapter<S>,
  g: GameInput,
  trace: Step<S>[],
  random: () => number,
  sample: number,
): void {
  const { game } = adapter;
  let state = game.setup(configFor(adapter, g), g.players, g.seed);
  for (const step of trace) {
    const out = game.apply(state, step.seat, step.move);
    check(out.ok, 'a replayed move was refused');
    if (random() < sample) {
      const json = JSON.stringify(state);
      check(json === JSON.stringify(step.before), 'the replay diverged');
      const viaJson = game.apply(JSON.parse(json), step.seat, step.move);
      check(viaJson.ok, 'a JSON copy refused the move');
      check(
        JSON.stringify(viaJson.state) === JSON.stringify(out.state),
        'a JSON copy plays differently',
      );
      check(
        JSON.stringify(viaJson.events) === JSON.stringify(out.events),
        'a JSON copy tells differently',
      );
    }
    state = out.state;
  }
  const last = trace[trace.length - 1];
  if (last)
    check(JSON.stringify(state) === JSON.stringify(last.after), 'the replay ended elsewhere');
}

/** A plain assertion: the hot loops run millions of times, and `expect` is slow there. */
export function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Every viewer: spectators and each seat. */
function viewers(players: number): (Seat | null)[] {
  return [null, ...Array.from({ length: players }, (_, s) => s)];
}

export function checkNonInterference<S>(
  adapter: PropertyAdapter<S>,
  step: Step<S>,
  random: () => number,
): void {
  const { game } = adapter;
  const players = game.result(step.after).totals.length;
  for (const seat of viewers(players)) {
    const after = game.view(step.after, seat);
    const other = adapter.shuffleHidden(step.after, seat, random);
    check(adapter.countCards(other) === adapter.countCards(step.after), 'shuffleHidden lost cards');
    const otherJson = JSON.stringify(game.view(other, seat));
    if (otherJson !== JSON.stringify(after)) {
      // Let vitest show the difference.
      expect(JSON.parse(otherJson), `the view for ${seat} depends on cards hidden from it`).toEqual(
        after,
      );
    }
    const eventCards = cardIds(step.events);
    if (eventCards.length === 0) continue;
    const seen = new Set([...cardIds(game.view(step.before, seat)), ...cardIds(after)]);
    for (const id of eventCards)
      check(seen.has(id), `an event shows card ${id}, hidden from ${seat}`);
  }
}

/** Near-misses of a legal move: each field dropped, or set to a wrong type or value. */
function mutations(move: unknown): unknown[] {
  if (typeof move !== 'object' || move === null) return [];
  const out: unknown[] = [];
  for (const key of Object.keys(move)) {
    const { [key]: _dropped, ...rest } = move as Record<string, unknown>;
    out.push(rest);
    for (const bad of [null, 42, 'x', [], {}, ['x', 'x'], -1]) out.push({ ...rest, [key]: bad });
  }
  out.push({ ...move, extra: true });
  return out;
}

/** Freezes what is not frozen yet; states share structure, so each step freezes only what is new. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
