/**
 * Load test: `npm run load [-- --tables 50 --sockets 4 --seconds 20]`. Builds the app and runs the
 * built Worker in the local Workers runtime (Miniflare: workerd, SQLite-backed Durable Objects on
 * disk, no dev proxy or inspector in the way), opens N tables × M seated sockets that play random legal moves
 * (with a short think time, as people do) for a bounded time, then prints moves per second, the
 * time from a move sent to the mover's new state (median, p99), errors, desyncs, and the server's
 * CPU time per move.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { fillStandIn, ownHandIds } from '../engine/support/cards.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const TABLES = arg('tables', 50);
const SOCKETS = arg('sockets', 4);
const SECONDS = arg('seconds', 20);
const THINK_MS = arg('think', 40);
const PORT = arg('port', 8790);
const GAMES = ['hulahoo', 'hilo', 'sneak'];
const base = `http://127.0.0.1:${PORT}`;

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
  errors: 0,
  errorCodes: new Map<string, number>(),
  desyncs: 0,
  latencies: [] as number[],
};

function randomMove(view: View): unknown {
  const move = view.legal[Math.floor(Math.random() * view.legal.length)]!;
  return fillStandIn(move, () => ownHandIds(view), Math.random);
}

class Player {
  ws!: WebSocket;
  token = '';
  last: StateMsg | null = null;
  pending: { version: number; at: number } | null = null;
  timer: ReturnType<typeof setTimeout> | null = null;
  stopped = false;

  readonly table: string;
  readonly seat: number;
  readonly hostKey: string | undefined;

  constructor(table: string, seat: number, hostKey: string | undefined) {
    this.table = table;
    this.seat = seat;
    this.hostKey = hostKey;
  }

  async connect(): Promise<void> {
    this.ws = new WebSocket(`${base.replace('http', 'ws')}/api/tables/${this.table}/ws`);
    await new Promise((resolve, reject) => {
      this.ws.addEventListener('open', resolve, { once: true });
      this.ws.addEventListener('error', reject, { once: true });
    });
    this.ws.addEventListener('message', (e) => this.onMessage(JSON.parse(String(e.data))));
    this.ws.send(JSON.stringify({ type: 'join', name: `P${this.seat}`, hostKey: this.hostKey }));
    this.ws.send(JSON.stringify({ type: 'sit', seat: this.seat }));
  }

  onMessage(msg: { type: string; [k: string]: unknown }): void {
    if (msg.type === 'seated') this.token = String(msg.token);
    if (msg.type === 'error') {
      if (msg.code === 'stale') return; // a simultaneous phase moved on: the next state comes
      stats.errors++;
      const code = String(msg.code);
      stats.errorCodes.set(code, (stats.errorCodes.get(code) ?? 0) + 1);
      return;
    }
    if (msg.type !== 'state') return;
    const state = msg as unknown as StateMsg;
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
    this.plan();
  }

  plan(): void {
    if (this.stopped || this.timer || !this.last) return;
    const view = this.last.view;
    if (view.phase === 'gameOver') {
      if (this.hostKey) this.ws.send(JSON.stringify({ type: 'rematch' }));
      return;
    }
    if (view.you === null || !view.toMove.includes(view.you) || view.legal.length === 0) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        const state = this.last!;
        if (this.stopped || !state.view.toMove.includes(this.seat) || state.view.legal.length === 0)
          return;
        this.pending = { version: state.version, at: performance.now() };
        this.ws.send(
          JSON.stringify({ type: 'move', move: randomMove(state.view), version: state.version }),
        );
        stats.moves++;
      },
      THINK_MS * (0.5 + Math.random()),
    );
  }
}

/** User + system CPU seconds of the workerd processes this script started. */
function workerdCpuSeconds(): number {
  const tick = Number(execFileSync('getconf', ['CLK_TCK']).toString());
  let total = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('workerd')) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[1]) !== process.pid) continue; // someone else's workerd
      total += (Number(fields[11]) + Number(fields[12])) / tick;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

function startServer(): Miniflare {
  const wrangler = JSON.parse(readFileSync('dist/hoopla/wrangler.json', 'utf8'));
  return new Miniflare(
    convertV4MiniflareOptions({
      scriptPath: 'dist/hoopla/index.js',
      modules: true,
      compatibilityDate: wrangler.compatibility_date,
      durableObjects: { TABLES: { className: 'TableObject', useSQLite: true } },
      durableObjectsPersist: mkdtempSync(path.join(os.tmpdir(), 'hoopla-load-')),
      bindings: wrangler.vars,
      host: '127.0.0.1',
      port: PORT,
    }),
  );
}

const quantile = (values: number[], q: number) => {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

async function main(): Promise<void> {
  console.log('building…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const server = startServer();
  try {
    await server.ready;
    console.log(`${TABLES} tables × ${SOCKETS} sockets, ${SECONDS} s, think time ~${THINK_MS} ms`);
    const players: Player[] = [];
    for (let t = 0; t < TABLES; t++) {
      const game = GAMES[t % GAMES.length]!;
      const res = await fetch(`${base}/api/tables`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ game, players: SOCKETS }),
      });
      const { id, hostKey } = (await res.json()) as { id: string; hostKey: string };
      const seated = Array.from(
        { length: SOCKETS },
        (_, s) => new Player(id, s, s === 0 ? hostKey : undefined),
      );
      for (const p of seated) await p.connect();
      players.push(...seated);
      await new Promise((r) => setTimeout(r, 20));
      seated[0]!.ws.send(JSON.stringify({ type: 'start' }));
    }
    await new Promise((r) => setTimeout(r, 1000)); // let every table deal
    stats.moves = 0;
    stats.latencies.length = 0;
    const cpu0 = workerdCpuSeconds();
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const cpu = workerdCpuSeconds() - cpu0;
    const elapsed = (performance.now() - t0) / 1000;
    const moves = stats.moves;
    for (const p of players) p.stopped = true;
    await new Promise((r) => setTimeout(r, 500));

    // Consistency: a fresh socket reclaiming each seat gets exactly the view the player holds.
    let inconsistent = 0;
    for (const p of players) {
      const check = new Player(p.table, p.seat, undefined);
      check.stopped = true;
      check.ws = new WebSocket(`${base.replace('http', 'ws')}/api/tables/${p.table}/ws`);
      await new Promise((resolve) => check.ws.addEventListener('open', resolve, { once: true }));
      const fresh = new Promise<StateMsg | null>((resolve) => {
        setTimeout(() => resolve(null), 5000);
        check.ws.addEventListener('message', (e) => {
          const msg = JSON.parse(String(e.data));
          if (msg.type === 'state') resolve(msg);
        });
      });
      check.ws.send(JSON.stringify({ type: 'join', name: 'check', token: p.token }));
      const got = await fresh;
      if (
        JSON.stringify(got?.view) !== JSON.stringify(p.last?.view) ||
        got?.version !== p.last?.version
      ) {
        inconsistent++;
      }
      check.ws.close();
      p.ws.close();
    }

    console.log(`moves/s            ${(moves / elapsed).toFixed(0)}  (${moves} moves)`);
    console.log(
      `move → state, ms   median ${quantile(stats.latencies, 0.5).toFixed(2)}, p99 ${quantile(stats.latencies, 0.99).toFixed(2)}`,
    );
    console.log(
      `server CPU / move  ${((cpu * 1000) / Math.max(1, moves)).toFixed(3)} ms (workerd ${cpu.toFixed(2)} s)`,
    );
    console.log(
      `errors             ${stats.errors}${stats.errors ? ` ${JSON.stringify([...stats.errorCodes])}` : ''}`,
    );
    console.log(
      `desyncs            ${stats.desyncs + inconsistent} (gaps ${stats.desyncs}, views differing from the server ${inconsistent})`,
    );
  } finally {
    await server.dispose();
  }
}

await main();
