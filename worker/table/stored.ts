/**
 * What a table keeps in its storage, and the one way it is read back. Storage is a boundary like
 * the network: a key never written reads back as `undefined`, and an older server wrote older
 * shapes. So every record is parsed here — the table's record (`meta`), its game's state, its log
 * entries, a socket's attachment — into its type or into a clear refusal, never cast.
 */
import * as v from 'valibot';
import { BOT_LEVELS } from '../../shared/engine/bot.ts';
import { fail } from '../../shared/engine/reject.ts';
import type { RoundState } from '../../shared/engine/rounds.ts';
import { GAME_IDS, type Result } from '../../shared/engine/types.ts';
import { parseState } from '../../shared/games/states.ts';
import { issueText } from '../../shared/issues.ts';
import { TABLE_STATUSES, UNSEAT_REASONS } from '../../shared/protocol.ts';
import type { Conn } from './conns.ts';
import type { SeatRecord, Table, TableMeta } from './meta.ts';
import type { LogEntry } from './step.ts';
import { upgradeState } from './upgrade.ts';

/** The storage keys of a table's record and of its game's state. */
export const META_KEY = 'meta';
export const STATE_KEY = 'state';

/** The storage key of move `n` of game `gameNo`: listed in order. */
export const logKey = (gameNo: number, n: number) => `log:${gameNo}:${String(n).padStart(6, '0')}`;
export const logPrefix = (gameNo: number) => `log:${gameNo}:`;

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
    hostKeyHash: hash,
    createdAt: time,
    lastActive: time,
    seats: v.array(seatRecordSchema),
    status: v.picklist(TABLE_STATUSES),
    gameNo: count,
    seed: v.nullable(v.string()),
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

/** The reads a table is loaded with: the Durable Object's storage, or a test's copy of it. */
export interface TableReader {
  /** The values of `keys`; a key never written is absent. */
  get(keys: string[]): Promise<Map<string, unknown>>;
  /** Every key that starts with `prefix`, in key order. */
  list(prefix: string): Promise<Map<string, unknown>>;
}

/** A table as loaded: the table itself, and its current game's log so far. */
export interface Loaded {
  table: Table;
  log: LogEntry[];
}

/**
 * The table a Durable Object holds, read back from its storage: null where no table was ever
 * made (no record), else the typed table and its current game's log, or why it cannot be loaded.
 * `id` is the object's own: a record that names another table is not this one's.
 */
export async function loadTable(
  id: string,
  read: TableReader,
): Promise<Result<{ loaded: Loaded | null }, 'bad-record'>> {
  const stored = await read.get([META_KEY, STATE_KEY]);
  if (!stored.has(META_KEY)) return { ok: true, loaded: null };
  const meta = parse(metaSchema, stored.get(META_KEY), 'meta');
  if (!meta.ok) return meta;
  if (meta.value.id !== id) return fail('bad-record', `meta.id: ${meta.value.id} is not ${id}`);
  const state = loadState(meta.value, stored.get(STATE_KEY));
  if (!state.ok) return state;
  const log = meta.value.gameNo === 0 ? [] : await read.list(logPrefix(meta.value.gameNo));
  const entries = parseLog(log);
  if (!entries.ok) return entries;
  return {
    ok: true,
    loaded: { table: { meta: meta.value, state: state.state }, log: entries.log },
  };
}

/** A lobby has no game yet; a table that played one has its state, of its own game and size. */
function loadState(
  meta: TableMeta,
  raw: unknown,
): Result<{ state: RoundState | null }, 'bad-record'> {
  if (meta.status === 'lobby') {
    return raw === undefined || raw === null
      ? { ok: true, state: null }
      : fail('bad-record', 'state: a table in its lobby has no game state');
  }
  if (raw === undefined || raw === null) {
    return fail('bad-record', `state: missing for a table whose game is ${meta.status}`);
  }
  const parsed = parseState(meta.game, upgradeState(meta, raw));
  if (!parsed.ok) return fail('bad-record', parsed.error.message);
  if (parsed.state.players !== meta.players) {
    return fail('bad-record', `state.players: ${parsed.state.players}, not ${meta.players}`);
  }
  return { ok: true, state: parsed.state };
}

/**
 * What one input gives storage to keep, in one write: the table's record, its game's state if it
 * changed, and the move's log entry if one was made.
 */
export function tableRecords(
  table: Table,
  write: { state: boolean; log: LogEntry | null },
): Record<string, unknown> {
  const { meta, state } = table;
  const records: Record<string, unknown> = { [META_KEY]: meta };
  if (write.state && state !== null) records[STATE_KEY] = state;
  if (write.log) records[logKey(meta.gameNo, meta.moveCount)] = write.log;
  return records;
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
