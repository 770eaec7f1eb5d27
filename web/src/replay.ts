/**
 * A finished game, step by step, from its record (the seed and every move): the engine deals
 * again from the seed and makes each move in turn, so a replay is exactly the game that was
 * played. Once the game is over nothing is secret any more (ALL-1), so each step's view shows
 * every card face up, each one the viewer did not see at the time marked as such.
 */
import { type RoundState, reseed } from '../../shared/engine/rounds.ts';
import type { AnyGame, GameEvent, Seat } from '../../shared/engine/types.ts';
import type { GameRecord } from '../../shared/protocol.ts';
import { cardPlaces } from './last-move.ts';

export interface ReplayStep {
  /** Who moved to reach this step; null for the deal. */
  seat: Seat | null;
  state: unknown;
  /** What the move made happen, as the log tells it. */
  events: GameEvent[];
}

/**
 * Every step of the game, the deal first; throws if the record does not replay. A game begun in
 * a browser and taken over by the server was reseeded after one of its moves (`reseeded`): the
 * replay replaces the generator there too, so the deals after it are the server's.
 */
export function replaySteps(game: AnyGame, record: GameRecord): ReplayStep[] {
  const { reseeded } = record;
  const at = (n: number, state: RoundState) =>
    reseeded?.after === n ? reseed(state, reseeded.seed) : state;
  const first = at(0, game.setup(record.config, record.players, record.seed));
  const steps: ReplayStep[] = [{ seat: null, state: first, events: [] }];
  for (const { seat, move } of record.moves) {
    const out = game.apply(steps[steps.length - 1]!.state, seat, move);
    if (!out.ok) throw new Error(`move ${steps.length} does not replay: ${out.error.code}`);
    // Told as after the game: what the events kept secret is said (ALL-1).
    const events = game.openEvents ? game.openEvents(out.state, out.events) : out.events;
    steps.push({ seat, state: at(steps.length, out.state), events });
  }
  return steps;
}

/** A replayed step's view: the board reads it; the replay offers nothing to do in it. */
export type OpenView = { players: unknown[]; legal: unknown[]; toMove: Seat[] } & Record<
  string,
  unknown
>;

/**
 * The view of a replayed state for `you` (a player of the game), every card face up (the game's
 * open view), and nothing to do: no moves, nobody to move, so no board says "your turn".
 */
export function openView(game: AnyGame, state: unknown, you: Seat): OpenView {
  const open: OpenView = game.openView ? game.openView(state, you) : game.view(state, you);
  return { ...open, legal: [], toMove: [] };
}

/** The cards the replay shows face up that `you` did not see at that point of the game. */
export function unseenCards(game: AnyGame, state: unknown, you: Seat): Set<string> {
  const seen = cardPlaces(game.view(state, you));
  const unseen = new Set<string>();
  for (const id of cardPlaces(openView(game, state, you)).keys()) if (!seen.has(id)) unseen.add(id);
  return unseen;
}
