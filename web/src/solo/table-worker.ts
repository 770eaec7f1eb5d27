/**
 * A solo table, run in a Web Worker: the shell a Durable Object is to a live table, in the
 * browser. The table's own step (shared/table/step.ts), the engine and the bots run here, off the
 * page's thread, so that the board never waits on a hard bot's search. Each input goes through the
 * step; its rows are kept in IndexedDB (solo-rows.ts) before anything it changed reaches the page;
 * its wake-ups become timers. The page speaks to it as to a socket (worker-messages.ts).
 *
 * One page at a time runs a table's worker (the page holds a lock on it: local-transport.ts).
 */
import * as v from 'valibot';
import { createTableSchema, importTableSchema } from '../../../shared/api.ts';
import { botFor } from '../../../shared/games/bots.ts';
import { parseClientMessage } from '../../../shared/protocol.ts';
import { toBase64url } from '../../../shared/push.ts';
import { carryOut, type Held, type Host } from '../../../shared/table/carry-out.ts';
import { type Conn, newConn } from '../../../shared/table/conns.ts';
import { gameLog } from '../../../shared/table/game-log.ts';
import { positionTable } from '../../../shared/table/imported.ts';
import { botDelays } from '../../../shared/table/limits.ts';
import {
  checkNewTable,
  type Dealt,
  gameOf,
  hasGame,
  newTable,
  type Table,
} from '../../../shared/table/meta.ts';
import {
  type Input,
  type Memory,
  newMemory,
  type Outbox,
  publicSummary,
  step,
  type World,
} from '../../../shared/table/step.ts';
import { carriedOver } from '../../../shared/table/stored.ts';
import { dropRows, type SoloEntry, soloEntry } from './solo-db.ts';
import { loadRows, writeRows } from './solo-rows.ts';
import type { FromWorker, ToWorker, Upload } from './worker-messages.ts';

/** A bot's human-feeling pause before it moves, in ms, where the page does not say the server's. */
const BOT_DELAY_MS = 900;

/** The mean pause before a bot moves: the server's (BOT_DELAY_MS), as its page says it. */
let botDelay = BOT_DELAY_MS;

/** SoloOptions, as the page kept them. */
const soloOptionsSchema = v.object({ table: createTableSchema, name: v.nullable(v.string()) });

/** A PositionWish, as the page kept it: checked as the server checks an import. */
const positionWishSchema = v.object({ position: importTableSchema });

const newSecret = () => toBase64url(crypto.getRandomValues(new Uint8Array(24)));

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const post = (message: FromWorker) => self.postMessage(message);

let id = '';
let table: Table | null = null;
let entry: SoloEntry | null = null;
let memory: Memory = newMemory();
/** The moves of the current game the latest snapshot holds. */
let snapshotAt = 0;
/** The open connections: the page's, and while a table is made, its maker's. */
const conns = new Map<string, Conn>();
/** The page's connection. */
let page: string | null = null;
/** One input at a time, in the order they came. */
let queue: Promise<unknown> = Promise.resolve();
let alarm: ReturnType<typeof setTimeout> | undefined;
const held = new Map<Held, ReturnType<typeof setTimeout>>();

function enqueue(work: () => Promise<unknown>): void {
  queue = queue.then(work).catch((err: unknown) => console.error('The solo table failed.', err));
}

/** The world the step meets: this browser's page, always there while the worker runs. */
function world(): World {
  const now = Date.now();
  return {
    now,
    sockets: [...conns.values()].map((conn) => ({ conn, pingedAt: now })),
    secret: newSecret,
    ...botDelays(botDelay, Math.random()),
    pushEndpoint: null,
    noticeDelay: 0,
  };
}

/** One input through the step, and its outbox carried out: kept first, then told to the page. */
async function run(input: Input): Promise<Outbox | null> {
  const before = table;
  if (!before || !entry) return null;
  const now = world();
  const out = step(before, input, memory, now);
  table = out.erase ? null : out.table;
  await carryOut(before, out, host(now));
  return out;
}

/** How an outbox is carried out here (carry-out.ts): rows in IndexedDB, the page for sockets. */
function host(now: World): Host {
  return {
    snapshotAt: () => snapshotAt,
    write: async (rows) => {
      if (rows.snapshot) snapshotAt = rows.snapshot.n;
      if (!entry || !table) return;
      entry = { ...entry, summary: publicSummary(table, now), at: now.now };
      await writeRows(id, rows, entry);
    },
    // Never while the page that runs it is open; then as a live table does, nothing is kept.
    erase: async () => {
      clearTimeout(alarm);
      for (const timer of held.values()) clearTimeout(timer);
      await dropRows(id, null);
    },
    attach: (conn) => {
      if (conns.has(conn.id)) conns.set(conn.id, conn);
    },
    send: (conn, text) => {
      if (conn === page) post({ kind: 'heard', text });
    },
    close: (conn, code, reason) => {
      conns.delete(conn);
      if (conn === page) post({ kind: 'closed', code, reason });
    },
    // This browser's own table pushes no notices (its world names no push service).
    push: () => {},
    hold,
    plan,
    think,
    problem: (text) => console.warn(`solo table: ${text}`),
  };
}

/** A held input, `ms` from now, unless one is waiting already. */
function hold(kind: Held, ms: number): void {
  if (held.has(kind)) return;
  held.set(
    kind,
    setTimeout(() => {
      held.delete(kind);
      enqueue(() => run({ kind }));
    }, ms),
  );
}

/** The table's next wake-up: its alarm or its bots' turn soon, whichever is first. */
function plan(wake: number | null, soon: number | null): void {
  clearTimeout(alarm);
  const at = Math.min(wake ?? Number.POSITIVE_INFINITY, soon ?? Number.POSITIVE_INFINITY);
  if (at === Number.POSITIVE_INFINITY) return;
  alarm = setTimeout(() => enqueue(() => run({ kind: 'alarm' })), Math.max(0, at - Date.now()));
}

/**
 * The move the step asked for: a bot's, or the time-out move of a person out of time. It is
 * thought about in a task of its own, so that what the page said meanwhile is heard first; should
 * the table have moved by then, the step drops it and looks again.
 */
function think(ask: NonNullable<Outbox['think']>): void {
  setTimeout(() =>
    enqueue(async () => {
      const now = table;
      if (!now || !hasGame(now) || now.meta.version !== ask.version) return;
      await run({ kind: 'decided', due: ask.due, version: ask.version, move: decide(now, ask) });
    }),
  );
}

/** The bot's decision, its search run to the end (this thread is the table's alone). */
function decide(now: Dealt, { due, level }: NonNullable<Outbox['think']>): unknown {
  try {
    const view = gameOf(now.meta).view(now.state, due.seat);
    const bot = botFor(now.meta.game, level);
    if (due.timedOut) return (bot.onTimeout ?? bot.choose)(view, Math.random);
    if (!bot.think) return bot.choose(view, Math.random);
    const thinking = bot.think(view, Math.random);
    for (;;) {
      const next = thinking.next();
      if (next.done) return next.value;
    }
  } catch (err) {
    console.error(`The bot at seat ${due.seat} failed.`, err);
    return undefined; // the step makes the first legal move instead
  }
}

/** A new connection for the page, let in by the table's secrets. */
async function openPage(): Promise<void> {
  if (!entry) return;
  const conn = newConn(newSecret(), 'solo', Date.now());
  conns.set(conn.id, conn);
  page = conn.id;
  const presented = [await sha256(entry.token), await sha256(entry.hostKey)];
  await run({ kind: 'open', conn, presented });
  post({ kind: 'open' });
}

/**
 * What the page says, as a socket's message: parsed like one. Its join is made with the table's
 * own secrets, which the page never holds; a seat it takes is taken with the same token.
 */
async function said(text: string): Promise<void> {
  if (!page || !entry) return;
  const parsed = parseClientMessage(text);
  if (!parsed.ok) {
    post({ kind: 'heard', text: JSON.stringify({ type: 'error', ...parsed.error }) });
    return;
  }
  const { message } = parsed;
  const tokenHash = await sha256(entry.token);
  if (message.type === 'join') {
    const join = { ...message, token: entry.token, hostKey: entry.hostKey };
    const hostKeyHash = await sha256(entry.hostKey);
    await run({ kind: 'join', conn: page, message: join, tokenHash, hostKeyHash });
    return;
  }
  const token = message.type === 'sit' ? { token: entry.token, hash: tokenHash } : null;
  await run({ kind: 'message', conn: page, message, token });
}

/**
 * A new table: you sit at seat 0 and the game starts at once, bots at every other seat. It is
 * made as any table is, through the step: a connection of its maker joins as the host, sits, says
 * start, and closes; the page then joins as the seat's player. A table from a position is made
 * otherwise (`createAt`).
 */
async function create(options: unknown): Promise<boolean> {
  if (v.is(v.object({ position: v.unknown() }), options)) return createAt(options);
  // The options come from this browser's storage: checked as a request to the server would be.
  const parsed = v.safeParse(soloOptionsSchema, options);
  const name = parsed.success ? parsed.output.name : null;
  const join = parseClientMessage(JSON.stringify({ type: 'join', ...(name ? { name } : {}) }));
  if (!parsed.success || !join.ok || join.message.type !== 'join') {
    post({ kind: 'broken', why: "The new table's options do not fit." });
    return false;
  }
  const { game, players, config, botLevel = 'normal' } = parsed.output.table;
  const bots = Array.from({ length: players - 1 }, (_, i) => i + 1);
  const checked = checkNewTable(game, players, config, bots);
  if (!checked.ok) {
    post({ kind: 'broken', why: checked.error.message });
    return false;
  }
  const token = newSecret();
  const hostKey = newSecret();
  const [tokenHash, hostKeyHash] = [await sha256(token), await sha256(hostKey)];
  const now = Date.now();
  const meta = newTable({
    ...{ id, game, players, config: checked.config, bots, botLevel },
    ...{ pace: 'live', clock: null, hostKeyHash, now },
  });
  table = { meta, state: null };
  entry = {
    id,
    seat: 0,
    summary: publicSummary(table, world()),
    at: now,
    token,
    hostKey,
    online: null,
  };
  await writeRows(id, { record: meta }, entry);
  const maker = newConn(newSecret(), 'solo', now);
  conns.set(maker.id, maker);
  await run({ kind: 'open', conn: maker, presented: [hostKeyHash] });
  const message = { ...join.message, hostKey };
  await run({ kind: 'join', conn: maker.id, message, tokenHash: null, hostKeyHash });
  const sit = { type: 'sit', seat: 0 } as const;
  await run({ kind: 'message', conn: maker.id, message: sit, token: { token, hash: tokenHash } });
  await run({ kind: 'message', conn: maker.id, message: { type: 'start' }, token: null });
  const closing = conns.get(maker.id) ?? maker;
  conns.delete(maker.id);
  await run({ kind: 'closed', conn: closing });
  return true;
}

/**
 * A new table at a moment of a finished game (PositionWish): made as an import of it would make a
 * live one (imported.ts: `positionTable`), you in your seat of that game, bots in the others, and
 * kept at once, its start with it.
 */
async function createAt(wish: unknown): Promise<boolean> {
  const parsed = v.safeParse(positionWishSchema, wish);
  if (!parsed.success) {
    post({ kind: 'broken', why: "The new table's position does not fit." });
    return false;
  }
  const body = parsed.output.position;
  const token = newSecret();
  const hostKey = newSecret();
  const [tokenHash, hostKeyHash] = [await sha256(token), await sha256(hostKey)];
  const now = world();
  const out = positionTable({
    body,
    id,
    tokenHash,
    hostKeyHash,
    now: now.now,
    botDelay: now.botDelay,
  });
  if (!out.ok) {
    post({ kind: 'broken', why: out.error.message });
    return false;
  }
  table = out.table;
  memory = newMemory(gameLog(out.table.meta.gameNo, [], out.start));
  snapshotAt = 0;
  const summary = publicSummary(out.table, now);
  entry = { id, seat: body.you.seat, summary, at: now.now, token, hostKey, online: null };
  const rows = carriedOver({ table: out.table, log: [], snapshotAt, start: out.start });
  await writeRows(id, rows, entry);
  return true;
}

/** Opens table `tableId`: read back from its rows, or made from `options`. */
async function open(tableId: string, options: unknown): Promise<void> {
  id = tableId;
  entry = await soloEntry(id);
  if (entry?.online) {
    post({ kind: 'moved', to: entry.online });
    return;
  }
  const loaded = entry ? await loadRows(id) : null;
  if (loaded && !loaded.ok) {
    console.error(`solo table ${id}: its rows cannot be read back: ${loaded.error.message}`);
    post({ kind: 'broken', why: loaded.error.message });
    return;
  }
  if (loaded?.loaded) {
    const { table: found, log, snapshotAt: at, start } = loaded.loaded;
    table = found;
    snapshotAt = at;
    memory = newMemory(gameLog(found.meta.gameNo, log, start));
  } else if (options === null || !(await create(options))) {
    if (options === null) post({ kind: 'missing' });
    return;
  }
  await openPage();
  // Whatever fell due while the table was closed (a bot's turn, the round's pause) happens now.
  await run({ kind: 'alarm' });
}

/** The game so far, to take it online; only at a round's end or the game's. */
function upload(): FromWorker {
  if (!table || !entry || !hasGame(table)) return { kind: 'upload', upload: null, why: 'no game' };
  const { meta, state } = table;
  if (state.phase !== 'roundOver' && meta.status !== 'over') {
    return { kind: 'upload', upload: null, why: 'mid-round' };
  }
  const you = entry.seat;
  const name = meta.seats[you]?.name;
  const body: Upload = {
    game: meta.game,
    players: meta.players,
    config: meta.config,
    seed: meta.seed ?? '',
    ...(memory.log.start ? { start: memory.log.start } : {}),
    moves: memory.log.entries.map(({ seat, move }) => ({ seat, move })),
    totals: gameOf(meta).result(state).totals,
    you: name ? { seat: you, name } : { seat: you },
    levels: meta.seats.map((s, seat) => (seat === you ? null : (s.level ?? meta.botLevel))),
  };
  return { kind: 'upload', upload: body };
}

/** The table went online: its rows go, and its entry sends its old link to the live table. */
async function wentOnline(to: string): Promise<void> {
  if (!entry || !/^[0-9a-f]{64}$/.test(to)) return;
  entry = { ...entry, online: to };
  table = null;
  clearTimeout(alarm);
  for (const timer of held.values()) clearTimeout(timer);
  await dropRows(id, entry);
  post({ kind: 'moved', to });
}

self.addEventListener('message', (e: MessageEvent<ToWorker>) => {
  const message = e.data;
  switch (message.kind) {
    case 'open':
      botDelay = message.botDelay ?? BOT_DELAY_MS;
      enqueue(() => open(message.id, message.create));
      break;
    case 'say':
      enqueue(() => said(message.text));
      break;
    case 'upload':
      enqueue(async () => post(upload()));
      break;
    case 'online':
      enqueue(() => wentOnline(message.to));
      break;
  }
});
