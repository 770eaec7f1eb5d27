/**
 * A table driven through its step in plain Node, as the Durable Object drives it: sockets that
 * open, join and send, a clock that moves on, the alarm, bots' decisions. Every outbox is carried
 * out here the way the shell does (the write to storage, attachments, messages in order, closes,
 * changes by seat), so a test reads what each socket heard and what the table stored. Hashes are
 * made up (`h:<token>`): the step never hashes.
 */

import type { Pace } from '../../shared/api.ts';
import type { RoundState } from '../../shared/engine/rounds.ts';
import type { GameId, Seat } from '../../shared/engine/types.ts';
import { botFor } from '../../shared/games/bots.ts';
import type { ClientMessage, ServerMessage, TableSummary } from '../../shared/protocol.ts';
import { carryOut, type Host } from '../../shared/table/carry-out.ts';
import { type Conn, newConn, type Socket } from '../../shared/table/conns.ts';
import { gameLog, type LogEntry } from '../../shared/table/game-log.ts';
import { gameOf, type Table } from '../../shared/table/meta.ts';
import type { Notice } from '../../shared/table/notify.ts';
import {
  type Input,
  type Memory,
  newMemory,
  type Outbox,
  step,
  type World,
} from '../../shared/table/step.ts';
import { carriedOver, devicesOf, loadTable } from '../../shared/table/stored.ts';
import { tableSummary } from '../../shared/table/summary.ts';
import { allowedEndpoint } from '../../worker/web-push.ts';
import { copyOf, MemoryRows } from './storage.ts';
import { lobby } from './support.ts';

type Join = Extract<ClientMessage, { type: 'join' }>;
/** One input as it went through the step: enough to give the same input to a copy of the table. */
export interface Run {
  input: Input;
  /** The world it met; each call gives a fresh one that hands out the same secrets. */
  world: () => World;
  /** The step's memory, and the storage, as they were before it. */
  memory: Memory;
  stored: MemoryRows;
  before: Table;
  out: Outbox;
}

type Options = {
  /**
   * A table made elsewhere (an import, with the state its game began at where it has one),
   * stored as the object adopts one; else a new lobby.
   */
  from?: { table: Table; log: LogEntry[]; start?: RoundState | null };
  game?: GameId;
  players?: number;
  config?: unknown;
  bots?: Seat[];
  clock?: number | null;
  pace?: Pace;
};

const hash = (secret: string) => `h:${secret}`;

export class TestTable {
  table: Table;
  memory: Memory = newMemory();
  now = 1_000_000;
  /** The bots' delay and their hold after a result (World): none unless a test sets them. */
  botDelay = 0;
  resultHold = 0;
  /** Which push endpoints devices may give: loopback ones, as the tests' push service has. */
  pushEndpoint: ((url: string) => boolean) | null = (url) => allowedEndpoint(url, true);
  /** Open sockets by id, with when the runtime last answered each one's ping. */
  readonly sockets = new Map<string, Socket>();
  /** What each socket heard, oldest first (closed sockets keep theirs). */
  readonly heard = new Map<string, ServerMessage[]>();
  readonly closed = new Map<string, number>();
  /** What the shell would store: written when the outbox says so. */
  stored: Table;
  /** The table's storage, as the shell writes it. */
  readonly storage = new MemoryRows();
  /** Every input's run, when a test asks for them (`recording`). */
  readonly runs: Run[] = [];
  recording = false;
  last: Outbox | null = null;
  /** Every notice the table gave the shell to push, oldest first. */
  readonly pushed: Notice[] = [];
  /** When the summary held back is due (the shell's timer for the `summary` input). */
  private summaryAt: number | null = null;
  /** When the notices held back are due (the shell's timer for the `notices` input). */
  private noticesAt: number | null = null;
  /** When the names held back are due (the shell's timer for the `names` input). */
  private namesAt: number | null = null;
  private secrets = 0;
  private clients = 0;

  /** The outbox carried out as the shells do (carry-out.ts), on this table's sockets and rows. */
  private readonly host: Host = {
    snapshotAt: () => this.storage.snapshotAt(),
    write: (rows) => this.storage.write(rows),
    erase: () => this.storage.deleteAll(),
    attach: (conn) => {
      const open = this.sockets.get(conn.id);
      if (open) this.sockets.set(conn.id, { ...open, conn });
    },
    send: (conn, text) => {
      if (this.sockets.has(conn)) this.tell(conn, JSON.parse(text));
    },
    close: (conn, code) => {
      this.sockets.delete(conn);
      this.closed.set(conn, code);
    },
    push: (notices) => this.pushed.push(...notices),
    hold: (kind, ms) => {
      if (kind === 'summary') this.summaryAt ??= this.now + ms;
      else if (kind === 'names') this.namesAt ??= this.now + ms;
      else this.noticesAt ??= this.now + ms;
    },
    // The alarm and bots' turns ring when a test says so (`alarm`).
    plan: () => {},
    think: () => {},
    problem: () => {},
  };

  constructor(options: Options = {}) {
    const { game = 'hulahoo', players = 2, bots = [], clock = null, pace = 'live' } = options;
    const { from } = options;
    this.table =
      from?.table ??
      lobby(game, players, options.config, {
        bots,
        clock,
        pace,
        hostKeyHash: hash('host-key'),
        now: this.now,
      });
    this.stored = this.table;
    if (from) {
      const { table, log, start = null } = from;
      this.storage.write(carriedOver({ table, log, snapshotAt: table.meta.moveCount, start }));
      this.memory = newMemory(gameLog(table.meta.gameNo, log, start));
    } else this.storage.write({ record: this.table.meta });
  }

  /**
   * The table evicted and woken again, as the runtime does with an idle one: its memory gone, the
   * table read back from its rows; its sockets hibernated, still open.
   */
  reload(): void {
    // Its timers went with it (the runtime lets an object with one pending sleep only at a restart).
    this.summaryAt = null;
    this.noticesAt = null;
    this.namesAt = null;
    const out = loadTable(this.table.meta.id, this.storage);
    if (!out.ok) throw new Error(out.error.message);
    if (!out.loaded) throw new Error('nothing stored to wake');
    const { table, log, start } = out.loaded;
    const devices = devicesOf(this.storage.devices());
    this.table = table;
    this.memory = newMemory(
      gameLog(table.meta.gameNo, log, start),
      devices.ok ? devices.devices : [],
    );
  }

  private secret(): string {
    return `s${++this.secrets}`;
  }

  /** One input through the step, its outbox carried out. */
  run(input: Input): Outbox {
    const before = this.table;
    const from = this.secrets;
    const { now } = this;
    const sockets = [...this.sockets.values()];
    const world = (secret?: () => string): World => {
      let n = from;
      return {
        now,
        sockets,
        // The same secrets as the run itself was given, in the same order.
        secret: secret ?? (() => `s${++n}`),
        botDelay: this.botDelay,
        resultHold: this.resultHold,
        pushEndpoint: this.pushEndpoint,
        noticeDelay: 1000,
      };
    };
    const memory = this.recording ? copyOf(this.memory) : this.memory;
    const stored = this.recording ? this.storage.copy() : this.storage;
    const out = step(
      this.table,
      input,
      this.memory,
      world(() => this.secret()),
    );
    if (this.recording)
      this.runs.push({ input, world: () => world(), memory, stored, before, out });
    this.last = out;
    this.table = out.table;
    carryOut(before, out, this.host);
    if (out.write) this.stored = out.table;
    return out;
  }

  private tell(id: string, message: ServerMessage): void {
    const inbox = this.heard.get(id) ?? [];
    inbox.push(message);
    this.heard.set(id, inbox);
  }

  /**
   * Opens a socket from `client` (its own address by default), presenting `secrets` in its
   * subprotocols (a seat's token, the host key); its id.
   */
  open(client = `client${++this.clients}`, secrets: string[] = []): string {
    const opened = newConn(this.secret(), client, this.now);
    const out = this.run({ kind: 'open', conn: opened, presented: secrets.map(hash) });
    const conn = out.attach.find((c) => c.id === opened.id) ?? opened;
    this.sockets.set(conn.id, { conn, pingedAt: 0 });
    this.heard.set(conn.id, []);
    return conn.id;
  }

  join(id: string, message: Omit<Join, 'type'> = {}): void {
    this.run({
      kind: 'join',
      conn: id,
      message: { type: 'join', ...message },
      tokenHash: message.token ? hash(message.token) : null,
      hostKeyHash: message.hostKey ? hash(message.hostKey) : null,
    });
  }

  /** Opens a socket and joins; the host key with `host`. */
  person(name: string, extra: { token?: string; host?: boolean; client?: string } = {}): string {
    const id = this.open(extra.client);
    this.join(id, {
      name,
      ...(extra.token ? { token: extra.token } : {}),
      ...(extra.host ? { hostKey: 'host-key' } : {}),
    });
    return id;
  }

  send(id: string, message: Exclude<ClientMessage, Join>): Outbox {
    // As the shell does: a token only for someone sitting down.
    const secret =
      message.type === 'sit' && this.sockets.get(id)?.conn.seat == null ? this.secret() : null;
    const token = secret === null ? null : { token: secret, hash: hash(secret) };
    return this.run({ kind: 'message', conn: id, message, token });
  }

  /** Sits a joined socket down; gives its seat token. */
  sit(id: string, seat: Seat): string {
    this.send(id, { type: 'sit', seat });
    const seated = this.messages(id, 'seated').at(-1);
    if (!seated)
      throw new Error(`not seated: ${JSON.stringify(this.messages(id, 'error').at(-1))}`);
    return seated.token;
  }

  close(id: string): void {
    const conn = this.sockets.get(id)?.conn;
    if (!conn) return;
    this.sockets.delete(id);
    this.run({ kind: 'closed', conn });
  }

  /** The alarm; a bot's decision it asks for is thought about at once, with the normal bot. */
  alarm(): Outbox {
    const out = this.run({ kind: 'alarm' });
    if (out.think) {
      const { due, version } = out.think;
      const view = gameOf(this.table.meta).view(this.table.state!, due.seat);
      const move = botFor(this.table.meta.game, 'normal').choose(view, () => 0.5);
      return this.run({ kind: 'decided', due, version, move });
    }
    return out;
  }

  /** Moves the clock on. */
  later(ms: number): void {
    this.now += ms;
    // The summary held back goes out at its window's end, on the shell's timer.
    if (this.summaryAt !== null && this.summaryAt <= this.now) {
      this.summaryAt = null;
      this.run({ kind: 'summary' });
    }
    if (this.noticesAt !== null && this.noticesAt <= this.now) {
      this.noticesAt = null;
      this.run({ kind: 'notices' });
    }
    if (this.namesAt !== null && this.namesAt <= this.now) {
      this.namesAt = null;
      this.run({ kind: 'names' });
    }
  }

  /** Whether an input is held back on a timer (the runtime does not evict such an object). */
  holding(): boolean {
    return this.summaryAt !== null || this.noticesAt !== null || this.namesAt !== null;
  }

  /** The runtime answered this socket's ping now. */
  pinged(id: string): void {
    const s = this.sockets.get(id);
    if (s) this.sockets.set(id, { ...s, pingedAt: this.now });
  }

  messages<K extends ServerMessage['type']>(
    id: string,
    type: K,
  ): Extract<ServerMessage, { type: K }>[] {
    return (this.heard.get(id) ?? []).filter(
      (m): m is Extract<ServerMessage, { type: K }> => m.type === type,
    );
  }

  /** The latest view a socket holds, patches applied. */
  view(id: string): Record<string, unknown> & { you: Seat | null; phase: string } {
    const last = [...(this.heard.get(id) ?? [])].reverse().find((m) => m.type === 'state');
    if (last?.type !== 'state') throw new Error('no state yet');
    return last.view as never;
  }

  errors(id: string): string[] {
    return this.messages(id, 'error').map((m) => m.code);
  }

  summary(): TableSummary {
    return tableSummary(this.table, [...this.sockets.values()], this.now);
  }

  /** The seats the game awaits now. */
  awaited(): number[] {
    return gameOf(this.table.meta).toMove(this.table.state!);
  }

  /** The seat's legal moves now. */
  legal(seat: Seat): unknown[] {
    return gameOf(this.table.meta).legalMoves(this.table.state!, seat);
  }

  /** Plays the first legal move for each awaited seat until the phase is `phase`. */
  playTo(phase: string, as: Map<Seat, string>): void {
    for (let i = 0; i < 3000 && this.table.state?.phase !== phase; i++) {
      const seat = gameOf(this.table.meta).toMove(this.table.state!)[0]!;
      const id = as.get(seat);
      if (id === undefined) {
        this.alarm();
        continue;
      }
      this.send(id, { type: 'move', move: this.legal(seat)[0], version: this.table.meta.version });
    }
    if (this.table.state?.phase !== phase) throw new Error(`never reached ${phase}`);
  }
}

export type { Conn };

/** Whether an outbox tells everyone the summary: now, or once its window ends. */
export function tellsSummary(out: Outbox): boolean {
  return out.summaryIn !== null || out.send.some((m) => JSON.parse(m.text).type === 'table');
}
