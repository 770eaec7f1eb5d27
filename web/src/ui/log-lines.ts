/** The log's words: each event through its game's `describe`, a clock's move marked as such. */
import type { GameEvent, Seat } from '../../../shared/engine/types.ts';
import type { AnyGameModule } from '../games/types.ts';
import { t } from '../i18n.ts';

export interface LogLine {
  n: number;
  text: string;
  /** The seat the clock moved for, when this line is that move. */
  timedOut: Seat | null;
}

/**
 * The log's lines, oldest first. A move the clock made for someone comes as a `timedOut` event
 * followed by the move's own: it reads as that move, "(time ran out)".
 */
export function logLines(
  log: readonly { n: number; event: GameEvent }[],
  module: Pick<AnyGameModule, 'describe'>,
  names: string[],
  you: Seat | null,
): LogLine[] {
  const lines: LogLine[] = [];
  let late: Seat | null = null;
  for (const { n, event } of log) {
    if (event.type === 'timedOut') {
      late = event.seat as Seat;
      continue;
    }
    const text = module.describe(event, names, you);
    if (text === null) continue;
    // The move's first line is the one that says what was played.
    const timedOut = late !== null && (event as GameEvent & { seat?: Seat }).seat === late;
    lines.push({
      n,
      text: timedOut ? t('log.timedOut', { line: text }) : text,
      timedOut: timedOut ? late : null,
    });
    late = null;
  }
  return lines;
}
