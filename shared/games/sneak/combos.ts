import { ACE } from './faces.ts';
import type { ComboType, Suit } from './types.ts';

/** What a set of cards is worth in a contest (SN-6). */
export interface Combo {
  type: ComboType;
  /**
   * The ranks from the highest down, as they count: in a sequence read with the ace low (A-2-3)
   * the ace counts 1; everywhere else it counts 14.
   */
  ranks: number[];
  /** The suit, for a single card (SN-9 compares singles within their suit). */
  suit: Suit | null;
}

/** SN-6: match > straight flush > straight > flush > any other set. A single stands alone. */
const TYPE_ORDER: Record<ComboType, number> = {
  none: 0,
  flush: 1,
  straight: 2,
  straightFlush: 3,
  match: 4,
  single: 0,
};

/** Ranks sorted from the highest down are distinct and consecutive. */
function consecutive(desc: readonly number[]): boolean {
  for (let i = 1; i < desc.length; i++) if (desc[i - 1]! - desc[i]! !== 1) return false;
  return true;
}

/** SN-6: classifies 1 or more cards. */
export function classify(cards: readonly { r: number; s: Suit }[]): Combo {
  const first = cards[0]!;
  if (cards.length === 1) return { type: 'single', ranks: [first.r], suit: first.s };
  let sameRank = true;
  let sameSuit = true;
  const ranks: number[] = [];
  for (const card of cards) {
    if (card.r !== first.r) sameRank = false;
    if (card.s !== first.s) sameSuit = false;
    ranks.push(card.r);
  }
  ranks.sort((a, b) => b - a);
  if (sameRank) return { type: 'match', ranks, suit: null };
  let sequence: number[] | null = consecutive(ranks) ? ranks : null;
  if (sequence === null && ranks[0] === ACE) {
    // The ace may also sit below the 2 (A-2-3); there is no wrap-around (K-A-2 is no sequence).
    const low = ranks.slice(1);
    low.push(1);
    if (consecutive(low)) sequence = low;
  }
  if (sequence !== null)
    return { type: sameSuit ? 'straightFlush' : 'straight', ranks: sequence, suit: null };
  return { type: sameSuit ? 'flush' : 'none', ranks, suit: null };
}

/** A flaunt must be a single card or a combo (SN-9). */
export function isFlauntable(combo: Combo): boolean {
  return combo.type !== 'none';
}

/**
 * SN-7: compares two sets of the same size: > 0 if `a` is higher, < 0 if lower, 0 on a tie.
 * Singles by rank alone (suit ignored); sets by type, then rank by rank from the highest down.
 */
export function compareCombos(a: Combo, b: Combo): number {
  const byType = TYPE_ORDER[a.type] - TYPE_ORDER[b.type];
  if (byType !== 0) return byType;
  const n = Math.min(a.ranks.length, b.ranks.length);
  for (let i = 0; i < n; i++) {
    const d = a.ranks[i]! - b.ranks[i]!;
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * SN-9: whether a challenge beats a flaunted lead: a single only by a higher card of its suit; a
 * combo only by a higher combo of the same type (a straight flush does not beat a straight).
 */
export function beatsFlaunt(challenge: Combo, lead: Combo): boolean {
  if (challenge.type !== lead.type || challenge.ranks.length !== lead.ranks.length) return false;
  if (lead.type === 'single' && challenge.suit !== lead.suit) return false;
  return compareCombos(challenge, lead) > 0;
}

/**
 * SN-7/SN-8: the index of the winning set, given in reveal order with the leader first: the
 * highest wins; the leader wins a tie, and among tied challengers the first revealed.
 */
export function bestIndex(combos: readonly Combo[]): number {
  let best = 0;
  for (let i = 1; i < combos.length; i++)
    if (compareCombos(combos[i]!, combos[best]!) > 0) best = i;
  return best;
}
