/**
 * The table's timing policy as plain functions: when the clock runs out, when bots move, when the
 * next round starts, and which move is due at a given moment. The table's step stores what
 * `timersAfter` returns with every change, and on its alarm makes the first of `dueMoves`, one at
 * a time, deriving both again after every change (README: "Clocks, bots and time-outs").
 */
import type { GameEvent, Seat } from '../engine/types.ts';
import { IDLE_MS, NOBODY_MS, TURN_NOBODY_MS } from './limits.ts';
import { isPlaying, type Table, type TableMeta } from './meta.ts';
import { allReady, awaited, betweenRounds, peopleSeated } from './play.ts';
import { lookAwaited } from './rematch.ts';

/** The shortest pause between two rounds while people are seated (CONTRACT §2). */
export const ROUND_PAUSE_MS = 20_000;
/** A table of bots alone goes on after this pause, so spectators can read the round's end. */
export const BOTS_ROUND_PAUSE_MS = 5_000;

export interface Timers {
  deadline: number | null;
  botDue: number | null;
}

/**
 * A move the table makes by itself for `seat`: a bot's, a person's whose clock ran out
 * (`timedOut`), or the next round's start once the pause is over (`roundStart`).
 */
export interface Due {
  seat: Seat;
  timedOut: boolean;
  roundStart: boolean;
}

/**
 * Whether `next` still poses the decision `prev` posed, so that its clock keeps running: the same
 * game, round and phase, nobody newly asked, and the seat that just moved (if any) not asked
 * again. So in a simultaneous phase (HiLO's opening, Sneak's challenges, the pause between rounds)
 * each answer leaves the others' clock as it was, while a turn passing on, a player asked again
 * after their own move (a second HILO), a new phase or a new round starts a new decision.
 */
export function sameDecision(prev: Table, next: Table, mover: Seat | null): boolean {
  if (prev.meta.gameNo !== next.meta.gameNo) return false;
  if (!isPlaying(prev) || !isPlaying(next)) return false;
  if (prev.state.round !== next.state.round || prev.state.phase !== next.state.phase) return false;
  const before = awaited(prev);
  const after = awaited(next);
  if (mover !== null && after.includes(mover)) return false;
  return after.every((s) => before.includes(s));
}

/**
 * Whether a move's events hold a result of its game (`Game.resultEvents`: a Sneak contest's
 * outcome, a Hula-Hoo! player knocked out), after which the bots wait long enough to read it.
 */
export function resultsIn(
  game: { resultEvents: readonly string[] },
  events: readonly GameEvent[],
): boolean {
  return events.some((e) => game.resultEvents.includes(e.type));
}

/**
 * A solo game just taken online (imported.ts), still at the round's end it came at: its player
 * has invited friends, who need time to open the link and sit down, so the pause has no countdown
 * and waits for the people at the table to say they are ready.
 */
export const invited = (meta: TableMeta): boolean =>
  meta.reseeded !== null && meta.reseeded.after === meta.moveCount;

/**
 * The deadline and the bots' due time for `next`, reached from `prev` by `mover`'s move (or by a
 * change of seats: mover null). `botDelay` is this decision's human-feeling delay for bots.
 */
export function timersAfter(
  prev: Table | null,
  next: Table,
  mover: Seat | null,
  now: number,
  botDelay: number,
): Timers {
  if (!isPlaying(next)) return { deadline: null, botDue: null };
  const { meta } = next;
  const same = prev !== null && sameDecision(prev, next, mover);
  const kept = (old: number | null | undefined, fresh: number) =>
    same && old != null ? old : fresh;

  if (betweenRounds(next)) {
    // Bots never start a round while people are seated; the table does, when all are ready or
    // when the pause is over. Without people it goes on by itself after a short pause.
    if (peopleSeated(meta).length === 0) {
      return { deadline: null, botDue: kept(prev?.meta.botDue, now + BOTS_ROUND_PAUSE_MS) };
    }
    const pause = Math.max(ROUND_PAUSE_MS, (meta.clock ?? 0) * 1000);
    return {
      deadline: invited(meta) ? null : kept(prev?.meta.deadline, now + pause),
      botDue: allReady(next) ? now : null,
    };
  }

  const asked = awaited(next);
  const people = asked.filter((s) => meta.seats[s]?.bot === false);
  const bots = asked.filter((s) => meta.seats[s]?.bot === true);
  return {
    // A new game's clock waits for the first look of the people it asks (rematch.ts).
    deadline:
      meta.clock !== null && people.length > 0 && !lookAwaited(meta, people)
        ? kept(prev?.meta.deadline, now + meta.clock * 1000)
        : null,
    botDue: bots.length > 0 ? kept(prev?.meta.botDue, now + botDelay) : null,
  };
}

/**
 * The moves due at `now`, in the order the table makes them: the next round's start, then the
 * moves of people out of time, then the bots'. The table makes only the first, then asks again.
 */
export function dueMoves(table: Table, now: number): Due[] {
  if (!isPlaying(table)) return [];
  const { meta } = table;
  const expired = meta.deadline !== null && now >= meta.deadline;
  const botsDue = meta.botDue !== null && now >= meta.botDue;
  const asked = awaited(table);
  if (betweenRounds(table)) {
    if (!expired && !botsDue) return [];
    return [{ seat: asked[0] ?? 0, timedOut: false, roundStart: true }];
  }
  const due: Due[] = [];
  if (expired) {
    for (const seat of asked) {
      if (meta.seats[seat]?.bot === false) due.push({ seat, timedOut: true, roundStart: false });
    }
  }
  if (botsDue) {
    for (const seat of asked) {
      if (meta.seats[seat]?.bot === true) due.push({ seat, timedOut: false, roundStart: false });
    }
  }
  return due;
}

/**
 * When the table's one alarm should ring: the earliest of the times the table must wake at
 * anyway (`wake`: the idle clean-up, a look at its sockets) and, unless the table makes no moves
 * by itself now (`meta` null), the clock and the bots' turn (one kept in memory: BACKSTOP_MS
 * after it); yet never at or before `now`. A due
 * time may already have passed (a bots' turn kept from the decision before), and workerd drops
 * an alarm set in the past from inside the alarm handler once the handler ends
 * (cloudflare/workerd#6866): the table would wait on its bots until someone else moved.
 */
export function alarmTime(meta: TableMeta | null, wake: readonly number[], now: number): number {
  const times = [...wake];
  if (meta?.deadline != null) times.push(meta.deadline);
  if (meta?.botDue != null) {
    const soon = botsSoon(meta, now);
    times.push(soon === null ? meta.botDue : soon + BACKSTOP_MS);
  }
  return Math.max(Math.min(...times), now + 1);
}

/**
 * A bots' turn this soon is kept by a timer in memory, not the alarm: bots play move after move,
 * and each alarm set is a row written. The object stays awake that long anyway (the runtime lets
 * it hibernate only after some ten quiet seconds, and not while a timer is pending).
 */
export const SOON_MS = 10_000;
/**
 * While a timer keeps the bots' turn, the alarm stands behind it at most this much later, in
 * case the object is evicted meanwhile (a deploy, a restart): the bots are then late by this
 * much at most. Set once, it serves every bots' turn until it rings: about once a minute of play.
 */
export const BACKSTOP_MS = 60_000;

/**
 * The bots' turn when it is kept in memory (null when there is none soon, or the table makes no
 * moves by itself now: `meta` null), never before `now`.
 */
export function botsSoon(meta: TableMeta | null, now: number): number | null {
  const due = meta?.botDue;
  if (due == null || due - now > SOON_MS) return null;
  return Math.max(due, now);
}

/**
 * ALL-3: nobody connected (`open` sockets: a player's page or a spectator's) for NOBODY_MS, or
 * at a turn-based table for TURN_NOBODY_MS, whose people are away by design: the table makes no
 * more moves by itself, neither its bots' nor its clock's time-outs. Whoever opens it again
 * starts it again (outbox.ts: `resume`).
 */
export function botsStopped(meta: TableMeta, open: number, now: number): boolean {
  if (open > 0) return false;
  const quiet = meta.pace === 'turn' ? TURN_NOBODY_MS : NOBODY_MS;
  return now - (meta.lastSeen ?? meta.createdAt) >= quiet;
}

/**
 * When an idle table is deleted, if no page has it open then: IDLE_MS after a person last
 * touched it (a move or a change of theirs; the table's own moves, its bots' and time-outs,
 * count for nothing) or last had it open, whichever is later.
 */
export const idleAt = (meta: TableMeta): number =>
  Math.max(meta.lastActive, meta.lastSeen ?? 0) + IDLE_MS;
