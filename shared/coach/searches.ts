/**
 * What the coach compares moves with in each game: the game's own search, the hard bot's
 * (shared/games/<game>/search.ts: its dealt worlds, candidates, policy and value), on a budget of
 * the coach's own. A review judges every decision of a game at once, in the page, so a decision
 * gets a few milliseconds where the hard bot takes tens; `npm run bench:coach:holdup` shows what
 * these budgets buy (how many turning points, and how many of them hold up under ten times the
 * search) and what a seat's review costs.
 */
import type { GameId } from '../engine/types.ts';
import { hiloSearch } from '../games/hilo/search.ts';
import { hulahooSearch } from '../games/hulahoo/search.ts';
import { sneakShortSearch } from '../games/sneak/search.ts';
import type { AnySearch, JudgeBudget } from './judge.ts';

export interface CoachSearch {
  spec: AnySearch;
  /** What judging one decision may spend, in the search's units. */
  budget: JudgeBudget;
}

export const coachSearches: Record<GameId, CoachSearch> = {
  hulahoo: { spec: hulahooSearch, budget: { first: 500, most: 2000 } },
  hilo: { spec: hiloSearch, budget: { first: 500, most: 2000 } },
  // Playouts cut short after 24 moves rather than played to the round's end, as the hard bot's
  // are at four: a world costs a quarter as much, so the budget deals enough of them for the
  // search's luck to be measured. The moves they flag still win when played out to the round's
  // end (nine in ten and more, with ten times the search). A small first look: a decision that
  // may be a turning point is looked at closer in steps (judge.ts).
  sneak: { spec: sneakShortSearch, budget: { first: 1000, most: 8000 } },
};
