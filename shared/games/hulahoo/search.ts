import type { Bot } from '../../engine/bot.ts';
import { type SearchSpec, searchBot } from '../../engine/search.ts';
import type { Seat } from '../../engine/types.ts';
import { hulahooBot, playScorer } from './bot.ts';
import { hulahoo } from './index.ts';
import type { Move, State, View } from './types.ts';
import { determinize } from './world.ts';

/** How many plays the search compares: the normal player's best few. */
const WIDTH = 5;

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
