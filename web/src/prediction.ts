/**
 * The player's own moves shown before the table answers: each game's rules predict the view a
 * move leads to (Game.predict), and the board shows it in the next frame. The rules load once the
 * first board has painted, so that a table link's first board waits for none of them; a move made
 * before they arrive simply waits for the table, as every move did before.
 */
import type { AnyGame, GameId } from '../../shared/engine/types.ts';
import type { AnyView } from '../../shared/protocol.ts';
import { gameInfo } from './games/registry.ts';
import { afterNextPaint } from './ui/after-paint.ts';

const engines = new Map<GameId, AnyGame>();
const asked = new Set<GameId>();

/** Loads game `id`'s rules after the next paint, once a page. */
export function preparePrediction(id: GameId): void {
  if (asked.has(id)) return;
  asked.add(id);
  afterNextPaint(() => {
    gameInfo(id)
      .engine()
      .then(
        (game) => engines.set(id, game),
        // Without its rules the page still plays: each move waits for the table.
        (e: unknown) => console.warn('Moves will wait for the table:', e),
      );
  });
}

/**
 * The view `move` leads to in game `id`, as far as its mover can know; null where the game does
 * not say, its rules have not loaded, or the move is the round pause's (the table answers that,
 * not the game).
 */
export function predictMove(id: GameId, view: AnyView, move: unknown): AnyView | null {
  const game = engines.get(id);
  if (!game?.predict || isNextRound(move)) return null;
  try {
    return game.predict(view, move)?.view ?? null;
  } catch (e) {
    // A prediction is only a head start: the table's answer comes all the same.
    console.warn('Could not predict a move:', e);
    return null;
  }
}

const isNextRound = (move: unknown) =>
  typeof move === 'object' && move !== null && 't' in move && move.t === 'nextRound';
