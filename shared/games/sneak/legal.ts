import { MAX_LISTED_CHOICES, subsets } from '../../engine/cards.ts';
import { roundMoves } from '../../engine/rounds.ts';
import type { Seat } from '../../engine/types.ts';
import { beatsFlaunt, classify } from './combos.ts';
import { ACE } from './faces.ts';
import { mostHeldByOthers } from './rules.ts';
import type { Card, ComboType, Move, State } from './types.ts';

/**
 * Every legal move for `seat`. A sneak lead and a challenge to a sneak may be any N cards, so they
 * are listed as one stand-in per allowed N, `{ cards: [], count: N }`. Flaunts and challenges to a
 * flaunt are listed in full, each set of cards once, size by size, unless a size has more than
 * MAX_LISTED_CHOICES of them: then that size is one stand-in, for every legal choice of its size
 * (`apply` refuses the others; the board checks a selection with `classify` and `beatsFlaunt`).
 * Flaunts listed in full also keep to MAX_LISTED_FLAUNT_BYTES in all.
 */
export const legalMoves = roundMoves((state: State, seat: Seat): Move[] => {
  switch (state.phase) {
    case 'play':
      return state.turn === seat ? turnMoves(state, seat) : [];
    case 'challenge':
      return state.asked[seat] && state.answers[seat] === null ? answers(state, seat) : [];
    default:
      return [];
  }
});

function turnMoves(state: State, seat: Seat): Move[] {
  const hand = state.hands[seat]!;
  const stockLeft = state.stock.length > 0;
  if (stockLeft && state.fresh[seat]) return [{ t: 'draw' }]; // SN-2
  const moves: Move[] = stockLeft ? [{ t: 'draw' }] : [];
  const most = Math.min(hand.length, mostHeldByOthers(state, seat)); // SN-4
  if (stockLeft) for (let n = 1; n <= most; n++) moves.push({ t: 'sneak', cards: [], count: n });
  const bySize: (Card[][] | null)[] = [];
  for (let n = 1; n <= most; n++) {
    bySize.push(choices((visit) => forEachFlauntable(hand, n, n, null, visit)));
  }
  keepToBudget(bySize);
  for (let n = 1; n <= most; n++) listChoices(moves, 'flaunt', n, bySize[n - 1]!);
  return moves;
}

/**
 * At most this much JSON of flaunts listed in full, all sizes together. The per-size limit alone
 * lets a two-pack hand of 18 cards list 600 flaunts of sizes 2 to 13 (37 KB), each size just
 * under 64; past this budget the largest sizes become stand-ins as well, largest first, so that a
 * view stays under 16 KB whatever the hand. In games between bots, fewer than one turn in a
 * thousand meets it.
 */
export const MAX_LISTED_FLAUNT_BYTES = 8 * 1024;

/** Turns the largest listed sizes into stand-ins (null) until the rest keep to the budget. */
function keepToBudget(bySize: (Card[][] | null)[]): void {
  let bytes = 0;
  for (const found of bySize) bytes += found === null ? 0 : listedBytes(found);
  for (let i = bySize.length - 1; i >= 0 && bytes > MAX_LISTED_FLAUNT_BYTES; i--) {
    const found = bySize[i];
    if (found === null || found === undefined || found.length === 0) continue;
    bytes -= listedBytes(found);
    bySize[i] = null;
  }
}

/** The JSON length of flaunts listed in full: `{"t":"flaunt","cards":["…",…]},` each. */
function listedBytes(found: readonly Card[][]): number {
  let bytes = 0;
  for (const cards of found) {
    bytes += 25;
    for (const card of cards) bytes += card.id.length + 3;
  }
  return bytes;
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
    const found = choices((visit) =>
      forEachFlauntable(state.hands[seat]!, count, count, target.type, (cards) =>
        beatsFlaunt(classify(cards), target) ? visit(cards) : false,
      ),
    );
    listChoices(moves, 'challenge', count, found);
  }
  moves.push({ t: 'decline' });
  return moves;
}

const ids = (cards: readonly Card[]): string[] => cards.map((c) => c.id);

/** Tells a visitor whether it has seen enough: the enumeration stops as soon as it says so. */
type Visit = (cards: Card[]) => boolean;

/**
 * The choices `enumerate` finds, or null once there are more than MAX_LISTED_CHOICES (found
 * without listing them all).
 */
function choices(enumerate: (visit: Visit) => void): Card[][] | null {
  const found: Card[][] = [];
  enumerate((cards) => found.push(cards) > MAX_LISTED_CHOICES);
  return found.length > MAX_LISTED_CHOICES ? null : found;
}

/** Adds choices of `n` cards as moves of type `t`: each in full, or one stand-in for null. */
function listChoices(
  moves: Move[],
  t: 'flaunt' | 'challenge',
  n: number,
  found: Card[][] | null,
): void {
  if (found === null) moves.push({ t, cards: [], count: n });
  else for (const cards of found) moves.push({ t, cards: ids(cards) });
}

/**
 * Calls `visit` once for every set of `min`…`max` cards of `hand` that is a single card or a
 * combo (SN-6), of the type `only` if given, until `visit` says it has seen enough. Each set of
 * cards comes once: twin cards of two packs have different ids, so they make different sets.
 */
export function forEachFlauntable(
  hand: readonly Card[],
  min: number,
  max: number,
  only: ComboType | null,
  visit: Visit,
): void {
  let stopped = false;
  const see = (cards: Card[]) => {
    if (!stopped) stopped = visit(cards);
    return stopped;
  };
  const want = (type: ComboType) => only === null || only === type;
  if (min <= 1 && max >= 1 && want('single')) {
    for (const card of hand) if (see([card])) return;
  }
  const lo = Math.max(min, 2);
  if (max < lo) return;
  if (want('match')) {
    for (const group of groups(hand, (c) => c.r))
      if (group.length >= lo && subsets(group, lo, max, see)) return;
  }
  if ((want('straightFlush') || want('straight')) && sequences(hand, lo, max, only, see)) return;
  if (want('flush')) {
    for (const group of groups(hand, (c) => c.s)) {
      if (group.length < lo) continue;
      // Same suit, but neither a sequence (a straight flush) nor twins of two packs (a match).
      if (subsets(group, lo, max, (cards) => classify(cards).type === 'flush' && see(cards)))
        return;
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

/**
 * Every straight and straight flush of `min`…`max` cards: one card of each rank of a run of
 * consecutive ranks, the ace either above the king or below the 2 (SN-6), never both. Stops when
 * `visit` says so, and returns whether it did.
 */
function sequences(
  hand: readonly Card[],
  min: number,
  max: number,
  only: ComboType | null,
  visit: Visit,
): boolean {
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
      const walk = (r: number): boolean => {
        if (r > top) {
          const flush = chosen.every((c) => c.s === chosen[0]!.s);
          return (
            (only === null || only === (flush ? 'straightFlush' : 'straight')) &&
            visit(chosen.slice())
          );
        }
        for (const card of byRank[r]!) {
          chosen.push(card);
          const stop = walk(r + 1);
          chosen.pop();
          if (stop) return true;
        }
        return false;
      };
      if (walk(bottom)) return true;
    }
  }
  return false;
}

/**
 * Real cards for a stand-in, from the seat's own hand: any `count` cards for a sneak or a
 * challenge to a sneak; for a flaunt or a challenge to a flaunt, one of the first legal sets found
 * (a few hundred at most), at random.
 */
export function fillChoice(
  hand: readonly Card[],
  move: { t: string; count: number },
  led: { kind: 'sneak' | 'flaunt'; cards: Card[] } | null,
  random: () => number,
): string[] {
  const n = move.count;
  const free = move.t === 'sneak' || (move.t === 'challenge' && led?.kind === 'sneak');
  if (free) {
    const left = hand.slice();
    const cards: Card[] = [];
    while (cards.length < n) cards.push(...left.splice(Math.floor(random() * left.length), 1));
    return ids(cards);
  }
  const target = move.t === 'challenge' && led ? classify(led.cards) : null;
  const found: Card[][] = [];
  forEachFlauntable(hand, n, n, target?.type ?? null, (cards) => {
    if (target === null || beatsFlaunt(classify(cards), target)) found.push(cards);
    return found.length >= FILL_LOOKS;
  });
  return ids(found[Math.floor(random() * found.length)] ?? []);
}

/** How many legal sets `fillChoice` picks among. */
const FILL_LOOKS = 200;
