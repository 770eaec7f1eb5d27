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
   * How much work the search may do in all, in moves or, with `cost`, in its units: a budget that,
   * unlike a clock, gives the same decision twice.
   */
  budget: number;
  /**
   * What one move by `seat` from this state costs the budget, for a game whose moves cost more in
   * some states than others (bigger hands list more moves); 1 a move if not given.
   */
  cost?(state: State, seat: Seat): number;
  /**
   * When set, the first candidate is the move to make unless another beats it with confidence: by
   * this many standard errors of their difference, world by world. For a game whose moves differ by
   * less than a handful of worlds can tell, so that noise does not pick the move.
   */
  confidence?: number;
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
  const worlds = new Worlds(spec, view, moves, random);
  do {
    worlds.deal();
    yield;
  } while (worlds.spent < spec.budget);
  return moves[pick(worlds.values, spec.confidence)]!;
}

/**
 * The moves of `moves` tried in worlds dealt from `view`, one world at a time: in each, every
 * move made by the view's seat, played out by the policy and valued for that seat.
 */
export class Worlds<State extends RoundState, View extends { you: Seat | null }, Move> {
  /** Each move's values, worlds in order. */
  readonly values: number[][];
  private cost = 0;
  private readonly spec: SearchSpec<State, View, Move>;
  private readonly view: View;
  private readonly moves: readonly Move[];
  private readonly random: () => number;

  constructor(
    spec: SearchSpec<State, View, Move>,
    view: View,
    moves: readonly Move[],
    random: () => number,
  ) {
    this.spec = spec;
    this.view = view;
    this.moves = moves;
    this.random = random;
    if (moves.length === 0) throw new Error('no move to try');
    this.values = moves.map(() => []);
  }

  /** What the worlds dealt so far cost, in the budget's units. */
  get spent(): number {
    return this.cost;
  }

  /** Deals one more world and tries every move in it. */
  deal(): void {
    const { spec, view, moves, random } = this;
    const seat = view.you!;
    const world = spec.determinize(view, random);
    for (let i = 0; i < moves.length; i++) {
      const out = spec.game.apply(world, seat, moves[i]);
      if (!out.ok) throw new Error(`a candidate was refused in a dealt world: ${out.error.code}`);
      const end = playout(spec, out.state, random);
      this.values[i]!.push(spec.value(end.state, seat));
      this.cost += end.cost + (spec.cost?.(world, seat) ?? 1);
    }
  }

  /** Deals worlds until `budget` is spent in all, and at least one. */
  dealUntil(budget: number): void {
    while (this.values[0]!.length === 0 || this.cost < budget) this.deal();
  }
}

/** The mean of `xs`. */
export const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * How much `a` beats `b` by, world by world (the two valued in the same worlds): the mean of
 * their differences and its standard error. With one world the error is unknown: infinite.
 */
export function margin(
  a: readonly number[],
  b: readonly number[],
): { mean: number; error: number } {
  const margins = a.map((v, w) => v - b[w]!);
  const m = mean(margins);
  if (margins.length < 2) return { mean: m, error: Number.POSITIVE_INFINITY };
  const spread = margins.reduce((sum, d) => sum + (d - m) ** 2, 0) / (margins.length - 1);
  return { mean: m, error: Math.sqrt(spread / margins.length) };
}

/**
 * The candidate with the best mean value; with a `confidence`, the first unless another's margin
 * over it, world by world, is that many standard errors above nothing.
 */
export function pick(values: number[][], confidence: number | undefined): number {
  let top = 0;
  let topMean = confidence === undefined ? mean(values[0]!) : 0;
  for (let i = 1; i < values.length; i++) {
    if (confidence === undefined) {
      const m = mean(values[i]!);
      if (m > topMean) [top, topMean] = [i, m];
      continue;
    }
    const over = margin(values[i]!, values[0]!);
    // One world says nothing of the luck between them (its error is infinite).
    const sure = over.mean > confidence * over.error;
    if (sure && over.mean > topMean) [top, topMean] = [i, over.mean];
  }
  return top;
}

/** Plays on with the policy to the round's end or the horizon; `cost` is what it spent. */
function playout<State extends RoundState, View extends { you: Seat | null }, Move>(
  spec: SearchSpec<State, View, Move>,
  start: State,
  random: () => number,
): { state: State; cost: number } {
  const { game, policy } = spec;
  let state = start;
  let cost = 0;
  // Every game waits in a round-over phase between rounds and in a game-over phase at the end.
  for (let moves = 0; moves < spec.horizon; moves++) {
    if (state.phase === 'roundOver' || state.phase === 'gameOver') break;
    const seat = game.toMove(state)[0];
    if (seat === undefined) break;
    cost += spec.cost?.(state, seat) ?? 1;
    const out = game.apply(state, seat, policy.choose(game.view(state, seat), random));
    if (!out.ok) throw new Error(`the policy's move was refused: ${out.error.code}`);
    state = out.state;
  }
  return { state, cost };
}

/** The standard normal distribution function (Zelen and Severo's approximation, 26.2.17). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x));
  const d = 0.3989423 * Math.exp((-x * x) / 2);
  const p =
    d * t * (0.3193815 + t * (-0.3565638 + t * (1.781478 + t * (-1.821256 + t * 1.330274))));
  return x > 0 ? 1 - p : p;
}
