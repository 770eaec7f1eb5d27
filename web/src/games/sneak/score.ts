import type { Seat } from '../../../../shared/engine/types.ts';
import type { View } from '../../../../shared/games/sneak/types.ts';

/**
 * SN-13: a card won is a point, but the round's cards join the totals only when it ends; until
 * then the table shows the totals with them.
 */
export function liveScore(view: View, seat: Seat): number {
  const total = view.totals[seat] ?? 0;
  const playing = view.phase === 'play' || view.phase === 'challenge';
  return playing ? total + (view.players[seat]?.won ?? 0) : total;
}
