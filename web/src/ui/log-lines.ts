/** The log's words: each event through its game's `describe`, a clock's move marked as such. */
import type { GameEvent, Seat } from '../../../shared/engine/types.ts';
import type { TableEvent, TableSummary } from '../../../shared/protocol.ts';
import type { AnyGameModule } from '../games/types.ts';
import { t } from '../i18n.ts';
import { seatNames, standInName } from '../seat-names.ts';

export interface LogLine {
  n: number;
  text: string;
  /** The seat the clock moved for, when this line is that move. */
  timedOut: Seat | null;
}

/**
 * The log's lines, oldest first. A move the clock made for someone comes as a `timedOut` event
 * followed by the move's own: it reads as that move, "(time ran out)"; one a bot made standing
 * in for someone away comes after a `standIn` event, and names that bot ("Ben's bot"). A line heard live names
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
  /** The move being told was made by a bot standing in for someone away: whose, and events left. */
  let standIn: { seat: Seat; name: string; left: number } | null = null;
  const namesThen = new Map<TableSummary['seats'], string[]>();
  for (const { n, event, seats } of log) {
    if (event.type === 'timedOut') {
      late = event.seat as Seat;
      continue;
    }
    if (event.type === 'standIn') {
      const { seat, name, count } = event as Extract<TableEvent, { type: 'standIn' }>;
      standIn = { seat, name, left: count };
      continue;
    }
    let then = names;
    if (seats) {
      then = namesThen.get(seats) ?? seatNames(seats);
      namesThen.set(seats, then);
    }
    // The stand-in's move reads as its own ("Ben's bot swapped 3 cards").
    if (standIn !== null && standIn.left-- > 0) {
      then = then.slice();
      then[standIn.seat] = standInName(standIn.name);
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

/**
 * What a bot standing in for `you` did since your own last move (ALL-4): how many moves it made,
 * and the log line of its last one. For a player coming back, who was not there to see them.
 */
export function standInSince(
  log: readonly { n: number; event: GameEvent }[],
  module: Pick<AnyGameModule, 'describe'>,
  names: string[],
  you: Seat,
): { moves: number; last: string | null } {
  let moves = 0;
  let lastAt = -1;
  let left = 0;
  for (const { n, event } of log) {
    if (event.type === 'standIn') {
      const standIn = event as Extract<TableEvent, { type: 'standIn' }>;
      left = standIn.seat === you ? standIn.count : 0;
      if (standIn.seat === you) {
        moves++;
        lastAt = n;
      }
      continue;
    }
    if (left > 0) {
      left--;
      continue;
    }
    // A move of their own since: they have seen what came before.
    if ((event as GameEvent & { seat?: Seat }).seat === you && event.type !== 'timedOut') moves = 0;
  }
  if (moves === 0) return { moves, last: null };
  const last = logLines(log, module, names, you).find((line) => line.n > lastAt);
  return { moves, last: last?.text ?? null };
}
