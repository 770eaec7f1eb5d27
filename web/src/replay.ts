/**
 * A finished game, step by step, from its record (the seed and every move), as the engine replays
 * it (shared/engine/replay.ts). Once the game is over nothing is secret any more (ALL-1), so each
 * step's view shows every card face up, each one the viewer did not see at the time marked as such.
 */
import { type ReplayedStep, replayGame } from '../../shared/engine/replay.ts';
import type { AnyGame, Seat } from '../../shared/engine/types.ts';
import type { GameRecord } from '../../shared/protocol.ts';
import { cardPlaces } from './last-move.ts';

/**
 * Every step of the game, the deal first, each move's events told as after the game: what they
 * kept secret is said (ALL-1). Throws if the record does not replay.
 */
export function replaySteps(game: AnyGame, record: GameRecord): ReplayedStep[] {
  const steps = replayGame(game, record);
  if (!game.openEvents) return steps;
  const open = game.openEvents;
  return steps.map((step) => ({ ...step, events: open(step.state, step.events) }));
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
