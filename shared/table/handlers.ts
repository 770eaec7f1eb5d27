/**
 * What the table does with each message of a joined socket (CONTRACT §2): one handler per message
 * type, in a table typed so that a message without a handler does not compile (as the engine's
 * move handlers are). A handler gives a refusal, told to the sender as `error`, or nothing.
 */
import { type Failure, fail } from '../engine/reject.ts';
import type { Result, Seat } from '../engine/types.ts';
import type { ErrorCode } from '../errors.ts';
import type { ClientMessage } from '../protocol.ts';
import { fromBase64url, onP256 } from '../push.ts';
import type { Conn } from './conns.ts';
import { isFree, type TableMeta } from './meta.ts';
import type { Step } from './outbox.ts';
import { play, seen } from './play.ts';
import { agree, allAgreed, countDown } from './rematch.ts';
import * as seats from './seats.ts';
import { waitingOn } from './waiting.ts';

/** A message other than `join`, which admission.ts handles. */
export type Said = Exclude<ClientMessage, { type: 'join' }>;

/** The message of type `T`, written so that `HANDLERS[msg.type]` is known to take `msg`. */
type SaidAs<T extends Said['type']> = { [P in T]: Extract<Said, { type: P }> }[T];

/** A fresh seat token and its hash: the token goes to its holder, the hash is stored. */
export interface SeatToken {
  token: string;
  hash: string;
}

/** Who said it: the socket, the seat it acts for (null: watching), and a token if it sits down. */
interface From {
  conn: Conn;
  seat: Seat | null;
  /** A fresh seat token, made only for a `sit` by a socket with no seat (null otherwise). */
  token: SeatToken | null;
}

type Handler<M> = (s: Step, msg: M, from: From) => Failure<ErrorCode> | undefined;

const HANDLERS: { [T in Said['type']]: Handler<SaidAs<T>> } = {
  name(s, msg, { conn, seat }) {
    const named = seat === null ? null : seats.rename(s.meta, seat, msg.name);
    if (named && !named.ok) return named;
    // A seat's renames are counted across its tabs; a spectator's across its client's.
    if (!s.mayRename(seat ?? conn.client)) {
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

  start(s, _msg, { conn, seat }) {
    if (!conn.host) return fail('not-host', 'Only the host can start the game.');
    if (s.meta.status !== 'over') return s.startGame();
    // After a game the host starts the next after a countdown everyone sees (rematch.ts); a host
    // with a seat is in it, as if they had said "play again" too.
    if (s.meta.seats.some(isFree)) {
      return fail('not-now', 'Every seat needs a player or a bot first.');
    }
    s.reseat(countDown(agree(s.meta, seat), s.world.now));
    return startIfAgreed(s);
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
    if (seat !== null && msg.gameNo === s.meta.gameNo) s.retime(seen(s.meta.firstLook, seat));
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
    return seatsChanged(s, seats.setBot(s.table, msg.seat, msg, s.seatsNotAway()));
  },

  kick(s, msg, { conn }) {
    if (!conn.host) return fail('not-host', 'Only the host can change seats.');
    return seatsChanged(s, seats.kick(s.meta, msg.seat, s.seatsNotAway()));
  },

  record(s, _msg, { conn }) {
    if (s.meta.status !== 'over' || s.meta.seed === null) {
      return fail('not-now', 'The record is shown once the game is over.');
    }
    // ALL-1: for the game's own players only.
    if (!seats.playedIn(s.meta, conn.tokenHash)) {
      return fail('not-seated', 'Only the players of this game see its record.');
    }
    s.sendRecord(conn);
  },

  push(s, msg, { conn, seat }) {
    if (seat === null) return fail('not-seated', 'Only players are told when it is their turn.');
    const allowed = s.world.pushEndpoint;
    if (allowed === null) return fail('push-off', 'This server sends no notifications.');
    const tokenHash = s.meta.seats[seat]?.tokenHash;
    if (!tokenHash) return fail('not-seated', 'You have no seat.');
    const { subscription } = msg;
    if (subscription === null) {
      s.dropDevice(conn.device);
      s.attach({ ...conn, device: null });
      s.send(conn, { type: 'push', on: false });
      return;
    }
    if (!allowed(subscription.endpoint)) {
      return fail('bad-endpoint', 'That is not a push service this server sends to.');
    }
    const { endpoint, keys, language } = subscription;
    if (!onP256(fromBase64url(keys.p256dh))) {
      return fail('bad-key', 'This browser’s push key is not one notices can be sent to.');
    }
    s.addDevice({ tokenHash, endpoint, ...keys, ...(language ? { language } : {}) });
    s.attach({ ...conn, device: endpoint });
    s.send(conn, { type: 'push', on: true });
  },

  react(s, msg, { seat }) {
    if (seat === null) return fail('not-seated', 'Only players can react.');
    if (s.meta.status === 'lobby') return fail('not-now', 'The game has not started.');
    if (!s.mayReact(seat)) return fail('rate-limited', 'One reaction at a time, please.');
    // Reactions are not stored: every joined socket hears it, and that is all.
    s.sendAll({ type: 'reaction', seat, reaction: msg.reaction });
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

/** One message of a joined socket, to its handler. */
export function handle<T extends Said['type']>(
  s: Step,
  msg: SaidAs<T>,
  from: From,
): Failure<ErrorCode> | undefined {
  return HANDLERS[msg.type](s, msg, from);
}

/** After a game: the next one starts once the ready check is complete. */
function startIfAgreed(s: Step): Failure<ErrorCode> | undefined {
  if (s.meta.status !== 'over' || !allAgreed(s.meta)) return;
  // A free seat: the host fills it (or not); the ready check stands meanwhile.
  if (s.meta.seats.some(isFree)) return;
  return s.startGame();
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
  if (!s.mayNudge(seat)) {
    return fail('rate-limited', 'That player was nudged less than a minute ago.');
  }
  s.sendAll({ type: 'nudge', seat, by });
  s.nudgeAway(seat, by);
}
