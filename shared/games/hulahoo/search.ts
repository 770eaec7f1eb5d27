import type { Bot } from '../../engine/bot.ts';
import { plainLabels } from '../../engine/cards.ts';
import { shuffle } from '../../engine/random.ts';
import { seedRng } from '../../engine/rng.ts';
import { type SearchSpec, searchBot } from '../../engine/search.ts';
import type { Seat } from '../../engine/types.ts';
import { hulahooBot, playScorer, unseenCounts } from './bot.ts';
import { compareCards, DECK_SIZE } from './deck.ts';
import { hulahoo } from './index.ts';
import type { Card, Move, State, View } from './types.ts';

/** How many plays the search compares: the normal player's best few. */
const WIDTH = 5;

/** The cards `view` does not show, as fresh cards (ids no view holds), in random order. */
function unseenCards(view: View, random: () => number): Card[] {
  const left = unseenCounts(view);
  const cards: Card[] = [];
  for (let v = 1; v <= 13; v++) for (let i = 0; i < left[v]!; i++) cards.push({ id: '', v });
  shuffle(cards, random);
  // Ids after the shuffle, so that an id tells nothing of the card's value.
  for (let i = 0; i < cards.length; i++) cards[i] = { id: `u${i.toString(36)}`, v: cards[i]!.v };
  return cards;
}

/** The current run of round wins, read back from the score sheet (HH-15's "in a row" goal). */
function streakFrom(history: number[][]): State['streak'] {
  let streak: State['streak'] = null;
  for (const round of history) {
    const seat = round.findIndex((p) => p > 0);
    if (seat < 0) continue;
    streak =
      streak && streak.seat === seat ? { seat, count: streak.count + 1 } : { seat, count: 1 };
  }
  return streak;
}

/**
 * A state the view could have come from: the hands of opponents still in and the draw pile are
 * dealt at random from the unseen cards (HH-17), under the cards the swap put at the pile's bottom
 * (HH-3); opponents' sealed face-up picks are taken back, to be made again (HH-16a). Only the view
 * is read.
 */
export function determinize(view: View, random: () => number): State {
  const me = view.you!;
  const pool = unseenCards(view, random);
  const place = view.phase === 'place';
  const hands: Card[][] = [];
  const faceUp: Card[][] = [];
  const picks: (string[] | null)[] = [];
  view.players.forEach((p, s) => {
    if (s === me) {
      const hand = p.hand as Card[];
      if (place && p.picked) {
        // A sealed pick shows to its owner as laid out; in the state it is still in hand.
        hands.push([...hand, ...p.faceUp].sort(compareCards));
        picks.push(p.faceUp.map((c) => c.id));
      } else {
        hands.push(hand.slice());
        picks.push(null);
      }
      faceUp.push(p.faceUp.slice());
    } else {
      const hidden = p.hand.some((c) => !('v' in c));
      hands.push(hidden ? pool.splice(0, p.hand.length).sort(compareCards) : (p.hand as Card[]));
      faceUp.push(p.faceUp.slice());
      picks.push(null);
    }
  });
  if (place) {
    const mine = picks[me];
    if (mine) picks[me] = hands[me]!.filter((c) => mine.includes(c.id)).map((c) => c.id);
  }
  return {
    game: 'hulahoo',
    config: view.config,
    players: view.players.length,
    rng: seedRng(`w${Math.floor(random() * 2 ** 32)}`),
    labels: plainLabels(DECK_SIZE),
    round: view.round,
    dealer: view.dealer,
    phase: view.phase,
    hands,
    faceUp,
    picks,
    stock: [...view.returned, ...pool],
    returned: view.returned.length,
    discard: view.discard.slice(),
    out: view.players.map((p) => p.out),
    turn: view.turn ?? (view.dealer + 1) % view.players.length,
    call: view.call,
    caller: view.caller,
    points: view.players.map((p) => p.points),
    wins: view.players.map((p) => p.wins),
    streak: streakFrom(view.history),
    roundWinner: view.roundWinner,
    winners: view.winners.slice(),
    history: view.history,
  };
}

/** The plays worth comparing: the normal player's best few; outside play, its one choice. */
export function candidates(view: View, random: () => number): Move[] {
  const first = view.legal[0];
  if (!first || (first.t !== 'play' && first.t !== 'retarget')) {
    return [hulahooBot.choose(view, random)];
  }
  const score = playScorer(view);
  const ranked = view.legal.map((m) => ({ m, s: score(m) })).sort((a, b) => b.s - a.s);
  // Going out ends the round at once: nothing to compare (HH-10).
  if (ranked[0]!.s >= 1000) return [ranked[0]!.m];
  return ranked.slice(0, WIDTH).map((r) => r.m);
}

/** A round's usual pile, by players: what a round win is likely to bring (HH-13). */
const roundPoints = (players: number) => 3 + 4.5 * players;

/** How many rounds in a row `seat` has just won. */
const runOf = (state: State, seat: Seat) =>
  state.streak && state.streak.seat === seat ? state.streak.count : 0;

/**
 * The chance of winning the game from the totals, taking each later round to go to any seat still
 * short of the goal with the same chance: a seat needing r more round wins weighs players^-r.
 */
function gameChance(state: State, seat: Seat): number {
  const goal = state.config.goal;
  const n = state.players;
  let mine = 0;
  let all = 0;
  for (let s = 0; s < n; s++) {
    const need =
      goal.kind === 'points'
        ? Math.ceil(Math.max(0, goal.points - state.points[s]!) / roundPoints(n))
        : goal.wins - (goal.consecutive ? runOf(state, s) : state.wins[s]!);
    const weight = n ** -need;
    all += weight;
    if (s === seat) mine = weight;
  }
  return mine / all;
}

/**
 * Exact at the game's end; at a round's end, the chance of winning the game from the new totals;
 * cut short, a seat still in has its share of the round to come.
 */
export function value(state: State, seat: Seat): number {
  if (state.phase === 'gameOver') return state.winners.includes(seat) ? 1 : 0;
  if (state.phase === 'roundOver') return gameChance(state, seat);
  if (state.out[seat]) return 0;
  let left = 0;
  for (const out of state.out) if (!out) left++;
  return 1 / left;
}

export const hulahooSearch: SearchSpec<State, View, Move> = {
  game: hulahoo,
  determinize,
  candidates,
  policy: hulahooBot,
  value,
  horizon: 60,
  budget: 4000,
};

/** The hard level: flat Monte Carlo over dealt worlds, the normal player playing them out. */
export const hulahooHardBot: Bot<View, Move> = searchBot(hulahooSearch);
