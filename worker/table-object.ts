/**
 * One Durable Object per table: it owns the table's sockets (hibernatable), its storage and its one
 * alarm, and leaves the rules to the engine and the bookkeeping to table.ts. Every change is
 * persisted before anyone hears of it.
 */
import { DurableObject } from 'cloudflare:workers';
import type { GameEvent, Seat } from '../shared/engine/types.ts';
import type { ErrorCode } from '../shared/errors.ts';
import { botFor } from '../shared/games/bots.ts';
import { diff } from '../shared/patch.ts';
import {
  type AnyView,
  type ClientMessage,
  type GameRecord,
  MAX_HISTORY_EVENTS,
  parseClientMessage,
  type ServerMessage,
  type TableEvent,
  type TableSummary,
} from '../shared/protocol.ts';
import { thinkAbout } from './bot-turn.ts';
import { deflateAgreement } from './compression.ts';
import {
  type Bucket,
  clientKey,
  JOIN_WINDOW_MS,
  MAX_BAD_MESSAGES,
  MAX_SPECTATORS,
  MAX_STRIKES,
  MAX_TABS_PER_SEAT,
  MAX_UNJOINED,
  MAX_UNJOINED_PER_CLIENT,
  NOBODY_MS,
  newBucket,
  REACTIONS,
  RENAME_FLUSH_MS,
  RENAMES,
  SILENCE_MS,
  TABLE_BROADCAST_MS,
  take,
  takePace,
} from './limits.ts';
import { newSecret, sha256 } from './secrets.ts';
import type { TableMeta } from './table.ts';
import * as table from './table.ts';
import { alarmTime, type Due, dueMoves, type Moment, timersAfter } from './timers.ts';
import { upgradeState } from './upgrade.ts';

/** Tables nobody has touched for this long are deleted, storage and all (README: "Tables"). */
export const IDLE_MS = 14 * 24 * 60 * 60 * 1000;
/** After an alarm fails, the table tries again this much later rather than stand still. */
const ALARM_RETRY_MS = 5000;
/** A socket's `heardAt` is written at most this often: attachments are not free to write. */
const HEARD_GRAIN_MS = 10_000;
/** Close codes: a tab past its seat's tabs (the page does not reconnect), a silent join. */
export const CLOSE_OTHER_TAB = 4001;
const CLOSE_NO_JOIN = 4008;

/** Per-socket identity; it survives hibernation (serializeAttachment), the object's memory does not. */
interface Attachment {
  conn: string;
  /** When the socket opened, and when the table last heard from it (to HEARD_GRAIN_MS). */
  openedAt: number;
  heardAt: number;
  /** Its client (clientKey), for the limits on unjoined sockets and spectators' renames. */
  client: string;
  joined: boolean;
  /**
   * SHA-256 of the token this socket holds a seat by. Its seat is wherever that hash sits in the
   * table's seats now (`table.seatOf`), never a number remembered from earlier.
   */
  tokenHash: string | null;
  /** The seat this socket was last told it has, so it can be told when that changes. */
  seat: Seat | null;
  host: boolean;
  name: string | null;
  /** The server closed this socket: whatever it still sends is dropped unread. */
  closed?: boolean;
  /** The client takes `patch` messages (it said so when joining). */
  patches?: boolean;
  /** Last told everyone this socket had fallen silent (SILENCE_MS). */
  silent?: boolean;
}

type Socket = WebSocket;

/**
 * One move of the log: who made it, what it was (the record replays these) and the public events
 * it caused, as broadcast (the history: CONTRACT §2). Older entries have no `events`.
 */
interface LogEntry {
  seat: Seat;
  move: unknown;
  events?: GameEvent[];
}

const logKey = (gameNo: number, n: number) => `log:${gameNo}:${String(n).padStart(6, '0')}`;
const logPrefix = (gameNo: number) => `log:${gameNo}:`;

/** The current game's events in memory: `moves` log entries' worth, for game `gameNo`. */
interface History {
  gameNo: number;
  moves: number;
  events: GameEvent[];
}

export class TableObject extends DurableObject<Env> {
  private meta: TableMeta | null = null;
  private state: unknown = null;
  /** Flood control per connection; in memory only, as hibernation happens only when all is quiet. */
  private buckets = new Map<string, Bucket>();
  /** When each seat last reacted (flood control for reactions; in memory, like the buckets). */
  private reacted = new Map<Seat, number[]>();
  /** When each seat, or each spectator's client, last renamed (flood control, in memory). */
  private renamed = new Map<Seat | string, number[]>();
  /** Seats' new names, by seat with its holder's token, written together (RENAME_FLUSH_MS). */
  private names = new Map<Seat, { tokenHash: string | null; name: string }>();
  private namesTimer: ReturnType<typeof setTimeout> | null = null;
  /** The summary last sent, to tell whether a seat falling silent changed it. */
  private lastSummary = '';
  /** Attachments read back once per socket per wake-up, not once per message sent. */
  private attachments = new WeakMap<Socket, Attachment>();
  /** The alarm as set, so a move that needs no earlier wake-up writes no alarm. */
  private alarmAt: number | null = null;
  /** Table summaries are coalesced: when the last went out, and the timer for the next. */
  private tableSentAt = 0;
  private tableTimer: ReturnType<typeof setTimeout> | null = null;
  /** Read from the log on the first join after a wake-up, then kept up to date by each commit. */
  private history: History | null = null;
  /** Each seat's view at the version it was last built for: the base of the next patch. */
  private views = new Map<Seat | null, { version: number; view: AnyView }>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Keep-alive pings are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
    void ctx.blockConcurrencyWhile(async () => {
      this.meta = (await ctx.storage.get<TableMeta>('meta')) ?? null;
      const stored = (await ctx.storage.get('state')) ?? null;
      this.state = this.meta ? upgradeState(this.meta, stored) : stored;
      this.alarmAt = await ctx.storage.getAlarm();
    });
  }

  // ---- RPC from the Worker ----

  async create(meta: TableMeta): Promise<boolean> {
    if (this.meta) return false;
    await this.save(meta);
    return true;
  }

  summary(): TableSummary | null {
    return this.meta ? this.summarize() : null;
  }

  /** The WebSocket upgrade for `GET /api/tables/<id>/ws`. */
  override async fetch(request: Request): Promise<Response> {
    if (!this.meta)
      return Response.json(
        { error: { code: 'not-found', message: 'No such table.' } },
        { status: 404 },
      );
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') {
      return Response.json(
        { error: { code: 'upgrade-required', message: 'Open this as a WebSocket.' } },
        { status: 426 },
      );
    }
    // Admission: only sockets still to join are limited here; `join` applies the table's caps.
    const now = Date.now();
    const client = clientKey(request.headers.get('cf-connecting-ip'));
    const waiting = this.closeLateJoiners(now);
    const theirs = waiting.filter((ws) => this.attachment(ws).client === client);
    if (theirs.length >= MAX_UNJOINED_PER_CLIENT) {
      return Response.json(
        { error: { code: 'rate-limited', message: 'Too many connections opening at once.' } },
        { status: 429 },
      );
    }
    // Past the table's few, the oldest waiting socket gives way: a flood from many addresses
    // delays nobody's join, as a real page joins at once.
    for (const ws of waiting.slice(0, Math.max(0, waiting.length - MAX_UNJOINED + 1))) {
      this.shut(ws, this.attachment(ws), CLOSE_NO_JOIN, 'Join first');
    }
    const [socket, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server);
    const attachment: Attachment = {
      conn: newSecret(),
      openedAt: now,
      heardAt: now,
      client,
      joined: false,
      tokenHash: null,
      seat: null,
      host: false,
      name: null,
    };
    this.attach(server, attachment);
    // The alarm closes it should it not join in time.
    await this.schedule();
    const agreement = deflateAgreement(request.headers.get('Sec-WebSocket-Extensions'));
    const headers: HeadersInit = agreement ? { 'Sec-WebSocket-Extensions': agreement } : {};
    return new Response(null, { status: 101, webSocket: socket, headers });
  }

  /** Closes the sockets that did not join in time; gives those still waiting, oldest first. */
  private closeLateJoiners(now: number): Socket[] {
    const waiting: Socket[] = [];
    for (const ws of this.sockets()) {
      const att = this.attachment(ws);
      if (att.joined) continue;
      if (now - att.openedAt >= JOIN_WINDOW_MS) this.shut(ws, att, CLOSE_NO_JOIN, 'Join first');
      else waiting.push(ws);
    }
    return waiting.sort((a, b) => this.attachment(a).openedAt - this.attachment(b).openedAt);
  }

  // ---- Sockets ----

  override async webSocketMessage(ws: Socket, raw: string | ArrayBuffer): Promise<void> {
    let att = this.attachment(ws);
    // Closed means closed: a client that ignores our Close frame is not heard, at no cost.
    if (att.closed) return;
    const now = Date.now();
    if (now - att.heardAt >= HEARD_GRAIN_MS || att.silent) {
      // Back from silence: everyone sees the seat is here again.
      if (att.silent && att.joined && this.meta) this.broadcastTable();
      att = { ...att, heardAt: now, silent: false };
      this.attach(ws, att);
    }
    const bucket = this.buckets.get(att.conn) ?? newBucket(now);
    this.buckets.set(att.conn, bucket);
    if (!take(bucket, now)) {
      if (bucket.strikes >= MAX_STRIKES) this.shut(ws, att, 1008, 'Too many messages');
      else if (bucket.strikes === 1)
        this.error(ws, 'rate-limited', 'Slow down: too many messages.');
      return;
    }
    const parsed = parseClientMessage(raw);
    if (!parsed.ok) {
      this.error(ws, parsed.error.code, parsed.error.message);
      // No client of ours sends these: a socket that keeps at it is closed.
      if (parsed.error.code === 'too-large') this.shut(ws, att, 1009, 'Message too large');
      else if (++bucket.bad >= MAX_BAD_MESSAGES) this.shut(ws, att, 1008, 'Malformed messages');
      return;
    }
    if (!this.meta) return this.error(ws, 'not-found', 'This table no longer exists.');
    try {
      await this.handle(ws, att, parsed.message);
    } catch (err) {
      console.error(`table ${this.meta?.id}: ${parsed.message.type} failed`, err);
      this.error(ws, 'internal', 'Something went wrong at the table. Please try again.');
      // Whatever the handler left half done, the table's timers are set again from what is stored.
      await this.schedule().catch(() => undefined);
    }
  }

  override async webSocketClose(ws: Socket, code: number, reason: string): Promise<void> {
    this.guard('close', () => {
      const att = this.attachment(ws);
      this.buckets.delete(att.conn);
      try {
        ws.close(code, reason);
      } catch {
        // Already closed.
      }
      if (att.joined && !att.closed && this.meta) this.broadcastTable();
    });
    // The last person gone: a day from now the bots stop (ALL-3).
    if (this.meta && this.sockets().length === 0) await this.noteLastSeen();
  }

  private async noteLastSeen(): Promise<void> {
    const meta = this.meta!;
    this.meta = { ...meta, lastSeen: Date.now() };
    await this.ctx.storage.put('meta', this.meta);
  }

  override async webSocketError(ws: Socket): Promise<void> {
    this.guard('socket error', () => {
      const att = this.attachment(ws);
      this.buckets.delete(att.conn);
      this.attach(ws, { ...att, closed: true });
    });
  }

  /** Runs a handler that must not throw into the runtime: a failure is logged with the table. */
  private guard(what: string, run: () => void): void {
    try {
      run();
    } catch (err) {
      console.error(`table ${this.meta?.id}: ${what} failed`, err);
    }
  }

  /** Closes a socket for good: marked first, so nothing it sends after this is handled. */
  private shut(ws: Socket, att: Attachment, code: number, reason: string): void {
    this.attach(ws, { ...att, closed: true });
    this.buckets.delete(att.conn);
    try {
      ws.close(code, reason);
    } catch {
      // Already closing.
    }
    if (att.joined && this.meta) this.broadcastTable();
  }

  /**
   * One client message. Every await may let another message in, so after one nothing read before
   * it is trusted: the table is read again from `this.meta`, and seats are derived anew.
   */
  private async handle(ws: Socket, att: Attachment, msg: ClientMessage): Promise<void> {
    if (msg.type === 'join') return this.join(ws, att, msg);
    if (!att.joined) return this.error(ws, 'not-joined', 'Say "join" first.');
    const seat = this.seatOf(att);
    switch (msg.type) {
      case 'name': {
        const named = seat === null ? null : table.rename(this.meta!, seat, msg.name);
        if (named && !named.ok) return this.error(ws, named.error.code, named.error.message);
        // A seat's renames are counted across its tabs; a spectator's across its client's.
        if (!takePace(RENAMES, this.paceOf(this.renamed, seat ?? att.client), Date.now()))
          return this.error(ws, 'rate-limited', 'Names change a few times a minute at most.');
        this.attach(ws, { ...att, name: msg.name });
        if (seat !== null) this.renameLater(seat, msg.name);
        return;
      }
      case 'sit': {
        if (seat !== null) return this.error(ws, 'not-now', 'You already have a seat.');
        const token = newSecret();
        const tokenHash = await sha256(token);
        const now = this.attachment(ws);
        if (this.seatOf(now) !== null) return this.error(ws, 'not-now', 'You already have a seat.');
        const name = now.name ?? table.defaultName(msg.seat);
        const out = table.sit(this.meta!, this.state, msg.seat, name, tokenHash);
        if (!out.ok) return this.error(ws, out.error.code, out.error.message);
        this.attach(ws, { ...now, tokenHash, seat: msg.seat });
        this.send(ws, { type: 'seated', seat: msg.seat, token });
        await this.save(out.meta);
        this.broadcastTable();
        if (this.state !== null) this.sendState(ws, msg.seat, []);
        return;
      }
      case 'leave': {
        if (seat === null) return this.error(ws, 'not-seated', 'You have no seat.');
        const out = table.leave(this.meta!, seat);
        if (!out.ok) return this.error(ws, out.error.code, out.error.message);
        // Every socket holding that seat, this one and the player's other tabs, loses it.
        await this.save(out.meta);
        return this.broadcastTable();
      }
      case 'start':
        if (!att.host) return this.error(ws, 'not-host', 'Only the host can start the game.');
        return this.startGame(ws);
      case 'rematch':
        if (!att.host && seat === null)
          return this.error(ws, 'not-seated', 'Only players can ask for a rematch.');
        // Someone else asked first: the rematch this one asks for has started.
        if (msg.gameNo !== undefined && msg.gameNo < this.meta!.gameNo && this.state !== null)
          return this.sendState(ws, seat, []);
        if (this.meta!.status !== 'over') return this.error(ws, 'not-now', 'The game is not over.');
        return this.startGame(ws);
      case 'move': {
        if (seat === null) return this.error(ws, 'not-seated', 'Spectators cannot move.');
        const out = table.play(this.meta!, this.state, seat, msg.move, msg.version, Date.now());
        if (!out.ok) {
          this.error(ws, out.error.code, out.error.message);
          if (out.error.code === 'stale' && this.state !== null) this.sendState(ws, seat, []);
          return;
        }
        // Already done (a next round someone else started): the latest state says so.
        if (out.kind === 'done') return this.sendState(ws, seat, []);
        // Ready for the next round while others are awaited: everyone sees who is ready.
        if (out.kind === 'ready') {
          await this.save(out.meta);
          return this.broadcastTable();
        }
        return this.commit(out, seat, msg.move);
      }
      case 'bot':
      case 'kick': {
        if (!att.host) return this.error(ws, 'not-host', 'Only the host can change seats.');
        const connected = this.connectedSeats();
        const out =
          msg.type === 'bot'
            ? table.setBot(this.meta!, this.state, msg.seat, msg.on, connected)
            : table.kick(this.meta!, msg.seat, connected);
        if (!out.ok) return this.error(ws, out.error.code, out.error.message);
        if (out.meta === this.meta) return;
        await this.save(out.meta);
        return this.broadcastTable();
      }
      case 'record':
        return this.sendRecord(ws, att);
      case 'react': {
        if (seat === null) return this.error(ws, 'not-seated', 'Only players can react.');
        if (this.meta!.status === 'lobby')
          return this.error(ws, 'not-now', 'The game has not started.');
        if (!takePace(REACTIONS, this.paceOf(this.reacted, seat), Date.now()))
          return this.error(ws, 'rate-limited', 'One reaction at a time, please.');
        return this.deliverToJoined(
          JSON.stringify({
            type: 'reaction',
            seat,
            reaction: msg.reaction,
          } satisfies ServerMessage),
        );
      }
    }
  }

  private async join(
    ws: Socket,
    att: Attachment,
    msg: Extract<ClientMessage, { type: 'join' }>,
  ): Promise<void> {
    if (att.joined) return this.error(ws, 'already-joined', 'You have already joined.');
    const tokenHash = msg.token ? await sha256(msg.token) : null;
    const hostKeyHash = msg.hostKey ? await sha256(msg.hostKey) : null;
    // Back to a seat a bot kept for them while they were away: theirs again at once (ALL-4).
    const back = this.meta ? table.comeBack(this.meta, tokenHash) : null;
    if (back) await this.save(back);
    const history = await this.currentHistory();
    // No await from here until the attachment is written: a seat given up meanwhile (a `leave`
    // from another tab) is seen, and a seat given up later finds this socket in the sweep.
    const now = this.attachment(ws);
    if (now.joined || now.closed) return;
    const meta = this.meta;
    if (!meta) return this.error(ws, 'not-found', 'This table no longer exists.');
    const seat = table.seatOf(meta, tokenHash);
    // A seat's token always gets in; its oldest tab gives way past the tabs a seat may have.
    if (seat !== null) this.makeRoomForTab(seat);
    if (tokenHash !== null && seat === null) {
      // Back after losing the seat while away: told why, as the tabs that were open were.
      const gone = table.goneFor(meta, tokenHash);
      if (gone) this.tellUnseated(ws, gone.seat, tokenHash);
      else this.error(ws, 'bad-token', 'That seat is no longer yours; you are watching.');
    }
    if (seat === null && this.spectators() >= MAX_SPECTATORS) {
      this.error(ws, 'table-full', 'This table has as many spectators as it can take.');
      return this.shut(ws, now, 1013, 'Too many spectators');
    }
    const host = hostKeyHash !== null && hostKeyHash === meta.hostKeyHash;
    this.attach(ws, {
      ...now,
      joined: true,
      tokenHash: seat === null ? null : tokenHash,
      seat,
      host,
      name: msg.name ?? null,
      patches: msg.patches === true,
    });
    this.send(ws, { type: 'welcome', table: this.summarize(), seat, host });
    if (seat !== null && msg.token) this.send(ws, { type: 'seated', seat, token: msg.token });
    if (this.state !== null) {
      this.sendState(ws, seat, []);
      // The history read above is the current game's up to this state: nothing came in between.
      if (history !== null) {
        const events = history.events.slice(-MAX_HISTORY_EVENTS);
        this.send(ws, { type: 'history', gameNo: history.gameNo, events });
      }
    }
    // The name the page remembers, if it fits the table and the seat's pace of renames.
    if (seat !== null && msg.name !== undefined && msg.name !== meta.seats[seat]?.name) {
      const named = table.rename(meta, seat, msg.name);
      if (named.ok && takePace(RENAMES, this.paceOf(this.renamed, seat), Date.now())) {
        await this.save(named.meta);
      }
    }
    this.broadcastTable();
    // Someone is here: a table whose bots had stopped (ALL-3) plays on.
    await this.schedule();
  }

  /** Closes the oldest tabs of `seat` until one more fits (MAX_TABS_PER_SEAT). */
  private makeRoomForTab(seat: Seat): void {
    const tabs = this.sockets()
      .filter((ws) => {
        const att = this.attachment(ws);
        return att.joined && this.seatOf(att) === seat;
      })
      .sort((a, b) => this.attachment(a).openedAt - this.attachment(b).openedAt);
    for (const ws of tabs.slice(0, Math.max(0, tabs.length - MAX_TABS_PER_SEAT + 1))) {
      this.shut(ws, this.attachment(ws), CLOSE_OTHER_TAB, 'Opened in another tab');
    }
  }

  /** The times kept for one key of a pace's map, made on first use. */
  private paceOf<K>(map: Map<K, number[]>, key: K): number[] {
    let times = map.get(key);
    if (!times) map.set(key, (times = []));
    return times;
  }

  /**
   * A seat's new name goes into the table with the others' within RENAME_FLUSH_MS: one write and
   * one summary for a burst of renames. A seat that changed hands meanwhile keeps its name.
   */
  private renameLater(seat: Seat, name: string): void {
    this.names.set(seat, { tokenHash: this.meta!.seats[seat]?.tokenHash ?? null, name });
    this.namesTimer ??= setTimeout(() => {
      this.namesTimer = null;
      void this.writeNames().catch((err) =>
        console.error(`table ${this.meta?.id}: renaming failed`, err),
      );
    }, RENAME_FLUSH_MS);
  }

  private async writeNames(): Promise<void> {
    let meta = this.meta;
    if (!meta) return;
    for (const [seat, { tokenHash, name }] of this.names) {
      if (meta.seats[seat]?.tokenHash !== tokenHash) continue;
      const named = table.rename(meta, seat, name);
      if (named.ok) meta = named.meta;
    }
    this.names.clear();
    if (meta === this.meta) return; // nothing changed: nothing to tell anyone
    await this.save(meta);
    this.broadcastTable();
  }

  private async startGame(ws: Socket): Promise<void> {
    const seed = newSecret();
    const out = table.start(this.meta!, seed, Date.now());
    if (!out.ok) return this.error(ws, out.error.code, out.error.message);
    const meta = this.withTimers(out, null);
    const started: GameEvent[] = [
      { type: 'gameStarted', gameNo: meta.gameNo } satisfies TableEvent,
    ];
    await this.ctx.storage.put({ meta, state: out.state });
    this.meta = meta;
    this.state = out.state;
    this.history = { gameNo: meta.gameNo, moves: 0, events: started.slice() };
    this.broadcastState(started);
    this.broadcastTable();
    await this.schedule();
  }

  /**
   * Persists an applied move (snapshot + one log entry with its events: O(1) writes), then tells
   * everyone.
   */
  private async commit(played: table.Played, seat: Seat, move: unknown): Promise<void> {
    const meta = this.withTimers(played, seat);
    // The summary shows the status and, between rounds, who is ready: it changes with either.
    const summaryChanged =
      meta.status !== this.meta!.status ||
      table.betweenRounds(meta, played.state) !== table.betweenRounds(this.meta!, this.state);
    const entry: LogEntry = { seat, move, events: played.events };
    await this.ctx.storage.put({
      meta,
      state: played.state,
      [logKey(meta.gameNo, meta.moveCount)]: entry,
    });
    this.meta = meta;
    this.state = played.state;
    this.remember(meta, played.events);
    this.broadcastState(played.events);
    if (summaryChanged) this.broadcastTable();
    await this.schedule();
  }

  /** Adds a committed move's events to the history in memory, if it is loaded and up to date. */
  private remember(meta: TableMeta, events: GameEvent[]): void {
    const h = this.history;
    if (h === null) return;
    if (h.gameNo === meta.gameNo && h.moves === meta.moveCount - 1) {
      h.moves++;
      h.events.push(...events);
      if (h.events.length > 2 * MAX_HISTORY_EVENTS) h.events.splice(0, MAX_HISTORY_EVENTS);
    } else {
      this.history = null; // out of step: read again from storage when next needed
    }
  }

  /** The current game's public events, oldest first, from the log (null before any game). */
  private async currentHistory(): Promise<History | null> {
    for (;;) {
      const meta = this.meta;
      if (!meta || meta.gameNo === 0) return null;
      const h = this.history;
      if (h !== null && h.gameNo === meta.gameNo && h.moves === meta.moveCount) return h;
      const log = await this.ctx.storage.list<LogEntry>({ prefix: logPrefix(meta.gameNo) });
      // A move committed while the log was read makes it out of date: read it again.
      if (this.meta !== meta) continue;
      const events: GameEvent[] = [
        { type: 'gameStarted', gameNo: meta.gameNo } satisfies TableEvent,
      ];
      for (const entry of log.values()) events.push(...(entry.events ?? []));
      this.history = { gameNo: meta.gameNo, moves: log.size, events };
      if (log.size === meta.moveCount) return this.history;
      return { gameNo: meta.gameNo, moves: meta.moveCount, events };
    }
  }

  // ---- Bots, clocks and clean-up: one alarm ----

  /**
   * The clock's deadline and the bots' due time for a new table state (timers.ts), reached from
   * the current one by `mover`'s move, or by a change of seats (mover null).
   */
  private withTimers(next: Moment, mover: Seat | null): TableMeta {
    const prev = this.meta ? { meta: this.meta, state: this.state } : null;
    const timers = timersAfter(prev, next, mover, Date.now(), this.botDelay());
    return { ...next.meta, ...timers };
  }

  private botDelay(): number {
    const mean = Number(this.env.BOT_DELAY_MS ?? '900');
    return mean <= 0 ? 0 : Math.round(mean * (0.6 + Math.random() * 0.8));
  }

  /**
   * Keeps the one alarm at the earliest of: the bots' turn, the clock, the idle clean-up. An alarm
   * already set early enough stays (the clean-up check moves itself on when it fires too soon), so
   * most moves write no alarm at all.
   */
  private async schedule(): Promise<void> {
    const meta = this.meta;
    if (!meta) return;
    const now = Date.now();
    const wake = [meta.lastActive + IDLE_MS, ...this.socketChecks()];
    const at = alarmTime(this.botsStopped(now) ? null : meta, wake, now);
    if (this.alarmAt !== null && this.alarmAt <= at && this.alarmAt > now) return;
    this.alarmAt = at;
    await this.ctx.storage.setAlarm(at);
  }

  /**
   * ALL-3: a table nobody has been connected to for NOBODY_MS makes no more moves by itself, so
   * its bots stop and its idle clean-up comes; whoever comes back starts them again.
   */
  private botsStopped(now: number): boolean {
    const meta = this.meta!;
    if (this.sockets().length > 0) return false;
    return now - (meta.lastSeen ?? meta.createdAt) >= NOBODY_MS;
  }

  /** When the sockets need a look: one that must have joined by then, a seat's that may fall silent. */
  private socketChecks(): number[] {
    const times: number[] = [];
    for (const ws of this.sockets()) {
      const att = this.attachment(ws);
      if (!att.joined) times.push(att.openedAt + JOIN_WINDOW_MS);
      else if (this.seatOf(att) !== null) {
        // A silent one is looked at again as often, to see it back.
        times.push(Math.max(this.heardAt(ws, att), att.silent ? Date.now() : 0) + SILENCE_MS);
      }
    }
    return times;
  }

  /** When the table last heard from a socket: a message, or the runtime's answer to its ping. */
  private heardAt(ws: Socket, att: Attachment): number {
    const pinged = this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? 0;
    return Math.max(att.heardAt, pinged);
  }

  /** Whether a socket has been heard from lately (SILENCE_MS): a silent one's seat is away. */
  private live(ws: Socket, att: Attachment, now = Date.now()): boolean {
    return now - this.heardAt(ws, att) < SILENCE_MS;
  }

  /** Tells everyone when a seat's sockets fall silent or speak again. */
  private notePresence(now: number): void {
    let changed = false;
    for (const ws of this.sockets()) {
      const att = this.attachment(ws);
      if (!att.joined) continue;
      const silent = !this.live(ws, att, now);
      if (silent === (att.silent ?? false)) continue;
      this.attach(ws, { ...att, silent });
      changed = true;
    }
    if (changed) this.broadcastTable();
  }

  /**
   * The one alarm: makes the first move due (timers.ts), or deletes an idle table, then sets
   * itself for what comes next. One move per alarm, so every move is derived from the state the
   * previous one left. A failure is logged, and the alarm tries again shortly.
   */
  override async alarm(): Promise<void> {
    this.alarmAt = null;
    try {
      const now = Date.now();
      if (!this.meta) return;
      if (now >= this.meta.lastActive + IDLE_MS && this.sockets().length === 0) {
        // An idle table leaves nothing behind.
        await this.ctx.storage.deleteAll();
        this.meta = null;
        this.state = null;
        this.history = null;
        return;
      }
      this.closeLateJoiners(now);
      this.notePresence(now);
      const due = this.botsStopped(now) ? undefined : dueMoves(this.meta, this.state, now)[0];
      if (due) await this.moveFor(due);
      await this.schedule();
    } catch (err) {
      console.error(`table ${this.meta?.id}: alarm failed`, err);
      this.alarmAt = Date.now() + ALARM_RETRY_MS;
      await this.ctx.storage.setAlarm(this.alarmAt);
    }
  }

  /**
   * A move the table makes by itself: the next round's start, a bot's move, or the bot's move for
   * a player out of time. Should the bot's choice be refused, the first legal move the engine
   * accepts is made instead, so the table never waits on a bot.
   */
  private async moveFor(due: Due): Promise<void> {
    const tries: unknown[] = [];
    if (due.roundStart) tries.push({ t: 'nextRound' });
    else {
      const chosen = await this.botChoice(due);
      if (chosen === null) return; // the table moved meanwhile: the alarm looks again
      tries.push(chosen.move, ...table.gameOf(this.meta!).legalMoves(this.state, due.seat));
    }
    const meta = this.meta!;
    const now = Date.now();
    for (const move of tries) {
      const out = table.applyMove(meta, this.state, due.seat, move, now);
      if (!out.ok) {
        console.error(`table ${meta.id}: move for seat ${due.seat} refused`, out.error);
        continue;
      }
      if (due.timedOut)
        out.events.unshift({ type: 'timedOut', seat: due.seat } satisfies TableEvent);
      return this.commit(out, due.seat, move);
    }
  }

  /**
   * The table's bot's move for `due`: at the table's level for a bot's seat, the normal bot's
   * time-out move for a person out of time. Null when the state or the seat changed while the bot
   * thought. A bot that fails gives way to the engine's first legal move (`move` undefined).
   */
  private async botChoice(due: Due): Promise<{ move: unknown } | null> {
    const meta = this.meta!;
    const before = this.state;
    const view = table.gameOf(meta).view(before, due.seat);
    try {
      if (due.timedOut) {
        const bot = botFor(meta.game, 'normal');
        return { move: (bot.onTimeout ?? bot.choose)(view, Math.random) };
      }
      const bot = botFor(meta.game, meta.botLevel ?? 'normal');
      const moved = () => this.state !== before || this.meta?.seats[due.seat]?.bot !== true;
      const move = await thinkAbout(bot, view, Math.random, moved);
      return move === null ? null : { move };
    } catch (err) {
      console.error(`table ${meta.id}: the bot for seat ${due.seat} failed`, err);
      return { move: undefined };
    }
  }

  // ---- Helpers ----

  /**
   * Saves a change of seats; who is a bot may change who the clock and the alarm wait for. Every
   * socket is checked against the new seats before anything else can run.
   */
  private async save(meta: TableMeta): Promise<void> {
    this.meta = this.withTimers(
      { meta: { ...meta, lastActive: Date.now() }, state: this.state },
      null,
    );
    this.sweepSeats();
    await this.ctx.storage.put('meta', this.meta);
    await this.schedule();
  }

  /** The seat a socket acts for: the one its token holds now, whatever it was told before. */
  private seatOf(att: Attachment): Seat | null {
    return this.meta ? table.seatOf(this.meta, att.tokenHash) : null;
  }

  /**
   * Seat ownership's one sweep, after any change of seats (sit, leave, kick, bot, rejoin): a
   * socket whose token no longer holds its seat is told so and sees the table as a spectator.
   */
  private sweepSeats(): void {
    for (const ws of this.sockets()) {
      const att = this.attachment(ws);
      if (!att.joined) continue;
      const seat = this.seatOf(att);
      if (seat === att.seat) continue;
      this.attach(ws, { ...att, seat, tokenHash: seat === null ? null : att.tokenHash });
      if (att.seat !== null && seat === null) this.tellUnseated(ws, att.seat, att.tokenHash);
      if (this.state !== null) this.sendState(ws, seat, []);
    }
  }

  /** Tells a socket its token lost its seat, and why (left, given to a bot, freed by the host). */
  private tellUnseated(ws: Socket, seat: Seat, tokenHash: string | null): void {
    const reason = table.goneFor(this.meta!, tokenHash)?.reason ?? 'freed';
    this.send(ws, { type: 'unseated', seat, reason });
  }

  private attach(ws: Socket, att: Attachment): void {
    ws.serializeAttachment(att);
    this.attachments.set(ws, att);
  }

  private attachment(ws: Socket): Attachment {
    let att = this.attachments.get(ws);
    if (!att) {
      att = ws.deserializeAttachment() as Attachment;
      this.attachments.set(ws, att);
    }
    return att;
  }

  /** Open sockets only: one being closed (by us or its client) is still listed until it is gone. */
  private sockets(): Socket[] {
    return this.ctx
      .getWebSockets()
      .filter((ws) => ws.readyState === WebSocket.OPEN && !this.attachment(ws).closed);
  }

  /** Seats with a socket heard from lately: the others are away (SILENCE_MS). */
  private connectedSeats(): Set<Seat> {
    const seats = new Set<Seat>();
    const now = Date.now();
    for (const ws of this.sockets()) {
      const att = this.attachment(ws);
      const seat = this.seatOf(att);
      if (seat !== null && this.live(ws, att, now)) seats.add(seat);
    }
    return seats;
  }

  private spectators(): number {
    let count = 0;
    for (const ws of this.sockets()) {
      const att = this.attachment(ws);
      if (att.joined && this.seatOf(att) === null) count++;
    }
    return count;
  }

  private summarize(): TableSummary {
    return table.summarize(this.meta!, this.state, this.connectedSeats(), this.spectators());
  }

  private send(ws: Socket, message: ServerMessage): void {
    this.deliver(ws, JSON.stringify(message));
  }

  /** The one way anything reaches a socket. */
  private deliver(ws: Socket, text: string): void {
    try {
      ws.send(text);
    } catch {
      // The socket is closing; its close handler tidies up.
    }
  }

  private error(ws: Socket, code: ErrorCode, message: string): void {
    this.send(ws, { type: 'error', code, message });
  }

  /**
   * Whose view a seat's sockets get: their own, or a spectator's for someone who sat down since
   * the round was dealt, until the next deal (ALL-4).
   */
  private viewer(seat: Seat | null): Seat | null {
    return seat !== null && table.newcomer(this.meta!, seat) ? null : seat;
  }

  /** A seat's view of the current version, built once per version and seat. */
  private viewFor(holder: Seat | null): AnyView {
    const meta = this.meta!;
    const seat = this.viewer(holder);
    const known = this.views.get(seat);
    if (known?.version === meta.version) return known.view;
    const view = table.gameOf(meta).view(this.state, seat);
    this.views.set(seat, { version: meta.version, view });
    return view;
  }

  private stateMessage(seat: Seat | null, events: GameEvent[]): string {
    const meta = this.meta!;
    return JSON.stringify({
      type: 'state',
      version: meta.version,
      view: this.viewFor(seat),
      events,
      deadline: meta.deadline,
    } satisfies ServerMessage);
  }

  private sendState(ws: Socket, seat: Seat | null, events: GameEvent[]): void {
    this.deliver(ws, this.stateMessage(seat, events));
  }

  /**
   * After a change, each connection gets its own seat's view: whole, or as a patch of the view it
   * was sent at the version before (every joined socket got that one: each change reaches every
   * socket, and a socket that joins or changes seat gets the whole view). Each seat's messages are
   * built once.
   */
  private broadcastState(events: GameEvent[]): void {
    const meta = this.meta!;
    type Built = { base: unknown; view: unknown; whole?: string; patch?: string };
    const built = new Map<Seat | null, Built>();
    for (const ws of this.sockets()) {
      const att = this.attachment(ws);
      if (!att.joined) continue;
      const seat = this.viewer(this.seatOf(att));
      let b = built.get(seat);
      if (!b) {
        const before = this.views.get(seat);
        const base = before?.version === meta.version - 1 ? before.view : undefined;
        b = { base, view: this.viewFor(seat) };
        built.set(seat, b);
      }
      if (att.patches && b.base !== undefined) {
        b.patch ??= JSON.stringify({
          type: 'patch',
          version: meta.version,
          base: meta.version - 1,
          ops: diff(b.base, b.view),
          events,
          deadline: meta.deadline,
        } satisfies ServerMessage);
        this.deliver(ws, b.patch);
      } else {
        b.whole ??= this.stateMessage(seat, events);
        this.deliver(ws, b.whole);
      }
    }
  }

  /**
   * Tells everyone the table changed. At most one summary per TABLE_BROADCAST_MS: a change soon
   * after another waits for the window's end and goes out with whatever else changed meanwhile,
   * so a crowd joining costs one summary per socket per window, not one per join.
   */
  private broadcastTable(): void {
    if (this.tableTimer !== null) return;
    const wait = this.tableSentAt + TABLE_BROADCAST_MS - Date.now();
    if (wait <= 0) {
      this.sendTable();
      return;
    }
    this.tableTimer = setTimeout(() => {
      this.tableTimer = null;
      this.guard('table broadcast', () => this.sendTable());
    }, wait);
  }

  private sendTable(): void {
    if (!this.meta) return;
    this.tableSentAt = Date.now();
    this.deliverToJoined(
      JSON.stringify({ type: 'table', table: this.summarize() } satisfies ServerMessage),
    );
  }

  /** The same message to every socket that has joined the table. */
  private deliverToJoined(text: string): void {
    for (const ws of this.sockets()) {
      if (this.attachment(ws).joined) this.deliver(ws, text);
    }
  }

  /** The whole record of a finished game, for its players only (ALL-1). */
  private async sendRecord(ws: Socket, att: Attachment): Promise<void> {
    const meta = this.meta!;
    if (meta.status !== 'over' || meta.seed === null) {
      return this.error(ws, 'not-now', 'The record is shown once the game is over.');
    }
    if (!table.playedIn(meta, att.tokenHash))
      return this.error(ws, 'not-seated', 'Only the players of this game see its record.');
    const log = await this.ctx.storage.list<LogEntry>({ prefix: logPrefix(meta.gameNo) });
    const record: GameRecord = {
      game: meta.game,
      gameNo: meta.gameNo,
      players: meta.players,
      config: meta.config,
      seed: meta.seed,
      moves: [...log.values()].map(({ seat, move }) => ({ seat, move })),
    };
    this.send(ws, { type: 'record', record });
  }
}
