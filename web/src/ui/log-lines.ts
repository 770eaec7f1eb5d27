/** The log's words: each event through its game's `describe`, a clock's move marked as such. */
import type { GameEvent, Seat } from '../../../shared/engine/types.ts';
import type { Sitting, TableEvent } from '../../../shared/protocol.ts';
import type { AnyGameModule } from '../games/types.ts';
import { t } from '../i18n.ts';
import { seatNames, standInName } from '../seat-names.ts';

export interface LogLine {
  n: number;
  text: string;
  /** The seat the clock moved for, when this line is that move. */
  timedOut: Seat | null;
  /** The seat whose stand-in this line names: its move, or what befell it while it held the seat. */
  standIn: Seat | null;
}

type Module = Pick<AnyGameModule, 'describe' | 'befalls'>;

/**
 * The log's lines, oldest first. A move the clock made for someone comes as a `timedOut` event
 * followed by the move's own: it reads as that move, "(time ran out)". One a bot made standing
 * in for someone away comes after a `standIn` event, and names that bot ("Ben's bot"), as does
 * what befell its seat through others' moves (knocked out) until its player moves again (ALL-4).
 * A line heard live names the seats as they were then; lines read back on joining name them as
 * the table last said who sat where (`sitting`, at each game's first move and each deal), so a
 * bot's lines stay the bot's after someone takes its seat; today's `names` before any such word.
 */
export function logLines(
  log: readonly { n: number; event: GameEvent; seats?: readonly Sitting[] }[],
  module: Module,
  names: string[],
  you: Seat | null,
): LogLine[] {
  const lines: LogLine[] = [];
  let late: Seat | null = null;
  /** The move being told was made by a bot standing in for someone away: whose, and events left. */
  let standIn: { seat: Seat; left: number } | null = null;
  /** Seats a bot holds for someone away, with the bot's name: until its player moves again. */
  const heldBy = new Map<Seat, string>();
  /** The names as the table last said who sat where, for lines read back. */
  let sat: string[] | null = null;
  const namesThen = new Map<readonly Sitting[], string[]>();
  for (const { n, event, seats } of log) {
    if (event.type === 'timedOut') {
      late = event.seat as Seat;
      continue;
    }
    if (event.type === 'standIn') {
      const { seat, name, count } = event as Extract<TableEvent, { type: 'standIn' }>;
      standIn = { seat, left: count };
      heldBy.set(seat, standInName(name));
      continue;
    }
    if (event.type === 'sitting') {
      const sitting = (event as Extract<TableEvent, { type: 'sitting' }>).seats;
      // A stand-in's seat goes by its player's name: its own lines say it was the bot.
      sat = seatNames(
        sitting.map((s) => (s.standIn === undefined ? s : { ...s, name: s.standIn })),
      );
      heldBy.clear();
      for (const s of sitting)
        if (s.standIn !== undefined) heldBy.set(s.seat, standInName(s.standIn));
      continue;
    }
    let then = sat ?? names;
    if (seats) {
      then = namesThen.get(seats) ?? seatNames(seats);
      namesThen.set(seats, then);
    }
    const seat = (event as GameEvent & { seat?: Seat }).seat;
    // The stand-in's move reads as its own ("Ben's bot swapped 3 cards").
    const moving = standIn !== null && standIn.left-- > 0 ? standIn.seat : null;
    let befell: Seat | null = null;
    if (seat !== undefined && seat !== moving && heldBy.has(seat)) {
      // What befell the seat was the bot's lot; a move of its own means its player is back.
      if (module.befalls?.(event)) befell = seat;
      else heldBy.delete(seat);
    }
    const held = [moving, befell].filter((s): s is Seat => s !== null);
    if (held.length > 0) {
      then = then.slice();
      for (const s of held) then[s] = heldBy.get(s) ?? then[s]!;
    }
    const text = module.describe(event, then, you);
    if (text === null) continue;
    // The move's first line is the one that says what was played.
    const timedOut = late !== null && seat === late;
    lines.push({
      n,
      text: timedOut ? t('log.timedOut', { line: text }) : text,
      timedOut: timedOut ? late : null,
      standIn: befell ?? moving,
    });
    late = null;
  }
  return lines;
}

/**
 * What a bot standing in for `you` did since your own last move (ALL-4): how many moves it made,
 * and the latest line about it (its last move's, or what befell its seat since, such as being
 * knocked out). For a player coming back, who was not there to see them.
 */
export function standInSince(
  log: readonly { n: number; event: GameEvent }[],
  module: Module,
  names: string[],
  you: Seat,
): { moves: number; last: string | null } {
  let moves = 0;
  let since = -1;
  let left = 0;
  for (const { n, event } of log) {
    if (event.type === 'standIn') {
      const standIn = event as Extract<TableEvent, { type: 'standIn' }>;
      left = standIn.seat === you ? standIn.count : 0;
      if (standIn.seat === you) moves++;
      continue;
    }
    if (left > 0) {
      left--;
      continue;
    }
    // A move of their own since: they have seen what came before. What befell their seat
    // through others' moves is none.
    const own = (event as GameEvent & { seat?: Seat }).seat === you && event.type !== 'timedOut';
    if (own && !module.befalls?.(event)) {
      moves = 0;
      since = n;
    }
  }
  if (moves === 0) return { moves, last: null };
  const about = logLines(log, module, names, you).filter((l) => l.n > since && l.standIn === you);
  const last = about.at(-1);
  return { moves, last: last?.text ?? null };
}
