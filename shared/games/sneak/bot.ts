import { type Bot, best, playsRounds, withSlips } from '../../engine/bot.ts';
import { beatsFlaunt, type Combo, classify, compareCombos, isFlauntable } from './combos.ts';
import { ACE, PACK_SIZE, SUITS } from './faces.ts';
import { forEachFlauntable } from './legal.ts';
import type { Card, ComboType, Move, Suit, View } from './types.ts';

/**
 * A sneak is challenged when the chance that the leader's set, or another asked player's, beats the
 * bot's best is below this: a challenge stakes the bot's cards to win as many more.
 */
const CHALLENGE_RISK = 0.45;

/**
 * A sensible Sneak player. While the stock lasts it mostly draws (a card drawn is worth almost a
 * point, SN-13, and a lead only banks cards the bot holds already), but with a hand to spare it
 * banks a set few can beat, sneaked to win it unseen (SN-10) (or twice over if a weaker one
 * challenges), or one nobody can beat, flaunted; and now and then it bluffs, sneaking weak
 * cards. Once the stock is gone it flaunts what few can beat (SN-9, SN-12). It challenges a sneak
 * when neither the leader nor the others asked are likely to hold better (a leader banks middling
 * sets, not its best), and a flaunt whenever it can beat it, as cheaply as it can. It reads its
 * view alone: its own hand and winnings, the hand counts and the cards shown face up.
 */
export const sneakBot: Bot<View, Move> = {
  choose: playsRounds((view, random) => {
    const first = view.legal[0]!;
    const hand = view.players[view.you!]!.hand as Card[];
    if (first.t === 'draw') return view.legal.length > 1 ? stockTurn(view, hand, random) : first;
    if (view.phase === 'challenge') return answer(view, hand);
    return best(flauntOptions(view, hand), (o) => o.value, random).move;
  }),
  // SN-5: a player out of time declines; a lead is still the bot's choice.
  onTimeout(view, random) {
    return view.legal.find((m) => m.t === 'decline') ?? sneakBot.choose(view, random);
  },
};

const ids = (cards: readonly Card[]): string[] => cards.map((c) => c.id);

function cardsOf(move: Move, byId: Map<string, Card>): Card[] {
  return (move as { cards: string[] }).cards.map((id) => byId.get(id)!);
}

// ---- Answering a lead ----

export function answer(view: View, hand: Card[]): Move {
  const lead = view.lead!;
  const count = lead.cards.length;
  if (lead.kind === 'sneak') {
    // Unseen: challenge with the strongest set unless the leader's hand, or another asked
    // player's, probably holds better.
    const set = strongestSet(hand, count);
    const combo = classify(set);
    const hands = view.players.flatMap((p, s) => {
      if (s === lead.by) return [Math.min(p.hand.length, LEADER_CHOICE) + count];
      return s !== view.you && p.asked ? [p.hand.length] : [];
    });
    const better = chanceBetter(combo.type, combo.ranks[0]!, count, hands, sightOf(view, hand));
    return better < CHALLENGE_RISK ? { t: 'challenge', cards: ids(set) } : { t: 'decline' };
  }
  // SN-9: the list offers only challenges that beat the flaunt, and a win turns every card played
  // into points: challenge whenever possible, with the cheapest set, keeping the best for later.
  const byId = new Map(hand.map((c) => [c.id, c]));
  let cheapest: Move = { t: 'decline' };
  let low: Combo | null = null;
  const consider = (cards: Card[]) => {
    const combo = classify(cards);
    if (low === null || compareCombos(combo, low) < 0) {
      cheapest = { t: 'challenge', cards: ids(cards) };
      low = combo;
    }
  };
  for (const move of view.legal) {
    if (move.t !== 'challenge') continue;
    if (move.count === undefined) consider(cardsOf(move, byId));
    else beatingSets(hand, lead.cards as Card[], consider);
  }
  return cheapest;
}

/** How many of a stand-in's choices the bot weighs at most: enough to find a cheap one. */
const STAND_IN_LOOKS = 500;

/** Calls `visit` with sets of the hand that beat the flaunted `led` (SN-9), a few hundred at most. */
export function beatingSets(
  hand: readonly Card[],
  led: Card[],
  visit: (cards: Card[]) => void,
): void {
  const target = classify(led);
  let looked = 0;
  forEachFlauntable(hand, led.length, led.length, target.type, (cards) => {
    if (beatsFlaunt(classify(cards), target)) visit(cards);
    return ++looked >= STAND_IN_LOOKS;
  });
}

/** A flaunt of `n` cards standing for a stand-in: the strongest set if it is a combo, else the first found. */
function flauntOf(hand: readonly Card[], n: number): Card[] {
  const strongest = strongestSet(hand, n);
  if (isFlauntable(classify(strongest))) return strongest;
  let found: Card[] = [];
  forEachFlauntable(hand, n, n, null, (cards) => {
    found = cards;
    return true;
  });
  return found;
}

/**
 * The strongest `n` cards of the hand, found without trying every subset: the best match, the
 * highest straight flush and straight, each suit's top cards and the top cards overall compete.
 */
export function strongestSet(hand: readonly Card[], n: number): Card[] {
  const sorted = [...hand].sort((a, b) => b.r - a.r);
  const candidates: Card[][] = [sorted.slice(0, n)];
  if (n >= 2) {
    for (let r = ACE; r >= 2; r--) {
      const same = sorted.filter((c) => c.r === r);
      if (same.length >= n) {
        candidates.push(same.slice(0, n));
        break;
      }
    }
    candidates.push(...highestRuns(hand, n));
    for (const suit of SUITS) {
      const same = sorted.filter((c) => c.s === suit);
      if (same.length >= n) candidates.push(same.slice(0, n));
    }
  }
  let top = candidates[0]!;
  for (const set of candidates) if (compareCombos(classify(set), classify(top)) > 0) top = set;
  return top;
}

/** The highest straight flush and the highest straight of `n` cards (SN-6: the ace high or low). */
function highestRuns(hand: readonly Card[], n: number): Card[][] {
  if (n > ACE - 1) return []; // a run has at most 13 ranks
  const byRank: Card[][] = [];
  for (let r = 0; r <= ACE; r++) byRank.push([]);
  for (const card of hand) byRank[card.r]!.push(card);
  byRank[1] = byRank[ACE]!; // the ace read low
  const run = (top: number, suit: Suit | null): Card[] | null => {
    const out: Card[] = [];
    for (let r = top; r > top - n; r--) {
      const card = byRank[r]!.find((c) => suit === null || c.s === suit);
      if (!card) return null;
      out.push(card);
    }
    return out;
  };
  const found: Card[][] = [];
  for (const suit of [...SUITS, null]) {
    for (let top = ACE; top - n >= 0; top--) {
      const set = run(top, suit);
      if (set) {
        found.push(set);
        break;
      }
    }
  }
  return found;
}

// ---- Leading while the stock lasts ----

/** The smallest hand the bot leads from while the stock lasts: fewer cards it keeps and adds to. */
const LEAD_HAND = 3;

/**
 * How much a lead must bring, in points beyond what its cards would bring kept, to be made rather
 * than a draw: nothing from a hand of four or more (a table of drawers is a dull one, and the draw
 * forgone is the price of a lively one), more from a small hand, which has little to spare.
 */
const leadWorth = (hand: number) => (hand <= 3 ? SMALL_HAND_WORTH : 0);
const SMALL_HAND_WORTH = 0.4;

/** How often the bot bluffs when no lead is worth making: it sneaks its weakest card or two. */
const BLUFF_RATE = 0.12;

/**
 * A leader banks a middling set and keeps its best, so a challenger does not reckon with the best
 * set of the leader's whole hand: only with the sneaked cards and this many more of its hand.
 */
const LEADER_CHOICE = 1;

/**
 * A turn with a choice while the stock lasts (SN-3): the best lead if it brings what `leadWorth`
 * asks, or a bluff now and then, else the draw.
 */
function stockTurn(view: View, hand: Card[], random: () => number): Move {
  const draw: Move = { t: 'draw' };
  if (hand.length < LEAD_HAND) return draw;
  const options = stockLeads(view, hand);
  if (options.length > 0) {
    const top = best(options, (o) => o.value, random);
    if (top.value >= leadWorth(hand.length)) return top.move;
  }
  if (random() < BLUFF_RATE) {
    const sneaks = sneakSizes(view);
    const n = sneaks.includes(2) && random() < 0.5 ? 2 : 1;
    if (sneaks.includes(n)) return { t: 'sneak', cards: ids(weakest(hand, n)) };
  }
  return draw;
}

/** The sizes of the sneaks the view allows (SN-4). */
const sneakSizes = (view: View): number[] =>
  view.legal.flatMap((m) => (m.t === 'sneak' && m.count !== undefined ? [m.count] : []));

/** The `n` lowest cards of the hand. */
export const weakest = (hand: readonly Card[], n: number): Card[] =>
  [...hand].sort((a, b) => a.r - b.r).slice(0, n);

/**
 * What a card kept into the endgame is worth, in points: most cards held when the stock runs out
 * are banked by their holder (about 0.8 of a low card, 0.9 of a high one, in games between bots).
 */
const keep = (cards: readonly Card[]) =>
  cards.reduce((sum, c) => sum + 0.78 + (0.14 * (c.r - 2)) / 12, 0);

/** How likely a sneak is to be challenged, roughly: a leader cannot tell who holds what. */
const CHALLENGED = 0.35;

/** How many of the hand's sets the bot weighs for a sneak at most. */
const SNEAK_LOOKS = 200;

/**
 * The leads worth weighing while the stock lasts, each valued in the points it brings beyond
 * keeping its cards: the sets of two or three cards it could sneak (won unseen when nobody
 * challenges, and twice over when a challenger holds worse), and the flaunts (won unless someone
 * can beat them, SN-9).
 */
export function stockLeads(view: View, hand: Card[]): Option[] {
  const seen = sightOf(view, hand);
  const options: Option[] = [];
  const sizes = sneakSizes(view).filter((n) => n >= 2 && n <= 3);
  if (sizes.length > 0) {
    let looked = 0;
    forEachFlauntable(hand, Math.min(...sizes), Math.max(...sizes), null, (cards) => {
      const n = cards.length;
      const combo = classify(cards);
      const rivals = seen.rivals.filter((held) => held >= n);
      const beaten = chanceBetter(combo.type, combo.ranks[0]!, n, rivals, seen);
      const value = (1 - CHALLENGED) * n + CHALLENGED * (1 - beaten) * 2 * n - keep(cards);
      options.push({ move: { t: 'sneak', cards: ids(cards) }, value });
      return ++looked >= SNEAK_LOOKS;
    });
  }
  const byId = new Map(hand.map((c) => [c.id, c]));
  for (const move of view.legal) {
    if (move.t !== 'flaunt' || move.count !== undefined) continue;
    const cards = cardsOf(move, byId);
    const risk = flauntRisk(cards, seen);
    options.push({ move, value: cards.length * (1 - risk) - keep(cards) });
  }
  return options;
}

// ---- Leading once the stock is gone ----

export type Option = { move: Move; value: number };

/**
 * The flaunts the view lists, stand-ins filled with the strongest set of their size, each valued
 * in the cards it is expected to win: its size, less twice its size for the chance that someone
 * beats it (they take it, and their own cards back).
 */
export function flauntOptions(view: View, hand: Card[]): Option[] {
  const seen = sightOf(view, hand);
  const byId = new Map(hand.map((c) => [c.id, c]));
  const options: Option[] = [];
  for (const move of view.legal) {
    if (move.t !== 'flaunt') continue;
    const set = move.count === undefined ? cardsOf(move, byId) : flauntOf(hand, move.count);
    const real: Move = { t: 'flaunt', cards: ids(set) };
    options.push({ move: real, value: set.length * (1 - 2 * flauntRisk(set, seen)) });
  }
  return options;
}

/**
 * SN-9: the chance that some rival can beat this flaunt, which takes a higher set of its own type
 * (a single: of its suit).
 */
function flauntRisk(set: readonly Card[], seen: Sight): number {
  const n = set.length;
  const combo = classify(set);
  const top = combo.ranks[0]!;
  let sets = 0;
  if (combo.type === 'single') {
    const copies = seen.unseen[SUITS.indexOf(combo.suit!)]!;
    for (let r = top + 1; r <= ACE; r++) sets += copies[r]!;
  } else {
    sets = above(seen, combo.type, n, top);
  }
  return 1 - (1 - inOneOf(seen.rivals, n, seen)) ** sets;
}

// ---- What the bot can tell of the cards it cannot see ----

interface Sight {
  /** How many copies of each card may still be in someone else's hand: [suit][rank 1…14]. */
  unseen: number[][];
  /** The same, of each rank whatever its suit. */
  ofRank: number[];
  total: number;
  /** The other seats' hand counts. */
  rivals: number[];
  /** `above` by type and size (at tableKey), worked out once per decision. */
  counts: number[][];
}

/**
 * Counts the cards the bot has not seen: the packs less its hand, its winnings, the flaunt in force
 * and the last contest's shown cards (when the bot won them, they are among its winnings).
 */
function sightOf(view: View, hand: readonly Card[]): Sight {
  const unseen = SUITS.map(() => new Array<number>(ACE + 1).fill(view.config.packs));
  const known: Card[] = [...hand, ...view.winnings];
  if (view.lead?.kind === 'flaunt') known.push(...(view.lead.cards as Card[]));
  const last = view.last;
  if (last && last.winner !== view.you) {
    if (last.lead) known.push(...last.lead.cards);
    for (const shown of last.challengers) known.push(...shown.cards);
  }
  let total = view.config.packs * PACK_SIZE;
  for (const card of known) {
    const copies = unseen[SUITS.indexOf(card.s)]!;
    if (copies[card.r]! > 0) {
      copies[card.r] = copies[card.r]! - 1;
      total--;
    }
  }
  for (const copies of unseen) copies[1] = copies[ACE]!; // the ace read low
  const ofRank: number[] = [];
  for (let r = 0; r <= ACE; r++) ofRank.push(unseen.reduce((sum, copies) => sum + copies[r]!, 0));
  const rivals = view.players.filter((_, s) => s !== view.you).map((p) => p.hand.length);
  return { unseen, ofRank, total, rivals, counts: [] };
}

/**
 * The chance that one given set of `n` unseen cards lies whole in one of these hands, of those that
 * may answer a lead of `n` cards (SN-4); each unseen card is taken as equally likely anywhere.
 */
function inOneOf(hands: readonly number[], n: number, seen: Sight, size = n): number {
  if (seen.total <= 0) return 0;
  let chance = 0;
  for (const held of hands) if (held >= n) chance += (held / seen.total) ** size;
  return Math.min(chance, 1);
}

/**
 * SN-7: the chance that one of `hands` holds a set of `n` cards higher than one of this type and top
 * card: any set of a higher type, or of the same type with a higher top. A non-combo is also beaten
 * by a higher card among junk (roughly: by any higher card).
 */
function chanceBetter(
  type: ComboType,
  top: number,
  n: number,
  hands: readonly number[],
  seen: Sight,
): number {
  const own = typeIndex(type);
  let sets = type === 'single' || own < TYPES.length ? above(seen, type, n, top) : 0;
  if (n > 1) for (let i = 0; i < own; i++) sets += above(seen, TYPES[i]!, n, 0);
  let none = (1 - inOneOf(hands, n, seen)) ** sets;
  if (type === 'none') none *= (1 - inOneOf(hands, n, seen, 1)) ** above(seen, 'single', 1, top);
  return 1 - none;
}

/** SN-6: the set types from the highest down. */
const TYPES = ['match', 'straightFlush', 'straight', 'flush'] as const;

/** A set type's place in TYPES; singles and non-combos come after every type. */
function typeIndex(type: ComboType): number {
  const i = TYPES.indexOf(type as (typeof TYPES)[number]);
  return i < 0 ? TYPES.length : i;
}

/** Roughly how many sets of `n` unseen cards of this type have a top card above `top`. */
function above(seen: Sight, type: ComboType, n: number, top: number): number {
  return table(seen, type, n)[Math.min(Math.max(top, 0), ACE)]!;
}

/** Each combo type's place in a table's key (`table` runs for every decision a playout makes). */
const TYPE_KEY: Record<ComboType, number> = {
  single: 0,
  match: 1,
  straightFlush: 2,
  straight: 3,
  flush: 4,
  none: 5,
};
const KEY_TYPES = 6;

/** `above` for every top card, 0 to the ace, worked out once per decision. */
function table(seen: Sight, type: ComboType, n: number): number[] {
  const key = n * KEY_TYPES + TYPE_KEY[type];
  let row = seen.counts[key];
  if (!row) {
    // From the ace down, each entry adds the sets whose top card is just above it.
    row = new Array<number>(ACE + 1).fill(0);
    for (let t = ACE - 1; t >= 1; t--) row[t] = row[t + 1]! + topped(seen, type, n, t + 1);
    row[0] = row[1]!;
    seen.counts[key] = row;
  }
  return row;
}

/**
 * Roughly how many sets of `n` unseen cards of this type have `top` as their top card: singles of
 * any suit, runs of `n` ranks (the straights count the straight flushes too), flushes of any suit.
 */
function topped(seen: Sight, type: ComboType, n: number, top: number): number {
  const { unseen, ofRank } = seen;
  let count = 0;
  switch (type) {
    case 'single':
      return ofRank[top]!;
    case 'match':
      return binomial(ofRank[top]!, n);
    case 'straight':
      return top >= n ? runs(top, n, ofRank) : 0;
    case 'straightFlush':
      if (top >= n) for (const copies of unseen) count += runs(top, n, copies);
      return count;
    case 'flush':
      for (const copies of unseen) {
        let below = 0;
        for (let r = 2; r < top; r++) below += copies[r]!;
        count += copies[top]! * binomial(below, n - 1);
      }
      return count;
    default:
      return 0;
  }
}

/** The ways to make the run of `n` ranks topped by `top` from these copies of each rank. */
function runs(top: number, n: number, copies: readonly number[]): number {
  let ways = 1;
  for (let r = top; r > top - n && ways > 0; r--) ways *= copies[r]!;
  return ways;
}

/** Binomial coefficient, as a float: big hands make big counts. */
function binomial(a: number, b: number): number {
  if (b < 0 || b > a) return 0;
  let out = 1;
  for (let i = 0; i < b; i++) out = (out * (a - i)) / (i + 1);
  return out;
}

// ---- The easy level ----

/** How often the easy bot makes a casual player's move instead of its own. */
const SLIP_RATE = 0.15;

/**
 * Moves a casual player makes: banking a pair or a high card face up while the stock still has
 * cards to draw, flaunting a low card that is easily beaten, answering a sneak on a hunch,
 * challenging a flaunt with the best card that beats it rather than the cheapest, or letting a
 * flaunt it could beat go by.
 */
function slips(view: View): Move[] {
  const you = view.you;
  if (you === null || view.phase === 'roundOver') return [];
  const hand = view.players[you]!.hand as Card[];
  const listed = view.legal.filter((m) => (m as { count?: number }).count === undefined);
  const byId = new Map(hand.map((c) => [c.id, c]));
  if (view.phase === 'challenge' && view.lead?.kind === 'sneak') {
    // A hunch: challenge with its strongest cards, or let the sneak by, whatever the odds.
    const set = strongestSet(hand, view.lead.cards.length);
    const challenge: Move[] = view.legal.some((m) => m.t === 'challenge')
      ? [{ t: 'challenge', cards: ids(set) }]
      : [];
    return [...challenge, { t: 'decline' }];
  }
  if (view.phase === 'challenge') {
    const challenges = listed.filter((m) => m.t === 'challenge');
    if (challenges.length === 0) return [];
    const combo = (m: Move) => classify(cardsOf(m, byId));
    const top = challenges.reduce((a, b) => (compareCombos(combo(b), combo(a)) > 0 ? b : a));
    return [top, { t: 'decline' }];
  }
  const flaunts = listed.filter((m) => m.t === 'flaunt');
  if (flaunts.length === 0) return [];
  const rankOf = (m: Move) => Math.max(...cardsOf(m, byId).map((c) => c.r));
  if (view.stock > 0) {
    // Early banking: a pair or better, or the best single, instead of drawing on.
    const sets = flaunts.filter((m) => cardsOf(m, byId).length > 1);
    const pool = sets.length > 0 ? sets : flaunts;
    return [pool.reduce((a, b) => (rankOf(b) > rankOf(a) ? b : a))];
  }
  const singles = flaunts.filter((m) => cardsOf(m, byId).length === 1);
  return singles.length > 0 ? [singles.reduce((a, b) => (rankOf(b) < rankOf(a) ? b : a))] : [];
}

/** The easy level: the normal bot, with a casual player's slip now and then. */
export const sneakEasyBot: Bot<View, Move> = withSlips(sneakBot, SLIP_RATE, slips);
