import { classify, compareCombos } from '../../../../shared/games/sneak/combos.ts';
import type { ContestView } from '../../../../shared/games/sneak/types.ts';

/**
 * SN-8, when it decided the last contest: the winner's cards tied with another side's, and won
 * because the leader wins a tie ('leader') or, among challengers, the first revealed ('first').
 */
export function tieRule(last: ContestView): 'leader' | 'first' | null {
  const sides = last.lead ? [last.lead, ...last.challengers] : last.challengers;
  const winner = sides.find((side) => side.seat === last.winner);
  if (!winner) return null;
  const best = classify(winner.cards);
  const tied = sides.some(
    (side) => side !== winner && compareCombos(classify(side.cards), best) === 0,
  );
  if (!tied) return null;
  return last.winner === last.leader ? 'leader' : 'first';
}
