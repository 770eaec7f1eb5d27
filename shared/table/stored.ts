/**
 * What a table keeps in its storage, and the one way it is read back. Storage is a boundary like
 * the network: a key never written reads back as `undefined`, and an older server wrote older
 * shapes. So every record is parsed here — the table's record (`meta`), its game's state, its log
 * entries, a socket's attachment — into its type or into a clear refusal, never cast.
 */
import * as v from 'valibot';
import { PACES } from '../api.ts';
import { BOT_LEVELS } from '../engine/bot.ts';
import { fail } from '../engine/reject.ts';
import type { RoundState } from '../engine/rounds.ts';
import { GAME_IDS, type Result } from '../engine/types.ts';
import { parseState } from '../games/states.ts';
import { issueText } from '../issues.ts';
import { TABLE_STATUSES, UNSEAT_REASONS } from '../protocol.ts';
import { noticeLangSchema } from '../push.ts';
import type { Conn } from './conns.ts';
import type { LogEntry } from './game-log.ts';
import { gameOf, type SeatRecord, type Table, type TableMeta } from './meta.ts';
import type { Device } from './notify.ts';
import { upgradeState } from './upgrade.ts';

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const seat = count;
const time = v.number();
const hash = v.string();

const seatRecordSchema: v.GenericSchema<unknown, SeatRecord> = v.object({
  name: v.nullable(v.string()),
  bot: v.boolean(),
  tokenHash: v.nullable(hash),
  away: v.optional(v.object({ tokenHash: hash, name: v.nullable(v.string()) })),
  level: v.optional(v.picklist(BOT_LEVELS)),
});

/**
 * The table's record in its current shape. Fields added since a table was made take the values
 * that keep its game as it was (what `newTable` gives a new one, or what the older server meant).
 */
const metaSchema: v.GenericSchema<unknown, TableMeta> = v.pipe(
  v.object({
    id: v.string(),
    game: v.picklist(GAME_IDS),
    players: v.pipe(count, v.minValue(1)),
    config: v.unknown(),
    clock: v.nullable(v.number()),
    botLevel: v.optional(v.picklist(BOT_LEVELS), 'normal'),
    pace: v.optional(v.picklist(PACES), 'live'),
    hostKeyHash: hash,
    createdAt: time,
    lastActive: time,
    seats: v.array(seatRecordSchema),
    status: v.picklist(TABLE_STATUSES),
    gameNo: count,
    seed: v.nullable(v.string()),
    // Before games could be imported, every table dealt its games from its own seed alone.
    reseeded: v.optional(v.nullable(v.object({ after: count, seed: v.string() })), null),
    version: count,
    moveCount: count,
    deadline: v.nullable(time),
    botDue: v.nullable(time),
    decisions: v.optional(v.array(count)),
    roundStarted: v.optional(count, 0),
    ready: v.optional(v.array(seat), []),
    gone: v.optional(
      v.array(v.object({ tokenHash: hash, seat, reason: v.picklist(UNSEAT_REASONS) })),
      [],
    ),
    gamePlayers: v.optional(v.array(hash), []),
    dealt: v.optional(v.array(v.nullable(hash))),
    lastSeen: v.optional(v.nullable(time), null),
    rematch: v.optional(
      v.nullable(v.object({ agreed: v.array(seat), startsAt: v.nullable(time) })),
      null,
    ),
    firstLook: v.optional(v.nullable(v.object({ waiting: v.array(seat), until: time })), null),
    notified: v.optional(v.array(count), []),
    nudgeTold: v.optional(v.array(count), []),
    outOfTime: v.optional(v.array(seat), []),
  }),
  v.check((m) => m.seats.length === m.players, 'seats: one per player'),
  v.transform((m) => ({
    ...m,
    // Before decisions were kept, every seat's decision stood since the latest version.
    decisions: m.decisions ?? m.seats.map(() => m.version),
    // A round dealt before this was kept: whoever holds each seat now held it then.
    dealt: m.dealt ?? m.seats.map((s) => s.tokenHash),
  })),
);

/** A move as the log keeps it; entries stored before events were logged have none. */
const logEntrySchema: v.GenericSchema<unknown, LogEntry> = v.object({
  seat,
  move: v.unknown(),
  events: v.optional(v.array(v.looseObject({ type: v.string() })), []),
});

/** A socket's identity as the runtime kept it through hibernation (`serializeAttachment`). */
const attachmentSchema = v.object({
  id: v.string(),
  openedAt: time,
  heardAt: time,
  client: v.string(),
  joined: v.boolean(),
  tokenHash: v.nullable(hash),
  seat: v.nullable(seat),
  host: v.boolean(),
  name: v.nullable(v.string()),
  patches: v.boolean(),
  silent: v.boolean(),
  device: v.optional(v.nullable(v.string()), null),
  /** Set once the table has closed the socket: it is not heard again. */
  closed: v.optional(v.boolean(), false),
}) satisfies v.GenericSchema<unknown, Conn & { closed: boolean }>;

/** `raw` in the schema's type, or the first thing wrong with it and where, under `what`. */
function parse<T>(
  schema: v.GenericSchema<unknown, T>,
  raw: unknown,
  what: string,
): Result<{ value: T }, 'bad-record'> {
  const parsed = v.safeParse(schema, raw);
  if (parsed.success) return { ok: true, value: parsed.output };
  return fail('bad-record', issueText(parsed.issues, what));
}

// ---- The rows: how a table is stored now ----

/** A game's state as it stood after its first `n` moves: where a load starts replaying. */
export interface Snapshot {
  game: number;
  n: number;
  state: RoundState;
}

/**
 * Move `n` of game `game` (counted from 1): the log entry, and the table's record as that move
 * left it (`meta`), which then stands in for the record row until the record is written again.
 * Moves carried over from an older server's log have no `meta`: a snapshot stands after them.
 */
export interface MoveRow {
  game: number;
  n: number;
  entry: LogEntry & { meta?: TableMeta };
}

/**
 * Moves `n - entries.length + 1` to `n` of game `game` in one row: a game played elsewhere (an
 * import, or an older server's log carried over), written at once. Rows are what storage costs,
 * so a log of thousands of moves is a row or two, not a row a move. No record rides on it: the
 * record row is written with it.
 */
export interface RunRow {
  game: number;
  n: number;
  entries: LogEntry[];
}

/**
 * The state game `game` began at, where it was not dealt from its seed (a moment of another game:
 * position.ts): kept as its move 0, a row written once with the game, for its record.
 */
export interface StartRow {
  game: number;
  state: RoundState;
}

/**
 * What one input writes: at most the record, the snapshot and a move, one row each; a table
 * made with a game already played, its moves in runs, and the state it began at.
 */
export interface Rows {
  record?: TableMeta;
  snapshot?: Snapshot;
  moves?: MoveRow[];
  runs?: RunRow[];
  start?: StartRow;
  /** The devices to notify, all of them, when they changed (notify.ts). */
  devices?: Device[];
}

/**
 * A table's rows as storage hands them back: anything at all, parsed here. `moves(game)` lists
 * that game's move rows in order of `n`: a move's, or a run's (`{ run: LogEntry[] }`, at its
 * last move's `n`), after the state the game began at where it has one (`{ start }`, at 0).
 */
export interface RowReader {
  record(): unknown;
  snapshot(): { game: unknown; n: unknown; state: unknown } | undefined;
  moves(game: number): { n: number; entry: unknown }[];
  devices(): unknown;
}

/** A load replays at most this many moves: a snapshot is written at least this often. */
export const MAX_REPLAY = 64;

/**
 * The most characters of JSON a run's row holds: 1.5 MB of UTF-8 at worst, inside the 2 MB a
 * Durable Object's row may hold. The longest import (5,000 moves) fits in one or two.
 */
export const RUN_CHARS = 512 * 1024;

/** A game's moves from `first` on, in runs of at most RUN_CHARS of JSON each. */
export function runsOf(game: number, log: readonly LogEntry[], first = 1): RunRow[] {
  const runs: RunRow[] = [];
  let entries: LogEntry[] = [];
  let chars = 0;
  for (const [i, entry] of log.entries()) {
    const size = JSON.stringify(entry).length + 1;
    if (entries.length > 0 && chars + size > RUN_CHARS) {
      runs.push({ game, n: first + i - 1, entries });
      entries = [];
      chars = 0;
    }
    entries.push(entry);
    chars += size;
  }
  if (entries.length > 0) runs.push({ game, n: first + log.length - 1, entries });
  return runs;
}

const snapshotAt = v.object({ game: count, n: count });

/** A move row's entry: a log entry, with the record as the move left it (absent when carried over). */
const moveEntrySchema = v.object({
  seat,
  move: v.unknown(),
  events: v.array(v.looseObject({ type: v.string() })),
  meta: v.optional(v.unknown()),
});

/** A run's row: the moves it holds, each parsed as a log entry. */
const runEntrySchema = v.object({ run: v.array(logEntrySchema) });
const isRun = (entry: unknown) => v.is(v.object({ run: v.unknown() }), entry);

/** Move 0's row: the state the game began at, parsed as its game's. */
const startEntrySchema = v.object({ start: v.unknown() });

/**
 * The table a Durable Object holds, read back from its rows: null where no table was ever made
 * (no record), else the typed table and its current game's log, or why it cannot be loaded. The
 * record is the latest of the record row and the current game's last move's `meta`; the state is
 * the latest snapshot with the moves since replayed on it (the engine is deterministic: the same
 * state and move give the same next state). `id` is the object's own.
 */
export function loadTable(
  id: string,
  rows: RowReader,
): Result<{ loaded: Loaded | null }, 'bad-record'> {
  const rawRecord = rows.record();
  if (rawRecord === undefined) return { ok: true, loaded: null };
  const record = recordOf(rawRecord, id);
  if (!record.ok) return record;
  let meta = record.value;
  const moves: MoveRow[] = [];
  let start: RoundState | null = null;
  for (const row of meta.gameNo === 0 ? [] : rows.moves(meta.gameNo)) {
    if (row.n === 0) {
      const entry = parse(startEntrySchema, row.entry, 'move 0');
      if (!entry.ok) return entry;
      const state = gameState(meta, entry.value.start);
      if (!state.ok) return fail('bad-record', `move 0.start: ${state.error.message}`);
      start = state.state;
      continue;
    }
    if (isRun(row.entry)) {
      const run = parse(runEntrySchema, row.entry, `moves to ${row.n}`);
      if (!run.ok) return run;
      if (row.n > meta.moveCount) {
        return fail('bad-record', `moves to ${row.n}: after the record's ${meta.moveCount}`);
      }
      const first = row.n - run.value.run.length + 1;
      for (const [i, entry] of run.value.run.entries()) {
        moves.push({ game: meta.gameNo, n: first + i, entry });
      }
      continue;
    }
    const entry = parse(moveEntrySchema, row.entry, `move ${row.n}`);
    if (!entry.ok) return entry;
    const { meta: moveMeta, ...logEntry } = entry.value;
    if (row.n > meta.moveCount) {
      // A move after the record row: its record is the table's now.
      const after = parse(metaSchema, moveMeta, `move ${row.n}.meta`);
      if (!after.ok) return after;
      if (after.value.moveCount !== row.n || after.value.gameNo !== meta.gameNo) {
        return fail('bad-record', `move ${row.n}.meta: not the record this move left`);
      }
      meta = after.value;
    }
    moves.push({ game: meta.gameNo, n: row.n, entry: logEntry });
  }
  if (moves.some((m, i) => m.n !== i + 1)) {
    return fail('bad-record', `moves: not numbered 1 to ${moves.length}`);
  }
  if (moves.length !== meta.moveCount) {
    return fail('bad-record', `moves: ${moves.length} stored, the record counts ${meta.moveCount}`);
  }
  const state = replayed(meta, rows.snapshot(), moves);
  if (!state.ok) return state;
  return {
    ok: true,
    loaded: {
      table: state.table,
      log: moves.map((m) => m.entry),
      snapshotAt: state.from,
      start,
    },
  };
}

/**
 * The table with its current game's state: none in a lobby; else the snapshot of the current
 * game, brought up to date (upgrade.ts), with the moves after it applied in order.
 */
function replayed(
  meta: TableMeta,
  raw: { game: unknown; n: unknown; state: unknown } | undefined,
  moves: MoveRow[],
): Result<{ table: Table; from: number }, 'bad-record'> {
  const { status } = meta;
  if (status === 'lobby') {
    return raw === undefined || meta.gameNo === 0
      ? { ok: true, table: { meta: { ...meta, status }, state: null }, from: 0 }
      : fail('bad-record', 'snapshot: a table in its lobby has no game state');
  }
  if (raw === undefined) {
    return fail('bad-record', `snapshot: missing for a table whose game is ${status}`);
  }
  const at = parse(snapshotAt, raw, 'snapshot');
  if (!at.ok) return at;
  if (at.value.game !== meta.gameNo || at.value.n > meta.moveCount) {
    return fail('bad-record', `snapshot: of game ${at.value.game} after ${at.value.n} moves`);
  }
  const parsed = gameState(meta, raw.state);
  if (!parsed.ok) return parsed;
  let state = parsed.state;
  const game = gameOf(meta);
  for (const { n, entry } of moves.slice(at.value.n)) {
    const out = game.apply(state, entry.seat, entry.move);
    if (!out.ok) return fail('bad-record', `move ${n}: refused on replay (${out.error.code})`);
    state = out.state;
  }
  return { ok: true, table: { meta: { ...meta, status }, state }, from: at.value.n };
}

/**
 * What one input gives storage to keep (the step's `write`), as rows: a move is its own row,
 * carrying the record it left, with a snapshot when it ends a round or the game, or MAX_REPLAY
 * moves have passed since the last one (`snapshotAt`: the moves it holds); any other
 * change writes the record, with a snapshot if the state changed (a new game's deal).
 */
export function rowsOf(
  prev: Table,
  next: Table,
  write: { state: boolean; log: LogEntry | null },
  snapshotAt: number,
): Rows {
  const { meta, state } = next;
  const snapshot = state === null ? undefined : { game: meta.gameNo, n: meta.moveCount, state };
  if (!write.log) return write.state && snapshot ? { record: meta, snapshot } : { record: meta };
  const move = { game: meta.gameNo, n: meta.moveCount, entry: { ...write.log, meta } };
  // A round's end (the pause, or the game over): the next round's deal is then one move away.
  const ended = next.state?.phase === 'roundOver' && prev.state?.phase !== 'roundOver';
  const turned =
    ended || prev.meta.status !== meta.status || meta.moveCount - snapshotAt >= MAX_REPLAY;
  return turned && snapshot ? { moves: [move], snapshot } : { moves: [move] };
}

// ---- Records of an older server: one key each, carried over to rows once ----

/** The storage keys of a table's record and of its game's state. */
export const META_KEY = 'meta';
export const STATE_KEY = 'state';

/** The storage key of move `n` of game `gameNo`: listed in order. */
export const logKey = (gameNo: number, n: number) => `log:${gameNo}:${String(n).padStart(6, '0')}`;
export const logPrefix = (gameNo: number) => `log:${gameNo}:`;

/** The reads an older table is loaded with: the Durable Object's key-value storage. */
export interface TableReader {
  /** The values of `keys`; a key never written is absent. */
  get(keys: string[]): Promise<Map<string, unknown>>;
  /** Every key that starts with `prefix`, in key order. */
  list(prefix: string): Promise<Map<string, unknown>>;
}

/**
 * A table as loaded: the table itself, its current game's log so far, where replay began, and the
 * state its game began at where it was not dealt from its seed.
 */
export interface Loaded {
  table: Table;
  log: LogEntry[];
  /** The moves of the current game the latest snapshot holds. */
  snapshotAt: number;
  start: RoundState | null;
}

/**
 * A table as an older server stored it under keys (its record, its game's state, one key per
 * move), read back as `loadTable` reads rows: null where there is none.
 */
export async function loadKeyed(
  id: string,
  read: TableReader,
): Promise<Result<{ loaded: Loaded | null }, 'bad-record'>> {
  const stored = await read.get([META_KEY, STATE_KEY]);
  if (!stored.has(META_KEY)) return { ok: true, loaded: null };
  const meta = recordOf(stored.get(META_KEY), id);
  if (!meta.ok) return meta;
  const state = withState(meta.value, stored.get(STATE_KEY));
  if (!state.ok) return state;
  const log = meta.value.gameNo === 0 ? [] : await read.list(logPrefix(meta.value.gameNo));
  const entries = parseLog(log);
  if (!entries.ok) return entries;
  return {
    ok: true,
    loaded: {
      table: state.table,
      log: entries.log,
      snapshotAt: meta.value.moveCount,
      start: null,
    },
  };
}

/**
 * A table with a game played elsewhere as rows (an older server's, or an imported one): its
 * record, its state as the snapshot, its log in runs, and the state the game began at.
 */
export function carriedOver({
  table,
  log,
  start = null,
}: Omit<Loaded, 'start'> & { start?: RoundState | null }): Rows {
  const { meta, state } = table;
  const runs = runsOf(meta.gameNo, log);
  const began = start ? { start: { game: meta.gameNo, state: start } } : {};
  if (state === null) return { record: meta, runs, ...began };
  return {
    record: meta,
    snapshot: { game: meta.gameNo, n: meta.moveCount, state },
    runs,
    ...began,
  };
}

/**
 * The table with its stored state: a lobby has no game yet; a table that played one has its
 * state, of its own game and size.
 */
function withState(meta: TableMeta, raw: unknown): Result<{ table: Table }, 'bad-record'> {
  const { status } = meta;
  if (status === 'lobby') {
    return raw === undefined || raw === null
      ? { ok: true, table: { meta: { ...meta, status }, state: null } }
      : fail('bad-record', 'state: a table in its lobby has no game state');
  }
  if (raw === undefined || raw === null) {
    return fail('bad-record', `state: missing for a table whose game is ${status}`);
  }
  const state = gameState(meta, raw);
  return state.ok ? { ok: true, table: { meta: { ...meta, status }, state: state.state } } : state;
}

/** The table's record as stored, of this object's own table (`id`), or why not. */
function recordOf(raw: unknown, id: string): Result<{ value: TableMeta }, 'bad-record'> {
  const meta = parse(metaSchema, raw, 'meta');
  if (!meta.ok) return meta;
  if (meta.value.id !== id) return fail('bad-record', `meta.id: ${meta.value.id} is not ${id}`);
  return meta;
}

/** A stored game state, brought up to date (upgrade.ts), of the record's game and size. */
function gameState(meta: TableMeta, raw: unknown): Result<{ state: RoundState }, 'bad-record'> {
  const parsed = parseState(meta.game, upgradeState(meta, raw));
  if (!parsed.ok) return fail('bad-record', parsed.error.message);
  if (parsed.state.players !== meta.players) {
    return fail('bad-record', `state.players: ${parsed.state.players}, not ${meta.players}`);
  }
  return { ok: true, state: parsed.state };
}

/** A game's log as listed from storage, in order: each entry parsed, or the first bad one. */
function parseLog(entries: Iterable<[string, unknown]>): Result<{ log: LogEntry[] }, 'bad-record'> {
  const log: LogEntry[] = [];
  for (const [key, raw] of entries) {
    const entry = parse(logEntrySchema, raw, key);
    if (!entry.ok) return entry;
    log.push(entry.value);
  }
  return { ok: true, log };
}

/**
 * A socket's identity from its attachment: null for a socket the table has closed, or one whose
 * attachment does not parse (never a table's: it is then treated as closed, and not heard).
 */
export function parseAttachment(raw: unknown): Conn | null {
  const parsed = v.safeParse(attachmentSchema, raw);
  if (!parsed.success || parsed.output.closed) return null;
  const { closed: _, ...conn } = parsed.output;
  return conn;
}

const deviceSchema = v.object({
  tokenHash: v.string(),
  endpoint: v.string(),
  p256dh: v.string(),
  auth: v.string(),
  language: v.optional(noticeLangSchema),
  failures: v.optional(count),
});

/**
 * The devices to notify, as stored. They are not the game: a row that does not parse loses them
 * (each player may ask again), never the table.
 */
export function devicesOf(raw: unknown): Result<{ devices: Device[] }, 'bad-record'> {
  if (raw === undefined) return { ok: true, devices: [] };
  const out = parse(v.array(deviceSchema), raw, 'devices');
  return out.ok ? { ok: true, devices: out.value } : out;
}
