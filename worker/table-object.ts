/**
 * One Durable Object per table, as an I/O shell around the table's step (table/step.ts): it loads
 * the table, parses and paces what sockets send, hands each input to the step, then carries out
 * its outbox — one transaction (store.ts), the messages as the step wrote them, the sockets to
 * close, the wake-ups (wakeups.ts) — and runs a bot's search in slices when the step asks for
 * one. No rule of the table is decided here.
 */
import { DurableObject } from 'cloudflare:workers';
import type { TableSummary } from '../shared/protocol.ts';
import { carryOut, type Host } from '../shared/table/carry-out.ts';
import { newConn } from '../shared/table/conns.ts';
import type { LogEntry } from '../shared/table/game-log.ts';
import { firstWake } from '../shared/table/imported.ts';
import { botDelays, clientKey } from '../shared/table/limits.ts';
import { type Dealt, hasGame, type Lobby, type Table } from '../shared/table/meta.ts';
import type { Device, Notice, PushOutcome } from '../shared/table/notify.ts';
import {
  firstSight,
  type Input,
  type Memory,
  newMemory,
  type Outbox,
  publicSummary,
  step,
  type World,
} from '../shared/table/step.ts';
import { botMove, meanBotDelay } from './bot-turn.ts';
import {
  accepted,
  presented,
  refusal,
  refusedProtocols,
  UNAVAILABLE,
  unavailable,
} from './handshake.ts';
import { Inbox, inputOf } from './inbox.ts';
import { endpointRule, send, VapidTokens } from './notices.ts';
import { newSecret } from './secrets.ts';
import { Sockets } from './sockets.ts';
import { TableStore } from './store.ts';
import { type Wake, Wakeups } from './wakeups.ts';

type Ws = WebSocket;

export class TableObject extends DurableObject<Env> {
  /** The object's id, which is the table's: every log line names it. */
  private readonly id = this.ctx.id.toString();
  private table: Table | null = null;
  /** Why the stored table could not be loaded, if it could not: it then answers 503, and waits. */
  private broken: string | null = null;
  private memory: Memory = newMemory();
  private inbox = new Inbox();
  private sockets = new Sockets(this.ctx);
  /** The VAPID tokens this table signs its notices with, one per push service. */
  private readonly tokens = new VapidTokens(this.env);
  private readonly wakeups: Wakeups;
  /** A bot's search under way (think): another waits for it. */
  private thinking = false;
  private readonly store: TableStore;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Keep-alive pings are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
    this.store = new TableStore(ctx.storage);
    this.wakeups = new Wakeups(ctx.storage, (kind) => {
      void this.guard(
        `${kind} timer`,
        () => undefined,
        () => this.woken(kind),
      );
    });
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
        this.memory = newMemory({ gameNo: table.meta.gameNo, entries: log }, this.devices());
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
   * What the table still has in hand by itself: held inputs (a summary, renames or a notice
   * waiting on their timers) and when its timer in memory rings. Whoever evicts it as the runtime
   * would (the worker tests) waits for it to fall idle first.
   */
  pending(): { holding: number; wakeAt: number | null } {
    return { holding: this.wakeups.holding, wakeAt: this.wakeups.wakeAt };
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

  async create(meta: Lobby['meta']): Promise<boolean> {
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
   * For `POST /api/tables/import`: a table whose game was played elsewhere (imported.ts), stored
   * whole in one transaction, its alarm set for the pause's end. Like `create`, only on an object
   * that has no table yet.
   */
  async adopt(table: Dealt, log: LogEntry[]): Promise<boolean> {
    return this.guard(
      'adopt',
      () => false,
      async () => {
        if (this.table || this.broken !== null) return false;
        this.store.adopt(table, log);
        this.table = table;
        this.memory = newMemory({ gameNo: table.meta.gameNo, entries: log });
        await this.wakeups.plan(firstWake(table, Date.now()), null);
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
      const wrongProtocol = refusedProtocols(request);
      if (wrongProtocol) return wrongProtocol;
      const client = clientKey(request.headers.get('cf-connecting-ip'));
      const opened = newConn(newSecret(), client, Date.now());
      const out = await this.run({
        kind: 'open',
        conn: opened,
        presented: await presented(request),
      });
      const pair = new WebSocketPair();
      this.ctx.acceptWebSocket(pair[1]);
      this.sockets.attach(pair[1], out?.attach.find((c) => c.id === opened.id) ?? opened);
      return accepted(request, pair[0]);
    });
  }

  // ---- Sockets ----

  override async webSocketMessage(ws: Ws, raw: string | ArrayBuffer): Promise<void> {
    await this.guard(
      'message',
      () => this.sockets.send(ws, { type: 'error', code: 'internal', message: 'Internal error' }),
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
    const heard = this.inbox.read(conn.id, raw, Date.now());
    if (heard.kind === 'message') {
      await this.run(await inputOf(conn, heard.message));
      return;
    }
    if (heard.error) this.sockets.send(ws, { type: 'error', ...heard.error });
    if (heard.close) await this.shut(ws, heard.close.code, heard.close.reason);
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
    this.inbox.forget(conn.id);
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
    await this.guard('alarm', retry, () => this.woken('alarm'));
  }

  /** The table woke (its alarm, a timer): it does what is due, a bot's search included. */
  private async woken(kind: Wake): Promise<void> {
    const out = await this.run({ kind });
    if (out?.think) await this.think(out.think);
  }

  /**
   * The move the step asked for (bot-turn.ts: a bot thinks in slices, with the runtime let in
   * between), given to the step. A bot that fails leaves the choice to the step (`move` undefined).
   */
  private async think(think: NonNullable<Outbox['think']>): Promise<void> {
    const { due, version } = think;
    const table = this.table;
    // One search at a time: the one under way, done or dropped, looks again.
    if (!table || !hasGame(table) || this.thinking) return;
    let move: unknown;
    this.thinking = true;
    try {
      move = await botMove(table, think, () => this.table?.meta.version !== version);
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
    // A table being erased takes no input meanwhile.
    this.table = out.erase ? null : out.table;
    // One transaction per input; the runtime holds every message until it is stored.
    await carryOut(table, out, this.host(readyMark(input, out)));
    return out;
  }

  /** How one input's outbox is carried out here (carry-out.ts); `readyMark` as `usage` counts. */
  private host(readyMark: boolean): Host {
    const open = this.sockets.byId();
    const socket = (id: string) => open.get(id);
    return {
      snapshotAt: () => this.store.snapshotAt,
      write: (rows) => this.store.write(rows, readyMark),
      erase: async () => {
        this.wakeups.clear();
        await this.store.erase();
      },
      attach: (conn) => {
        const ws = socket(conn.id);
        if (ws) this.sockets.attach(ws, conn);
      },
      send: (conn, text) => {
        const ws = socket(conn);
        if (ws) this.sockets.text(ws, text);
      },
      close: (conn, code, reason) => {
        const ws = socket(conn);
        if (ws) this.sockets.close(ws, code, reason);
        this.inbox.forget(conn);
      },
      push: (notices) => this.notify(notices),
      hold: (kind, ms) => this.wakeups.hold(kind, ms),
      plan: (wake, soon) => this.wakeups.plan(wake, soon),
      // Thought about by the handler that woke the table (`woken`), within its own event.
      think: () => {},
      problem: (text) => console.error(`table ${this.id}: ${text}`),
    };
  }

  /** The devices to notify, as stored; ones that cannot be read are let go (each may ask again). */
  private devices(): Device[] {
    const out = this.store.devices();
    if (out.ok) return out.devices;
    console.error(`table ${this.id}: its devices cannot be read: ${out.error.message}`);
    return [];
  }

  /**
   * The step's notices, sent while the table goes on. How each went goes back to the step, which
   * forgets a device that is gone or keeps failing (notify.ts: afterPush); a notice taken by a
   * device that never failed changes nothing, and is not told.
   */
  private notify(notices: readonly Notice[]): void {
    const sent = notices.map(async (notice) => {
      const { endpoint, failures = 0 } = notice.device;
      let outcome: PushOutcome;
      let why = '';
      try {
        const done = await send(notice, this.id, this.tokens);
        // Notices are off (the push-keys object logged why): nothing to count against the device.
        if (done === null) return;
        outcome = done;
      } catch (err) {
        outcome = 'failed';
        why = `: ${String(err)}`;
      }
      if (outcome === 'failed') {
        const inARow = `${failures + 1} in a row for its device`;
        console.warn(`table ${this.id}: a notice failed (${inARow})${why}`);
      }
      if (outcome !== 'sent' || failures > 0) await this.run({ kind: 'pushed', endpoint, outcome });
    });
    this.ctx.waitUntil(Promise.all(sent));
  }

  /** The world the step meets now. */
  private world(): World {
    return {
      now: Date.now(),
      sockets: this.sockets.list(),
      secret: newSecret,
      ...botDelays(meanBotDelay(this.env), Math.random()),
      pushEndpoint: endpointRule(this.env),
      noticeDelay: Math.max(0, Number(this.env.NOTICE_DELAY_MS) || 0),
    };
  }

  /** Closes a socket for good (it broke the table's limits); the step sees it gone. */
  private async shut(ws: Ws, code: number, reason: string): Promise<void> {
    const conn = this.sockets.close(ws, code, reason);
    if (!conn) return;
    this.inbox.forget(conn.id);
    await this.run({ kind: 'closed', conn });
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
