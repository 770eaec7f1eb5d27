/**
 * A finished game, state by state, from its record: the engine deals again from the seed and
 * makes each move in turn, so a replay is exactly the game that was played. The page's replay
 * (web/src/replay.ts) shows these states; the coach (shared/coach/) judges the decisions in them.
 */
import { type RoundState, reseed } from './rounds.ts';
import type { AnyGame, GameEvent, Seat } from './types.ts';

/** What a replay reads of a game's record (shared/protocol.ts's `GameRecord` is one). */
export interface PlayedGame {
  config: unknown;
  players: number;
  seed: string;
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
 * Every state of the game, the deal first: step n is the state after `moves[n - 1]`, the one
 * `moves[n]` was made in. Throws if the record does not replay. Where the record says the game
 * was reseeded, the replay replaces the generator too, so the deals after it are the server's.
 */
export function replayGame(game: AnyGame, record: PlayedGame): ReplayedStep[] {
  const { reseeded } = record;
  const at = (n: number, state: RoundState) =>
    reseeded?.after === n ? reseed(state, reseeded.seed) : state;
  const first = at(0, game.setup(record.config, record.players, record.seed));
  const steps: ReplayedStep[] = [{ seat: null, state: first, events: [] }];
  for (const { seat, move } of record.moves) {
    const out = game.apply(steps[steps.length - 1]!.state, seat, move);
    if (!out.ok) throw new Error(`move ${steps.length} does not replay: ${out.error.code}`);
    steps.push({ seat, state: at(steps.length, out.state), events: out.events });
  }
  return steps;
}
