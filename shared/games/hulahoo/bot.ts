import { type Bot, best, playsRounds, withSlips } from '../../engine/bot.ts';
import { shuffle } from '../../engine/random.ts';
import type { Seat } from '../../engine/types.ts';
import { JOKER } from './constants.ts';
import type { Call, Card, Move, PlayerView, View } from './types.ts';

/** A call in force: "higher", "lower" or a double, on the reference value. */
type Pressure = Call | 'double';

/** The normal bot's weights, tuned in play against itself and the arena's heuristic. */
const W = {
  /** Worth of knocking one opponent out, against one's own round (1) when heads-up. */
  knockout: 1,
  /** Continuation heads-up: base, plus how well the cards left cover the usual calls. */
  base: 0.15,
  cover: 0.1,
  /** Each card held is a future answer (HH-8: no answer, no round), so a double's draw counts. */
  card: 0.1,
};

/** Whether a card of value w answers `pressure` on `ref` (HH-4 … HH-6); the joker always does. */
function answers(w: number, ref: number, pressure: Pressure): boolean {
  if (w === JOKER) return true;
  if (w === ref) return true;
  if (pressure === 'higher') return w > ref;
  if (pressure === 'lower') return w < ref;
  return w === ref - 1 || w === ref + 1;
}

/**
 * Card counts by value (index 1…13) of the cards nobody at the table has seen (HH-17), or has seen
 * but cannot place: the cards the swap put under the draw pile lie at its bottom, in nobody's hand
 * (HH-3).
 */
export function unseenCounts(view: View): number[] {
  const u = [0, 6, 6, 6, 6, 6, 6, 12, 6, 6, 6, 6, 6, 6];
  for (const p of view.players) {
    for (const c of p.faceUp) u[c.v]!--;
    for (const c of p.hand) if ('v' in c) u[c.v]!--;
  }
  for (const c of view.discard) u[c.v]!--;
  for (const c of view.returned) u[c.v]!--;
  return u;
}

/** The chance that h cards dealt from `total` miss all `n` given ones (hypergeometric). */
function missAll(total: number, n: number, h: number): number {
  let p = 1;
  for (let i = 0; i < h; i++) {
    if (total - i <= 0) return p;
    p *= (total - n - i) / (total - i);
    if (p <= 0) return 0;
  }
  return p;
}

/** What one seat's view tells of what it may hold. */
interface Knowledge {
  unseen: number[];
  total: number;
}

/** The chance that `player` has no legal answer to `pressure` on `ref` (HH-8, HH-9). */
function cannotAnswer(k: Knowledge, player: PlayerView, ref: number, pressure: Pressure): number {
  const jokerOk = player.hand.length + player.faceUp.length >= 2; // HH-9
  for (const c of player.faceUp) {
    if (answers(c.v, ref, pressure) && (c.v !== JOKER || jokerOk)) return 0;
  }
  let n = 0;
  let hidden = 0;
  for (const c of player.hand) {
    if ('v' in c) {
      const v = c.v;
      if (answers(v, ref, pressure) && (v !== JOKER || jokerOk)) return 0;
    } else hidden++;
  }
  if (hidden === 0) return 1;
  for (let w = 1; w <= 13; w++) {
    if (answers(w, ref, pressure) && (w !== JOKER || jokerOk)) n += k.unseen[w]!;
  }
  return missAll(k.total, n, hidden);
}

/** Whether cards with these counts (by value) can answer: a joker only beside another card. */
function canAnswer(counts: number[], size: number, ref: number, pressure: Pressure): boolean {
  if (counts[JOKER]! > 0 && size >= 2) return true;
  if (pressure === 'higher') {
    for (let w = ref; w <= 13; w++) if (w !== JOKER && counts[w]! > 0) return true;
    return false;
  }
  if (pressure === 'lower') {
    for (let w = ref; w >= 1; w--) if (w !== JOKER && counts[w]! > 0) return true;
    return false;
  }
  return (
    counts[ref]! > 0 || (ref > 1 && counts[ref - 1]! > 0) || (ref < 13 && counts[ref + 1]! > 0)
  );
}

/** The calls opponents make most, by weight: near the limits, where few cards answer (HH-7). */
const THREATS: readonly [number, Pressure, number][] = (() => {
  const t: [number, Pressure, number][] = [];
  for (let v = 9; v <= 13; v++) t.push([v, 'higher', v - 8]);
  for (let v = 1; v <= 5; v++) t.push([v, 'lower', 6 - v]);
  for (let v = 1; v <= 13; v++) if (v !== JOKER) t.push([v, 'double', 0.5]);
  return t;
})();
const THREAT_WEIGHT = THREATS.reduce((a, t) => a + t[2], 0);

/** How much of the usual pressure these cards can answer, 0…1. */
function cover(counts: number[], size: number): number {
  if (size === 0) return 1;
  let got = 0;
  for (const [ref, pressure, weight] of THREATS) {
    if (canAnswer(counts, size, ref, pressure)) got += weight;
  }
  return got / THREAT_WEIGHT;
}

/** The seats still in, clockwise from the one after `me`, `me` excluded. */
function othersInOrder(view: View, me: Seat): Seat[] {
  const n = view.players.length;
  const out: Seat[] = [];
  for (let i = 1; i < n; i++) {
    const s = (me + i) % n;
    if (!view.players[s]!.out) out.push(s);
  }
  return out;
}

/** Values 1…13 by count in a list of cards. */
function countsOf(cards: readonly Card[]): number[] {
  const c = new Array<number>(14).fill(0);
  for (const card of cards) c[card.v]!++;
  return c;
}

/** How much a card is worth keeping: jokers most, then the extremes that force "at the limit". */
function keepValue(v: number): number {
  return v === JOKER ? 10 : Math.abs(v - JOKER);
}

function sum<T>(items: readonly T[], f: (item: T) => number): number {
  let total = 0;
  for (const item of items) total += f(item);
  return total;
}

/**
 * Heads-up, the answer comes straight back: the chance-weighted worth of what the opponent may
 * answer with, each answer judged by whether the cards left can answer it in turn.
 */
function headsUp(
  k: Knowledge,
  view: View,
  me: Seat,
  opp: Seat,
  ref: number,
  pressure: Pressure,
  left: number[],
  size: number,
): number {
  const them = view.players[opp]!;
  const mine = view.players[me]!;
  const oppSize = them.hand.length + them.faceUp.length;
  const hidden = them.hand.length;
  const faceUp = countsOf(them.faceUp);
  const cont = W.base + W.cover * cover(left, size);
  // The opponent answers with the value that is hardest on the cards of mine it sees, its jokers
  // last; each value is taken to be held independently of the others.
  const options: [number, number, boolean][] = []; // [public hardness, chance held, I fail]
  for (let w = 1; w <= 13; w++) {
    if (!answers(w, ref, pressure) || (w === JOKER && oppSize < 2)) continue;
    const held = faceUp[w]! > 0 ? 1 : 1 - missAll(k.total, k.unseen[w]!, hidden);
    if (held <= 0) continue;
    let next: Pressure;
    let hard: number;
    if (w !== JOKER && w === ref) {
      next = 'double';
      hard = publicOpen(mine, w, 'double');
    } else {
      const hi = publicOpen(mine, w, 'higher') + (13 - w) / 100;
      const lo = publicOpen(mine, w, 'lower') + (w - 1) / 100;
      next = hi <= lo ? 'higher' : 'lower';
      hard = Math.min(hi, lo);
    }
    if (w === JOKER) hard += 100;
    options.push([hard, held, !canAnswer(left, size, w, next)]);
  }
  options.sort((a, b) => a[0] - b[0]);
  let none = 1;
  let value = 0;
  for (const [, held, fail] of options) {
    if (!fail) value += none * held * cont;
    none *= 1 - held;
  }
  return value;
}

/** How many of a player's face-up cards answer a pressure: what its opponents can see. */
function publicOpen(player: PlayerView, ref: number, pressure: Pressure): number {
  let n = 0;
  for (const c of player.faceUp) if (answers(c.v, ref, pressure)) n++;
  return n;
}

/** The worth of a play (or a retarget: `card` null, the pile's top stays). */
function evaluate(
  k: Knowledge,
  view: View,
  me: Seat,
  mine: number[],
  size: number,
  card: Card | null,
  pressure: Pressure,
  target: Seat | undefined,
): number {
  const left = mine.slice();
  let leftSize = size;
  if (card) {
    left[card.v]!--;
    leftSize--;
    if (pressure === 'double' && view.stock > 0)
      leftSize++; // HH-6: a double draws
    else if (leftSize === 0) return 1000; // HH-10: out
  }
  const top = view.discard[view.discard.length - 1];
  const ref = card ? card.v : top ? top.v : JOKER;
  const others = othersInOrder(view, me);
  const first = target ?? others[0]!;
  const pFirst = cannotAnswer(k, view.players[first]!, ref, pressure);
  let score = 0;
  if (others.length === 1) {
    score = pFirst * W.knockout + headsUp(k, view, me, first, ref, pressure, left, leftSize);
  } else {
    // HH-8: a player with no answer drops out and the call passes on, as it stands, to the next.
    let reach = pFirst;
    let knocked = pFirst;
    if (target === undefined) {
      for (let i = 1; i < others.length; i++) {
        reach *= cannotAnswer(k, view.players[others[i]!]!, ref, pressure);
        knocked += reach;
      }
    }
    score = (knocked * W.knockout) / others.length;
    score += (1 - pFirst) * (W.base + W.cover * cover(left, leftSize));
  }
  // A joker spent is missed only through the answers it no longer gives (cover, headsUp).
  score += W.card * leftSize;
  return score;
}

/**
 * A careful Hula-Hoo! player: it weighs each play by the chance that the next player cannot
 * answer it, judged from their face-up cards and the cards still unseen (HH-17), against how
 * well its own remaining cards will answer what comes back, and never keeps a lone joker (HH-9).
 */
export const hulahooBot: Bot<View, Move> = {
  choose: playsRounds((view, random) => {
    const me = view.you!;
    const legal = view.legal;
    const first = legal[0]!;
    const player = view.players[me]!;
    const cards = [...player.hand, ...player.faceUp] as Card[];
    const byId = new Map(cards.map((c) => [c.id, c]));

    switch (first.t) {
      case 'place':
        return placement(first, player.hand as Card[], random);
      case 'swap':
        return best(legal, (m) => swapScore((m as { cards: string[] }).cards, byId), random);
      default:
        return best(legal, playScorer(view), random);
    }
  }),
};

/** The normal player's worth of each play or retarget open to the seat (the search prunes by it). */
export function playScorer(view: View): (move: Move) => number {
  const me = view.you!;
  const player = view.players[me]!;
  const cards = [...player.hand, ...player.faceUp] as Card[];
  const byId = new Map(cards.map((c) => [c.id, c]));
  const unseen = unseenCounts(view);
  const k: Knowledge = { unseen, total: sum(unseen, (n) => n) };
  const mine = countsOf(cards);
  return (m) => {
    if (m.t === 'retarget') {
      return evaluate(k, view, me, mine, cards.length, null, m.call ?? 'double', m.target);
    }
    if (m.t !== 'play') return 0;
    const card = byId.get(m.card)!;
    return evaluate(k, view, me, mine, cards.length, card, m.call ?? 'double', m.target);
  };
}

/**
 * HH-16a: lay out the cards least worth hiding, keeping jokers and extremes in hand; among cards
 * worth the same, any. The list is one stand-in for every choice of `count` hand cards.
 */
function placement(standIn: Move, hand: readonly Card[], random: () => number): Move {
  const count = standIn.t === 'place' ? (standIn.count ?? standIn.cards.length) : 0;
  const cards = shuffle(hand.slice(), random).sort((a, b) => keepValue(a.v) - keepValue(b.v));
  return { t: 'place', cards: cards.slice(0, count).map((c) => c.id) };
}

/** HH-3: trade face-up cards from the middle, which answer little, for a fresh chance. */
function swapScore(ids: string[], byId: Map<string, Card>): number {
  let score = 0;
  for (const id of ids) score += keepValue(byId.get(id)!.v) <= 2 ? 3 : -2;
  return score;
}

/** Slips a casual player makes: a joker spent while another card would do, the easy call. */
function slips(view: View): Move[] {
  const me = view.you!;
  const player = view.players[me]!;
  const byId = new Map(([...player.hand, ...player.faceUp] as Card[]).map((c) => [c.id, c]));
  const plays = view.legal.filter((m) => m.t === 'play');
  const hasOther = plays.some((m) => byId.get(m.card)?.v !== JOKER);
  return plays.filter((m) => {
    const v = byId.get(m.card)!.v;
    if (v === JOKER) return hasOther;
    return (m.call === 'higher' && v < JOKER) || (m.call === 'lower' && v > JOKER);
  });
}

/** The easy level: the normal player who, one move in three, slips. */
export const hulahooEasyBot: Bot<View, Move> = withSlips(hulahooBot, 1 / 3, slips);
