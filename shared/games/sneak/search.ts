import type { Bot } from '../../engine/bot.ts';
import { cardId, plainLabels } from '../../engine/cards.ts';
import { shuffle } from '../../engine/random.ts';
import { seedRng } from '../../engine/rng.ts';
import { normalCdf, type SearchSpec, searchBot } from '../../engine/search.ts';
import type { Seat } from '../../engine/types.ts';
import { answer, beatingSets, flauntOptions, sneakBot, strongestSet } from './bot.ts';
import { classify, compareCombos } from './combos.ts';
import { compareCards, DECKS } from './deck.ts';
import { sneak } from './index.ts';
import type { Answer, Card, Lead, Move, State, View } from './types.ts';

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
  for (let s = 0; s < players; s++) {
    const p = view.players[s]!;
    if (s === me) {
      hands.push(p.hand as Card[]);
      won.push(view.winnings);
      continue;
    }
    hands.push(deal(p.hand.length).sort(compareCards));
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
    const visible = kind === 'flaunt' || by === me;
    lead = { by, kind, cards: visible ? (cards as Card[]) : deal(cards.length) };
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
    last,
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

/** How many of the normal bot's best flaunts the search compares. */
const FLAUNTS = 5;

const ids = (cards: readonly Card[]): string[] => cards.map((c) => c.id);

/**
 * The moves worth comparing. While the stock lasts the bot draws, as the normal bot does (a lead
 * only banks cards already held); the search weighs the flaunts the normal bot likes best once the
 * stock is gone, and the answers to a lead: declining, the normal bot's answer, and the strongest
 * set that could win.
 */
export function candidates(view: View, _random: () => number): Move[] {
  const legal = view.legal;
  const first = legal[0];
  if (legal.length <= 1 || first === undefined || first.t === 'draw') {
    return first ? [first] : [];
  }
  const hand = view.players[view.you!]!.hand as Card[];
  if (view.phase === 'play') {
    return flauntOptions(view, hand)
      .sort((a, b) => b.value - a.value)
      .slice(0, FLAUNTS)
      .map((o) => o.move);
  }
  const lead = view.lead!;
  const moves: Move[] = [{ t: 'decline' }];
  const usual = answer(view, hand);
  if (usual.t === 'challenge') moves.push(usual);
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

export const sneakSearch: SearchSpec<State, View, Move> = {
  game: sneak,
  determinize,
  candidates,
  policy: sneakBot,
  value,
  // Playouts run to the round's end (about 65 moves at four players once the stock is gone): the
  // endgame decides a round, and a world played out whole values it exactly.
  horizon: 400,
  // About 25 ms a searched decision in Node at four players.
  budget: 6000,
};

/** The hand size at which a playout's move costs what the budget was set for (four players). */
const USUAL_HAND = 13;

/** The horizon with bigger hands than usual: playouts stop early; `value` estimates the rest. */
const SHORT_HORIZON = 24;

/**
 * The search for this decision. A move costs more the bigger the hands (their flaunts are listed
 * and weighed, SN-9), so with fewer players, and bigger hands, the search plays fewer and shorter
 * playouts.
 */
function searchFor(view: View): Bot<View, Move> {
  let held = view.stock;
  for (const p of view.players) held += p.hand.length;
  const hand = held / view.players.length;
  if (hand <= USUAL_HAND) return usualSearch;
  const budget = Math.round(sneakSearch.budget * (USUAL_HAND / hand) ** 4);
  return searchBot({ ...sneakSearch, budget, horizon: SHORT_HORIZON });
}

const usualSearch = searchBot(sneakSearch);

/** The hard level: flat Monte Carlo over worlds dealt from its view, the normal bot playing on. */
export const sneakHardBot: Bot<View, Move> = {
  choose: (view, random) => searchFor(view).choose(view, random),
  think: (view, random) => searchFor(view).think!(view, random),
  onTimeout: usualSearch.onTimeout,
};
