import { type Bot, thinkThrough } from './bot.ts';
import type { RoundState } from './rounds.ts';
import type { Game, Seat } from './types.ts';

/**
 * What a determinized search needs to know of a game beyond its rules. The search sees only the
 * bot's view: every world it plays in is dealt from that view, so what the seat may not see never
 * reaches it (ALL-1).
 */
export interface SearchSpec<State extends RoundState, View extends { you: Seat | null }, Move> {
  // biome-ignore lint/suspicious/noExplicitAny: any config and scenario.
  game: Game<any, State, Move, View, any>;
  /**
   * A whole state the view could have come from: every card the seat cannot see is dealt at random
   * from the cards it has not seen, and sealed choices of others are taken back, to be made again.
   */
  determinize(view: View, random: () => number): State;
  /** The moves worth comparing, stand-ins filled with real cards; a handful at most. */
  candidates(view: View, random: () => number): Move[];
  /** How every player, the bot included, is taken to play after the move under test. */
  policy: Bot<View, Move>;
  /** How good a state is for `seat`, from 0 to 1: exact at a round's end, an estimate before it. */
  value(state: State, seat: Seat): number;
  /** A playout stops at the round's end or after this many moves. */
  horizon: number;
  /**
   * How many moves the search may apply in all: a budget that, unlike a clock, gives the same
   * decision twice.
   */
  budget: number;
}

/**
 * A bot that searches: for each world dealt from its view it tries every candidate and plays the
 * rest out with the policy, then makes the move with the best mean value (flat Monte Carlo over
 * determinizations, every candidate tried in the same worlds so that luck cancels between them).
 */
export function searchBot<State extends RoundState, View extends { you: Seat | null }, Move>(
  spec: SearchSpec<State, View, Move>,
): Bot<View, Move> {
  const bot: Bot<View, Move> = {
    choose: (view, random) => thinkThrough(bot, view, random).move,
    think: (view, random) => search(spec, view, random),
    onTimeout: spec.policy.onTimeout,
  };
  return bot;
}

/** The search itself, yielding after each world so that a table can let its other work in. */
export function* search<State extends RoundState, View extends { you: Seat | null }, Move>(
  spec: SearchSpec<State, View, Move>,
  view: View,
  random: () => number,
): Generator<void, Move, void> {
  const moves = spec.candidates(view, random);
  if (moves.length <= 1) {
    const only = moves[0];
    if (only === undefined) throw new Error('the bot was asked to move without a legal move');
    return only;
  }
  const seat = view.you!;
  const sums = new Array<number>(moves.length).fill(0);
  let spent = 0;
  do {
    const world = spec.determinize(view, random);
    for (let i = 0; i < moves.length; i++) {
      const out = spec.game.apply(world, seat, moves[i]);
      if (!out.ok) throw new Error(`a candidate was refused in a dealt world: ${out.error.code}`);
      const end = playout(spec, out.state, random);
      sums[i]! += spec.value(end.state, seat);
      spent += end.moves + 1;
    }
    yield;
  } while (spent < spec.budget);
  let top = 0;
  for (let i = 1; i < moves.length; i++) if (sums[i]! > sums[top]!) top = i;
  return moves[top]!;
}

/** Plays on with the policy to the round's end or the horizon. */
function playout<State extends RoundState, View extends { you: Seat | null }, Move>(
  spec: SearchSpec<State, View, Move>,
  start: State,
  random: () => number,
): { state: State; moves: number } {
  const { game, policy } = spec;
  let state = start;
  let moves = 0;
  // Every game waits in a round-over phase between rounds and in a game-over phase at the end.
  while (moves < spec.horizon && state.phase !== 'roundOver' && state.phase !== 'gameOver') {
    const seat = game.toMove(state)[0];
    if (seat === undefined) break;
    const out = game.apply(state, seat, policy.choose(game.view(state, seat), random));
    if (!out.ok) throw new Error(`the policy's move was refused: ${out.error.code}`);
    state = out.state;
    moves++;
  }
  return { state, moves };
}

/** The standard normal distribution function (Zelen and Severo's approximation, 26.2.17). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x));
  const d = 0.3989423 * Math.exp((-x * x) / 2);
  const p =
    d * t * (0.3193815 + t * (-0.3565638 + t * (1.781478 + t * (-1.821256 + t * 1.330274))));
  return x > 0 ? 1 - p : p;
}
