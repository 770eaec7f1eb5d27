/**
 * What the table does with each message of a joined socket (CONTRACT §2): one handler per message
 * type, in a table typed so that a message without a handler does not compile (as the engine's
 * move handlers are). A handler gives a refusal, told to the sender as `error`, or nothing.
 */
import { type Failure, fail } from '../engine/reject.ts';
import type { GameEvent, Result, Seat } from '../engine/types.ts';
import type { ErrorCode } from '../errors.ts';
import type { ClientMessage, TableEvent } from '../protocol.ts';
import type { Conn } from './conns.ts';
import { NUDGES, REACTIONS, RENAMES, takePace } from './limits.ts';
import { type FirstLook, type TableMeta, withMeta } from './meta.ts';
import { notifyNudged, withDevice } from './notify.ts';
import { play, seen, start } from './play.ts';
import { agree, allAgreed, countDown, firstLook } from './rematch.ts';
import * as seats from './seats.ts';
import type { SeatToken, Step } from './step.ts';
import { timersAfter } from './timers.ts';
import { waitingOn } from './waiting.ts';

/** A message other than `join`, which admission.ts handles. */
export type Said = Exclude<ClientMessage, { type: 'join' }>;

/** Who said it: the socket, the seat it acts for (null: watching), and a token if it sits down. */
interface From {
  conn: Conn;
  seat: Seat | null;
  /** A fresh seat token, made only for a `sit` by a socket with no seat (null otherwise). */
  token: SeatToken | null;
}

type Handler<M> = (s: Step, msg: M, from: From) => Failure<ErrorCode> | undefined;

export const HANDLERS: { [T in Said['type']]: Handler<Extract<Said, { type: T }>> } = {
  name(s, msg, { conn, seat }) {
    const named = seat === null ? null : seats.rename(s.meta, seat, msg.name);
    if (named && !named.ok) return named;
    // A seat's renames are counted across its tabs; a spectator's across its client's.
    if (!takePace(RENAMES, s.paceOf(s.memory.renamed, seat ?? conn.client), s.world.now)) {
      return fail('rate-limited', 'Names change a few times a minute at most.');
    }
    s.attach({ ...conn, name: msg.name });
    if (seat !== null) s.renameLater(seat, msg.name);
  },

  sit(s, msg, { conn, seat, token }) {
    if (seat !== null || token === null) return fail('not-now', 'You already have a seat.');
    const name = conn.name ?? seats.defaultName(msg.seat);
    const out = seats.sit(s.table, msg.seat, name, token.hash);
    if (!out.ok) return out;
    s.attach({ ...conn, tokenHash: token.hash, seat: msg.seat });
    s.send(conn, { type: 'seated', seat: msg.seat, token: token.token });
    s.reseat(out.meta);
    s.sendState(conn);
  },

  leave(s, _msg, { seat }) {
    if (seat === null) return fail('not-seated', 'You have no seat.');
    const out = seats.leave(s.meta, seat);
    if (!out.ok) return out;
    // Every socket holding that seat, this one and the player's other tabs, loses it.
    s.reseat(out.meta);
  },

  start(s, _msg, { conn }) {
    if (!conn.host) return fail('not-host', 'Only the host can start the game.');
    if (s.meta.status !== 'over') return startGame(s);
    // After a game the host starts the next after a countdown everyone sees (rematch.ts).
    if (s.meta.seats.some(seats.isFree)) {
      return fail('not-now', 'Every seat needs a player or a bot first.');
    }
    s.reseat(countDown(s.meta, s.world.now));
  },

  rematch(s, msg, { conn, seat }) {
    if (!conn.host && seat === null) {
      return fail('not-seated', 'Only players can ask for a rematch.');
    }
    // The rematch this one asks for has begun: here it is.
    if (msg.gameNo !== undefined && msg.gameNo < s.meta.gameNo) {
      s.sendState(conn);
      return;
    }
    if (s.meta.status !== 'over') return fail('not-now', 'The game is not over.');
    s.reseat(agree(s.meta, seat));
    return startIfAgreed(s);
  },

  seen(s, msg, { seat }) {
    if (seat !== null && msg.gameNo === s.meta.gameNo) retime(s, seen(s.meta.firstLook, seat));
  },

  nudge(s, msg, { conn, seat }) {
    return nudge(s, conn, seat, msg.seat);
  },

  move(s, msg, { conn, seat }) {
    if (seat === null) return fail('not-seated', 'Spectators cannot move.');
    const out = play(s.table, seat, msg.move, msg.version, s.world.now);
    if (!out.ok) {
      if (out.error.code === 'stale') s.sendState(conn);
      return out;
    }
    // Already done (a next round someone else started): the latest state says so.
    if (out.kind === 'done') {
      s.sendState(conn);
      return;
    }
    // Ready for the next round while others are awaited: everyone sees who is ready.
    if (out.kind === 'ready') {
      s.reseat(out.meta);
      return;
    }
    s.commit(out, seat, msg.move);
  },

  bot(s, msg, { conn }) {
    if (!conn.host) return fail('not-host', 'Only the host can change seats.');
    return seatsChanged(s, seats.setBot(s.table, msg.seat, msg, s.connectedSeats()));
  },

  kick(s, msg, { conn }) {
    if (!conn.host) return fail('not-host', 'Only the host can change seats.');
    return seatsChanged(s, seats.kick(s.meta, msg.seat, s.connectedSeats()));
  },

  record(s, _msg, { conn }) {
    if (s.meta.status !== 'over' || s.meta.seed === null) {
      return fail('not-now', 'The record is shown once the game is over.');
    }
    // ALL-1: for the game's own players only.
    if (!seats.playedIn(s.meta, conn.tokenHash)) {
      return fail('not-seated', 'Only the players of this game see its record.');
    }
    s.deliver({ conn: conn.id, record: true });
  },

  push(s, msg, { conn, seat }) {
    if (seat === null) return fail('not-seated', 'Only players are told when it is their turn.');
    const allowed = s.world.pushEndpoint;
    if (allowed === null) return fail('push-off', 'This server sends no notifications.');
    const tokenHash = s.meta.seats[seat]?.tokenHash;
    if (!tokenHash) return fail('not-seated', 'You have no seat.');
    const { subscription } = msg;
    if (subscription === null) {
      s.setDevices(s.memory.devices.filter((d) => d.endpoint !== conn.device));
      s.attach({ ...conn, device: null });
      s.send(conn, { type: 'push', on: false });
      return;
    }
    if (!allowed(subscription.endpoint)) {
      return fail('bad-endpoint', 'That is not a push service this server sends to.');
    }
    const { endpoint, keys } = subscription;
    s.setDevices(withDevice(s.memory.devices, { tokenHash, endpoint, ...keys }));
    s.attach({ ...conn, device: endpoint });
    s.send(conn, { type: 'push', on: true });
  },

  react(s, msg, { seat }) {
    if (seat === null) return fail('not-seated', 'Only players can react.');
    if (s.meta.status === 'lobby') return fail('not-now', 'The game has not started.');
    if (!takePace(REACTIONS, s.paceOf(s.memory.reacted, seat), s.world.now)) {
      return fail('rate-limited', 'One reaction at a time, please.');
    }
    // Reactions are not stored: every joined socket hears it, and that is all.
    for (const other of s.open()) {
      if (other.joined) s.send(other, { type: 'reaction', seat, reaction: msg.reaction });
    }
  },
};

/** The host's change of seats, if the seats allowed it. */
function seatsChanged(
  s: Step,
  out: Result<{ meta: TableMeta }, ErrorCode>,
): Failure<ErrorCode> | undefined {
  if (!out.ok) return out;
  if (out.meta !== s.meta) s.reseat(out.meta);
  // A ready check waits for the seats' people: with one fewer, it may be complete.
  return startIfAgreed(s);
}

/** One message of a joined socket, to its handler (each case narrows the message to its type). */
export function handle(s: Step, msg: Said, from: From): Failure<ErrorCode> | undefined {
  switch (msg.type) {
    case 'name':
      return HANDLERS.name(s, msg, from);
    case 'sit':
      return HANDLERS.sit(s, msg, from);
    case 'leave':
      return HANDLERS.leave(s, msg, from);
    case 'start':
      return HANDLERS.start(s, msg, from);
    case 'rematch':
      return HANDLERS.rematch(s, msg, from);
    case 'seen':
      return HANDLERS.seen(s, msg, from);
    case 'nudge':
      return HANDLERS.nudge(s, msg, from);
    case 'move':
      return HANDLERS.move(s, msg, from);
    case 'bot':
      return HANDLERS.bot(s, msg, from);
    case 'kick':
      return HANDLERS.kick(s, msg, from);
    case 'record':
      return HANDLERS.record(s, msg, from);
    case 'react':
      return HANDLERS.react(s, msg, from);
    case 'push':
      return HANDLERS.push(s, msg, from);
  }
}

export function startGame(s: Step): Failure<ErrorCode> | undefined {
  const out = start(s.meta, s.world.secret(), s.world.now);
  if (!out.ok) return out;
  // The people with a page open see the deal first: their clock waits for it (rematch.ts).
  out.meta = { ...out.meta, firstLook: firstLook(out.meta, s.connectedSeats(), s.world.now) };
  const timers = timersAfter(s.table, out, null, s.world.now, s.world.botDelay);
  s.table = { meta: { ...out.meta, ...timers }, state: out.state };
  const started: GameEvent[] = [
    { type: 'gameStarted', gameNo: s.meta.gameNo } satisfies TableEvent,
  ];
  s.out.write = { state: true, log: null };
  s.out.changed = { events: started };
  s.out.summary = true;
}

/** After a game: the next one starts once the ready check is complete. */
function startIfAgreed(s: Step): Failure<ErrorCode> | undefined {
  if (s.meta.status !== 'over' || !allAgreed(s.meta)) return;
  // A free seat: the host fills it (or not); the ready check stands meanwhile.
  if (s.meta.seats.some(seats.isFree)) return;
  return startGame(s);
}

/**
 * The table's timers after a change of who it waits for, not of the game: a clock that starts
 * now is told to everyone with a version of its own (the views are unchanged).
 */
export function retime(s: Step, look: FirstLook | null): void {
  if (look === s.meta.firstLook) return;
  const before = s.meta.deadline;
  s.reseat({ ...s.meta, firstLook: look });
  if (s.meta.deadline === before) return;
  s.table = withMeta(s.table, { version: s.meta.version + 1 });
  s.out.changed ??= { events: [] };
}

/**
 * A reminder for a person the table waits on, from a player or the host, once a minute per
 * person nudged: everyone sees it, and it rings on theirs.
 */
function nudge(s: Step, conn: Conn, by: Seat | null, seat: Seat): Failure<ErrorCode> | undefined {
  if (by === null && !conn.host) return fail('not-seated', 'Only players can nudge.');
  if (seat === by) return fail('not-now', 'You cannot nudge yourself.');
  if (!waitingOn(s.table).includes(seat)) {
    return fail('not-now', 'The table is not waiting on that player.');
  }
  if (!takePace(NUDGES, s.paceOf(s.memory.nudged, seat), s.world.now)) {
    return fail('rate-limited', 'That player was nudged less than a minute ago.');
  }
  for (const other of s.open()) {
    if (other.joined) s.send(other, { type: 'nudge', seat, by });
  }
  notifyNudged(s, seat, by);
}

/** The renames of the last RENAME_FLUSH_MS, for seats still held by whoever asked. */
export function writeNames(s: Step): void {
  let meta = s.meta;
  for (const [seat, { tokenHash, name }] of s.memory.names) {
    if (meta.seats[seat]?.tokenHash !== tokenHash) continue;
    const named = seats.rename(meta, seat, name);
    if (named.ok) meta = named.meta;
  }
  s.memory.names.clear();
  if (meta !== s.meta) s.reseat(meta); // nothing changed: nothing to tell anyone
}

export function closed(s: Step, conn: Conn): void {
  s.forget(conn);
  // A seat with no page open any more cannot look: its clock runs as an away player's does.
  const seat = s.seatOf(conn);
  if (seat !== null && !s.open().some((c) => c.joined && s.seatOf(c) === seat)) {
    retime(s, seen(s.meta.firstLook, seat));
  }
  // The last person gone: a day from now the bots stop (ALL-3).
  if (s.open().length === 0) {
    s.table = withMeta(s.table, { lastSeen: s.world.now });
    s.out.write ??= { state: false, log: null };
  }
}
