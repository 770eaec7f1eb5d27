import type { Seat } from '../../engine/types.ts';
import { beatsFlaunt, classify } from './combos.ts';
import { ACE } from './deck.ts';
import { mostHeldByOthers } from './rules.ts';
import type { Card, ComboType, Move, State } from './types.ts';

/**
 * Every legal move for `seat`. A sneak lead and a challenge to a sneak may be any N cards, so they
 * are listed as one stand-in per allowed N, `{ cards: [], count: N }`; flaunts and challenges to a
 * flaunt are listed in full, each set of cards once.
 */
export function legalMoves(state: State, seat: Seat): Move[] {
  switch (state.phase) {
    case 'play':
      return state.turn === seat ? turnMoves(state, seat) : [];
    case 'challenge':
      return state.asked[seat] && state.answers[seat] === null ? answers(state, seat) : [];
    case 'roundOver':
      return [{ t: 'nextRound' }];
    default:
      return [];
  }
}

function turnMoves(state: State, seat: Seat): Move[] {
  const hand = state.hands[seat]!;
  const stockLeft = state.stock.length > 0;
  if (stockLeft && state.fresh[seat]) return [{ t: 'draw' }]; // SN-2
  const moves: Move[] = stockLeft ? [{ t: 'draw' }] : [];
  const most = Math.min(hand.length, mostHeldByOthers(state, seat)); // SN-4
  if (stockLeft) for (let n = 1; n <= most; n++) moves.push({ t: 'sneak', cards: [], count: n });
  forEachFlauntable(hand, 1, most, null, (cards) => moves.push({ t: 'flaunt', cards: ids(cards) }));
  return moves;
}

function answers(state: State, seat: Seat): Move[] {
  const led = state.lead!;
  const count = led.cards.length;
  const moves: Move[] = [];
  if (led.kind === 'sneak') {
    moves.push({ t: 'challenge', cards: [], count });
  } else {
    // SN-9: only beating challenges: same size, same type, higher (a single: same suit, higher).
    const target = classify(led.cards);
    forEachFlauntable(state.hands[seat]!, count, count, target.type, (cards) => {
      if (beatsFlaunt(classify(cards), target)) moves.push({ t: 'challenge', cards: ids(cards) });
    });
  }
  moves.push({ t: 'decline' });
  return moves;
}

const ids = (cards: readonly Card[]): string[] => cards.map((c) => c.id);

/**
 * Calls `visit` once for every set of `min`…`max` cards of `hand` that is a single card or a
 * combo (SN-6), of the type `only` if given. Each set of cards comes once: twin cards of two packs
 * have different ids, so they make different sets.
 */
export function forEachFlauntable(
  hand: readonly Card[],
  min: number,
  max: number,
  only: ComboType | null,
  visit: (cards: Card[]) => void,
): void {
  const want = (type: ComboType) => only === null || only === type;
  if (min <= 1 && max >= 1 && want('single')) for (const card of hand) visit([card]);
  const lo = Math.max(min, 2);
  if (max < lo) return;
  if (want('match')) {
    for (const group of groups(hand, (c) => c.r))
      if (group.length >= lo) subsets(group, lo, max, visit);
  }
  if (want('straightFlush') || want('straight')) sequences(hand, lo, max, only, visit);
  if (want('flush')) {
    for (const group of groups(hand, (c) => c.s)) {
      if (group.length < lo) continue;
      // Same suit, but neither a sequence (a straight flush) nor twins of two packs (a match).
      subsets(group, lo, max, (cards) => {
        if (classify(cards).type === 'flush') visit(cards);
      });
    }
  }
}

/** The cards sorted into groups by `key`, each group in the hand's order. */
function groups(hand: readonly Card[], key: (card: Card) => number | string): Card[][] {
  const byKey = new Map<number | string, Card[]>();
  for (const card of hand) {
    const group = byKey.get(key(card));
    if (group) group.push(card);
    else byKey.set(key(card), [card]);
  }
  return [...byKey.values()];
}

/** Every subset of `cards` with `min`…`max` members, each in the cards' own order. */
function subsets(
  cards: readonly Card[],
  min: number,
  max: number,
  visit: (cards: Card[]) => void,
): void {
  const chosen: Card[] = [];
  const walk = (from: number) => {
    if (chosen.length >= min) visit(chosen.slice());
    if (chosen.length === max) return;
    for (let i = from; i < cards.length; i++) {
      chosen.push(cards[i]!);
      walk(i + 1);
      chosen.pop();
    }
  };
  walk(0);
}

/**
 * Every straight and straight flush of `min`…`max` cards: one card of each rank of a run of
 * consecutive ranks, the ace either above the king or below the 2 (SN-6), never both.
 */
function sequences(
  hand: readonly Card[],
  min: number,
  max: number,
  only: ComboType | null,
  visit: (cards: Card[]) => void,
): void {
  // Rank 1 is the ace read low.
  const byRank: Card[][] = [];
  for (let r = 0; r <= ACE; r++) byRank.push([]);
  for (const card of hand) {
    byRank[card.r]!.push(card);
    if (card.r === ACE) byRank[1]!.push(card);
  }
  const chosen: Card[] = [];
  const longest = Math.min(max, 13);
  for (let length = min; length <= longest; length++) {
    for (let bottom = 1; bottom + length - 1 <= ACE; bottom++) {
      // A-2-…-K read low is the same set of cards as 2-…-K-A read high: list it once.
      if (length === 13 && bottom === 1) continue;
      const top = bottom + length - 1;
      let complete = true;
      for (let r = bottom; r <= top; r++) if (byRank[r]!.length === 0) complete = false;
      if (!complete) continue;
      const walk = (r: number) => {
        if (r > top) {
          const flush = chosen.every((c) => c.s === chosen[0]!.s);
          if (only === null || only === (flush ? 'straightFlush' : 'straight'))
            visit(chosen.slice());
          return;
        }
        for (const card of byRank[r]!) {
          chosen.push(card);
          walk(r + 1);
          chosen.pop();
        }
      };
      walk(bottom);
    }
  }
}
