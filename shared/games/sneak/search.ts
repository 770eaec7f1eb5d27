import type { Bot } from '../../engine/bot.ts';
import { cardId, plainLabels } from '../../engine/cards.ts';
import { shuffle } from '../../engine/random.ts';
import { seedRng } from '../../engine/rng.ts';
import { normalCdf, type SearchSpec, searchBot } from '../../engine/search.ts';
import type { Seat } from '../../engine/types.ts';
import {
  answer,
  beatingSets,
  flauntOptions,
  sneakBot,
  stockLeads,
  strongestSet,
  weakest,
} from './bot.ts';
import { classify, compareCombos } from './combos.ts';
import { compareCards, DECKS } from './deck.ts';
import { sneak } from './index.ts';
import type { Answer, Card, Lead, Move, State, View } from './types.ts';
import { lastKnown } from './view.ts';

/** The rng of a world deals only the next round, which no playout reaches: any key will do. */
const WORLD_RNG = seedRng('sneak worlds');

/** A face's place in one pack: suit by suit, 2 to the ace. */
const SUIT_INDEX = { S: 0, H: 1, D: 2, C: 3 } as const;
const faceOf = (card: { r: number; s: keyof typeof SUIT_INDEX }) =>
  SUIT_INDEX[card.s] * 13 + card.r - 2;

/**
 * The cards the seat has seen, where it knows them to lie: its hand and winnings, a lead it can
 * see, and the last contest's shown cards, which lie in its winner's pile (SN-10).
 */
function seenCards(view: View): Card[] {
  const me = view.you!;
  const seen: Card[] = [...(view.players[me]!.hand as Card[]), ...view.winnings];
  const lead = view.lead;
  if (lead && (lead.kind === 'flaunt' || lead.by === me)) seen.push(...(lead.cards as Card[]));
  const last = view.last;
  if (last && last.winner !== me) {
    if (last.lead) seen.push(...last.lead.cards);
    for (const shown of last.challengers) seen.push(...shown.cards);
  }
  return seen;
}

/**
 * The faces the seat has not seen, shuffled, with ids of their own: a letter the game's ids never
 * use, so that none can clash with a card the seat has seen.
 */
function unseenPool(view: View, random: () => number): Card[] {
  const deck = DECKS[view.config.packs];
  const left = new Array<number>(52).fill(view.config.packs);
  for (const card of seenCards(view)) left[faceOf(card)]!--;
  const pool: Card[] = [];
  for (const card of deck) {
    const face = faceOf(card);
    if (left[face]! > 0) {
      left[face]!--;
      pool.push({ id: cardId('u', pool.length), r: card.r, s: card.s });
    }
  }
  return shuffle(pool, random);
}

/**
 * A whole state the view could have come from. SN-14: the stock, the others' hands and winnings
 * and a sneak by someone else are dealt from the faces the seat has not seen (the last contest's
 * shown cards lying in its winner's pile); the others' sealed answers (SN-5) are made again by
 * the normal bot on the hands they were dealt.
 */
export function determinize(view: View, random: () => number): State {
  const me = view.you!;
  const pool = unseenPool(view, random);
  const deal = (n: number): Card[] => pool.splice(pool.length - n, n);
  const players = view.players.length;
  const last = view.last;
  const hands: Card[][] = [];
  const won: Card[][] = [];
  // A sneak by someone else: dealt with its leader's hand, then taken from it as a leader would.
  const sneaked = view.lead?.kind === 'sneak' && view.lead.by !== me ? view.lead : null;
  let hidden: Card[] = [];
  for (let s = 0; s < players; s++) {
    const p = view.players[s]!;
    if (s === me) {
      hands.push(p.hand as Card[]);
      won.push(view.winnings);
      continue;
    }
    if (sneaked?.by === s) {
      const n = sneaked.cards.length;
      const dealt = likelySneak(pool, p.hand.length + n, n, random);
      hidden = dealt.sneaked;
      hands.push(dealt.hand.sort(compareCards));
    } else hands.push(deal(p.hand.length).sort(compareCards));
    const known: Card[] = [];
    if (last && last.winner === s) {
      if (last.lead) known.push(...last.lead.cards);
      for (const shown of last.challengers) known.push(...shown.cards);
    }
    won.push([...known, ...deal(p.won - known.length)]);
  }
  let lead: Lead | null = null;
  if (view.lead) {
    const { by, kind, cards } = view.lead;
    lead = { by, kind, cards: sneaked ? hidden : (cards as Card[]) };
  }
  const stock = deal(view.stock);
  if (pool.length !== 0) throw new Error('the view does not account for every card');
  const challenge = view.phase === 'challenge';
  let world: State = {
    game: 'sneak',
    config: view.config,
    players,
    rng: WORLD_RNG,
    labels: plainLabels(DECKS[view.config.packs].length),
    round: view.round,
    dealer: view.dealer,
    phase: view.phase,
    stock,
    hands,
    won,
    fresh: view.players.map((p) => p.fresh),
    turn: view.turn ?? lead?.by ?? 0,
    lead,
    asked: view.players.map((p) => challenge && p.asked),
    answers: new Array<Answer>(players).fill(null),
    last: lastKnown(view.last),
    collected: view.collected,
    points: view.totals,
    history: view.history,
    winners: view.winners,
  };
  if (challenge) {
    const mine = view.answer;
    if (mine) {
      world.answers = [...world.answers];
      world.answers[me] = mine.t === 'decline' ? 'decline' : mine.cards.map((c) => c.id);
    }
    for (let s = 0; s < players; s++) {
      if (s === me || !view.players[s]!.answered) continue;
      const out = sneak.apply(world, s, sneakBot.choose(sneak.view(world, s), random));
      if (!out.ok)
        throw new Error(`a sealed answer was refused in a dealt world: ${out.error.code}`);
      world = out.state;
    }
  }
  return world;
}

/**
 * How often a sneak of this many cards is a bluff (its leader's lowest cards) rather than a set it
 * banks: the bots sneak sets of two or three and bluff with one or two.
 */
const bluffs = (n: number) => (n === 1 ? 0.5 : 0.2);

/** How many hands `likelySneak` deals at most in search of one that holds a set worth sneaking. */
const SNEAK_DEALS = 12;

/**
 * A sneak by someone else and the hand it came from: `held` cards of the pool, dealt again until
 * they hold a set a leader would sneak (a match or a run of `n`, its strongest set), or a bluff
 * with the lowest `n` of them. A leader sneaks because it holds such a set: a hand dealt at random
 * would make its sneak look weaker than it is, and challenging look better.
 */
function likelySneak(
  pool: Card[],
  held: number,
  n: number,
  random: () => number,
): { hand: Card[]; sneaked: Card[] } {
  const bluff = random() < bluffs(n);
  let hand: Card[] = [];
  let sneaked: Card[] = [];
  for (let deal = 0; deal < SNEAK_DEALS; deal++) {
    if (deal > 0) {
      pool.push(...hand);
      shuffle(pool, random);
    }
    hand = pool.splice(pool.length - held, held);
    if (bluff) {
      sneaked = weakest(hand, n);
      break;
    }
    sneaked = strongestSet(hand, n);
    const type = classify(sneaked).type;
    if (n === 1 || type === 'match' || type === 'straightFlush' || type === 'straight') break;
  }
  return { hand: hand.filter((c) => !sneaked.includes(c)), sneaked };
}

/** How many of the normal bot's best flaunts the search compares. */
const FLAUNTS = 5;

/** How many of the normal bot's best leads while the stock lasts the search compares with a draw. */
const STOCK_LEADS = 3;

const ids = (cards: readonly Card[]): string[] => cards.map((c) => c.id);

/**
 * The moves worth comparing, the normal bot's way first: while the stock lasts, the draw and the
 * leads the normal bot likes best (sneaks and flaunts); once the stock is gone, the flaunts it
 * likes best; and the answers to a lead: the normal bot's answer, declining, and the strongest
 * set that could win.
 */
export function candidates(view: View, _random: () => number): Move[] {
  const legal = view.legal;
  const first = legal[0];
  if (legal.length <= 1 || first === undefined) return first ? [first] : [];
  const hand = view.players[view.you!]!.hand as Card[];
  if (first.t === 'draw') {
    const leads = stockLeads(view, hand)
      .sort((a, b) => b.value - a.value)
      .slice(0, STOCK_LEADS)
      .map((o) => o.move);
    return [first, ...leads];
  }
  if (view.phase === 'play') {
    return flauntOptions(view, hand)
      .sort((a, b) => b.value - a.value)
      .slice(0, FLAUNTS)
      .map((o) => o.move);
  }
  const lead = view.lead!;
  // The normal bot's answer first: the search departs from it only with confidence.
  const usual = answer(view, hand);
  const moves: Move[] = usual.t === 'challenge' ? [usual, { t: 'decline' }] : [usual];
  let top: Card[] | null = null;
  if (lead.kind === 'sneak') top = strongestSet(hand, lead.cards.length);
  else {
    beatingSets(hand, lead.cards as Card[], (cards) => {
      if (top === null || compareCombos(classify(cards), classify(top)) > 0) top = cards;
    });
  }
  if (top !== null) {
    const move: Move = { t: 'challenge', cards: ids(top) };
    if (usual.t !== 'challenge' || !sameCards(usual.cards, move.cards)) moves.push(move);
  }
  return moves;
}

const sameCards = (a: string[], b: string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/** How far one player's round score strays from the mean (about 3 cards at four players, SN-13). */
const ROUND_SPREAD = 3;

/**
 * The seat's chance of winning the game (SN-13). At the game's end it is exact; before it, each
 * seat's total is projected (the cards in hand and its share of the stock counted as its own) and
 * the seat must stay ahead of each rival while the rounds still to play, and the cards still in
 * play, spread the totals.
 */
export function value(state: State, seat: Seat): number {
  if (state.phase === 'gameOver') {
    return state.winners.includes(seat) ? 1 / state.winners.length : 0;
  }
  const { players } = state;
  const over = state.phase === 'roundOver';
  const share = state.stock.length / players;
  let inPlay = state.stock.length;
  const projected: number[] = [];
  for (let s = 0; s < players; s++) {
    if (over) projected.push(state.points[s]!);
    else {
      inPlay += state.hands[s]!.length;
      projected.push(state.points[s]! + state.won[s]!.length + state.hands[s]!.length + share);
    }
  }
  const perRound = (state.config.packs * 52) / players;
  const lead = Math.max(...projected);
  const rounds = Math.max(0, Math.ceil((state.config.target - lead) / perRound));
  const variance = 2 * (rounds * ROUND_SPREAD ** 2 + inPlay / players) + 0.25;
  const scale = 1 / Math.sqrt(variance);
  let chance = 1;
  for (let s = 0; s < players; s++) {
    if (s !== seat) chance *= normalCdf((projected[seat]! - projected[s]!) * scale);
  }
  return chance;
}

/**
 * What a move costs a playout, in units that grow as its time does (the budget below is set by
 * `npm run bench:bots`): the normal bot weighs the sets of the hand it moves from (SN-9's flaunts,
 * its sneaks while the stock lasts), so the bigger the hand, the more a move costs, a little
 * faster than the hand grows.
 */
function cost(state: State, seat: Seat): number {
  return 2 + state.hands[seat]!.length ** 1.5;
}

export const sneakSearch: SearchSpec<State, View, Move> = {
  game: sneak,
  determinize,
  candidates,
  policy: sneakBot,
  value,
  // Playouts run to the round's end (about 65 moves at four players once the stock is gone): the
  // endgame decides a round, and a world played out whole values it exactly.
  horizon: 400,
  // About 25 ms a searched decision in workerd, whatever the table's size and packs.
  budget: 50_000,
  cost,
  // A lead while the stock lasts, or a challenge, must beat the draw or the decline clearly: a few
  // dozen worlds cannot tell a card's difference from their luck.
  confidence: 1,
};

/** The hand size beyond which playouts stop early (four players hold about this many). */
const USUAL_HAND = 13;

/** The horizon with bigger hands than usual: playouts stop early; `value` estimates the rest. */
const SHORT_HORIZON = 24;

/** The search with playouts cut short: for bigger hands than usual, and for a review (shared/coach/). */
export const sneakShortSearch: SearchSpec<State, View, Move> = {
  ...sneakSearch,
  horizon: SHORT_HORIZON,
};

/**
 * The search for this decision. With fewer players, or two packs, the hands are bigger and a
 * round's endgame longer: playouts stop short of it, so that the budget buys enough worlds.
 */
function searchFor(view: View): Bot<View, Move> {
  let held = view.stock;
  for (const p of view.players) held += p.hand.length;
  return held / view.players.length <= USUAL_HAND ? usualSearch : shortSearch;
}

const usualSearch = searchBot(sneakSearch);
const shortSearch = searchBot(sneakShortSearch);

/** The hard level: flat Monte Carlo over worlds dealt from its view, the normal bot playing on. */
export const sneakHardBot: Bot<View, Move> = {
  choose: (view, random) => searchFor(view).choose(view, random),
  think: (view, random) => searchFor(view).think!(view, random),
  onTimeout: usualSearch.onTimeout,
};
