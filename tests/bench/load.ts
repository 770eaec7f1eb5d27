/**
 * Load test: `npm run load [-- --tables 50 --sockets 4 --seconds 20]`. Builds the app and runs the
 * built Worker in the local Workers runtime (Miniflare: workerd, SQLite-backed Durable Objects on
 * disk, no dev proxy or inspector in the way), opens N tables × M seated sockets that play random legal moves
 * (with a short think time, as people do) for a bounded time, then prints moves per second, the
 * time from a move sent to the mover's new state (median, p99), errors, stale refusals (split into
 * simultaneous decisions and the rest), desyncs, the server's CPU time per move, and the bytes each
 * socket receives per move. Then, in the same Miniflare, the platform's floor (tests/bench/floor.js:
 * a Durable Object that per move parses one message, makes one durable write and sends each socket
 * one of the messages the tables sent, in turn) is played at the same tables × sockets and think time,
 * and the table's CPU per move is printed as a ratio to the floor's.
 *
 * `npm run load -- --flood [--game hulahoo --sockets 4 --seconds 10]`: one table only, played
 * for `seconds` quietly and then `seconds` more while one extra socket, joined as a spectator,
 * sends messages as fast as its connection takes them and ignores the server's Close frame (a raw
 * WebSocket client over `node:net`, as a browser's socket would stop sending once closed). Prints
 * the honest players' figures for both phases side by side, and what the flooder sent.
 *
 * `npm run load -- --kill N [--tables 20 --sockets 4 --seconds 6]`: the tables play for `seconds`,
 * then every workerd this script started is killed with SIGKILL, a new Miniflare starts on the same
 * files and port, and every player reclaims its seat with its token, all at once; N times. A state
 * a player received was sent only once its write was durable, so no table may come back below the
 * highest version any of its players had; a player shown the version it held must be shown the
 * same view, and a fresh reclaim of its seat the state its socket got. Prints per cycle and in
 * total the moves, the versions acknowledged, those lost (must be 0), tables that failed to load,
 * desyncs, errors and the time from the restart to every player back; exits 1 if anything was
 * lost, failed or out of step. Everything stays on 127.0.0.1 and stops by itself.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { GAME_IDS } from '../../shared/engine/types.ts';
import { applyPatch, type PatchOp } from '../../shared/patch.ts';
import { fillStandIn } from '../engine/support/cards.ts';

const argText = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
};
const arg = (name: string, fallback: number) => Number(argText(name, String(fallback)));
const FLOOD = process.argv.includes('--flood');
/** `--kill N`: how many times the runtime is killed and started again (0: not this mode). */
const KILLS = process.argv.includes('--kill') ? arg('kill', 5) : 0;
if (!Number.isInteger(KILLS) || KILLS < 0) throw new Error('--kill takes a number of cycles');
/** `--whole`: the players ask for whole states after every change, not patches. */
const PATCHES = !process.argv.includes('--whole');
const TABLES = FLOOD ? 1 : arg('tables', KILLS ? 20 : 50);
const SOCKETS = arg('sockets', 4);
/** In flood mode: the length of each phase, quiet and flooded; in kill mode, of play between kills. */
const SECONDS = arg('seconds', FLOOD ? 10 : KILLS ? 6 : 20);
const THINK_MS = arg('think', 40);
const PORT = arg('port', 8790);
const GAMES = FLOOD ? [argText('game', 'hulahoo')] : GAME_IDS;
/** What the flooder repeats: a valid message that is cheap to handle once it is let through. */
const FLOOD_MESSAGE = JSON.stringify({ type: 'name', name: 'x' });
const HOST = '127.0.0.1'; // loopback only, always
const base = `http://${HOST}:${PORT}`;

type View = {
  phase: string;
  you: number | null;
  toMove: number[];
  legal: Record<string, unknown>[];
  players: { hand?: ({ id: string } | { hidden: true })[] }[];
};
type StateMsg = { type: 'state'; version: number; view: View };

const stats = {
  moves: 0,
  /** Moves made on a state awaiting more than one seat (a simultaneous decision). */
  simultaneousMoves: 0,
  errors: 0,
  errorCodes: new Map<string, number>(),
  /** `stale` refusals: not errors (the next state comes), but each one is a move lost. */
  stale: { simultaneous: 0, other: 0 },
  desyncs: 0,
  latencies: [] as number[],
  /** Characters of JSON received by the players' sockets, all messages (before compression). */
  received: 0,
  /** State and patch messages received, and a sample of them for the floor to send. */
  states: 0,
  stateChars: 0,
  sample: [] as string[],
  /** The WebSocket extensions the server agreed to (permessage-deflate and its parameters). */
  extensions: '',
};

const SAMPLE_EVERY = 50;

function randomMove(view: View): unknown {
  const move = view.legal[Math.floor(Math.random() * view.legal.length)]!;
  return fillStandIn(move, () => view, Math.random);
}

let sockets = 0;

/**
 * A socket to a table from a client address of its own, as each player at a real table is its
 * own client (the table limits sockets still to join per client). Node's WebSocket takes headers.
 */
function tableSocket(table: string): WebSocket {
  sockets++;
  const address = `198.18.${(sockets >> 8) & 255}.${sockets & 255}`;
  const init = { headers: { 'cf-connecting-ip': address } };
  return new WebSocket(`${base.replace('http', 'ws')}/api/tables/${table}/ws`, init as never);
}

class Player {
  ws!: WebSocket;
  token = '';
  /** The table's current game, from the summaries. */
  gameNo = 0;
  last: StateMsg | null = null;
  pending: { version: number; at: number } | null = null;
  /**
   * Moves sent and not known to be answered, oldest first: an error is about the oldest (the
   * server answers a socket's messages in order). A move made when only this seat was to move is
   * answered by any newer state too (nobody else can have moved); any move, once 20 versions old.
   * An accepted simultaneous move lingers a little, so an error may be pinned on it instead of a
   * later one, but that one is then simultaneous as well, or the refusal would not be stale.
   */
  inFlight: { version: number; simultaneous: boolean }[] = [];
  timer: ReturnType<typeof setTimeout> | null = null;
  /**
   * The legal moves the last move was chosen from, until its answer comes: a newer state that
   * still offers exactly those (someone else's answer in a simultaneous phase) is not it, and a
   * second move then would answer a decision this seat has already made.
   */
  answering: string | null = null;
  stopped = false;

  readonly table: string;
  readonly seat: number;
  readonly hostKey: string | undefined;

  constructor(table: string, seat: number, hostKey: string | undefined) {
    this.table = table;
    this.seat = seat;
    this.hostKey = hostKey;
  }

  /** A new socket to the table, every message of which goes to `onMessage`. */
  private async open(): Promise<void> {
    this.ws = tableSocket(this.table);
    await new Promise((resolve, reject) => {
      this.ws.addEventListener('open', resolve, { once: true });
      this.ws.addEventListener('error', reject, { once: true });
    });
    stats.extensions = this.ws.extensions;
    this.ws.addEventListener('message', (e) => {
      const text = String(e.data);
      stats.received += text.length;
      if (text.startsWith('{"type":"state"') || text.startsWith('{"type":"patch"')) {
        stats.stateChars += text.length;
        if (stats.states++ % SAMPLE_EVERY === 0) stats.sample.push(text);
      }
      this.onMessage(JSON.parse(text));
    });
  }

  async connect(): Promise<void> {
    await this.open();
    // Seated before the host starts: a start that overtakes a sit is refused (every seat must be
    // filled), which is the player's mistake, not the table's.
    const seated = new Promise<void>((resolve) => {
      this.ws.addEventListener('message', (e) => {
        if (String(e.data).startsWith('{"type":"seated"')) resolve();
      });
    });
    this.ws.send(
      JSON.stringify({
        type: 'join',
        name: `P${this.seat}`,
        hostKey: this.hostKey,
        patches: PATCHES,
      }),
    );
    this.ws.send(JSON.stringify({ type: 'sit', seat: this.seat }));
    await seated;
  }

  /**
   * Back after the runtime died, as a page comes back: a new socket reclaims the seat with its
   * token. What this socket knew is dropped first (its moves in flight went with the runtime, and
   * the next state may be any number of versions on). Gives the first state the table sends, or
   * null when none comes: the table did not load, or refused the token.
   */
  async rejoin(): Promise<StateMsg | null> {
    this.last = null;
    this.pending = null;
    this.inFlight = [];
    this.answering = null;
    try {
      await this.open();
    } catch {
      return null;
    }
    const back = new Promise<StateMsg | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), BACK_TIMEOUT_MS);
      // After `open`'s listener: `last` is this state by now.
      this.ws.addEventListener('message', (e) => {
        if (!String(e.data).startsWith('{"type":"state"')) return;
        clearTimeout(timer);
        resolve(this.last);
      });
      this.ws.addEventListener('close', () => resolve(null));
    });
    const { token, hostKey } = this;
    this.ws.send(
      JSON.stringify({ type: 'join', name: `P${this.seat}`, token, hostKey, patches: PATCHES }),
    );
    return back;
  }

  /** Stops moving until `resume`: no move is sent, none is left waiting on its think time. */
  pause(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  resume(): void {
    this.stopped = false;
    this.plan();
  }

  onMessage(msg: { type: string; [k: string]: unknown }): void {
    if (msg.type === 'seated') this.token = String(msg.token);
    if (msg.type === 'welcome' || msg.type === 'table')
      this.gameNo = (msg.table as { gameNo: number }).gameNo;
    if (msg.type === 'error') {
      this.answering = null;
      const move = this.inFlight.shift();
      if (msg.code === 'stale') {
        // The decision moved on before the move arrived: the next state comes, the move is lost.
        if (move?.simultaneous) stats.stale.simultaneous++;
        else stats.stale.other++;
        return;
      }
      stats.errors++;
      const code = String(msg.code);
      stats.errorCodes.set(code, (stats.errorCodes.get(code) ?? 0) + 1);
      return;
    }
    if (msg.type === 'patch') {
      // Only what changed, against the view this socket holds at `base`.
      if (!this.last || this.last.version !== msg.base) {
        stats.desyncs++;
        return;
      }
      const view = applyPatch(this.last.view, msg.ops as PatchOp[]) as View;
      msg = { type: 'state', version: msg.version, view };
    }
    if (msg.type !== 'state') return;
    const state = msg as unknown as StateMsg;
    this.inFlight = this.inFlight.filter(
      (m) => m.version >= state.version - 20 && (m.simultaneous || m.version >= state.version),
    );
    if (
      this.last &&
      state.version !== this.last.version + 1 &&
      state.version !== this.last.version
    ) {
      stats.desyncs++; // every state must reach every socket, in order
    }
    if (this.pending && state.version > this.pending.version) {
      stats.latencies.push(performance.now() - this.pending.at);
      this.pending = null;
    }
    this.last = state;
    if (
      this.answering !== null &&
      (!state.view.toMove.includes(this.seat) ||
        JSON.stringify(state.view.legal) !== this.answering)
    )
      this.answering = null;
    this.plan();
  }

  plan(): void {
    if (this.stopped || this.timer || !this.last) return;
    const view = this.last.view;
    if (view.phase === 'gameOver') {
      // Every player agrees to play again (the next game waits for them all); naming the game
      // that is over, a request after it began is answered.
      if (view.you !== null || this.hostKey)
        this.ws.send(JSON.stringify({ type: 'rematch', gameNo: Math.max(1, this.gameNo) }));
      return;
    }
    if (view.you === null || !view.toMove.includes(view.you) || view.legal.length === 0) return;
    if (this.answering !== null) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        const state = this.last!;
        if (this.stopped || !state.view.toMove.includes(this.seat) || state.view.legal.length === 0)
          return;
        const move = randomMove(state.view);
        // Between rounds a move only says "ready": the state comes when everyone is, so the time
        // to it is not a move's latency.
        const ready = (move as { t: string }).t === 'nextRound';
        this.pending = ready ? null : { version: state.version, at: performance.now() };
        const simultaneous = state.view.toMove.length > 1;
        this.inFlight.push({ version: state.version, simultaneous });
        this.answering = JSON.stringify(state.view.legal);
        this.ws.send(JSON.stringify({ type: 'move', move, version: state.version }));
        stats.moves++;
        if (simultaneous) stats.simultaneousMoves++;
      },
      THINK_MS * (0.5 + Math.random()),
    );
  }
}

/** `count` masked text frames of `text` (a client's frames must be masked: RFC 6455 §5.3). */
function maskedTextFrames(text: string, count: number): Buffer {
  const payload = Buffer.from(text);
  if (payload.length > 125) throw new Error('one short frame per message only');
  const size = 6 + payload.length;
  const out = Buffer.allocUnsafe(size * count);
  const masks = randomBytes(4 * count);
  for (let f = 0; f < count; f++) {
    const o = f * size;
    out[o] = 0x81; // FIN, text
    out[o + 1] = 0x80 | payload.length; // masked, length
    masks.copy(out, o + 2, 4 * f, 4 * f + 4);
    for (let i = 0; i < payload.length; i++) out[o + 6 + i] = payload[i]! ^ masks[4 * f + (i & 3)]!;
  }
  return out;
}

/**
 * An abusive client: a WebSocket by hand over TCP, so that it can ignore the server's Close frame
 * and keep sending (it never answers it, nor pings). It sends as fast as its connection accepts:
 * when the socket's buffer is full it waits for it to drain, so its memory stays bounded.
 */
class Flooder {
  /** Messages handed to the connection (the server may not have read them all). */
  sent = 0;
  /** Frames from the server, by message type (`error:<code>` for errors). */
  received = new Map<string, number>();
  close: { code: number | null; afterMs: number; afterSent: number } | null = null;
  /** Why the TCP connection ended before the flood did, if it did, and when (ms into the flood). */
  ended: string | null = null;
  endedAfterMs = 0;
  private sock!: net.Socket;
  private inbox: Buffer = Buffer.alloc(0);
  private upgraded = false;
  private stopping = false;
  private startedAt = 0;
  private welcomed: () => void = () => {};

  async open(table: string): Promise<void> {
    this.sock = net.connect({ host: HOST, port: PORT });
    this.sock.setNoDelay(true);
    this.sock.on('data', (chunk: Buffer) => this.onData(chunk));
    this.sock.on('error', (err: NodeJS.ErrnoException) => this.end(err.code ?? err.message));
    this.sock.on('close', () => this.end('closed by the server'));
    const welcome = new Promise<void>((resolve, reject) => {
      this.welcomed = resolve;
      setTimeout(() => reject(new Error(`flooder: no welcome (${this.ended ?? 'timeout'})`)), 5000);
    });
    await new Promise((resolve, reject) => {
      this.sock.once('connect', resolve);
      this.sock.once('error', reject);
    });
    const key = randomBytes(16).toString('base64');
    this.sock.write(
      `GET /api/tables/${table}/ws HTTP/1.1\r\nHost: ${HOST}:${PORT}\r\nUpgrade: websocket\r\n` +
        `Connection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    this.sock.write(maskedTextFrames(JSON.stringify({ type: 'join', name: 'flood' }), 1));
    await welcome; // a spectator now
  }

  /** Sends until `until` (performance.now() ms) or until the connection is gone. */
  flood(until: number): Promise<void> {
    this.startedAt = performance.now();
    const BATCH = 64;
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, until - performance.now()));
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const pump = () => {
        for (let i = 0; i < 16; i++) {
          if (this.sock.destroyed || performance.now() >= until) return done();
          const more = this.sock.write(maskedTextFrames(FLOOD_MESSAGE, BATCH));
          this.sent += BATCH;
          if (!more) {
            this.sock.once('drain', pump);
            return;
          }
        }
        setImmediate(pump); // let the honest players' timers and messages run in between
      };
      pump();
    });
  }

  stop(): void {
    this.stopping = true;
    this.sock.destroy();
  }

  private end(why: string): void {
    if (this.stopping || this.ended !== null) return;
    this.ended = why;
    this.endedAfterMs = this.startedAt ? performance.now() - this.startedAt : 0;
  }

  private onData(chunk: Buffer): void {
    this.inbox = this.inbox.length ? Buffer.concat([this.inbox, chunk]) : chunk;
    if (!this.upgraded) {
      const end = this.inbox.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = this.inbox.subarray(0, end).toString('latin1');
      if (!/^HTTP\/1\.1 101/.test(head)) {
        this.end(`upgrade refused: ${head.split('\r\n')[0]}`);
        this.sock.destroy();
        return;
      }
      this.upgraded = true;
      this.inbox = this.inbox.subarray(end + 4);
    }
    // Server frames are not masked: FIN/opcode, length (7 bits, or 16 or 64 more), payload.
    while (this.inbox.length >= 2) {
      const opcode = this.inbox[0]! & 0x0f;
      let length = this.inbox[1]! & 0x7f;
      let at = 2;
      if (length === 126) {
        if (this.inbox.length < 4) return;
        length = this.inbox.readUInt16BE(2);
        at = 4;
      } else if (length === 127) {
        if (this.inbox.length < 10) return;
        length = Number(this.inbox.readBigUInt64BE(2));
        at = 10;
      }
      if (this.inbox.length < at + length) return;
      const payload = this.inbox.subarray(at, at + length);
      this.inbox = this.inbox.subarray(at + length);
      if (opcode === 0x1) {
        const msg = JSON.parse(payload.toString('utf8')) as { type: string; code?: string };
        const kind = msg.type === 'error' ? `error:${msg.code}` : msg.type;
        this.received.set(kind, (this.received.get(kind) ?? 0) + 1);
        if (msg.type === 'welcome') this.welcomed();
      } else if (opcode === 0x8 && !this.close) {
        // The server says goodbye; this client does not answer and keeps sending.
        this.close = {
          code: payload.length >= 2 ? payload.readUInt16BE(0) : null,
          afterMs: performance.now() - this.startedAt,
          afterSent: this.sent,
        };
      }
    }
  }
}

/** The workerd processes this script started, with their `/proc/<pid>/stat` fields after the name. */
function ownWorkerds(): { pid: number; stat: string[] }[] {
  const found = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('workerd')) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(stat[1]) !== process.pid) continue; // someone else's workerd
      found.push({ pid: Number(pid), stat });
    } catch {
      // The process ended meanwhile.
    }
  }
  return found;
}

/** User + system CPU seconds of the workerd processes this script started. */
function workerdCpuSeconds(): number {
  const tick = Number(execFileSync('getconf', ['CLK_TCK']).toString());
  let total = 0;
  for (const { stat } of ownWorkerds()) total += (Number(stat[11]) + Number(stat[12])) / tick;
  return total;
}

/** Where the Durable Objects' SQLite files go: a new folder per run, kept across restarts, removed at the end. */
const newPersistDir = () => mkdtempSync(path.join(os.tmpdir(), 'hoopla-load-'));

function startServer(persist: string): Miniflare {
  const wrangler = JSON.parse(readFileSync('dist/hoopla/wrangler.json', 'utf8'));
  const floor = {
    name: 'floor',
    scriptPath: 'tests/bench/floor.js',
    modules: true,
    compatibilityDate: wrangler.compatibility_date,
    durableObjects: { FLOOR: { className: 'Floor', useSQLite: true } },
    routes: [`${HOST}/floor/*`],
  };
  const app = {
    name: 'hoopla',
    scriptPath: 'dist/hoopla/index.js',
    modules: true,
    compatibilityDate: wrangler.compatibility_date,
    durableObjects: { TABLES: { className: 'TableObject', useSQLite: true } },
    bindings: wrangler.vars,
    // The real table-creation limiter, as configured in wrangler.toml.
    ratelimits: Object.fromEntries(
      (wrangler.ratelimits ?? []).map(
        (r: { name: string; namespace_id: string; simple: { limit: number; period: 10 | 60 } }) => [
          r.name,
          { namespace_id: r.namespace_id, simple: r.simple },
        ],
      ),
    ),
  };
  // The app first: whatever no route claims goes to it.
  return new Miniflare(
    convertV4MiniflareOptions({
      workers: [app, floor],
      host: HOST,
      port: PORT,
      // Every Durable Object's SQLite file under `persist` (a worker's own `durableObjectsPersist`
      // is not read by this Miniflare: its files went to a folder of its own, gone with it).
      resourcePersistencePath: persist,
      cf: false, // the placeholder `Request.cf`: nothing fetched from Cloudflare
    } as never),
  );
}

const quantile = (values: number[], q: number) => {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What the players did in one measured stretch of time. */
interface Window {
  elapsed: number;
  moves: number;
  simultaneousMoves: number;
  latencies: number[];
  stale: { simultaneous: number; other: number };
  errors: number;
  cpu: number;
  /** This script's own CPU seconds (the players and the flooder): it shares the machine. */
  clientCpu: number;
  /** This script's own event-loop delay, p99 in ms: high values would blur the latencies. */
  loopP99: number;
  /** Characters the players' sockets received. */
  received: number;
}

const loopDelay = monitorEventLoopDelay({ resolution: 5 });

/** Lets the players play for `seconds` and reports on that stretch only. */
async function measure(seconds: number): Promise<Window> {
  stats.moves = 0;
  stats.simultaneousMoves = 0;
  stats.latencies = [];
  stats.stale = { simultaneous: 0, other: 0 };
  const errors0 = stats.errors;
  const received0 = stats.received;
  loopDelay.reset();
  const cpu0 = workerdCpuSeconds();
  const client0 = process.cpuUsage();
  const t0 = performance.now();
  await sleep(seconds * 1000);
  const client = process.cpuUsage(client0);
  return {
    elapsed: (performance.now() - t0) / 1000,
    cpu: workerdCpuSeconds() - cpu0,
    clientCpu: (client.user + client.system) / 1e6,
    moves: stats.moves,
    simultaneousMoves: stats.simultaneousMoves,
    latencies: stats.latencies,
    stale: { ...stats.stale },
    errors: stats.errors - errors0,
    loopP99: loopDelay.percentile(99) / 1e6,
    received: stats.received - received0,
  };
}

/**
 * A socket at a floor table: the seats take turns as at a game table, each moving a think time
 * after the message that says it is its turn. Every message is one move done.
 */
class FloorSeat {
  ws!: WebSocket;
  moves = 0;
  sentAt: number | null = null;
  stopped = false;
  readonly table: string;
  readonly seat: number;

  constructor(table: string, seat: number) {
    this.table = table;
    this.seat = seat;
  }

  async connect(): Promise<void> {
    this.ws = new WebSocket(`${base.replace('http', 'ws')}/floor/${this.table}`);
    await new Promise((resolve, reject) => {
      this.ws.addEventListener('open', resolve, { once: true });
      this.ws.addEventListener('error', reject, { once: true });
    });
    this.ws.addEventListener('message', (e) => {
      stats.received += String(e.data).length;
      this.moves++;
      if (this.sentAt !== null) {
        stats.latencies.push(performance.now() - this.sentAt);
        this.sentAt = null;
      }
      if (this.moves % SOCKETS === this.seat) this.play();
    });
  }

  play(): void {
    setTimeout(
      () => {
        if (this.stopped) return;
        this.sentAt = performance.now();
        this.ws.send(JSON.stringify({ type: 'move', n: this.moves }));
        stats.moves++;
      },
      THINK_MS * (0.5 + Math.random()),
    );
  }
}

/** The floor at as many tables and sockets as the game run, sending `payloads` in turn. */
async function floorRun(payloads: string[]): Promise<Window> {
  const seats: FloorSeat[] = [];
  for (let t = 0; t < TABLES; t++) {
    const table = Array.from({ length: SOCKETS }, (_, s) => new FloorSeat(`t${t}`, s));
    for (const seat of table) await seat.connect();
    table[0]!.ws.send(JSON.stringify({ type: 'payloads', texts: payloads }));
    table[0]!.play();
    seats.push(...table);
  }
  await sleep(1000);
  const w = await measure(SECONDS);
  for (const seat of seats) {
    seat.stopped = true;
    seat.ws.close();
  }
  return w;
}

/** At most FLOOR_MESSAGES of the state and patch messages the tables sent, evenly spread. */
function sampledStates(): string[] {
  const step = Math.max(1, Math.floor(stats.sample.length / FLOOR_MESSAGES));
  return stats.sample.filter((_, i) => i % step === 0).slice(0, FLOOR_MESSAGES);
}

/** Enough different messages that no socket's compression window holds them all (32 KB). */
const FLOOR_MESSAGES = 200;

const cpuPerMove = (w: Window) => (w.cpu * 1000) / Math.max(1, w.moves);
const perSocketMove = (w: Window) => w.received / Math.max(1, w.moves * SOCKETS);

/** Every other table has a clock (seconds per move): what it costs to store is measured apart. */
const CLOCK_S = 30;
const clocked = (t: number) => t % 2 === 1;

async function openTables(): Promise<{ players: Player[]; tables: string[] }> {
  const players: Player[] = [];
  const tables: string[] = [];
  for (let t = 0; t < TABLES; t++) {
    const game = GAMES[t % GAMES.length]!;
    const clock = !FLOOD && clocked(t) ? CLOCK_S : null;
    const res = await fetch(`${base}/api/tables`, {
      method: 'POST',
      // Each table created by its own host, as the edge would report their addresses (the header
      // names a documentation range; no traffic goes there). One address would hit the limiter.
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': `192.0.2.${t % 250}` },
      body: JSON.stringify({ game, players: SOCKETS, clock }),
    });
    const { id, hostKey } = (await res.json()) as { id: string; hostKey: string };
    const seated = Array.from(
      { length: SOCKETS },
      (_, s) => new Player(id, s, s === 0 ? hostKey : undefined),
    );
    for (const p of seated) await p.connect();
    players.push(...seated);
    tables.push(id);
    seated[0]!.ws.send(JSON.stringify({ type: 'start' }));
  }
  await sleep(1000); // let every table deal
  return { players, tables };
}

const sameState = (a: StateMsg | null | undefined, b: StateMsg | null | undefined) =>
  a?.version === b?.version && JSON.stringify(a?.view) === JSON.stringify(b?.view);

/**
 * Whether a fresh socket reclaiming `p`'s seat is shown a state other than the one `p` holds.
 * With `settleMs`, a difference is looked at again that much later, against the check's latest
 * state: a timer of the table's (a clock, the pause between rounds) may move it on while the two
 * sockets' messages cross. A join without `name` leaves the seat's name as it is.
 */
async function viewDiffers(
  p: Player,
  { name, settleMs = 0 }: { name?: string; settleMs?: number },
): Promise<boolean> {
  const check = new Player(p.table, p.seat, undefined);
  check.stopped = true;
  check.ws = tableSocket(p.table);
  await new Promise((resolve) => check.ws.addEventListener('open', resolve, { once: true }));
  let latest: StateMsg | null = null;
  const fresh = new Promise<StateMsg | null>((resolve) => {
    setTimeout(() => resolve(null), 5000);
    check.ws.addEventListener('message', (e) => {
      const msg = JSON.parse(String(e.data));
      if (msg.type !== 'state') return;
      latest = msg;
      resolve(msg);
    });
  });
  check.ws.send(JSON.stringify({ type: 'join', name, token: p.token }));
  let differs = !sameState(await fresh, p.last);
  if (differs && settleMs > 0) {
    await sleep(settleMs);
    differs = !sameState(latest, p.last);
  }
  check.ws.close();
  return differs;
}

/** Consistency: a fresh socket reclaiming each seat gets exactly the view the player holds. */
async function inconsistentViews(players: Player[]): Promise<number> {
  let inconsistent = 0;
  for (const p of players) {
    if (await viewDiffers(p, { name: 'check' })) inconsistent++;
    p.ws.close();
  }
  return inconsistent;
}

const pct = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;
const ms = (n: number) => n.toFixed(2);
const staleLine = (w: Window) => `simultaneous ${w.stale.simultaneous}, other ${w.stale.other}`;
const staleShare = (w: Window) =>
  `${pct(w.stale.simultaneous, w.simultaneousMoves)} of ${w.simultaneousMoves} simultaneous moves, ` +
  `${pct(w.stale.other, w.moves - w.simultaneousMoves)} of ${w.moves - w.simultaneousMoves} others`;
const errorCodes = () => (stats.errors ? ` ${JSON.stringify([...stats.errorCodes])}` : '');

/** What a table's object reports it wrote since it woke (worker/table-object.ts: `usage`). */
type Usage = { rowsWritten: number; alarmsSet: number; moves: number };

/**
 * Rows written and alarms set per move, by each table's own count (the SQL cursors'
 * `rowsWritten`), for the tables with a clock and without, and by game.
 */
async function storageUse(server: Miniflare, tables: string[]): Promise<void> {
  // Miniflare's proxy of the binding (its declared type is not the runtime's).
  const namespace = (await server.getDurableObjectNamespace('TABLES', 'hoopla')) as unknown as {
    idFromString(id: string): unknown;
    get(id: unknown): { usage(): Promise<Usage> };
  };
  const groups = new Map<string, Usage>();
  const add = (key: string, u: Usage) => {
    const g = groups.get(key) ?? { rowsWritten: 0, alarmsSet: 0, moves: 0 };
    groups.set(key, {
      rowsWritten: g.rowsWritten + u.rowsWritten,
      alarmsSet: g.alarmsSet + u.alarmsSet,
      moves: g.moves + u.moves,
    });
  };
  for (const [t, id] of tables.entries()) {
    const u = await namespace.get(namespace.idFromString(id)).usage();
    add(clocked(t) ? `with a ${CLOCK_S} s clock` : 'without a clock', u);
    add(GAMES[t % GAMES.length]!, u);
  }
  for (const [key, u] of groups) {
    const rows = u.rowsWritten / Math.max(1, u.moves);
    const alarms = u.alarmsSet / Math.max(1, u.moves);
    console.log(
      `storage / move       ${(rows + alarms).toFixed(3)} rows (${rows.toFixed(3)} SQL rows + ${alarms.toFixed(3)} alarms set) ${key}, ${u.moves} moves; the floor writes 1`,
    );
  }
}

async function normalRun(server: Miniflare): Promise<void> {
  console.log(`${TABLES} tables × ${SOCKETS} sockets, ${SECONDS} s, think time ~${THINK_MS} ms`);
  const { players, tables } = await openTables();
  const w = await measure(SECONDS);
  for (const p of players) p.stopped = true;
  await sleep(500);
  const inconsistent = await inconsistentViews(players);

  console.log(`moves/s              ${(w.moves / w.elapsed).toFixed(0)}  (${w.moves} moves)`);
  console.log(
    `move → state, ms     median ${ms(quantile(w.latencies, 0.5))}, p99 ${ms(quantile(w.latencies, 0.99))}`,
  );
  console.log(
    `server CPU / move    ${cpuPerMove(w).toFixed(3)} ms (workerd ${w.cpu.toFixed(2)} s)`,
  );
  console.log(`errors               ${stats.errors}${errorCodes()}`);
  console.log(`stale refusals       ${staleLine(w)}  (${staleShare(w)})`);
  console.log(
    `desyncs              ${stats.desyncs + inconsistent} (gaps ${stats.desyncs}, views differing from the server ${inconsistent})`,
  );
  console.log(
    `load generator       CPU ${w.clientCpu.toFixed(2)} s, event-loop delay p99 ${ms(w.loopP99)} ms`,
  );
  console.log(
    `received / socket    ${perSocketMove(w).toFixed(0)} chars of JSON per move (${PATCHES ? 'patches' : 'whole states'}: mean ${(stats.stateChars / Math.max(1, stats.states)).toFixed(0)} per message)`,
  );

  console.log(`compression          ${stats.extensions || 'none'}`);
  await storageUse(server, tables);
  const payloads = sampledStates();
  const mean = payloads.reduce((n, text) => n + text.length, 0) / payloads.length;
  const f = await floorRun(payloads);
  console.log(
    `platform floor       ${cpuPerMove(f).toFixed(3)} ms CPU / move (${f.moves} moves, ${payloads.length} of the tables' messages in turn, mean ${mean.toFixed(0)} chars; median ${ms(quantile(f.latencies, 0.5))}, p99 ${ms(quantile(f.latencies, 0.99))} ms)`,
  );
  console.log(`table / floor        ${(cpuPerMove(w) / cpuPerMove(f)).toFixed(2)}× CPU per move`);
}

async function floodRun(): Promise<void> {
  console.log(
    `flood: 1 ${GAMES[0]} table × ${SOCKETS} sockets, think time ~${THINK_MS} ms; ` +
      `${SECONDS} s quiet, then ${SECONDS} s with one spectator sending ${FLOOD_MESSAGE} nonstop`,
  );
  const { players, tables } = await openTables();
  const quiet = await measure(SECONDS);
  const flooder = new Flooder();
  await flooder.open(tables[0]!);
  const flooding = flooder.flood(performance.now() + SECONDS * 1000);
  const flooded = await measure(SECONDS);
  await flooding;
  flooder.stop();
  for (const p of players) p.stopped = true;
  await sleep(500);
  const inconsistent = await inconsistentViews(players);

  const row = (label: string, cell: (w: Window) => string) =>
    console.log(`${label.padEnd(28)}${cell(quiet).padEnd(28)}${cell(flooded)}`);
  console.log(`${''.padEnd(28)}${'quiet'.padEnd(28)}flooded`);
  row('moves/s', (w) => `${(w.moves / w.elapsed).toFixed(1)} (${w.moves})`);
  row('move → state p50, ms', (w) => ms(quantile(w.latencies, 0.5)));
  row('move → state p99, ms', (w) => ms(quantile(w.latencies, 0.99)));
  row('move → state max, ms', (w) => ms(Math.max(...w.latencies)));
  row(
    'server CPU, s (per move ms)',
    (w) => `${w.cpu.toFixed(2)} (${((w.cpu * 1000) / Math.max(1, w.moves)).toFixed(2)})`,
  );
  row('stale refusals sim/other', (w) => `${w.stale.simultaneous}/${w.stale.other}`);
  row('simultaneous moves', (w) => String(w.simultaneousMoves));
  row('errors', (w) => String(w.errors));
  row('client CPU, s', (w) => w.clientCpu.toFixed(2));
  row('client loop delay p99, ms', (w) => ms(w.loopP99));
  const rate = flooder.sent / flooded.elapsed;
  console.log(
    `flooder sent               ${flooder.sent} messages (${rate.toFixed(0)}/s, handed to its connection)`,
  );
  console.log(
    `flooder was told           ${JSON.stringify([...flooder.received])}; Close ${
      flooder.close
        ? `${flooder.close.code} after ${flooder.close.afterMs.toFixed(0)} ms, ${flooder.close.afterSent} messages sent (ignored)`
        : 'never'
    }; connection ${
      flooder.ended
        ? `ended early: ${flooder.ended}, ${flooder.endedAfterMs.toFixed(0)} ms into the flood`
        : 'open to the end'
    }`,
  );
  console.log(`errors (whole run)         ${stats.errors}${errorCodes()}`);
  console.log(
    `desyncs                    ${stats.desyncs + inconsistent} (gaps ${stats.desyncs}, views differing from the server ${inconsistent})`,
  );
}

// ---- Kill mode: the runtime killed under load, and started again on the same files ----

/** How long a player coming back waits for its table's state before the table counts as failed. */
const BACK_TIMEOUT_MS = 15_000;

/** The Miniflare serving now: kill mode replaces it after every kill. */
type Live = { server: Miniflare };

/** What one kill showed, from the play before it to every player back and checked. */
interface Cycle {
  /** Moves the players sent in the play before the kill. */
  moves: number;
  /** Versions the tables moved on in that play, as far as any player was told before the kill. */
  acked: number;
  /** Acknowledged versions a table no longer had after the restart: must be 0. */
  lost: number;
  /** Versions stored but not yet told to any player when the runtime died (kept, and due). */
  ahead: number;
  /** Tables whose state did not come back to every player. */
  failed: number;
  /** Gaps in the states, restored views differing from what the player held, fresh reclaims differing. */
  desyncs: number;
  errors: number;
  /** From starting the new Miniflare: ready to serve, and every player back with its state. */
  readyMs: number;
  backMs: number;
}

/** SIGKILL to every workerd this script started: no shutdown, no flush, as a machine dies. */
function killRuntime(): void {
  const pids = ownWorkerds().map((w) => w.pid);
  if (pids.length === 0) throw new Error('no workerd of ours to kill');
  for (const pid of pids) process.kill(pid, 'SIGKILL');
}

/** Resolves once every player's socket is closed (the runtime is gone), or after `ms`. */
async function socketsClosed(players: Player[], ms: number): Promise<void> {
  const closed = players.map((p) =>
    p.ws.readyState === WebSocket.CLOSED
      ? undefined
      : new Promise((resolve) => p.ws.addEventListener('close', resolve, { once: true })),
  );
  await Promise.race([Promise.all(closed), sleep(ms)]);
}

/** Per table, the highest version among its players' states (or the lowest, with `Math.min`). */
function versionsByTable(
  states: Map<Player, StateMsg | null>,
  pick = Math.max,
): Map<string, number> {
  const versions = new Map<string, number>();
  for (const [p, state] of states) {
    if (!state) continue;
    const known = versions.get(p.table);
    versions.set(p.table, known === undefined ? state.version : pick(known, state.version));
  }
  return versions;
}

/**
 * Kills the runtime and starts a new one on the same files. Every state a player holds was sent
 * after its write was durable (the runtime holds a table's messages until then): acknowledged.
 * They are read once the sockets have closed, so that what was on the wire when workerd died
 * counts too. Gives each player's last state before the kill and first after it.
 */
async function killAndRestart(live: Live, persist: string, players: Player[]) {
  killRuntime();
  // Disposed in the same tick: Miniflare would otherwise start workerd again by itself once it
  // sees it exit. The old one is dead, so whatever its disposal says is of no interest.
  const disposed = live.server.dispose().catch(() => undefined);
  for (const p of players) p.pause();
  await socketsClosed(players, 5000);
  const held = new Map(players.map((p) => [p, p.last]));
  await disposed;
  const t0 = performance.now();
  live.server = startServer(persist);
  await live.server.ready;
  const readyMs = performance.now() - t0;
  // Everyone at once, as every page reconnects as soon as the server is back.
  const back = new Map(await Promise.all(players.map(async (p) => [p, await p.rejoin()] as const)));
  return { held, back, readyMs, backMs: performance.now() - t0 };
}

/** Per player, its last state before the kill and its first after it (null: it did not get one). */
type Before = Map<Player, StateMsg | null>;
type After = Map<Player, StateMsg | null>;

/**
 * The tables' versions after the restart against those acknowledged before it. A table's version
 * now is the lowest its players were shown (a timer of its own may have moved it on since).
 */
function versionsBack(start: Map<string, number>, held: Before, back: After) {
  const acked = versionsByTable(held);
  const restored = versionsByTable(back, Math.min);
  const failed = new Set([...back].filter(([, state]) => !state).map(([p]) => p.table));
  let gained = 0;
  let lost = 0;
  let ahead = 0;
  for (const [table, version] of acked) {
    gained += Math.max(0, version - (start.get(table) ?? 0));
    const now = restored.get(table);
    if (now === undefined || failed.has(table)) continue;
    lost += Math.max(0, version - now);
    ahead += Math.max(0, now - version);
  }
  return { acked: gained, lost, ahead, failed: failed.size };
}

/**
 * Players whose table came back other than they held it: shown the version they held but not
 * the view, or (in a fresh reclaim of their seat) not the state their own socket was shown.
 */
async function desyncsBack(held: Before, back: After): Promise<number> {
  let desyncs = 0;
  for (const [p, state] of back) {
    const before = held.get(p);
    if (state && before?.version === state.version && !sameState(state, before)) desyncs++;
  }
  for (const [p, state] of back) {
    if (state && (await viewDiffers(p, { settleMs: 500 }))) desyncs++;
  }
  return desyncs;
}

/** One cycle: play for SECONDS, kill, restart, and check what came back. */
async function killCycle(live: Live, persist: string, players: Player[]): Promise<Cycle> {
  const errors0 = stats.errors;
  const gaps0 = stats.desyncs;
  const start = versionsByTable(new Map(players.map((p) => [p, p.last])));
  const w = await measure(SECONDS);
  const { held, back, readyMs, backMs } = await killAndRestart(live, persist, players);
  const versions = versionsBack(start, held, back);
  const desyncs = await desyncsBack(held, back);
  // A player whose table did not come back waits for the next restart.
  for (const [p, state] of back) if (state) p.resume();
  return {
    moves: w.moves,
    ...versions,
    desyncs: desyncs + stats.desyncs - gaps0,
    errors: stats.errors - errors0,
    readyMs,
    backMs,
  };
}

/** One line of the kill table: a cycle's figures, or the totals. */
function cycleRow(label: string, c: Cycle, backMs: string): string {
  const cells = [c.moves, c.acked, c.lost, c.ahead, c.failed, c.desyncs, c.errors];
  return `${label.padEnd(7)}${cells.map((n) => String(n).padStart(8)).join('')}  ${backMs}`;
}

function totalOf(cycles: Cycle[]): Cycle {
  const sum = (key: keyof Cycle) => cycles.reduce((n, c) => n + c[key], 0);
  return {
    moves: sum('moves'),
    acked: sum('acked'),
    lost: sum('lost'),
    ahead: sum('ahead'),
    failed: sum('failed'),
    desyncs: sum('desyncs'),
    errors: sum('errors'),
    readyMs: sum('readyMs'),
    backMs: sum('backMs'),
  };
}

async function killRun(live: Live, persist: string): Promise<void> {
  console.log(
    `kill: ${TABLES} tables × ${SOCKETS} sockets, think time ~${THINK_MS} ms; ${KILLS} times: ` +
      `${SECONDS} s of play, kill -9 of workerd, a new runtime on the same files, every player back`,
  );
  const { players } = await openTables();
  console.log(
    `cycle     moves   acked    lost   ahead  failed desyncs  errors  restart → ready / all back, ms`,
  );
  const cycles: Cycle[] = [];
  for (let i = 1; i <= KILLS; i++) {
    const c = await killCycle(live, persist, players);
    cycles.push(c);
    console.log(cycleRow(String(i), c, `${c.readyMs.toFixed(0)} / ${c.backMs.toFixed(0)}`));
  }
  const total = totalOf(cycles);
  const backs = cycles.map((c) => c.backMs);
  console.log(
    cycleRow(
      'total',
      total,
      `median ${quantile(backs, 0.5).toFixed(0)}, max ${Math.max(...backs).toFixed(0)} (all back)`,
    ),
  );
  console.log(
    `${KILLS} cycles, ${TABLES} tables: ${total.lost} acknowledged versions lost, ` +
      `${total.failed} tables failed to load, ${total.desyncs} desyncs, ${total.errors} errors${errorCodes()}`,
  );
  for (const p of players) p.ws.close();
  if (total.lost > 0 || total.failed > 0 || total.desyncs > 0) process.exitCode = 1;
}

async function main(): Promise<void> {
  console.log('building…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const persist = newPersistDir();
  const live: Live = { server: startServer(persist) };
  loopDelay.enable();
  try {
    await live.server.ready;
    if (KILLS) await killRun(live, persist);
    else if (FLOOD) await floodRun();
    else await normalRun(live.server);
  } finally {
    loopDelay.disable();
    await live.server.dispose();
    rmSync(persist, { recursive: true, force: true });
  }
}

await main();
