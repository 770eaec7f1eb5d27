/**
 * A finished game, state by state, from its record: the engine deals again from the seed (or
 * starts from the state the game began at, for one begun at a moment of another) and makes each
 * move in turn, so a replay is exactly the game that was played. The page's replay
 * (web/src/replay.ts) shows these states; the coach (shared/coach/) judges the decisions in them.
 */
import { type RoundState, reseed } from './rounds.ts';
import type { AnyGame, GameEvent, Seat } from './types.ts';

/** What a replay reads of a game's record (shared/protocol.ts's `GameRecord` is one). */
export interface PlayedGame {
  config: unknown;
  players: number;
  seed: string;
  /**
   * A game begun at a moment of another ("Play from here": shared/table/position.ts): the state
   * it began at, where the replay starts instead of dealing from `seed`.
   */
  start?: object | undefined;
  moves: readonly { seat: Seat; move: unknown }[];
  /**
   * A game begun in a browser and taken over by the server: after move `after` (0: before any)
   * the state's generator was replaced by one seeded with `seed`.
   */
  reseeded?: { after: number; seed: string } | undefined;
}

export interface ReplayedStep {
  /** Who moved to reach this step; null for the deal. */
  seat: Seat | null;
  state: RoundState;
  /** What the move made happen, as the table told it during play. */
  events: GameEvent[];
}

/**
 * Every state of the game, the deal (or the state it began at) first: step n is the state after
 * `moves[n - 1]`, the one `moves[n]` was made in. Throws if the record does not replay. Where the record says the game
 * was reseeded, the replay replaces the generator too, so the deals after it are the server's.
 */
export function replayGame(game: AnyGame, record: PlayedGame): ReplayedStep[] {
  return [...replaying(game, record)];
}

/**
 * The state at step `step` of the replay (`replayGame(…)[step].state`), the others let go as it
 * goes: a table replaying an upload of thousands of moves holds one state at a time. Throws as
 * `replayGame` does, and where the record has no such step.
 */
export function stateAt(game: AnyGame, record: PlayedGame, step: number): RoundState {
  let n = 0;
  for (const { state } of replaying(game, record)) if (n++ === step) return state;
  throw new Error(`the game has no step ${step}`);
}

/** The replay's steps one by one, as `replayGame` lists them. */
function* replaying(game: AnyGame, record: PlayedGame): Generator<ReplayedStep> {
  const { reseeded } = record;
  const at = (n: number, state: RoundState) =>
    reseeded?.after === n ? reseed(state, reseeded.seed) : state;
  let state = at(0, record.start ?? game.setup(record.config, record.players, record.seed));
  yield { seat: null, state, events: [] };
  for (const [i, { seat, move }] of record.moves.entries()) {
    const out = game.apply(state, seat, move);
    if (!out.ok) throw new Error(`move ${i + 1} does not replay: ${out.error.code}`);
    state = at(i + 1, out.state);
    yield { seat, state, events: out.events };
  }
}
