/**
 * One Durable Object per table: it owns the table's sockets (hibernatable), its storage and its one
 * alarm, and leaves the rules to the engine and the bookkeeping to table.ts. Every change is
 * persisted before anyone hears of it.
 */
import { DurableObject } from 'cloudflare:workers';
import type { GameEvent, Seat } from '../shared/engine/types.ts';
import { bots } from '../shared/games/bots.ts';
import {
  type ClientMessage,
  type GameRecord,
  parseClientMessage,
  type ServerMessage,
  type TableSummary,
} from '../shared/protocol.ts';
import type { Env } from './env.ts';
import { type Bucket, MAX_STRIKES, newBucket, take } from './limits.ts';
import { newSecret, sha256 } from './secrets.ts';
import type { TableMeta } from './table.ts';
import * as table from './table.ts';

/** Tables nobody has touched for this long are deleted, storage and all (README: "Tables"). */
export const IDLE_MS = 14 * 24 * 60 * 60 * 1000;
/** Bots wait this long before dealing the next round, so people can read the round's end. */
const ROUND_PAUSE_MS = 6000;

/** Per-socket identity; it survives hibernation (serializeAttachment), the object's memory does not. */
interface Attachment {
  conn: string;
  joined: boolean;
  seat: Seat | null;
  host: boolean;
  name: string | null;
}

type Socket = WebSocket;

const logKey = (gameNo: number, n: number) => `log:${gameNo}:${String(n).padStart(6, '0')}`;

export class TableObject extends DurableObject<Env> {
  private meta: TableMeta | null = null;
  private state: unknown = null;
  /** Flood control per connection; in memory only, as hibernation happens only when all is quiet. */
  private buckets = new Map<string, Bucket>();
  /** Attachments read back once per socket per wake-up, not once per message sent. */
  private attachments = new WeakMap<Socket, Attachment>();
  /** The alarm as set, so a move that needs no earlier wake-up writes no alarm. */
  private alarmAt: number | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Keep-alive pings are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
    void ctx.blockConcurrencyWhile(async () => {
      this.meta = (await ctx.storage.get<TableMeta>('meta')) ?? null;
      this.state = (await ctx.storage.get('state')) ?? null;
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
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server);
    const attachment: Attachment = {
      conn: newSecret(),
      joined: false,
      seat: null,
      host: false,
      name: null,
    };
    this.attach(server, attachment);
    return new Response(null, { status: 101, webSocket: client });
  }

  // ---- Sockets ----

  override async webSocketMessage(ws: Socket, raw: string | ArrayBuffer): Promise<void> {
    const att = this.attachment(ws);
    const now = Date.now();
    const bucket = this.buckets.get(att.conn) ?? newBucket(now);
    this.buckets.set(att.conn, bucket);
    if (!take(bucket, now)) {
      if (bucket.strikes >= MAX_STRIKES) ws.close(1008, 'Too many messages');
      else if (bucket.strikes === 1)
        this.error(ws, 'rate-limited', 'Slow down: too many messages.');
      return;
    }
    const parsed = parseClientMessage(raw);
    if (!parsed.ok) return this.error(ws, parsed.error.code, parsed.error.message);
    if (!this.meta) return this.error(ws, 'not-found', 'This table no longer exists.');
    try {
      await this.handle(ws, att, parsed.message);
    } catch (err) {
      console.error(`table ${this.meta?.id}: ${parsed.message.type} failed`, err);
      this.error(ws, 'internal', 'Something went wrong at the table. Please try again.');
    }
  }

  override async webSocketClose(ws: Socket, code: number, reason: string): Promise<void> {
    const att = this.attachment(ws);
    this.buckets.delete(att.conn);
    try {
      ws.close(code, reason);
    } catch {
      // Already closed.
    }
    if (att.joined && this.meta) this.broadcastTable();
  }

  override async webSocketError(ws: Socket): Promise<void> {
    const att = this.attachment(ws);
    this.buckets.delete(att.conn);
  }

  private async handle(ws: Socket, att: Attachment, msg: ClientMessage): Promise<void> {
    if (msg.type === 'join') return this.join(ws, att, msg);
    if (!att.joined) return this.error(ws, 'not-joined', 'Say "join" first.');
    const meta = this.meta!;
    switch (msg.type) {
      case 'name': {
        this.attach(ws, { ...att, name: msg.name });
        if (att.seat === null) return;
        const renamed = table.rename(meta, att.seat, msg.name);
        if (renamed !== meta) await this.save(renamed);
        return this.broadcastTable();
      }
      case 'sit': {
        if (att.seat !== null) return this.error(ws, 'not-now', 'You already have a seat.');
        const token = newSecret();
        const name = att.name ?? `Player ${msg.seat + 1}`;
        const out = table.sit(meta, msg.seat, name, await sha256(token));
        if (!out.ok) return this.error(ws, out.error.code, out.error.message);
        await this.save(out.value);
        this.attach(ws, { ...att, seat: msg.seat });
        this.send(ws, { type: 'seated', seat: msg.seat, token });
        this.broadcastTable();
        if (this.state !== null) this.sendState(ws, msg.seat, []);
        return;
      }
      case 'leave': {
        if (att.seat === null) return this.error(ws, 'not-seated', 'You have no seat.');
        const out = table.leave(meta, att.seat);
        if (!out.ok) return this.error(ws, out.error.code, out.error.message);
        await this.save(out.value);
        this.attach(ws, { ...att, seat: null });
        return this.broadcastTable();
      }
      case 'start':
        if (!att.host) return this.error(ws, 'not-host', 'Only the host can start the game.');
        return this.startGame(ws);
      case 'rematch':
        if (meta.status !== 'over') return this.error(ws, 'not-now', 'The game is not over.');
        if (!att.host && att.seat === null)
          return this.error(ws, 'not-seated', 'Only players can ask for a rematch.');
        return this.startGame(ws);
      case 'move': {
        if (att.seat === null) return this.error(ws, 'not-seated', 'Spectators cannot move.');
        const out = table.play(meta, this.state, att.seat, msg.move, msg.version, Date.now());
        if (!out.ok) {
          this.error(ws, out.error.code, out.error.message);
          if (out.error.code === 'stale' && this.state !== null) this.sendState(ws, att.seat, []);
          return;
        }
        return this.commit(out.value, att.seat, msg.move);
      }
      case 'bot':
      case 'kick': {
        if (!att.host) return this.error(ws, 'not-host', 'Only the host can change seats.');
        const connected = this.connectedSeats();
        const out =
          msg.type === 'bot'
            ? table.setBot(meta, msg.seat, msg.on, connected)
            : table.kick(meta, msg.seat, connected);
        if (!out.ok) return this.error(ws, out.error.code, out.error.message);
        await this.save(out.value);
        // Whoever held that seat on another socket holds it no more.
        for (const other of this.ctx.getWebSockets()) {
          const a = this.attachment(other);
          if (a.seat === msg.seat && out.value.seats[msg.seat]!.tokenHash === null) {
            this.attach(other, { ...a, seat: null });
            if (this.state !== null) this.sendState(other, null, []);
          }
        }
        return this.broadcastTable();
      }
      case 'record':
        return this.sendRecord(ws, att);
    }
  }

  private async join(
    ws: Socket,
    att: Attachment,
    msg: Extract<ClientMessage, { type: 'join' }>,
  ): Promise<void> {
    if (att.joined) return this.error(ws, 'already-joined', 'You have already joined.');
    let meta = this.meta!;
    let seat: Seat | null = null;
    if (msg.token) {
      const hash = await sha256(msg.token);
      const found = meta.seats.findIndex((s) => s.tokenHash === hash);
      if (found >= 0) seat = found;
      else this.error(ws, 'bad-token', 'That seat is no longer yours; you are watching.');
    }
    const host = msg.hostKey !== undefined && (await sha256(msg.hostKey)) === meta.hostKeyHash;
    if (seat !== null) {
      meta = table.rename(meta, seat, msg.name);
      if (meta !== this.meta) await this.save(meta);
    }
    this.attach(ws, { ...att, joined: true, seat, host, name: msg.name });
    this.send(ws, { type: 'welcome', table: this.summarize(), seat, host });
    if (seat !== null && msg.token) this.send(ws, { type: 'seated', seat, token: msg.token });
    if (this.state !== null) this.sendState(ws, seat, []);
    this.broadcastTable();
  }

  private async startGame(ws: Socket): Promise<void> {
    const seed = newSecret();
    const out = table.start(this.meta!, seed, Date.now());
    if (!out.ok) return this.error(ws, out.error.code, out.error.message);
    const meta = this.withTimers(out.value.meta, out.value.state);
    this.meta = meta;
    this.state = out.value.state;
    await this.ctx.storage.put({ meta, state: out.value.state });
    this.broadcastState([{ type: 'gameStarted', gameNo: meta.gameNo }]);
    this.broadcastTable();
    await this.schedule();
  }

  /** Persists an applied move (snapshot + one log entry: O(1) writes), then tells everyone. */
  private async commit(played: table.Played, seat: Seat, move: unknown): Promise<void> {
    const meta = this.withTimers(played.meta, played.state);
    const statusChanged = meta.status !== this.meta!.status;
    await this.ctx.storage.put({
      meta,
      state: played.state,
      [logKey(meta.gameNo, meta.moveCount)]: { seat, move },
    });
    this.meta = meta;
    this.state = played.state;
    this.broadcastState(played.events);
    if (statusChanged) this.broadcastTable();
    await this.schedule();
  }

  // ---- Bots, clocks and clean-up: one alarm ----

  /** Sets the clock deadline and the bots' due time for the decision now awaited. */
  private withTimers(meta: TableMeta, state: unknown): TableMeta {
    const now = Date.now();
    const awaited = table.awaited(meta, state);
    const humans = awaited.filter((s) => !meta.seats[s]!.bot);
    const before = this.meta ? table.awaited(this.meta, this.state) : [];
    let deadline: number | null = null;
    if (meta.clock !== null && humans.length > 0) {
      // Within one simultaneous decision the clock keeps running; a new decision restarts it.
      const same =
        this.meta?.deadline != null &&
        humans.every((s) => before.includes(s)) &&
        this.meta.gameNo === meta.gameNo;
      deadline = same ? this.meta!.deadline : now + meta.clock * 1000;
    }
    const botAwaited = awaited.some((s) => meta.seats[s]!.bot);
    let botDue: number | null = null;
    if (botAwaited) {
      const pause =
        awaited.length === meta.players && meta.players > 1 && humans.length > 0
          ? ROUND_PAUSE_MS
          : 0;
      botDue = now + pause + this.botDelay();
    }
    return { ...meta, deadline, botDue };
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
    const times = [meta.lastActive + IDLE_MS];
    if (meta.deadline !== null) times.push(meta.deadline);
    if (meta.botDue !== null) times.push(meta.botDue);
    const at = Math.min(...times);
    if (this.alarmAt !== null && this.alarmAt <= at && this.alarmAt > Date.now()) return;
    this.alarmAt = at;
    await this.ctx.storage.setAlarm(at);
  }

  override async alarm(): Promise<void> {
    const now = Date.now();
    this.alarmAt = null;
    if (!this.meta) return;
    if (now >= this.meta.lastActive + IDLE_MS && this.sockets().length === 0) {
      // An idle table leaves nothing behind.
      await this.ctx.storage.deleteAll();
      this.meta = null;
      this.state = null;
      return;
    }
    const bot = bots[this.meta.game];
    if (bot && this.meta.status === 'playing') {
      if (this.meta.deadline !== null && now >= this.meta.deadline) {
        // A player out of time: the bot moves for them (a "decline" where that is the default).
        for (const seat of table.awaited(this.meta, this.state)) {
          if (this.meta.seats[seat]!.bot || this.meta.status !== 'playing') continue;
          await this.robotMove(seat, true);
        }
      }
      if (this.meta.botDue !== null && now >= this.meta.botDue) {
        for (const seat of table.awaited(this.meta, this.state)) {
          if (!this.meta.seats[seat]!.bot || this.meta.status !== 'playing') continue;
          if (!table.awaited(this.meta, this.state).includes(seat)) continue;
          await this.robotMove(seat, false);
        }
      }
    }
    await this.schedule();
  }

  private async robotMove(seat: Seat, timedOut: boolean): Promise<void> {
    const meta = this.meta!;
    const bot = bots[meta.game]!;
    const view = table.gameOf(meta).view(this.state, seat);
    const choose = timedOut && bot.onTimeout ? bot.onTimeout : bot.choose;
    const move = choose(view, Math.random);
    const out = table.play(meta, this.state, seat, move, meta.version, Date.now());
    if (!out.ok) {
      console.error(`table ${meta.id}: bot move refused for seat ${seat}`, out.error);
      return;
    }
    if (timedOut) out.value.events.unshift({ type: 'timedOut', seat });
    await this.commit(out.value, seat, move);
  }

  // ---- Helpers ----

  /** Saves a change of seats; who is a bot may change who the clock and the alarm wait for. */
  private async save(meta: TableMeta): Promise<void> {
    this.meta = this.withTimers({ ...meta, lastActive: Date.now() }, this.state);
    await this.ctx.storage.put('meta', this.meta);
    await this.schedule();
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

  /** Open sockets only: a socket being closed is still listed while its close is handled. */
  private sockets(): Socket[] {
    return this.ctx.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN);
  }

  private connectedSeats(): Set<Seat> {
    const seats = new Set<Seat>();
    for (const ws of this.sockets()) {
      const att = this.attachment(ws);
      if (att.seat !== null) seats.add(att.seat);
    }
    return seats;
  }

  private summarize(): TableSummary {
    const sockets = this.sockets().map((ws) => this.attachment(ws));
    const spectators = sockets.filter((a) => a.joined && a.seat === null).length;
    return table.summarize(this.meta!, this.state, this.connectedSeats(), spectators);
  }

  private send(ws: Socket, message: ServerMessage): void {
    try {
      ws.send(JSON.stringify(message));
    } catch {
      // The socket is closing; its close handler tidies up.
    }
  }

  private error(ws: Socket, code: string, message: string): void {
    this.send(ws, { type: 'error', code, message });
  }

  private stateMessage(seat: Seat | null, events: GameEvent[]): string {
    const meta = this.meta!;
    const view = table.gameOf(meta).view(this.state, seat);
    return JSON.stringify({
      type: 'state',
      version: meta.version,
      view,
      events,
      deadline: meta.deadline,
    });
  }

  private sendState(ws: Socket, seat: Seat | null, events: GameEvent[]): void {
    try {
      ws.send(this.stateMessage(seat, events));
    } catch {
      // Closing.
    }
  }

  /** Each connection gets the view for its own seat; each seat's view is built once. */
  private broadcastState(events: GameEvent[]): void {
    const cache = new Map<Seat | null, string>();
    for (const ws of this.sockets()) {
      const att = this.attachment(ws);
      if (!att.joined) continue;
      const text = cache.get(att.seat) ?? this.stateMessage(att.seat, events);
      cache.set(att.seat, text);
      try {
        ws.send(text);
      } catch {
        // Closing.
      }
    }
  }

  private broadcastTable(): void {
    const text = JSON.stringify({ type: 'table', table: this.summarize() } satisfies ServerMessage);
    for (const ws of this.sockets()) {
      if (!this.attachment(ws).joined) continue;
      try {
        ws.send(text);
      } catch {
        // Closing.
      }
    }
  }

  /** The whole record of a finished game, for its players only (ALL-1). */
  private async sendRecord(ws: Socket, att: Attachment): Promise<void> {
    const meta = this.meta!;
    if (meta.status !== 'over' || meta.seed === null) {
      return this.error(ws, 'not-now', 'The record is shown once the game is over.');
    }
    if (att.seat === null) return this.error(ws, 'not-seated', 'Only the players see the record.');
    const log = await this.ctx.storage.list<{ seat: Seat; move: unknown }>({
      prefix: `log:${meta.gameNo}:`,
    });
    const record: GameRecord = {
      game: meta.game,
      gameNo: meta.gameNo,
      players: meta.players,
      config: meta.config,
      seed: meta.seed,
      moves: [...log.values()],
    };
    this.send(ws, { type: 'record', record });
  }
}
