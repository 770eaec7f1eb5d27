import { randomPick } from './random.ts';

/**
 * A bot plays from its seat's view alone (it never peeks at hidden cards) and returns one of the
 * view's legal moves, with real card ids where the list holds a stand-in.
 */
export interface Bot<View, Move> {
  choose(view: View, random: () => number): Move;
  /** The move made for a player whose clock ran out; by default the bot's own choice. */
  onTimeout?(view: View, random: () => number): Move;
  /**
   * The same choice as `choose`, made in slices: a long search yields between them so that the
   * table running it can let other work in.
   */
  think?(view: View, random: () => number): Generator<void, Move, void>;
}

/**
 * A bot's `choose`, with what every game's bot does first: being asked without a legal move is a
 * bug, and between rounds the one move is to go on.
 */
export function playsRounds<View extends { legal: Move[] }, Move extends { t: string }>(
  choose: (view: View, random: () => number) => Move,
): (view: View, random: () => number) => Move {
  return (view, random) => {
    const first = view.legal[0];
    if (!first) throw new Error('the bot was asked to move without a legal move');
    return first.t === 'nextRound' ? first : choose(view, random);
  };
}

/** The highest-scoring item; ties are broken at random so bots do not all play alike. */
export function best<T>(items: readonly T[], score: (item: T) => number, random: () => number): T {
  let top: T[] = [];
  let topScore = Number.NEGATIVE_INFINITY;
  for (const item of items) {
    const s = score(item);
    if (s > topScore) {
      topScore = s;
      top = [item];
    } else if (s === topScore) {
      top.push(item);
    }
  }
  return randomPick(top, random);
}

/** How hard the bots at a table play; a table picks one for all its bots. */
export const BOT_LEVELS = ['easy', 'normal', 'hard'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/**
 * An easier bot: now and then (`rate`) it makes a move a casual player might, one of `slips`
 * chosen at random, instead of the bot's own choice. `slips` lists only moves that look like a
 * person's mistake (no stand-ins); when it lists none, the bot plays as it would.
 */
export function withSlips<View extends { legal: Move[] }, Move>(
  bot: Bot<View, Move>,
  rate: number,
  slips: (view: View) => Move[],
): Bot<View, Move> {
  return {
    choose(view, random) {
      if (random() < rate) {
        const options = slips(view);
        if (options.length > 0) return randomPick(options, random);
      }
      return bot.choose(view, random);
    },
    onTimeout: bot.onTimeout,
  };
}

/**
 * A bot's decision made at one go, and whether it searched: a searching bot's thinking pauses
 * between its slices, and one that sees its move at once never pauses.
 */
export function thinkThrough<View, Move>(
  bot: Bot<View, Move>,
  view: View,
  random: () => number,
): { move: Move; searched: boolean } {
  if (!bot.think) return { move: bot.choose(view, random), searched: false };
  const thinking = bot.think(view, random);
  for (let pauses = 0; ; pauses++) {
    const step = thinking.next();
    if (step.done) return { move: step.value, searched: pauses > 0 };
  }
}
