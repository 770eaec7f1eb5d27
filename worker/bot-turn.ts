/**
 * A bot's decision inside a table's alarm. A searching bot thinks for tens of milliseconds; it
 * thinks in slices and lets the runtime in between them, so the sockets and alarms of other tables
 * sharing the isolate, and this table's own messages, are not held up behind it.
 */
import type { Bot } from '../shared/engine/bot.ts';

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
