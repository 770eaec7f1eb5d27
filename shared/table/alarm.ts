/**
 * What the table does by itself, on its alarm or its timer (schedule.ts decides when): an idle table
 * deletes itself; late joiners and silent seats are seen to; a first look waited for long enough
 * ends; the host's countdown starts the next game; then the first move due is made, or handed to
 * a bot to think about, at its seat's level (or the table's; the normal one's for a person out of
 * time).
 */
import type { TableEvent } from '../protocol.ts';
import { closeLateJoiners } from './admission.ts';
import { isLive } from './conns.ts';
import { type Dealt, gameOf, isPlaying } from './meta.ts';
import type { Step } from './outbox.ts';
import { applyMove } from './play.ts';
import { type Due, dueMoves, idleAt } from './schedule.ts';
import { standInName } from './summary.ts';

/**
 * The one alarm: an idle table deletes itself; sockets that did not join are closed, seats that
 * fell silent (or spoke again) are told; then the first move due is made, or handed to a bot.
 */
export function alarm(s: Step): void {
  const { now } = s.world;
  if (now >= idleAt(s.meta) && s.open().length === 0) {
    s.erase();
    return;
  }
  closeLateJoiners(s);
  for (const sock of s.sockets()) {
    const { conn } = sock;
    if (!conn.joined) continue;
    const silent = !isLive(sock, now);
    if (silent === conn.silent) continue;
    s.attach({ ...conn, silent });
    s.summaryChanged();
  }
  // The first look waited for long enough; the host's countdown to the next game ended.
  if (s.meta.firstLook && now >= s.meta.firstLook.until) s.retime(null);
  const startsAt = s.meta.rematch?.startsAt;
  if (s.meta.status === 'over' && startsAt != null && now >= startsAt) {
    const refused = s.startGame();
    if (refused) {
      s.problem(`the next game did not start: ${refused.error.code}`);
      s.reseat({ ...s.meta, rematch: { agreed: s.meta.rematch?.agreed ?? [], startsAt: null } });
    }
    return;
  }
  const { table } = s;
  if (s.botsStopped() || !isPlaying(table)) return;
  const due = dueMoves(table, now)[0];
  if (!due) return;
  if (due.roundStart) {
    makeFor(s, table, due, [{ t: 'nextRound' }]);
    return;
  }
  const level = due.timedOut ? 'normal' : (s.meta.seats[due.seat]?.level ?? s.meta.botLevel);
  s.think(due, level);
}

/**
 * A bot's move, thought about at `version`: dropped when the table moved meanwhile or the seat
 * is no longer a bot's (the alarm looks again). Should it be refused, or the bot have failed, the
 * first legal move the engine accepts is made instead: the table never waits on a bot.
 */
export function decided(s: Step, due: Due, version: number, move: unknown): void {
  const { table } = s;
  if (table.meta.version !== version || !isPlaying(table)) return;
  if (!due.timedOut && table.meta.seats[due.seat]?.bot !== true) return;
  const legal: unknown[] = gameOf(table.meta).legalMoves(table.state, due.seat);
  makeFor(s, table, due, move === undefined ? legal : [move, ...legal]);
}

/** Makes the first of `tries` the engine accepts for `due`; a time-out is told in its events. */
function makeFor(s: Step, table: Dealt, due: Due, tries: unknown[]): void {
  for (const move of tries) {
    const out = applyMove(table, due.seat, move);
    if (!out.ok) {
      s.problem(`the move for seat ${due.seat} was refused: ${out.error.code}`);
      continue;
    }
    if (due.timedOut) out.events.unshift({ type: 'timedOut', seat: due.seat } satisfies TableEvent);
    // A bot standing in for someone away: the log says whose bot moved (ALL-4). A new round
    // the table starts is nobody's move.
    const away = table.meta.seats[due.seat]?.away;
    if (!due.timedOut && !due.roundStart && away) {
      const standIn = {
        seat: due.seat,
        name: standInName(away, due.seat),
        count: out.events.length,
      };
      out.events.unshift({ type: 'standIn', ...standIn } satisfies TableEvent);
    }
    s.commit(out, due.seat, move);
    return;
  }
}
