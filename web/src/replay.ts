/**
 * A finished game, step by step, from its record (the seed and every move): the engine deals
 * again from the seed and makes each move in turn, so a replay is exactly the game that was
 * played. Once the game is over nothing is secret any more (ALL-1), so each step's view shows
 * every player's own cards: the viewer's view, with each player's place as that player saw it.
 */
import type { AnyGame, GameEvent, Seat } from '../../shared/engine/types.ts';
import type { GameRecord } from '../../shared/protocol.ts';

export interface ReplayStep {
  /** Who moved to reach this step; null for the deal. */
  seat: Seat | null;
  state: unknown;
  /** What the move made happen, as the log tells it. */
  events: GameEvent[];
}

/** Every step of the game, the deal first; throws if the record does not replay. */
export function replaySteps(game: AnyGame, record: GameRecord): ReplayStep[] {
  const first = game.setup(record.config, record.players, record.seed);
  const steps: ReplayStep[] = [{ seat: null, state: first, events: [] }];
  for (const { seat, move } of record.moves) {
    const out = game.apply(steps[steps.length - 1]!.state, seat, move);
    if (!out.ok) throw new Error(`move ${steps.length} does not replay: ${out.error.code}`);
    steps.push({ seat, state: out.state, events: out.events });
  }
  return steps;
}

type Shown = { players: unknown[]; legal: unknown[] } & Record<string, unknown>;

/**
 * The view of a replayed state for `you` (a player of the game), with every player's own place
 * as its owner saw it, and nothing to do.
 */
export function openView(game: AnyGame, state: unknown, players: number, you: Seat): Shown {
  const view = structuredClone(game.view(state, you)) as Shown;
  for (let seat = 0; seat < players; seat++) {
    if (seat === you) continue;
    const own = game.view(state, seat) as Shown;
    view.players[seat] = own.players[seat];
  }
  view.legal = [];
  view.toMove = [];
  return view;
}
