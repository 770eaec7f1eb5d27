/**
 * The table as one step: from the table (its record and game state) and one input — a socket
 * opening, its `join`, a client's message, a socket closing, the alarm, a bot's decision, the
 * moment to write renames or send the summary — plus the time, the sockets and fresh secrets, to
 * the next table and a complete outbox: what to store, every message as text for every socket,
 * which sockets to close, what a bot must think about, and when to wake next. Every rule of the
 * table is here or below (admission.ts: the door; handlers.ts: client messages; clock.ts: what
 * the table does by itself); the Durable Object (table-object.ts) only carries inputs in and the
 * outbox out.
 */

import type { BotLevel } from '../engine/bot.ts';
import type { Failure } from '../engine/reject.ts';
import { fail } from '../engine/reject.ts';
import type { GameEvent, Seat } from '../engine/types.ts';
import type { ErrorCode } from '../errors.ts';
import type { ClientMessage, ServerMessage, TableSummary } from '../protocol.ts';
import { admit, heard, join } from './admission.ts';
import { alarm, decided, ownTimes } from './clock.ts';
import { type Conn, type Socket, socketChecks } from './conns.ts';
import { type GameLog, history, type LogEntry, record, remember } from './game-log.ts';
import { closed, handle, type Said, writeNames } from './handlers.ts';
import { IDLE_MS, RENAME_FLUSH_MS, TABLE_BROADCAST_MS } from './limits.ts';
import { changeMessages, seatOfConn, stateMessage, type Views, viewerOf } from './messages.ts';
import { gameOf, hasGame, type Table, type TableMeta, withMeta } from './meta.ts';
import { type Device, type Notice, notifyAway } from './notify.ts';
import { awaited, betweenRounds, midRound, type Played } from './play.ts';
import * as seats from './seats.ts';
import { presence, tableSummary } from './summary.ts';
import { alarmTime, botsSoon, botsStopped, type Due, resultsIn, timersAfter } from './timers.ts';

type Join = Extract<ClientMessage, { type: 'join' }>;

/** A fresh seat token and its hash: the token goes to its holder, the hash is stored. */
export interface SeatToken {
  token: string;
  hash: string;
}

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
  /** Any other client message; `token` only for a `sit` by a socket without a seat. */
  | { kind: 'message'; conn: string; message: Said; token: SeatToken | null }
  /** A socket closed by its client (or failed): it counts toward nothing from now on. */
  | { kind: 'closed'; conn: Conn }
  | { kind: 'alarm' }
  /** A bot's move for `due`, thought about at `version`; undefined when the bot failed. */
  | { kind: 'decided'; due: Due; version: number; move: unknown }
  /** The renames of the last RENAME_FLUSH_MS go into the table. */
  | { kind: 'names' }
  /** The summary held back by TABLE_BROADCAST_MS goes out. */
  | { kind: 'summary' }
  /** A push service said a device's subscription is gone (404, 410): it is forgotten. */
  | { kind: 'deviceGone'; endpoint: string }
  /** The notices held back by `World.noticeDelay` are due (notify.ts). */
  | { kind: 'notices' };

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
  /** Which push endpoints devices may give (web-push.ts); null: no notifications here. */
  pushEndpoint: ((url: string) => boolean) | null;
  /** How long the table waits before telling a player away, in ms (notify.ts). */
  noticeDelay: number;
}

/**
 * What the step keeps in memory between inputs, not stored (a wake-up starts afresh, with the
 * current game's log read from storage): how often each seat or client renamed, reacted or was
 * nudged, the names waiting to be written, each viewer's last view (the base of the next patch),
 * the game's log, and when the summary last went out.
 */
export interface Memory {
  renamed: Map<Seat | string, number[]>;
  reacted: Map<Seat, number[]>;
  /** By the seat nudged. */
  nudged: Map<Seat, number[]>;
  names: Map<Seat, { tokenHash: string | null; name: string }>;
  views: Views;
  log: GameLog;
  summarySentAt: number;
  /** A summary is held back until its window ends (the `summary` input). */
  summaryHeld: boolean;
  /** The devices to tell when the table waits on their player, as stored (notify.ts). */
  devices: Device[];
  /** Notices are held back until the `notices` input. */
  noticesHeld: boolean;
}

export const newMemory = (
  log: GameLog = { gameNo: 0, entries: [] },
  devices: Device[] = [],
): Memory => ({
  renamed: new Map(),
  reacted: new Map(),
  nudged: new Map(),
  names: new Map(),
  views: new Map(),
  log,
  summarySentAt: 0,
  summaryHeld: false,
  devices,
  noticesHeld: false,
});

/**
 * One message for one socket, in order, as the step collects them: a message, or the latest
 * whole state, history or record, made into text once the input is handled.
 */
type Delivery =
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
  /** Every message, as text, for each socket, in the order it is to be sent. */
  send: { conn: string; text: string }[];
  /** Sockets whose identity changed. */
  attach: Conn[];
  /** Sockets to close for good (after the messages). */
  close: { conn: string; code: number; reason: string }[];
  /** A bot's move (or the clock's, for a person) the shell must think about, at this version. */
  think: { due: Due; version: number; level: BotLevel } | null;
  /** When to give the `names` input, in ms from now. */
  namesIn: number | null;
  /** When to give the `summary` input, in ms from now. */
  summaryIn: number | null;
  /** When to give the `notices` input, in ms from now. */
  noticesIn: number | null;
  /** When the alarm should ring next (null: the table is gone). */
  wake: number | null;
  /** The bots' turn, soon: when a timer in memory should ring (timers.ts: botsSoon). */
  soon: number | null;
  /** What went wrong without stopping the table, for the log. */
  problems: string[];
  /** Notices for players away, to push (notify.ts). */
  push: Notice[];
  /** The devices as they are to be stored, when they changed. */
  devices: Device[] | null;
}

/** The outbox as one input is handled, before its messages are made into text. */
interface Pending
  extends Pick<
    Outbox,
    | 'write'
    | 'erase'
    | 'attach'
    | 'close'
    | 'think'
    | 'namesIn'
    | 'noticesIn'
    | 'problems'
    | 'push'
    | 'devices'
  > {
  /** The game changed: every joined socket gets its view, with these events. */
  changed: { events: GameEvent[] } | null;
  /** The public summary may have changed: everyone is sent it (coalesced). */
  summary: boolean;
  deliveries: Delivery[];
}

/** The table's next state and outbox, built up as one input is handled. */
export class Step {
  table: Table;
  readonly out: Pending = {
    write: null,
    erase: false,
    changed: null,
    summary: false,
    deliveries: [],
    attach: [],
    close: [],
    think: null,
    namesIn: null,
    noticesIn: null,
    problems: [],
    push: [],
    devices: null,
  };
  private readonly start: Table;
  /** A summary held back: when its window ends, in ms from now. */
  private summaryIn: number | null = null;
  private readonly conns = new Map<string, Conn>();
  /** The sockets that had joined before this input. */
  private readonly joinedBefore = new Set<string>();
  readonly memory: Memory;
  readonly world: World;

  constructor(start: Table, memory: Memory, world: World) {
    this.table = start;
    this.start = start;
    this.memory = memory;
    this.world = world;
    for (const s of world.sockets) {
      this.conns.set(s.conn.id, s.conn);
      if (s.conn.joined) this.joinedBefore.add(s.conn.id);
    }
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

  deliver(delivery: Delivery): void {
    this.out.deliveries.push(delivery);
  }

  send(conn: Conn, message: ServerMessage): void {
    this.deliver({ conn: conn.id, message });
  }

  sendState(conn: Conn): void {
    if (this.table.state !== null) this.deliver({ conn: conn.id, state: true });
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

  /** The public summary as the table and its sockets are now. */
  summaryNow(): TableSummary {
    return tableSummary(this.table, this.sockets(), this.world.now);
  }

  /**
   * A change of seats (or of the game with `played`): timers derived again, the record to be
   * written, and every socket checked against the seats.
   */
  reseat(meta: TableMeta): void {
    const next = withMeta(this.table, { ...meta, lastActive: this.world.now });
    const timers = timersAfter(this.table, next, null, this.world.now, this.world.botDelay);
    this.table = withMeta(next, timers);
    this.out.write ??= { state: false, log: null };
    this.out.summary = true;
    // A token that lost its seat is told nothing more (one a bot keeps for its player still is).
    this.setDevices(this.memory.devices.filter((d) => seats.holds(this.meta, d.tokenHash)));
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
    this.out.changed = { events: played.events };
    // The summary shows the status and, between rounds, who is ready: it changes with either.
    if (
      this.meta.status !== before.meta.status ||
      betweenRounds(this.table) !== betweenRounds(before) ||
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

  /** The devices to tell changed: kept in memory, and stored with the rest of this input. */
  setDevices(devices: Device[]): void {
    if (
      devices.length === this.memory.devices.length &&
      devices.every((d, i) => d === this.memory.devices[i])
    )
      return;
    this.memory.devices = devices;
    this.out.devices = devices;
  }

  /** ALL-3: the table makes no more moves by itself (timers.ts: botsStopped). */
  botsStopped(): boolean {
    return botsStopped(this.meta, this.open().length, this.world.now);
  }

  /** The outbox: the log kept up to date, every message made into text, the wake-ups. */
  finish(): Outbox {
    const { now } = this.world;
    const { out, memory } = this;
    if (out.erase) memory.log = { gameNo: 0, entries: [] };
    else if (out.write) remember(memory.log, this.meta, out.write.log);
    const send = [...this.texts(), ...this.changes(), ...this.summaries()];
    const moving = this.botsStopped() ? null : this.meta;
    const wake = out.erase
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
    return {
      table: this.table,
      write: out.write,
      erase: out.erase,
      send,
      attach: out.attach,
      close: out.close,
      think: out.think,
      namesIn: out.namesIn,
      summaryIn: this.summaryIn,
      noticesIn: out.erase ? null : out.noticesIn,
      wake,
      // A bot about to think: its decision, made or dropped, plans the next wake-up.
      soon: out.erase || out.think ? null : botsSoon(moving, now),
      problems: out.problems,
      push: out.erase ? [] : out.push,
      devices: out.devices,
    };
  }

  /** The deliveries as text, the latest state, history and record made from the final table. */
  private texts(): { conn: string; text: string }[] {
    const { table, memory } = this;
    return this.out.deliveries.flatMap((d) => {
      if ('message' in d) return [{ conn: d.conn, text: JSON.stringify(d.message) }];
      if ('history' in d) {
        const message: ServerMessage = { type: 'history', ...history(memory.log) };
        return [{ conn: d.conn, text: JSON.stringify(message) }];
      }
      if ('record' in d) {
        const message: ServerMessage = { type: 'record', record: record(memory.log, table.meta) };
        return [{ conn: d.conn, text: JSON.stringify(message) }];
      }
      const conn = this.conns.get(d.conn);
      if (!conn || !hasGame(table)) return [];
      const viewer = viewerOf(table, seatOfConn(table, conn));
      // It stands in for the change's own message (changes()): a socket that was here before
      // hears what happened with it; one that joined now has it in its history.
      const events =
        this.out.changed && this.joinedBefore.has(d.conn) ? this.out.changed.events : [];
      return [{ conn: d.conn, text: stateMessage(table, viewer, events, memory.views) }];
    });
  }

  /** After a change of the game, each joined socket's own message (messages.ts). */
  private changes(): { conn: string; text: string }[] {
    const { changed } = this.out;
    if (!changed || !hasGame(this.table)) return [];
    // A socket sent the whole state in this step (it joined, or its seat changed) holds the new
    // view already: a patch of the view it held before would name a base it no longer has.
    const stated = new Set(this.out.deliveries.flatMap((d) => ('state' in d ? [d.conn] : [])));
    const { messages, views } = changeMessages(
      this.table,
      this.open().filter((conn) => !stated.has(conn.id)),
      changed.events,
      this.memory.views,
      this.start,
    );
    this.memory.views = views;
    return [...messages].map(([conn, text]) => ({ conn, text }));
  }

  /**
   * The summary, to every joined socket, when it may have changed: at most one per
   * TABLE_BROADCAST_MS; one asked for sooner is held back to the window's end (the `summary`
   * input), and goes out with whatever else changed meanwhile.
   */
  private summaries(): { conn: string; text: string }[] {
    const { memory } = this;
    if (!this.out.summary || memory.summaryHeld) return [];
    const wait = memory.summarySentAt + TABLE_BROADCAST_MS - this.world.now;
    if (wait > 0) {
      memory.summaryHeld = true;
      this.summaryIn = wait;
      return [];
    }
    memory.summarySentAt = this.world.now;
    const text = JSON.stringify({
      type: 'table',
      table: this.summaryNow(),
    } satisfies ServerMessage);
    return this.open().flatMap((conn) => (conn.joined ? [{ conn: conn.id, text }] : []));
  }
}

/** A refusal as the `error` message the socket is sent. */
export const errorOf = (refused: Failure<ErrorCode>): ServerMessage => ({
  type: 'error',
  ...refused.error,
});

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
      const at = s.out.deliveries.length;
      // The socket as `heard` left it.
      const latest = s.conn(input.conn) ?? conn;
      const refused = latest.joined
        ? handle(s, input.message, { conn: latest, seat: s.seatOf(latest), token: input.token })
        : fail('not-joined', 'Say "join" first.');
      // A refusal is told first, before whatever goes with it (the latest state, for a stale move).
      if (refused) s.out.deliveries.splice(at, 0, { conn: conn.id, message: errorOf(refused) });
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
    case 'summary':
      memory.summaryHeld = false;
      s.out.summary = true;
      break;
    case 'deviceGone':
      s.setDevices(memory.devices.filter((d) => d.endpoint !== input.endpoint));
      break;
    case 'notices':
      memory.noticesHeld = false;
      break;
  }
  if (!s.out.erase) notifyAway(s, input.kind === 'notices');
  return s.finish();
}

/**
 * What the page of a table link shows before its own socket opens: what a spectator's socket
 * hears on joining (the welcome, then the game's state). The history is left to the socket.
 */
export function firstSight(table: Table, memory: Memory, world: World): string[] {
  const welcome: ServerMessage = {
    type: 'welcome',
    table: tableSummary(table, world.sockets, world.now),
    seat: null,
    host: false,
  };
  const heardFirst = [JSON.stringify(welcome)];
  if (hasGame(table)) heardFirst.push(stateMessage(table, null, [], memory.views));
  return heardFirst;
}

/**
 * For `GET /api/tables/<id>` and a table link: the summary, whose turn it is while a round is
 * played (between rounds nobody is to move: the next round waits on whoever is not ready), and
 * when the decision waited on is made for its people (a turn-based table's "time left").
 */
export function publicSummary(table: Table, world: Pick<World, 'now' | 'sockets'>): TableSummary {
  return {
    ...tableSummary(table, world.sockets, world.now),
    toMove: midRound(table) ? awaited(table) : [],
    deadline: table.meta.deadline,
  };
}
