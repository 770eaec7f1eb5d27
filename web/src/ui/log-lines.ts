/** The log's words: each event through its game's `describe`, a clock's move marked as such. */
import type { GameEvent, Seat } from '../../../shared/engine/types.ts';
import type { TableSummary } from '../../../shared/protocol.ts';
import type { AnyGameModule } from '../games/types.ts';
import { t } from '../i18n.ts';
import { seatNames } from '../seat-names.ts';

export interface LogLine {
  n: number;
  text: string;
  /** The seat the clock moved for, when this line is that move. */
  timedOut: Seat | null;
}

/**
 * The log's lines, oldest first. A move the clock made for someone comes as a `timedOut` event
 * followed by the move's own: it reads as that move, "(time ran out)". A line heard live names
 * the seats as they were then (a bot that played for someone away stays the bot in its lines,
 * and that player's own moves stay theirs); lines read back on joining use today's `names`.
 */
export function logLines(
  log: readonly { n: number; event: GameEvent; seats?: TableSummary['seats'] }[],
  module: Pick<AnyGameModule, 'describe'>,
  names: string[],
  you: Seat | null,
): LogLine[] {
  const lines: LogLine[] = [];
  let late: Seat | null = null;
  const namesThen = new Map<TableSummary['seats'], string[]>();
  for (const { n, event, seats } of log) {
    if (event.type === 'timedOut') {
      late = event.seat as Seat;
      continue;
    }
    let then = names;
    if (seats) {
      then = namesThen.get(seats) ?? seatNames(seats);
      namesThen.set(seats, then);
    }
    const text = module.describe(event, then, you);
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
