/**
 * The table as one step: from the table (its record and game state) and one input — a socket
 * opening, a client's message with the sender's identity, a socket closing, the alarm, a bot's
 * decision, the moment to write renames — plus the time, the sockets and fresh secrets, to the
 * next table and an outbox: what to store, who to tell what, which sockets to close, what a bot
 * must think about, and when to wake next. Every rule of the table is here or below; the Durable
 * Object (table-object.ts) only carries inputs in and the outbox out.
 */

import { type Failure, fail } from '../../shared/engine/reject.ts';
import type { GameEvent, Seat } from '../../shared/engine/types.ts';
import type { ErrorCode } from '../../shared/errors.ts';
import {
  CLOSE,
  type ClientMessage,
  type ServerMessage,
  type TableEvent,
} from '../../shared/protocol.ts';
import { type Conn, isLive, type Socket, socketChecks } from './conns.ts';
import {
  giveWay,
  HEARD_GRAIN_MS,
  IDLE_MS,
  JOIN_WINDOW_MS,
  MAX_SPECTATORS,
  MAX_SPECTATORS_PER_CLIENT,
  MAX_TABS_PER_SEAT,
  MAX_UNJOINED,
  NETWORK_LEVELS,
  NOBODY_MS,
  NUDGES,
  networkAt,
  REACTIONS,
  RENAME_FLUSH_MS,
  RENAMES,
  takePace,
} from './limits.ts';
import { type FirstLook, gameOf, type Table, type TableMeta } from './meta.ts';
import {
  applyMove,
  awaited,
  betweenRounds,
  newcomer,
  type Played,
  peopleSeated,
  play,
  seen,
  start,
} from './play.ts';
import { agree, allAgreed, countDown, firstLook, notAgreed } from './rematch.ts';
import * as seats from './seats.ts';
import { presence, standInName, tableSummary } from './summary.ts';
import { alarmTime, botsSoon, type Due, dueMoves, resultsIn, timersAfter } from './timers.ts';

type Join = Extract<ClientMessage, { type: 'join' }>;

/** One thing that happens to a table. */
export type Input =
  /**
   * A socket opens (the upgrade), with the hashes of what it presented in its subprotocols: a
   * seat's token or the host key among them lets it in ahead of everyone.
   */
  | { kind: 'open'; conn: Conn; presented: readonly string[] }
  | {
      kind: 'join';
      conn: string;
      message: Join;
      tokenHash: string | null;
      hostKeyHash: string | null;
    }
  /** Any other client message; `token` is a fresh seat token with its hash, should it sit down. */
  | {
      kind: 'message';
      conn: string;
      message: Exclude<ClientMessage, Join>;
      token: { token: string; hash: string };
    }
  /** A socket closed by its client (or failed): it counts toward nothing from now on. */
  | { kind: 'closed'; conn: Conn }
  | { kind: 'alarm' }
  /** A bot's move for `due`, thought about at `version`; undefined when the bot failed. */
  | { kind: 'decided'; due: Due; version: number; move: unknown }
  /** The renames of the last RENAME_FLUSH_MS go into the table. */
  | { kind: 'names' };

/** The world around the step: the time, the table's open sockets, and fresh secrets. */
export interface World {
  now: number;
  sockets: readonly Socket[];
  /** A new random secret (a game's seed). */
  secret: () => string;
  /** This decision's human-feeling delay before a bot moves, in ms. */
  botDelay: number;
  /** How long a bot waits after a result (resultsIn), so that people can read it, in ms. */
  resultHold: number;
}

/**
 * What the step keeps in memory between inputs, not stored (a wake-up starts afresh): how often
 * each seat or client renamed or reacted, and the names waiting to be written.
 */
export interface Memory {
  renamed: Map<Seat | string, number[]>;
  reacted: Map<Seat, number[]>;
  /** By the seat nudged. */
  nudged: Map<Seat, number[]>;
  names: Map<Seat, { tokenHash: string | null; name: string }>;
}

export const newMemory = (): Memory => ({
  renamed: new Map(),
  reacted: new Map(),
  nudged: new Map(),
  names: new Map(),
});

/** What the table stores of a move: who made it, what it was, and the events it caused. */
export interface LogEntry {
  seat: Seat;
  move: unknown;
  events: GameEvent[];
}

/** One message for one socket, in order: a message, its seat's whole state, or the history. */
export type Delivery =
  | { conn: string; message: ServerMessage }
  | { conn: string; state: true }
  | { conn: string; history: true }
  | { conn: string; record: true };

export interface Outbox {
  table: Table;
  /** What to store, in one write: the record, with the game state and a log entry if they changed. */
  write: { state: boolean; log: LogEntry | null } | null;
  /** The table is left idle long enough: everything it stores goes. */
  erase: boolean;
  /** The game changed: every joined socket gets its view, with these events; a new game, a new history. */
  changed: { events: GameEvent[]; newGame: boolean } | null;
  /** The public summary may have changed: everyone is sent it (coalesced). */
  summary: boolean;
  send: Delivery[];
  /** Sockets whose identity changed. */
  attach: Conn[];
  /** Sockets to close for good. */
  close: { conn: string; code: number; reason: string }[];
  /** A bot's move (or the clock's, for a person) the shell must think about, at this version. */
  think: { due: Due; version: number } | null;
  /** When to write the waiting renames, in ms from now. */
  namesIn: number | null;
  /** When the alarm should ring next (null: the table is gone). */
  wake: number | null;
  /** The bots' turn, soon: when a timer in memory should ring (timers.ts: botsSoon). */
  soon: number | null;
  /** What went wrong without stopping the table, for the log. */
  problems: string[];
}

/** The table's next state and outbox, built up as one input is handled. */
class Step {
  table: Table;
  readonly out: Omit<Outbox, 'table' | 'wake' | 'soon'> = {
    write: null,
    erase: false,
    changed: null,
    summary: false,
    send: [],
    attach: [],
    close: [],
    think: null,
    namesIn: null,
    problems: [],
  };
  private readonly conns = new Map<string, Conn>();
  readonly memory: Memory;
  readonly world: World;

  constructor(start: Table, memory: Memory, world: World) {
    this.table = start;
    this.memory = memory;
    this.world = world;
    for (const s of world.sockets) this.conns.set(s.conn.id, s.conn);
  }

  get meta(): TableMeta {
    return this.table.meta;
  }

  conn(id: string): Conn | undefined {
    return this.conns.get(id);
  }

  /** The open sockets as they are now in this step (identities updated, closed ones gone). */
  open(): Conn[] {
    return [...this.conns.values()];
  }

  seatOf(conn: Conn): Seat | null {
    return seats.seatOf(this.meta, conn.tokenHash);
  }

  attach(conn: Conn): void {
    this.conns.set(conn.id, conn);
    this.out.attach = [...this.out.attach.filter((c) => c.id !== conn.id), conn];
  }

  send(conn: Conn, message: ServerMessage): void {
    this.out.send.push({ conn: conn.id, message });
  }

  sendState(conn: Conn): void {
    if (this.table.state !== null) this.out.send.push({ conn: conn.id, state: true });
  }

  /** Closes a socket for good: nothing it sends after this is heard. */
  close(conn: Conn, code: number, reason: string): void {
    this.forget(conn);
    this.out.close.push({ conn: conn.id, code, reason });
  }

  /** A socket gone: it counts toward nothing, and everyone sees it left. */
  forget(conn: Conn): void {
    this.conns.delete(conn.id);
    if (conn.joined) this.out.summary = true;
  }

  /** The sockets as they are now in this step, with when the runtime last answered each ping. */
  sockets(): Socket[] {
    const pinged = new Map(this.world.sockets.map((s) => [s.conn.id, s.pingedAt]));
    return this.open().map((conn) => ({ conn, pingedAt: pinged.get(conn.id) ?? 0 }));
  }

  /** Seats with a socket heard from lately: the others are away (SILENCE_MS). */
  connectedSeats(): Set<Seat> {
    return presence(this.table, this.sockets(), this.world.now).here;
  }

  spectators(): number {
    return presence(this.table, this.sockets(), this.world.now).spectators;
  }

  /**
   * A change of seats (or of the game with `played`): timers derived again, the record to be
   * written, and every socket checked against the seats.
   */
  reseat(meta: TableMeta): void {
    const next = { meta: { ...meta, lastActive: this.world.now }, state: this.table.state };
    const timers = timersAfter(this.table, next, null, this.world.now, this.world.botDelay);
    this.table = { meta: { ...next.meta, ...timers }, state: next.state };
    this.out.write ??= { state: false, log: null };
    this.out.summary = true;
    this.sweep();
  }

  /** A move made: stored with its log entry, timers derived again, everyone told. */
  commit(played: Played, seat: Seat, move: unknown): void {
    const before = this.table;
    const { botDelay, resultHold } = this.world;
    const held = resultsIn(gameOf(played.meta), played.events);
    const delay = held ? Math.max(botDelay, resultHold) : botDelay;
    const timers = timersAfter(before, played, seat, this.world.now, delay);
    this.table = { meta: { ...played.meta, ...timers }, state: played.state };
    this.out.write = { state: true, log: { seat, move, events: played.events } };
    this.out.changed = { events: played.events, newGame: false };
    // The summary shows the status and, between rounds, who is ready: it changes with either.
    if (
      this.meta.status !== before.meta.status ||
      betweenRounds(this.meta, this.table.state) !== betweenRounds(before.meta, before.state) ||
      this.meta.seats !== before.meta.seats
    ) {
      this.out.summary = true;
    }
  }

  /**
   * Seat ownership's one sweep, after any change of seats: a socket whose token no longer holds
   * its seat is told so and sees the table as a spectator.
   */
  sweep(): void {
    for (const conn of this.open()) {
      if (!conn.joined) continue;
      const seat = this.seatOf(conn);
      if (seat === conn.seat) continue;
      this.attach({ ...conn, seat, tokenHash: seat === null ? null : conn.tokenHash });
      if (conn.seat !== null && seat === null) this.tellUnseated(conn, conn.seat, conn.tokenHash);
      this.sendState(conn);
    }
  }

  tellUnseated(conn: Conn, seat: Seat, tokenHash: string | null): void {
    const reason = seats.goneFor(this.meta, tokenHash)?.reason ?? 'freed';
    this.send(conn, { type: 'unseated', seat, reason });
  }

  paceOf<K>(map: Map<K, number[]>, key: K): number[] {
    let times = map.get(key);
    if (!times) {
      times = [];
      map.set(key, times);
    }
    return times;
  }

  /** The seat's new name goes in with the others' within RENAME_FLUSH_MS: one write for a burst. */
  renameLater(seat: Seat, name: string): void {
    const first = this.memory.names.size === 0;
    this.memory.names.set(seat, { tokenHash: this.meta.seats[seat]?.tokenHash ?? null, name });
    if (first) this.out.namesIn = RENAME_FLUSH_MS;
  }

  /** ALL-3: nobody connected for NOBODY_MS: the table makes no more moves by itself. */
  botsStopped(): boolean {
    if (this.open().length > 0) return false;
    const { lastSeen, createdAt } = this.meta;
    return this.world.now - (lastSeen ?? createdAt) >= NOBODY_MS;
  }

  finish(): Outbox {
    const { now } = this.world;
    const moving = this.botsStopped() ? null : this.meta;
    const wake = this.out.erase
      ? null
      : alarmTime(
          moving,
          [
            this.meta.lastActive + IDLE_MS,
            ...socketChecks(this.sockets(), now),
            ...ownTimes(this.meta),
          ],
          now,
        );
    const soon = this.out.erase ? null : botsSoon(moving, now);
    return { table: this.table, ...this.out, wake, soon };
  }
}

/** The table's next state and outbox after one input. `memory` is updated in place. */
export function step(table: Table, input: Input, memory: Memory, world: World): Outbox {
  const s = new Step(table, memory, world);
  switch (input.kind) {
    case 'open':
      admit(s, input.conn, input.presented);
      break;
    case 'join': {
      const conn = s.conn(input.conn);
      const refused = conn && join(s, conn, input);
      if (conn && refused) s.send(conn, errorOf(refused));
      break;
    }
    case 'message': {
      const conn = s.conn(input.conn);
      if (!conn) break;
      heard(s, conn);
      const at = s.out.send.length;
      // The socket as `heard` left it.
      const latest = s.conn(input.conn) ?? conn;
      const refused = latest.joined
        ? handle(s, latest, input.message, input.token)
        : fail('not-joined', 'Say "join" first.');
      // A refusal is told first, before whatever goes with it (the latest state, for a stale move).
      if (refused) s.out.send.splice(at, 0, { conn: conn.id, message: errorOf(refused) });
      break;
    }
    case 'closed':
      closed(s, input.conn);
      break;
    case 'alarm':
      alarm(s);
      break;
    case 'decided':
      decided(s, input.due, input.version, input.move);
      break;
    case 'names':
      writeNames(s);
      break;
  }
  return s.finish();
}

/**
 * Admission at the door (CONTRACT §2, limits.ts): nobody is refused here. A socket that presented
 * a seat's token or the host key is let in ahead of everyone; of the others, past MAX_UNJOINED
 * waiting, the client with the most waiting loses its oldest. `join` applies the table's caps.
 */
function admit(s: Step, conn: Conn, presented: readonly string[]): void {
  const waiting = closeLateJoiners(s);
  const tokenHash = presented.find((hash) => seats.holds(s.meta, hash)) ?? null;
  const host = presented.includes(s.meta.hostKeyHash);
  const vouched = { ...conn, tokenHash, host };
  if (tokenHash !== null || host) {
    // One seat's (or the host's) sockets still to join: its own oldest gives way past its tabs.
    const own = waiting.filter((c) => c.tokenHash === tokenHash && c.host === host);
    makeRoom(s, own, CLOSE.noJoin, 'Join first');
  } else {
    const crowd = [...waiting.filter((c) => c.tokenHash === null && !c.host), vouched];
    if (crowd.length > MAX_UNJOINED) {
      const old = giveWay(crowd, (c) => c.client);
      if (old) s.close(old, CLOSE.noJoin, 'Join first');
    }
  }
  s.attach(vouched);
}

/** Closes the sockets that did not join in time; gives those still waiting, oldest first. */
function closeLateJoiners(s: Step): Conn[] {
  const waiting: Conn[] = [];
  for (const conn of s.open()) {
    if (conn.joined) continue;
    if (s.world.now - conn.openedAt >= JOIN_WINDOW_MS) s.close(conn, CLOSE.noJoin, 'Join first');
    else waiting.push(conn);
  }
  return waiting.sort((a, b) => a.openedAt - b.openedAt);
}

/** Notes that a socket spoke (to HEARD_GRAIN_MS); back from silence, everyone sees it. */
function heard(s: Step, conn: Conn): void {
  if (s.world.now - conn.heardAt < HEARD_GRAIN_MS && !conn.silent) return;
  if (conn.silent && conn.joined) s.out.summary = true;
  s.attach({ ...conn, heardAt: s.world.now, silent: false });
}

/** A refusal as the `error` message the socket is sent. */
const errorOf = (refused: Failure<ErrorCode>): ServerMessage => ({
  type: 'error',
  ...refused.error,
});

function join(
  s: Step,
  conn: Conn,
  input: { message: Join; tokenHash: string | null; hostKeyHash: string | null },
): Failure<ErrorCode> | undefined {
  heard(s, conn);
  const { message: msg } = input;
  if (conn.joined) return fail('already-joined', 'You have already joined.');
  // What the join says goes; what the socket presented at the upgrade stands in for what it omits.
  const tokenHash = input.tokenHash ?? conn.tokenHash;
  // Back to a seat a bot kept for them while they were away: theirs again at once (ALL-4).
  const back = seats.comeBack(s.meta, tokenHash);
  if (back) s.reseat(back);
  const seat = seats.seatOf(s.meta, tokenHash);
  // A seat's token always gets in; its oldest tab gives way past the tabs a seat may have.
  if (seat !== null) makeRoomForTab(s, (c) => s.seatOf(c) === seat);
  // The socket as the tabs' limit and a seat's return left it.
  const current = s.conn(conn.id);
  if (!current) return;
  if (tokenHash !== null && seat === null) {
    // Back after losing the seat while away: told why, as the tabs that were open were.
    const gone = seats.goneFor(s.meta, tokenHash);
    if (gone) s.tellUnseated(current, gone.seat, tokenHash);
    else
      s.send(
        current,
        errorOf(fail('bad-token', 'That seat is no longer yours; you are watching.')),
      );
  }
  const host =
    (input.hostKeyHash ?? (current.host ? s.meta.hostKeyHash : null)) === s.meta.hostKeyHash;
  // The host's tabs without a seat are bounded as a seat's are.
  if (seat === null && host) makeRoomForTab(s, (c) => c.host && s.seatOf(c) === null);
  if (seat === null && !host && !makeRoomToWatch(s, current)) {
    s.close(current, CLOSE.tooManySpectators, 'Too many spectators');
    return fail('table-full', 'This table has as many spectators as it can take.');
  }
  const joined: Conn = {
    ...current,
    joined: true,
    tokenHash: seat === null ? null : tokenHash,
    seat,
    host,
    name: msg.name ?? null,
    patches: msg.patches === true,
  };
  s.attach(joined);
  // The name the page remembers, if it fits the table and the seat's pace of renames.
  if (seat !== null && msg.name !== undefined && msg.name !== s.meta.seats[seat]?.name) {
    const named = seats.rename(s.meta, seat, msg.name);
    if (named.ok && takePace(RENAMES, s.paceOf(s.memory.renamed, seat), s.world.now)) {
      s.reseat(named.meta);
    }
  }
  s.send(joined, {
    type: 'welcome',
    table: tableSummary(s.table, s.sockets(), s.world.now),
    seat,
    host,
  });
  if (seat !== null && msg.token) s.send(joined, { type: 'seated', seat, token: msg.token });
  s.sendState(joined);
  if (s.table.state !== null) s.out.send.push({ conn: joined.id, history: true });
  s.out.summary = true;
}

/**
 * Whether `newcomer` may watch (limits.ts): within its client's places and the table's; with
 * the table's full, in place of the oldest of a client holding more than the newcomer's would;
 * or, failing that, in a place more kept for each seat free to take.
 */
function makeRoomToWatch(s: Step, newcomer: Conn): boolean {
  const watching = s
    .open()
    .filter((c) => c.joined && !c.host && s.seatOf(c) === null)
    .sort((a, b) => a.openedAt - b.openedAt);
  // Seats before spectators: one place more for each seat someone could take now.
  const free = seats.freeSeatsNow(s.meta, s.table.state);
  const mine = watching.filter((c) => c.client === newcomer.client).length;
  if (mine >= MAX_SPECTATORS_PER_CLIENT + free) return false;
  if (mine >= MAX_SPECTATORS_PER_CLIENT) return watching.length < MAX_SPECTATORS + free;
  if (watching.length < MAX_SPECTATORS) return true;
  const old = giveWay([...watching, newcomer], (c) => c.client);
  if (old && old !== newcomer && holdsMore(watching, old.client, newcomer.client)) {
    s.close(old, CLOSE.tooManySpectators, 'Too many spectators');
    return true;
  }
  return watching.length < MAX_SPECTATORS + free;
}

/**
 * Whether, in the widest network where they differ, `client`'s holds more of `conns` than
 * `newcomer`'s would with the newcomer in: a place goes from the many to the few, never between equals.
 */
function holdsMore(conns: readonly Conn[], client: string, newcomer: string): boolean {
  for (let level = 0; level < NETWORK_LEVELS; level++) {
    const theirs = networkAt(client, level);
    const mine = networkAt(newcomer, level);
    if (theirs === mine) continue;
    const count = (net: string) => conns.filter((c) => networkAt(c.client, level) === net).length;
    return count(theirs) > count(mine) + 1;
  }
  return false;
}

/** Closes the oldest joined tabs that are `mine` (one seat's, or the host's) until one more fits. */
function makeRoomForTab(s: Step, mine: (conn: Conn) => boolean): void {
  const tabs = s
    .open()
    .filter((c) => c.joined && mine(c))
    .sort((a, b) => a.openedAt - b.openedAt);
  makeRoom(s, tabs, CLOSE.otherTab, 'Opened in another tab');
}

/** Closes the oldest of `conns` (oldest first) until one more fits in MAX_TABS_PER_SEAT. */
function makeRoom(s: Step, conns: readonly Conn[], code: number, reason: string): void {
  for (const old of conns.slice(0, Math.max(0, conns.length - MAX_TABS_PER_SEAT + 1))) {
    s.close(old, code, reason);
  }
}

/** One message of a joined socket; a refusal goes back to it as `error`, with the rules' code. */
function handle(
  s: Step,
  conn: Conn,
  msg: Exclude<ClientMessage, Join>,
  token: { token: string; hash: string },
): Failure<ErrorCode> | undefined {
  const seat = s.seatOf(conn);
  switch (msg.type) {
    case 'name': {
      const named = seat === null ? null : seats.rename(s.meta, seat, msg.name);
      if (named && !named.ok) return named;
      // A seat's renames are counted across its tabs; a spectator's across its client's.
      if (!takePace(RENAMES, s.paceOf(s.memory.renamed, seat ?? conn.client), s.world.now)) {
        return fail('rate-limited', 'Names change a few times a minute at most.');
      }
      s.attach({ ...conn, name: msg.name });
      if (seat !== null) s.renameLater(seat, msg.name);
      return;
    }
    case 'sit': {
      if (seat !== null) return fail('not-now', 'You already have a seat.');
      const name = conn.name ?? seats.defaultName(msg.seat);
      const out = seats.sit(s.meta, s.table.state, msg.seat, name, token.hash);
      if (!out.ok) return out;
      s.attach({ ...conn, tokenHash: token.hash, seat: msg.seat });
      s.send(conn, { type: 'seated', seat: msg.seat, token: token.token });
      s.reseat(out.meta);
      s.sendState(conn);
      return;
    }
    case 'leave': {
      if (seat === null) return fail('not-seated', 'You have no seat.');
      const out = seats.leave(s.meta, seat);
      if (!out.ok) return out;
      // Every socket holding that seat, this one and the player's other tabs, loses it.
      s.reseat(out.meta);
      return;
    }
    case 'start':
      if (!conn.host) return fail('not-host', 'Only the host can start the game.');
      if (s.meta.status !== 'over') return startGame(s);
      // After a game the host starts the next after a countdown everyone sees (rematch.ts).
      if (s.meta.seats.some(seats.isFree)) {
        return fail('not-now', 'Every seat needs a player or a bot first.');
      }
      s.reseat(countDown(s.meta, s.world.now));
      return;
    case 'rematch':
      if (!conn.host && seat === null) {
        return fail('not-seated', 'Only players can ask for a rematch.');
      }
      // The rematch this one asks for has begun: here it is.
      if (msg.gameNo !== undefined && msg.gameNo < s.meta.gameNo && s.table.state !== null) {
        s.sendState(conn);
        return;
      }
      if (s.meta.status !== 'over') return fail('not-now', 'The game is not over.');
      s.reseat(agree(s.meta, seat));
      return startIfAgreed(s);
    case 'seen':
      if (seat !== null && msg.gameNo === s.meta.gameNo) retime(s, seen(s.meta.firstLook, seat));
      return;
    case 'nudge':
      return nudge(s, conn, seat, msg.seat);
    case 'move': {
      if (seat === null) return fail('not-seated', 'Spectators cannot move.');
      const out = play(s.meta, s.table.state, seat, msg.move, msg.version, s.world.now);
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
      return;
    }
    case 'bot':
    case 'kick': {
      if (!conn.host) return fail('not-host', 'Only the host can change seats.');
      const here = s.connectedSeats();
      const out =
        msg.type === 'bot'
          ? seats.setBot(s.meta, s.table.state, msg.seat, msg, here)
          : seats.kick(s.meta, msg.seat, here);
      if (!out.ok) return out;
      if (out.meta !== s.meta) s.reseat(out.meta);
      // A ready check waits for the seats' people: with one fewer, it may be complete.
      return startIfAgreed(s);
    }
    case 'record': {
      if (s.meta.status !== 'over' || s.meta.seed === null) {
        return fail('not-now', 'The record is shown once the game is over.');
      }
      // ALL-1: for the game's own players only.
      if (!seats.playedIn(s.meta, conn.tokenHash)) {
        return fail('not-seated', 'Only the players of this game see its record.');
      }
      s.out.send.push({ conn: conn.id, record: true });
      return;
    }
    case 'react': {
      if (seat === null) return fail('not-seated', 'Only players can react.');
      if (s.meta.status === 'lobby') return fail('not-now', 'The game has not started.');
      if (!takePace(REACTIONS, s.paceOf(s.memory.reacted, seat), s.world.now)) {
        return fail('rate-limited', 'One reaction at a time, please.');
      }
      // Reactions are not stored: every joined socket hears it, and that is all.
      for (const other of s.open()) {
        if (other.joined) s.send(other, { type: 'reaction', seat, reaction: msg.reaction });
      }
      return;
    }
  }
}

function startGame(s: Step): Failure<ErrorCode> | undefined {
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
  s.out.changed = { events: started, newGame: true };
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
function retime(s: Step, look: FirstLook | null): void {
  if (look === s.meta.firstLook) return;
  const before = s.meta.deadline;
  s.reseat({ ...s.meta, firstLook: look });
  if (s.meta.deadline === before || s.table.state === null) return;
  s.table = { ...s.table, meta: { ...s.meta, version: s.meta.version + 1 } };
  s.out.changed ??= { events: [], newGame: false };
}

/**
 * A reminder for a person the table waits on, from a player or the host, once a minute per
 * person nudged: everyone sees it, and it rings on theirs.
 */
function nudge(s: Step, conn: Conn, by: Seat | null, seat: Seat): Failure<ErrorCode> | undefined {
  if (by === null && !conn.host) return fail('not-seated', 'Only players can nudge.');
  if (seat === by) return fail('not-now', 'You cannot nudge yourself.');
  if (!waitingOn(s.meta, s.table.state).includes(seat)) {
    return fail('not-now', 'The table is not waiting on that player.');
  }
  if (!takePace(NUDGES, s.paceOf(s.memory.nudged, seat), s.world.now)) {
    return fail('rate-limited', 'That player was nudged less than a minute ago.');
  }
  for (const other of s.open()) {
    if (other.joined) s.send(other, { type: 'nudge', seat, by });
  }
}

/** The renames of the last RENAME_FLUSH_MS, for seats still held by whoever asked. */
function writeNames(s: Step): void {
  let meta = s.meta;
  for (const [seat, { tokenHash, name }] of s.memory.names) {
    if (meta.seats[seat]?.tokenHash !== tokenHash) continue;
    const named = seats.rename(meta, seat, name);
    if (named.ok) meta = named.meta;
  }
  s.memory.names.clear();
  if (meta !== s.meta) s.reseat(meta); // nothing changed: nothing to tell anyone
}

function closed(s: Step, conn: Conn): void {
  s.forget(conn);
  // A seat with no page open any more cannot look: its clock runs as an away player's does.
  const seat = s.seatOf(conn);
  if (seat !== null && !s.open().some((c) => c.joined && s.seatOf(c) === seat)) {
    retime(s, seen(s.meta.firstLook, seat));
  }
  // The last person gone: a day from now the bots stop (ALL-3).
  if (s.open().length === 0) {
    s.table = { ...s.table, meta: { ...s.meta, lastSeen: s.world.now } };
    s.out.write ??= { state: false, log: null };
  }
}

/**
 * The one alarm: an idle table deletes itself; sockets that did not join are closed, seats that
 * fell silent (or spoke again) are told; then the first move due is made, or handed to a bot.
 */
function alarm(s: Step): void {
  const { now } = s.world;
  if (now >= s.meta.lastActive + IDLE_MS && s.open().length === 0) {
    s.out.erase = true;
    return;
  }
  closeLateJoiners(s);
  for (const sock of s.sockets()) {
    const { conn } = sock;
    if (!conn.joined) continue;
    const silent = !isLive(sock, now);
    if (silent === conn.silent) continue;
    s.attach({ ...conn, silent });
    s.out.summary = true;
  }
  // The first look waited for long enough; the host's countdown to the next game ended.
  if (s.meta.firstLook && now >= s.meta.firstLook.until) retime(s, null);
  const startsAt = s.meta.rematch?.startsAt;
  if (s.meta.status === 'over' && startsAt != null && now >= startsAt) {
    const refused = startGame(s);
    if (refused) {
      s.out.problems.push(`the next game did not start: ${refused.error.code}`);
      s.reseat({ ...s.meta, rematch: { agreed: s.meta.rematch?.agreed ?? [], startsAt: null } });
    }
    return;
  }
  if (s.botsStopped()) return;
  const due = dueMoves(s.meta, s.table.state, now)[0];
  if (!due) return;
  if (due.roundStart) {
    makeFor(s, due, [{ t: 'nextRound' }]);
    return;
  }
  s.out.think = { due, version: s.meta.version };
}

/**
 * A bot's move, thought about at `version`: dropped when the table moved meanwhile or the seat
 * is no longer a bot's (the alarm looks again). Should it be refused, or the bot have failed, the
 * first legal move the engine accepts is made instead: the table never waits on a bot.
 */
function decided(s: Step, due: Due, version: number, move: unknown): void {
  const { state } = s.table;
  if (s.meta.version !== version || state === null) return;
  if (!due.timedOut && s.meta.seats[due.seat]?.bot !== true) return;
  const legal: unknown[] = gameOf(s.meta).legalMoves(state, due.seat);
  makeFor(s, due, move === undefined ? legal : [move, ...legal]);
}

/** Makes the first of `tries` the engine accepts for `due`; a time-out is told in its events. */
function makeFor(s: Step, due: Due, tries: unknown[]): void {
  const { state } = s.table;
  if (state === null) return;
  for (const move of tries) {
    const out = applyMove(s.meta, state, due.seat, move, s.world.now);
    if (!out.ok) {
      s.out.problems.push(`the move for seat ${due.seat} was refused: ${out.error.code}`);
      continue;
    }
    if (due.timedOut) out.events.unshift({ type: 'timedOut', seat: due.seat } satisfies TableEvent);
    // A bot standing in for someone away: the log says whose bot moved (ALL-4). A new round
    // the table starts is nobody's move.
    const away = s.meta.seats[due.seat]?.away;
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

/** The times the table wakes for its own sake: a first look waited for, the host's countdown. */
function ownTimes(meta: TableMeta): number[] {
  const times: number[] = [];
  if (meta.firstLook) times.push(meta.firstLook.until);
  if (meta.status === 'over' && meta.rematch?.startsAt != null) times.push(meta.rematch.startsAt);
  return times;
}

/** The people the table waits on now: to move, to be ready for the next round, or the next game. */
export function waitingOn(meta: TableMeta, state: Table['state']): Seat[] {
  if (meta.status === 'over') return meta.rematch ? notAgreed(meta) : [];
  if (betweenRounds(meta, state)) {
    return peopleSeated(meta).filter((s) => !meta.ready.includes(s) && !newcomer(meta, s));
  }
  return awaited(meta, state).filter((s) => peopleSeated(meta).includes(s));
}
