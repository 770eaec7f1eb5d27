/**
 * One input's work in progress: the `Step` that the door (admission.ts), the handlers and the
 * clock act on, and that gives the next table and its outbox. Its table, outbox and memory are
 * its own: each change goes through a method named for what it means (a move committed, the
 * seats changed, a game started), and one place marks the record to be stored.
 */
import type { BotLevel } from '../engine/bot.ts';
import type { Failure } from '../engine/reject.ts';
import type { GameEvent, Seat } from '../engine/types.ts';
import type { ErrorCode } from '../errors.ts';
import type { ServerMessage, TableEvent, TableSummary } from '../protocol.ts';
import { type Conn, type Socket, socketChecks } from './conns.ts';
import { type GameLog, history, type LogEntry, record, remember } from './game-log.ts';
import {
  NUDGES,
  REACTIONS,
  RENAME_FLUSH_MS,
  RENAMES,
  TABLE_BROADCAST_MS,
  takeQuota,
} from './limits.ts';
import { changeMessages, seatOfConn, stateMessage, type Views, viewerOf } from './messages.ts';
import { type FirstLook, gameOf, hasGame, type Table, type TableMeta, withMeta } from './meta.ts';
import {
  type Audience,
  afterPush,
  type Device,
  type Notice,
  nudgeNotices,
  type PushOutcome,
  turnNotices,
  untold,
  withDevice,
} from './notify.ts';
import { betweenRounds, decisionSince, type Played } from './play.ts';
import { nextGame, ownTimes } from './rematch.ts';
import {
  alarmTime,
  botsSoon,
  botsStopped,
  type Due,
  idleAt,
  resultsIn,
  timersAfter,
} from './schedule.ts';
import * as seats from './seats.ts';
import { notAway, outOfTimeAfter, presence, sitting, tableSummary } from './summary.ts';

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
  /** The bots' turn, soon: when a timer in memory should ring (schedule.ts: botsSoon). */
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

/** A refusal as the `error` message the socket is sent. */
const errorOf = (refused: Failure<ErrorCode>): ServerMessage => ({
  type: 'error',
  ...refused.error,
});

/** The times `key` did something under a quota, oldest first, noted in `map` from the first. */
function timesOf<K>(map: Map<K, number[]>, key: K): number[] {
  let times = map.get(key);
  if (!times) {
    times = [];
    map.set(key, times);
  }
  return times;
}

/** The table's next state and outbox, built up as one input is handled. */
export class Step {
  private current: Table;
  private readonly out: Pending = {
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
  /** Whether the table had stopped making moves by itself before this input (ALL-3). */
  private readonly stoppedBefore: boolean;
  private readonly memory: Memory;
  readonly world: World;

  constructor(start: Table, memory: Memory, world: World) {
    this.current = start;
    this.start = start;
    this.memory = memory;
    this.world = world;
    for (const s of world.sockets) {
      this.conns.set(s.conn.id, s.conn);
      if (s.conn.joined) this.joinedBefore.add(s.conn.id);
    }
    this.stoppedBefore = botsStopped(start.meta, world.sockets.length, world.now);
  }

  /** The table as this input has left it so far. */
  get table(): Table {
    return this.current;
  }

  get meta(): TableMeta {
    return this.current.meta;
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

  /** Whether a page of that seat is open (joined, heard from lately or not). */
  pageOpen(seat: Seat): boolean {
    return this.open().some((c) => c.joined && this.seatOf(c) === seat);
  }

  /** The sockets as they are now in this step, with when the runtime last answered each ping. */
  sockets(): Socket[] {
    const pinged = new Map(this.world.sockets.map((s) => [s.conn.id, s.pingedAt]));
    return this.open().map((conn) => ({ conn, pingedAt: pinged.get(conn.id) ?? 0 }));
  }

  /** Seats with a socket heard from lately (SILENCE_MS). */
  seatsHere(): Set<Seat> {
    return presence(this.current, this.sockets(), this.world.now).here;
  }

  /** Seats whose player is not away (summary.ts: notAway): the host replaces only the others. */
  seatsNotAway(): Set<Seat> {
    return notAway(this.current, this.seatsHere());
  }

  /** The public summary as the table and its sockets are now. */
  summaryNow(): TableSummary {
    return tableSummary(this.current, this.sockets(), this.world.now);
  }

  /** ALL-3: the table makes no more moves by itself (schedule.ts: botsStopped). */
  botsStopped(): boolean {
    return botsStopped(this.meta, this.open().length, this.world.now);
  }

  attach(conn: Conn): void {
    this.conns.set(conn.id, conn);
    this.out.attach = [...this.out.attach.filter((c) => c.id !== conn.id), conn];
  }

  send(conn: Conn, message: ServerMessage): void {
    this.out.deliveries.push({ conn: conn.id, message });
  }

  /** The same message to every joined socket. */
  sendAll(message: ServerMessage): void {
    for (const conn of this.open()) if (conn.joined) this.send(conn, message);
  }

  sendState(conn: Conn): void {
    if (this.current.state !== null) this.out.deliveries.push({ conn: conn.id, state: true });
  }

  sendHistory(conn: Conn): void {
    this.out.deliveries.push({ conn: conn.id, history: true });
  }

  sendRecord(conn: Conn): void {
    this.out.deliveries.push({ conn: conn.id, record: true });
  }

  /** A refusal, told as `error` after whatever the socket was sent so far. */
  refuse(conn: Conn, refused: Failure<ErrorCode>): void {
    this.send(conn, errorOf(refused));
  }

  /**
   * A client message's handling: a refusal is told first, before whatever goes with it (the
   * latest state, for a stale move).
   */
  answer(conn: Conn, handle: () => Failure<ErrorCode> | undefined): void {
    const at = this.out.deliveries.length;
    const refused = handle();
    if (refused) this.out.deliveries.splice(at, 0, { conn: conn.id, message: errorOf(refused) });
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

  tellUnseated(conn: Conn, seat: Seat, tokenHash: string | null): void {
    const reason = seats.goneFor(this.meta, tokenHash)?.reason ?? 'freed';
    this.send(conn, { type: 'unseated', seat, reason });
  }

  /** Who is here, or silent, changed: everyone is sent the summary (coalesced). */
  summaryChanged(): void {
    this.out.summary = true;
  }

  /** The summary held back by TABLE_BROADCAST_MS is due: it goes out with what changed since. */
  summaryDue(): void {
    this.memory.summaryHeld = false;
    this.out.summary = true;
  }

  /**
   * The one place that marks the record to be stored with this input; a move or a new game also
   * stores the game state (commit, startGame).
   */
  private storeRecord(): void {
    this.out.write ??= { state: false, log: null };
  }

  /**
   * A change of the record other than a move (the seats, a rematch's ready check, a first look),
   * in one place so that none of it is forgotten: timers derived again, the record stored, the
   * summary sent, the devices of tokens without a seat forgotten, and every socket checked
   * against the seats.
   */
  reseat(meta: TableMeta): void {
    const next = withMeta(this.current, { ...meta, lastActive: this.world.now });
    const timers = timersAfter(this.current, next, null, this.world.now, this.world.botDelay);
    this.current = withMeta(next, timers);
    this.storeRecord();
    this.out.summary = true;
    // A token that lost its seat is told nothing more (one a bot keeps for its player still is).
    this.setDevices(this.memory.devices.filter((d) => seats.holds(this.meta, d.tokenHash)));
    this.sweep();
  }

  /** The record changed where nobody is told (who was last here, who was notified): stored. */
  amend(change: Partial<TableMeta>): void {
    this.current = withMeta(this.current, change);
    this.storeRecord();
  }

  /** A move made: stored with its log entry, timers derived again, everyone told. */
  commit(played: Played, seat: Seat, move: unknown): void {
    const before = this.current;
    const { botDelay, resultHold } = this.world;
    const held = resultsIn(gameOf(played.meta), played.events);
    const delay = held ? Math.max(botDelay, resultHold) : botDelay;
    const timers = timersAfter(before, played, seat, this.world.now, delay);
    const outOfTime = outOfTimeAfter(before.meta, seat, played.events);
    this.current = { meta: { ...played.meta, ...timers, outOfTime }, state: played.state };
    // A game's first move and each new round's deal say who sits where (the log's names then).
    const log = this.memory.log;
    const first = log.gameNo !== played.meta.gameNo || log.entries.length === 0;
    const events =
      first || played.state.round !== before.state?.round
        ? [{ type: 'sitting', seats: sitting(played.meta) } satisfies TableEvent, ...played.events]
        : played.events;
    this.out.write = { state: true, log: { seat, move, events } };
    this.out.changed = { events };
    // The summary shows the status and, between rounds, who is ready: it changes with either.
    if (
      this.meta.status !== before.meta.status ||
      betweenRounds(this.current) !== betweenRounds(before) ||
      this.meta.seats !== before.meta.seats ||
      outOfTime !== before.meta.outOfTime
    ) {
      this.out.summary = true;
    }
  }

  /** A player out of time (outOfTime) opened the table again: they are no longer away. */
  cameBack(seat: Seat): void {
    if (!this.meta.outOfTime.includes(seat)) return;
    this.amend({ outOfTime: this.meta.outOfTime.filter((s) => s !== seat) });
    this.out.summary = true;
  }

  /** A game dealt (rematch.ts: nextGame): stored with its state, timers derived, everyone told. */
  startGame(): Failure<ErrorCode> | undefined {
    const { now, botDelay } = this.world;
    const dealt = nextGame(this.meta, this.world.secret(), this.seatsHere(), now);
    if (!dealt.ok) return dealt;
    const timers = timersAfter(this.current, dealt, null, now, botDelay);
    this.current = { meta: { ...dealt.meta, ...timers }, state: dealt.state };
    const started: GameEvent[] = [
      { type: 'gameStarted', gameNo: this.meta.gameNo } satisfies TableEvent,
    ];
    this.out.write = { state: true, log: null };
    this.out.changed = { events: started };
    this.out.summary = true;
  }

  /**
   * The table's timers after a change of who it waits for, not of the game: a clock that starts
   * now is told to everyone with a version of its own (the views are unchanged).
   */
  retime(look: FirstLook | null): void {
    if (look === this.meta.firstLook) return;
    const before = this.meta.deadline;
    this.reseat({ ...this.meta, firstLook: look });
    if (this.meta.deadline === before) return;
    this.current = withMeta(this.current, { version: this.meta.version + 1 });
    this.out.changed ??= { events: [] };
  }

  /**
   * A table paused for want of people (ALL-3: botsStopped) that someone opens again plays on from
   * now: the decision it waits on gets a fresh clock, so whoever comes back is not timed out at
   * once by a clock that ran out while nobody was there (its bots, due all along, move as soon as
   * they would have). The new clock is told to everyone with a version of its own, as `retime`
   * tells one.
   */
  resume(): void {
    if (!this.stoppedBefore || this.botsStopped()) return;
    const { now, botDelay } = this.world;
    const { deadline } = timersAfter(null, this.current, null, now, botDelay);
    if (deadline === this.meta.deadline) return;
    this.current = withMeta(this.current, { deadline, version: this.meta.version + 1 });
    this.storeRecord();
    this.out.changed ??= { events: [] };
    this.out.summary = true;
  }

  /**
   * Seat ownership's one sweep, after any change of seats: a socket whose token no longer holds
   * its seat is told so and sees the table as a spectator.
   */
  private sweep(): void {
    for (const conn of this.open()) {
      if (!conn.joined) continue;
      const seat = this.seatOf(conn);
      if (seat === conn.seat) continue;
      this.attach({ ...conn, seat, tokenHash: seat === null ? null : conn.tokenHash });
      if (conn.seat !== null && seat === null) this.tellUnseated(conn, conn.seat, conn.tokenHash);
      this.sendState(conn);
    }
  }

  /** Whether a seat (or a spectator's client) may rename now (RENAMES); if so, it is counted. */
  mayRename(who: Seat | string): boolean {
    return takeQuota(RENAMES, timesOf(this.memory.renamed, who), this.world.now);
  }

  /** Whether a seat may react now (REACTIONS); if so, it is counted. */
  mayReact(seat: Seat): boolean {
    return takeQuota(REACTIONS, timesOf(this.memory.reacted, seat), this.world.now);
  }

  /** Whether a seat may be nudged now (NUDGES); if so, it is counted. */
  mayNudge(seat: Seat): boolean {
    return takeQuota(NUDGES, timesOf(this.memory.nudged, seat), this.world.now);
  }

  /** The seat's new name goes in with the others' within RENAME_FLUSH_MS: one write for a burst. */
  renameLater(seat: Seat, name: string): void {
    const first = this.memory.names.size === 0;
    this.memory.names.set(seat, { tokenHash: this.meta.seats[seat]?.tokenHash ?? null, name });
    if (first) this.out.namesIn = RENAME_FLUSH_MS;
  }

  /** The renames of the last RENAME_FLUSH_MS, for seats still held by whoever asked. */
  writeNames(): void {
    let meta = this.meta;
    for (const [seat, { tokenHash, name }] of this.memory.names) {
      if (meta.seats[seat]?.tokenHash !== tokenHash) continue;
      const named = seats.rename(meta, seat, name);
      if (named.ok) meta = named.meta;
    }
    this.memory.names.clear();
    if (meta !== this.meta) this.reseat(meta); // nothing changed: nothing to tell anyone
  }

  /** A device to tell (notify.ts: withDevice). */
  addDevice(device: Device): void {
    this.setDevices(withDevice(this.memory.devices, device));
  }

  /** The device of that endpoint is told nothing more. */
  dropDevice(endpoint: string | null): void {
    this.setDevices(this.memory.devices.filter((d) => d.endpoint !== endpoint));
  }

  /** How a notice to the device of that endpoint went (notify.ts: afterPush). */
  pushed(endpoint: string, outcome: PushOutcome): void {
    this.setDevices([...afterPush(this.memory.devices, endpoint, outcome)]);
  }

  /** The devices to tell changed: kept in memory, and stored with the rest of this input. */
  private setDevices(devices: Device[]): void {
    if (
      devices.length === this.memory.devices.length &&
      devices.every((d, i) => d === this.memory.devices[i])
    )
      return;
    this.memory.devices = devices;
    this.out.devices = devices;
  }

  /** What notices are worked out from (notify.ts), as the table is now. */
  audience(): Audience {
    return {
      table: this.current,
      devices: this.memory.devices,
      pageOpen: (seat) => this.pageOpen(seat),
      lastMove: this.memory.log.entries.at(-1),
      now: this.world.now,
    };
  }

  /** Notices for players away, pushed with this input. */
  private push(notices: readonly Notice[]): void {
    this.out.push.push(...notices);
  }

  /** A nudge's notice for `seat`'s player, if away and not yet nudged by one for this decision. */
  nudgeAway(seat: Seat, by: Seat | null): void {
    const notices = nudgeNotices(this.audience(), seat, by);
    if (notices.length === 0) return;
    this.push(notices);
    const { meta } = this;
    const nudgeTold = meta.seats.map((_, s) =>
      s === seat ? decisionSince(meta, s) : (meta.nudgeTold[s] ?? 0),
    );
    this.amend({ nudgeTold });
  }

  /**
   * After each input: the seats waited on whose players are away are told (notify.ts: untold),
   * `World.noticeDelay` after the first input that found them (`due`: the `notices` input), and
   * who was told is stored.
   */
  notifyAway(due: boolean): void {
    if (due) this.memory.noticesHeld = false;
    if (this.out.erase) return;
    const audience = this.audience();
    const seatsToTell = untold(audience);
    if (seatsToTell.length === 0) return;
    if (!due) {
      if (!this.memory.noticesHeld) this.out.noticesIn = this.world.noticeDelay;
      this.memory.noticesHeld = true;
      return;
    }
    const { notices, notified } = turnNotices(audience, seatsToTell);
    this.push(notices);
    this.amend({ notified });
  }

  /** A move the table makes by itself, for the shell to think about at this version. */
  think(due: Due, level: BotLevel): void {
    this.out.think = { due, version: this.meta.version, level };
  }

  /** What went wrong without stopping the table, for the log. */
  problem(text: string): void {
    this.out.problems.push(text);
  }

  /** The table was left idle long enough: everything it stores goes. */
  erase(): void {
    this.out.erase = true;
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
          [idleAt(this.meta), ...socketChecks(this.sockets(), now), ...ownTimes(this.meta)],
          now,
        );
    return {
      table: this.current,
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
    const { current: table, memory } = this;
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
    if (!changed || !hasGame(this.current)) return [];
    // A socket sent the whole state in this step (it joined, or its seat changed) holds the new
    // view already: a patch of the view it held before would name a base it no longer has.
    const stated = new Set(this.out.deliveries.flatMap((d) => ('state' in d ? [d.conn] : [])));
    const { messages, views } = changeMessages(
      this.current,
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
