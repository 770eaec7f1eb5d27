import type { View } from '../../../../shared/games/hilo/types.ts';

/**
 * HL-11, said before it happens: on your turn, with one face-down card left, turning it up or
 * swapping a card into its place ends the round (the others then have one more turn each).
 */
export function lastCardWarning(view: View): boolean {
  const me = view.you;
  if (me === null || !yourTurn(view) || view.endedBy !== null) return false;
  if (view.phase === 'opening' || view.phase === 'roundOver' || view.phase === 'gameOver')
    return false;
  let faceDown = 0;
  for (const row of view.players[me]?.layout ?? [])
    for (const cell of row) if ('hidden' in cell) faceDown++;
  return faceDown === 1;
}

/**
 * Whether the viewer is to move now: on the turn, with a move to make. Never in a replay, where
 * nobody is to move, so a replay never says "your turn".
 */
export function yourTurn(view: View): boolean {
  return view.you !== null && view.turn === view.you && view.toMove.includes(view.you);
}
