/**
 * One Durable Object per table, as an I/O shell around the table's step (table/step.ts): it loads
 * the table, parses and paces what sockets send, hands each input to the step, then carries out
 * its outbox — one transaction (store.ts), the messages as the step wrote them, the sockets to
 * close, the wake-ups (wakeups.ts) — and runs a bot's search in slices when the step asks for
 * one. No rule of the table is decided here.
 */
import { DurableObject } from 'cloudflare:workers';
import type { ErrorCode } from '../shared/errors.ts';
import { botFor } from '../shared/games/bots.ts';
import { parseClientMessage, type TableSummary } from '../shared/protocol.ts';
import { thinkAbout } from './bot-turn.ts';
import { deflateAgreement } from './compression.ts';
import {
  chosenProtocol,
  credentials,
  offeredProtocols,
  refusal,
  UNAVAILABLE,
  unavailable,
} from './refusals.ts';
import { newSecret, sha256 } from './secrets.ts';
import { Sockets } from './sockets.ts';
import { TableStore } from './store.ts';
import { newConn } from './table/conns.ts';
import {
  type Bucket,
  clientKey,
  MAX_BAD_MESSAGES,
  MAX_STRIKES,
  newBucket,
  RESULT_HOLD_DELAYS,
  take,
} from './table/limits.ts';
import { gameOf, hasGame, type Table, type TableMeta } from './table/meta.ts';
import {
  firstSight,
  type Input,
  type Memory,
  newMemory,
  type Outbox,
  publicSummary,
  step,
  type World,
} from './table/step.ts';
import { Wakeups } from './wakeups.ts';

type Ws = WebSocket;

export class TableObject extends DurableObject<Env> {
  /** The object's id, which is the table's: every log line names it. */
  private readonly id = this.ctx.id.toString();
  private table: Table | null = null;
  /** Why the stored table could not be loaded, if it could not: it then answers 503, and waits. */
  private broken: string | null = null;
  private memory: Memory = newMemory();
  /** Flood control per socket; in memory only, as hibernation happens only when all is quiet. */
  private buckets = new Map<string, Bucket>();
  private sockets = new Sockets(this.ctx);
  private readonly wakeups: Wakeups;
  /** A bot's search under way (think): another waits for it. */
  private thinking = false;
  private readonly store: TableStore;
  /** The step's timers for its `summary` and `names` inputs. */
  private summaryTimer: ReturnType<typeof setTimeout> | null = null;
  private namesTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Keep-alive pings are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
    this.store = new TableStore(ctx.storage);
    this.wakeups = new Wakeups(ctx.storage, () => this.wake());
    // Nothing reaches the object before its table is loaded. Should storage itself fail, the
    // object is reset and the next request loads it again.
    void ctx.blockConcurrencyWhile(async () => {
      const loaded = await this.store.load(this.id);
      if (!loaded.ok) {
        this.broken = loaded.error.message;
        console.error(`table ${this.id}: its stored record cannot be loaded: ${this.broken}`);
      } else if (loaded.loaded) {
        const { table, log } = loaded.loaded;
        this.table = table;
        this.memory = newMemory({ gameNo: table.meta.gameNo, entries: log });
      }
      await this.wakeups.load();
    });
  }

  /**
   * What this object has written since it woke: rows (the runtime's count), alarms set and moves
   * stored. For the load test, which asks every table (tests/bench/load.ts).
   */
  usage(): { rowsWritten: number; alarmsSet: number; moves: number } {
    const { rows, moves } = this.store;
    return { rowsWritten: rows.written, alarmsSet: this.wakeups.alarmsSet, moves };
  }

  /**
   * Every runtime hook goes through here: what fails is logged with the table's id and the
   * input's kind, and answered with `fallback`, never left to the runtime.
   */
  private async guard<T>(kind: string, fallback: () => T, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      console.error(`table ${this.id}: ${kind} failed`, err);
      return fallback();
    }
  }

  // ---- RPC from the Worker ----

  async create(meta: TableMeta): Promise<boolean> {
    return this.guard(
      'create',
      () => false,
      async () => {
        if (this.table || this.broken !== null) return false;
        this.store.create(meta);
        this.table = { meta, state: null };
        return true;
      },
    );
  }

  /**
   * For `GET /api/tables/<id>` and a table link: the summary, and whose turn it is while a round
   * is played; null for no table, UNAVAILABLE for one whose record cannot be loaded.
   */
  summary(): TableSummary | null | typeof UNAVAILABLE {
    if (this.broken !== null) return UNAVAILABLE;
    return this.table && publicSummary(this.table, this.world());
  }

  /** For a table link's page (`/t/<id>`): what a spectator's socket hears on joining. */
  firstSight(): string[] | null {
    return this.table && firstSight(this.table, this.memory, this.world());
  }

  /** The WebSocket upgrade for `GET /api/tables/<id>/ws`. */
  override async fetch(request: Request): Promise<Response> {
    const failed = () => refusal(500, 'internal', 'Internal error');
    return this.guard('open', failed, async () => {
      if (this.broken !== null) return unavailable();
      if (!this.table) return refusal(404, 'not-found', 'No such table.');
      if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') {
        return refusal(426, 'upgrade-required', 'Open this as a WebSocket.');
      }
      const client = clientKey(request.headers.get('cf-connecting-ip'));
      const opened = newConn(newSecret(), client, Date.now());
      const offered = offeredProtocols(request);
      const presented = await Promise.all(credentials(offered).map((p) => sha256(p)));
      const out = await this.run({ kind: 'open', conn: opened, presented });
      const pair = new WebSocketPair();
      this.ctx.acceptWebSocket(pair[1]);
      this.sockets.attach(pair[1], out?.attach.find((c) => c.id === opened.id) ?? opened);
      const headers = new Headers();
      const agreement = deflateAgreement(request.headers.get('Sec-WebSocket-Extensions'));
      if (agreement) headers.set('Sec-WebSocket-Extensions', agreement);
      const chosen = chosenProtocol(offered);
      if (chosen) headers.set('Sec-WebSocket-Protocol', chosen);
      return new Response(null, { status: 101, webSocket: pair[0], headers });
    });
  }

  // ---- Sockets ----

  override async webSocketMessage(ws: Ws, raw: string | ArrayBuffer): Promise<void> {
    await this.guard(
      'message',
      () => this.error(ws, 'internal', 'Internal error'),
      () => this.message(ws, raw),
    );
  }

  private async message(ws: Ws, raw: string | ArrayBuffer): Promise<void> {
    const conn = this.sockets.connOf(ws);
    // Closed means closed: a client that ignores our Close frame is not heard, at no cost.
    if (!conn) return;
    if (!this.table) {
      // A table that cannot be loaded answers nobody; its page says so and offers to try again.
      if (this.broken !== null) await this.shut(ws, 1011, 'Table unavailable');
      return;
    }
    const now = Date.now();
    const bucket = this.buckets.get(conn.id) ?? newBucket(now);
    this.buckets.set(conn.id, bucket);
    if (!take(bucket, now)) {
      if (bucket.strikes >= MAX_STRIKES) await this.shut(ws, 1008, 'Too many messages');
      else if (bucket.strikes === 1)
        this.error(ws, 'rate-limited', 'Slow down: too many messages.');
      return;
    }
    const parsed = parseClientMessage(raw);
    if (!parsed.ok) {
      this.error(ws, parsed.error.code, parsed.error.message);
      // No client of ours sends these: a socket that keeps at it is closed.
      if (parsed.error.code === 'too-large') await this.shut(ws, 1009, 'Message too large');
      else if (++bucket.bad >= MAX_BAD_MESSAGES) await this.shut(ws, 1008, 'Malformed messages');
      return;
    }
    const msg = parsed.message;
    if (msg.type === 'join') {
      const tokenHash = msg.token ? await sha256(msg.token) : null;
      const hostKeyHash = msg.hostKey ? await sha256(msg.hostKey) : null;
      await this.run({ kind: 'join', conn: conn.id, message: msg, tokenHash, hostKeyHash });
      return;
    }
    // A token is made only for someone sitting down.
    const secret = msg.type === 'sit' && conn.seat === null ? newSecret() : null;
    const token = secret === null ? null : { token: secret, hash: await sha256(secret) };
    await this.run({ kind: 'message', conn: conn.id, message: msg, token });
  }

  override async webSocketClose(ws: Ws, code: number, reason: string): Promise<void> {
    await this.guard(
      'close',
      () => undefined,
      async () => {
        try {
          ws.close(code, reason);
        } catch {
          // Already closed.
        }
        await this.socketGone(ws);
      },
    );
  }

  override async webSocketError(ws: Ws): Promise<void> {
    await this.guard(
      'socket error',
      () => undefined,
      () => this.socketGone(ws),
    );
  }

  private async socketGone(ws: Ws): Promise<void> {
    const conn = this.sockets.connOf(ws);
    if (!conn) return;
    this.buckets.delete(conn.id);
    this.sockets.forget(ws, conn);
    await this.run({ kind: 'closed', conn });
  }

  // ---- The alarm: the step's timers, and bots' decisions ----

  override async alarm(): Promise<void> {
    this.wakeups.rang();
    // A failing alarm is tried again a little later: the table never waits on itself. One that
    // cannot be loaded is not: it waits for a fix, and says so on every request meanwhile.
    const retry = () => {
      if (this.broken !== null) return;
      this.wakeups.retry((err) => {
        console.error(`table ${this.id}: the alarm's retry could not be set`, err);
      });
    };
    await this.guard('alarm', retry, async () => {
      const out = await this.run({ kind: 'alarm' });
      if (out?.think) await this.think(out.think);
    });
  }

  /**
   * A bot's move for `due`, thought about in slices (bot-turn.ts) with the runtime let in between,
   * at the level the step gives, then given to the step; for a person out of time, the bot's
   * time-out move. A bot that fails leaves the choice to the step (`move` undefined).
   */
  private async think(think: NonNullable<Outbox['think']>): Promise<void> {
    const { due, version, level } = think;
    const table = this.table;
    // One search at a time: the one under way, done or dropped, looks again.
    if (!table || !hasGame(table) || this.thinking) return;
    const view = gameOf(table.meta).view(table.state, due.seat);
    const bot = botFor(table.meta.game, level);
    let move: unknown;
    this.thinking = true;
    try {
      if (due.timedOut) move = (bot.onTimeout ?? bot.choose)(view, Math.random);
      else {
        const moved = () => this.table?.meta.version !== version;
        move = await thinkAbout(bot, view, Math.random, moved);
      }
    } catch (err) {
      console.error(`table ${this.id}: the bot for seat ${due.seat} failed`, err);
    } finally {
      this.thinking = false;
    }
    // The table moved meanwhile: it looks again at once.
    if (move === null) this.wakeups.soon();
    else await this.run({ kind: 'decided', due, version, move });
  }

  // ---- One input through the step, and its outbox carried out ----

  private async run(input: Input): Promise<Outbox | null> {
    const table = this.table;
    if (!table) return null;
    const out = step(table, input, this.memory, this.world());
    for (const problem of out.problems) console.error(`table ${this.id}: ${problem}`);
    if (out.erase) {
      await this.store.erase();
      this.table = null;
      this.wakeups.clear();
      return out;
    }
    // One transaction per input; the runtime holds every message until it is stored.
    this.store.save(table, out, readyMark(input, out));
    this.table = out.table;
    const byId = this.sockets.byId();
    for (const conn of out.attach) {
      const ws = byId.get(conn.id);
      if (ws) this.sockets.attach(ws, conn);
    }
    // Messages first: a socket refused at `join` hears why before it is closed.
    for (const { conn, text } of out.send) {
      const ws = byId.get(conn);
      if (ws) this.sockets.text(ws, text);
    }
    for (const { conn, code, reason } of out.close) {
      const ws = byId.get(conn);
      if (ws) this.sockets.close(ws, code, reason);
      this.buckets.delete(conn);
    }
    if (out.summaryIn !== null) this.summaryTimer ??= this.later('summary', out.summaryIn);
    if (out.namesIn !== null) this.namesTimer ??= this.later('names', out.namesIn);
    await this.wakeups.plan(out.wake, out.soon);
    return out;
  }

  /** The world the step meets now. */
  private world(): World {
    return {
      now: Date.now(),
      sockets: this.sockets.list(),
      secret: newSecret,
      botDelay: this.botDelay(),
      resultHold: RESULT_HOLD_DELAYS * this.meanBotDelay(),
    };
  }

  /** The step's `summary` or `names` input, `ms` from now. */
  private later(kind: 'summary' | 'names', ms: number): ReturnType<typeof setTimeout> {
    return setTimeout(() => {
      if (kind === 'summary') this.summaryTimer = null;
      else this.namesTimer = null;
      void this.guard(
        kind,
        () => null,
        () => this.run({ kind }),
      );
    }, ms);
  }

  /** The timer in memory rang: the table does what is due, as on its alarm. */
  private wake(): void {
    void this.guard(
      'wake-up',
      () => undefined,
      async () => {
        const out = await this.run({ kind: 'alarm' });
        if (out?.think) await this.think(out.think);
      },
    );
  }

  /** Closes a socket for good (it broke the table's limits); the step sees it gone. */
  private async shut(ws: Ws, code: number, reason: string): Promise<void> {
    const conn = this.sockets.close(ws, code, reason);
    if (!conn) return;
    this.buckets.delete(conn.id);
    await this.run({ kind: 'closed', conn });
  }

  private error(ws: Ws, code: ErrorCode, message: string): void {
    this.sockets.send(ws, { type: 'error', code, message });
  }

  private meanBotDelay(): number {
    return Math.max(0, Number(this.env.BOT_DELAY_MS) || 0);
  }

  private botDelay(): number {
    return Math.round(this.meanBotDelay() * (0.6 + Math.random() * 0.8));
  }
}

/**
 * A `nextRound` that only marked its player ready (the round waits on others): a move all the
 * same, stored in the record's row rather than a move's, and counted as a move in `usage`.
 */
const readyMark = (input: Input, out: Outbox): boolean =>
  input.kind === 'message' &&
  input.message.type === 'move' &&
  out.write !== null &&
  out.write.log === null;
