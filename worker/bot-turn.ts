/**
 * A bot's decision inside a table's alarm. A searching bot thinks for tens of milliseconds; it
 * thinks in slices and lets the runtime in between them, so the sockets and alarms of other tables
 * sharing the isolate, and this table's own messages, are not held up behind it.
 */
import type { Bot } from '../shared/engine/bot.ts';
import { botFor } from '../shared/games/bots.ts';
import { type Dealt, gameOf } from '../shared/table/meta.ts';
import type { Outbox } from '../shared/table/step.ts';

/** The bots' mean delay before a move, in ms (the `BOT_DELAY_MS` var; none or junk: 0). */
export const meanBotDelay = (env: Pick<Env, 'BOT_DELAY_MS'>): number =>
  Math.max(0, Number(env.BOT_DELAY_MS) || 0);

/** Thinking goes on for about this long before it lets other work in. */
export const SLICE_MS = 8;

/** Lets every event already waiting run before the next slice. */
const letOthersIn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The bot's move for `view`, or null when `moved()` says the table changed while the bot was
 * thinking (its decision would answer a position that is gone).
 */
export async function thinkAbout<View, Move>(
  bot: Bot<View, Move>,
  view: View,
  random: () => number,
  moved: () => boolean,
): Promise<Move | null> {
  if (!bot.think) return bot.choose(view, random);
  const thinking = bot.think(view, random);
  let sliceStart = performance.now();
  for (;;) {
    const step = thinking.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= SLICE_MS) {
      await letOthersIn();
      if (moved()) return null;
      sliceStart = performance.now();
    }
  }
}

/**
 * The move the step asked for (`think`): for a person out of time, the bot's time-out move; for a
 * bot, its decision at the level the step gives, or null if the table moved meanwhile.
 */
export function botMove(
  table: Dealt,
  think: NonNullable<Outbox['think']>,
  moved: () => boolean,
): Promise<unknown> {
  const { due, level } = think;
  const view = gameOf(table.meta).view(table.state, due.seat);
  const bot = botFor(table.meta.game, level);
  if (due.timedOut) return Promise.resolve((bot.onTimeout ?? bot.choose)(view, Math.random));
  return thinkAbout(bot, view, Math.random, moved);
}
