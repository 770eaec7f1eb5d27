/**
 * A table read back from its storage (shared/table/stored.ts), as a Durable Object reads it on
 * waking: every record parsed, never cast. A lobby has no game state stored; older records take
 * the values that keep their game as it was; anything else that does not fit is refused with
 * where and what. And over random play, a table read back at any moment is the table itself:
 * the same input gives it the same outbox and the same next table.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextInt, seedRng } from '../../shared/engine/rng.ts';
import { GAME_IDS, type GameId } from '../../shared/engine/types.ts';
import { games } from '../../shared/games/index.ts';
import type { ClientMessage } from '../../shared/protocol.ts';
import { newConn } from '../../shared/table/conns.ts';
import type { Table } from '../../shared/table/meta.ts';
import { newMemory, step } from '../../shared/table/step.ts';
import {
  carriedOver,
  loadKeyed,
  loadTable,
  logKey,
  MAX_REPLAY,
  parseAttachment,
  type Rows,
  rowsOf,
  type TableReader,
} from '../../shared/table/stored.ts';
import { quickConfig } from '../engine/adapters.ts';
import { fillStandIn } from '../engine/support/cards.ts';
import { TestTable, tellsSummary } from './harness.ts';
import { copyOf, MemoryKeys, MemoryRows } from './storage.ts';
import { lobby, started } from './support.ts';

/** Keys holding `records` as given (anything at all, as an older server may have written). */
function storageOf(records: Record<string, unknown>): TableReader {
  const storage = new MemoryKeys();
  storage.put(records);
  return storage;
}

/** A table an older server stored under keys, read back. */
const load = (records: Record<string, unknown>, id = 't') => loadKeyed(id, storageOf(records));

/** Ann and a bot at a table of `game`, `turns` turns into its first game (Ann's or the bot's). */
function playedAWhile(game: GameId, turns: number): TestTable {
  const t = new TestTable({ game, players: 2, bots: [1] });
  const ann = t.person('Ann', { host: true });
  t.sit(ann, 0);
  t.send(ann, { type: 'start' });
  for (let i = 0; i < turns; i++) {
    if (t.awaited().includes(0)) {
      t.send(ann, { type: 'move', move: t.legal(0)[0], version: t.table.meta.version });
    } else t.alarm();
  }
  return t;
}

/** Rows holding what each of `writes` wrote, in turn. */
function rowsOf_(...writes: Rows[]): MemoryRows {
  const rows = new MemoryRows();
  for (const w of writes) rows.write(w);
  return rows;
}

/** What a load refused, or the test fails. */
async function refusal(records: Record<string, unknown>, id = 't'): Promise<string> {
  const out = await load(records, id);
  if (out.ok) throw new Error('loaded');
  expect(out.error.code).toBe('bad-record');
  return out.error.message;
}

describe('a table read back from storage', () => {
  it('no record at all is no table (never made, or cleaned up)', async () => {
    expect(await load({})).toEqual({ ok: true, loaded: null });
  });

  it('a lobby has no game state stored, and loads with none', () => {
    const table = lobby('hulahoo', 3);
    // As the object stores a new table: its record alone.
    const out = loadTable('t', rowsOf_({ record: table.meta }));
    expect(out).toEqual({ ok: true, loaded: { table, log: [], snapshotAt: 0, start: null } });
    expect(loadTable('t', new MemoryRows())).toEqual({ ok: true, loaded: null });
  });

  it('a lobby read back answers a join and a seat exactly as the one in memory does', () => {
    const warm = lobby('sneak', 2);
    const out = loadTable('t', rowsOf_({ record: warm.meta }));
    if (!out.ok || !out.loaded) throw new Error('not loaded');
    const cold = out.loaded.table;
    const conn = { ...newConn('c1', 'ip', 10), joined: true };
    const world = {
      now: 20,
      sockets: [{ conn, pingedAt: 0 }],
      secret: () => 's',
      botDelay: 0,
      resultHold: 0,
      pushEndpoint: null,
      noticeDelay: 0,
    };
    const sit: ClientMessage = { type: 'sit', seat: 1 };
    const input = {
      kind: 'message',
      conn: 'c1',
      message: sit,
      token: { token: 'tk', hash: 'h' },
    } as const;
    const fromWarm = step(warm, input, newMemory(), world);
    const fromCold = step(cold, input, newMemory(), world);
    expect(fromCold).toEqual(fromWarm);
    // Seated, told so, and everyone is to hear of it.
    expect(fromCold.table.meta.seats[1]).toMatchObject({ tokenHash: 'h' });
    expect(fromCold.send).toContainEqual({
      conn: 'c1',
      text: JSON.stringify({ type: 'seated', seat: 1, token: 'tk' }),
    });
    expect(tellsSummary(fromCold)).toBe(true);
  });

  it('a game under way loads with its state and its log, in order', async () => {
    const t = new TestTable({ game: 'hilo', players: 2, bots: [1] });
    t.recording = true;
    const ann = t.person('Ann', { host: true });
    t.sit(ann, 0);
    t.send(ann, { type: 'start' });
    for (let i = 0; i < 12 && t.table.state?.phase !== 'roundOver'; i++) {
      const seat = t.awaited()[0];
      if (seat === 0)
        t.send(ann, { type: 'move', move: t.legal(0)[0], version: t.table.meta.version });
      else t.alarm();
    }
    const out = loadTable('t', t.storage);
    if (!out.ok || !out.loaded) throw new Error('not loaded');
    expect(out.loaded.table).toEqual(t.table);
    // Every move the table made, as it logged them, in the order it made them.
    const logged = t.runs.flatMap((run) => (run.out.write?.log ? [run.out.write.log] : []));
    expect(logged.length).toBeGreaterThan(2);
    expect(out.loaded.log).toHaveLength(t.table.meta.moveCount);
    expect(out.loaded.log).toEqual(logged);
  });

  it('a record from before the newer fields takes the values that keep its game as it was', async () => {
    const { meta, state } = started('hulahoo', 2);
    const {
      botLevel: _b,
      decisions: _d,
      roundStarted: _r,
      ready: _re,
      gone: _g,
      gamePlayers: _gp,
      dealt: _de,
      lastSeen: _l,
      ...older
    } = meta;
    const out = await load({ meta: older, state });
    if (!out.ok || !out.loaded) throw new Error('not loaded');
    expect(out.loaded.table.meta).toEqual({
      ...older,
      botLevel: 'normal',
      decisions: meta.seats.map(() => meta.version),
      roundStarted: 0,
      ready: [],
      gone: [],
      gamePlayers: [],
      dealt: meta.seats.map((s) => s.tokenHash),
      lastSeen: null,
    });
  });

  it('refuses what does not fit, saying where', async () => {
    const { meta } = started('hulahoo', 2);
    const state = games.hulahoo.setup(games.hulahoo.defaultConfig(2), 2, 'seed');
    expect(await refusal({ meta: 'a string' })).toMatch(/^meta: /);
    expect(await refusal({ meta: null })).toMatch(/^meta: /);
    expect(await refusal({ meta: { ...meta, game: 'poker' } })).toMatch(/^meta\.game: /);
    const { seats: _, ...noSeats } = meta;
    expect(await refusal({ meta: noSeats, state })).toMatch(/^meta\.seats: /);
    expect(await refusal({ meta: { ...meta, version: -1 }, state })).toMatch(/^meta\.version: /);
    expect(
      await refusal({
        meta: { ...meta, seats: [{ ...meta.seats[0], bot: 'yes' }, meta.seats[1]] },
        state,
      }),
    ).toMatch(/^meta\.seats\.0\.bot: /);
    expect(await refusal({ meta: { ...meta, seats: meta.seats.slice(1) }, state })).toMatch(
      /^meta: seats: one per player/,
    );
    expect(await refusal({ meta, state }, 'another')).toBe('meta.id: t is not another');
    // A game under way without its state, and a lobby with one.
    expect(await refusal({ meta })).toMatch(/^state: missing/);
    expect(await refusal({ meta: lobby('hulahoo', 2).meta, state })).toMatch(
      /^state: a table in its lobby/,
    );
    // Another game's state, a broken card, a state of another size.
    const sneak = started('sneak', 2).state;
    expect(await refusal({ meta, state: sneak })).toMatch(/^state\.game: /);
    const broken = { ...state, hands: [[{ ...state.hands[0]?.[0], v: 'x' }], state.hands[1]] };
    expect(await refusal({ meta, state: broken })).toMatch(/^state\.hands\.0\.0\.v: /);
    const three = started('hulahoo', 3).state;
    expect(await refusal({ meta, state: three })).toBe('state.players: 3, not 2');
    // A log entry that does not fit.
    expect(
      await refusal({ meta, state, [logKey(meta.gameNo, 1)]: { seat: 'zero', move: {} } }),
    ).toMatch(new RegExp(`^${logKey(meta.gameNo, 1)}\\.seat: `));
  });

  it('an older table carried over to rows loads as it did from its keys', async () => {
    const t = playedAWhile('sneak', 6);
    expect(t.table.meta.moveCount).toBeGreaterThan(2);
    const rows = loadTable('t', t.storage);
    if (!rows.ok || !rows.loaded) throw new Error('not loaded');
    // As an older server kept it: the record, the state, a key per move.
    const { meta, state } = t.table;
    const keys: Record<string, unknown> = { meta, state };
    rows.loaded.log.forEach((entry, i) => {
      keys[logKey(meta.gameNo, i + 1)] = entry;
    });
    const keyed = await load(keys);
    if (!keyed.ok || !keyed.loaded) throw new Error('not loaded');
    expect(keyed.loaded.table).toEqual(t.table);
    const carried = loadTable('t', rowsOf_(carriedOver(keyed.loaded)));
    expect(carried).toEqual({
      ok: true,
      loaded: { table: t.table, log: rows.loaded.log, snapshotAt: meta.moveCount, start: null },
    });
  });

  it('refuses rows that do not fit, saying where', () => {
    const t = playedAWhile('hilo', 4);
    const { meta } = t.table;
    expect(meta.moveCount).toBeGreaterThan(1);
    const refused = (rows: MemoryRows, id = 't') => {
      const out = loadTable(id, rows);
      if (out.ok) throw new Error('loaded');
      return out.error.message;
    };
    const good = t.storage;
    expect(refused(good.copy(), 'another')).toBe('meta.id: t is not another');
    const badRecord = good.copy();
    badRecord.write({ record: { ...meta, version: -1, moveCount: 0 } });
    expect(refused(badRecord)).toMatch(/^meta\.version: /);
    // A move whose record is not the one it left, and a move missing.
    const last = good.moves(meta.gameNo).at(-1) as { n: number; entry: Record<string, unknown> };
    const wrong = good.copy();
    wrong.write({
      moves: [
        {
          game: meta.gameNo,
          n: last.n,
          entry: {
            ...(last.entry as { seat: number; move: unknown; events: [] }),
            meta: { ...meta, moveCount: 99 },
          },
        },
      ],
    });
    expect(refused(wrong)).toBe(`move ${last.n}.meta: not the record this move left`);
    const gap = good.copy();
    gap.write({
      moves: [
        {
          game: meta.gameNo,
          n: last.n + 2,
          entry: {
            ...(last.entry as { seat: number; move: unknown; events: [] }),
            meta: { ...meta, moveCount: last.n + 2 },
          },
        },
      ],
    });
    expect(refused(gap)).toMatch(/^moves: not numbered 1 to /);
    // A snapshot of another game, and a move its game refuses when replayed.
    const fresh = started('hilo', 2).state;
    if (!fresh) throw new Error('not dealt');
    const other = good.copy();
    other.write({ snapshot: { game: meta.gameNo + 1, n: 0, state: fresh } });
    expect(refused(other)).toMatch(/^snapshot: of game /);
    const junk = good.copy();
    junk.write({
      moves: [
        { game: meta.gameNo, n: last.n, entry: { seat: 0, move: { t: 'junk' }, events: [], meta } },
      ],
    });
    junk.write({ snapshot: { game: meta.gameNo, n: 0, state: fresh } });
    expect(refused(junk)).toMatch(/^move \d+: refused on replay/);
  });

  it('a move is one row, its record in it; a snapshot only where a round or the game ends', () => {
    const t = new TestTable({
      game: 'hulahoo',
      players: 2,
      bots: [1],
      config: quickConfig('hulahoo'),
    });
    t.recording = true;
    const ann = t.person('Ann', { host: true });
    t.sit(ann, 0);
    t.send(ann, { type: 'start' });
    for (let i = 0; i < 2000 && t.table.meta.status !== 'over'; i++) {
      if (t.awaited().includes(0)) {
        const move = t.table.state?.phase === 'roundOver' ? { t: 'nextRound' } : t.legal(0)[0];
        t.send(ann, { type: 'move', move, version: t.table.meta.version });
      } else {
        t.later(30_000);
        t.alarm();
      }
    }
    expect(t.table.meta.status).toBe('over');
    let moves = 0;
    let others = 0;
    for (const run of t.runs) {
      if (!run.out.write) continue;
      const rows = rowsOf(run.before, run.out.table, run.out.write, run.stored.snapshotAt());
      if (!run.out.write.log) {
        expect(rows.moves).toBeUndefined();
        others += (rows.record ? 1 : 0) + (rows.snapshot ? 1 : 0);
        continue;
      }
      moves++;
      expect(rows.record).toBeUndefined();
      expect(rows.moves).toHaveLength(1);
      const turned =
        (run.before.state?.phase !== 'roundOver' && run.out.table.state?.phase === 'roundOver') ||
        run.before.meta.status !== run.out.table.meta.status;
      if (turned) expect(rows.snapshot).toBeDefined();
      else if (rows.snapshot) {
        expect(run.out.table.meta.moveCount - run.stored.snapshotAt()).toBe(MAX_REPLAY);
      }
      if (rows.snapshot) others++;
    }
    // A whole game: many moves, a handful of other rows (the deal, the seats, round turns).
    expect(moves).toBeGreaterThan(20);
    expect(others / moves).toBeLessThan(0.2);
  });

  it('a socket’s attachment is its identity, or nothing to hear', () => {
    const conn = newConn('c1', 'ip', 5);
    expect(parseAttachment(conn)).toEqual(conn);
    expect(parseAttachment(copyOf({ ...conn, closed: false }))).toEqual(conn);
    expect(parseAttachment({ ...conn, closed: true })).toBeNull();
    expect(parseAttachment(null)).toBeNull();
    expect(parseAttachment({ ...conn, seat: 'one' })).toBeNull();
    expect(parseAttachment('x')).toBeNull();
  });
});

/** A random stream for the play below, from the case's seed. */
const randomOf = (seed: number) => {
  const rng = seedRng(`stored/${seed}`);
  return () => nextInt(rng, 2 ** 30) / 2 ** 30;
};

/**
 * Plays a table at random, as a crowd of careless people would: they come and go, sit, leave,
 * rename, start, move (legal moves mostly, junk sometimes), ask for bots, records and rematches,
 * while the clock moves on and the alarm rings.
 */
function playAtRandom(t: TestTable, random: () => number, steps: number): void {
  const pick = <T>(items: readonly T[]): T | undefined =>
    items[Math.floor(random() * items.length)];
  const tokens: string[] = [];
  const open = () => [...t.sockets.keys()];
  const seated = () =>
    open().flatMap((id) => {
      const seat = t.sockets.get(id)?.conn.seat;
      return seat === null || seat === undefined ? [] : [{ id, seat }];
    });
  for (let i = 0; i < steps; i++) {
    const roll = random();
    const id = pick(open());
    if (roll < 0.06 || id === undefined) {
      const token = random() < 0.5 ? pick(tokens) : undefined;
      t.person(`P${i}`, { host: random() < 0.4, ...(token ? { token } : {}) });
    } else if (roll < 0.14) {
      const seat = Math.floor(random() * t.table.meta.players);
      t.send(id, { type: 'sit', seat });
      const seatedMsg = t.messages(id, 'seated').at(-1);
      if (seatedMsg) tokens.push(seatedMsg.token);
    } else if (roll < 0.55) {
      const mover = pick(seated());
      const state = t.table.state;
      if (mover && state && t.awaited().includes(mover.seat)) {
        const legal = t.legal(mover.seat) as Record<string, unknown>[];
        const choice = pick(legal);
        const view = () => games[t.table.meta.game].view(state, mover.seat) as never;
        const move = choice && random() < 0.95 ? fillStandIn(choice, view, random) : { t: 'junk' };
        const version = t.table.meta.version - (random() < 0.05 ? 1 : 0);
        t.send(mover.id, { type: 'move', move, version });
      } else {
        t.later(Math.floor(random() * 4000));
        t.alarm();
      }
    } else if (roll < 0.62) t.send(id, { type: 'start' });
    else if (roll < 0.66) t.send(id, { type: 'leave' });
    else if (roll < 0.7) t.send(id, { type: 'name', name: `N${Math.floor(random() * 5)}` });
    else if (roll < 0.76) {
      const seat = Math.floor(random() * t.table.meta.players);
      t.send(
        id,
        random() < 0.5 ? { type: 'bot', seat, on: random() < 0.7 } : { type: 'kick', seat },
      );
    } else if (roll < 0.8) t.send(id, { type: 'rematch', gameNo: t.table.meta.gameNo });
    else if (roll < 0.82) t.send(id, { type: 'record' });
    else if (roll < 0.84) t.send(id, { type: 'react', reaction: 'gg' });
    else if (roll < 0.88) t.close(id);
    else if (roll < 0.91) t.run({ kind: 'names' });
    else if (roll < 0.93) t.pinged(id);
    else {
      t.later(Math.floor(random() * 90_000));
      t.alarm();
    }
  }
}

describe('random play, every table read back from its storage (the object’s own loader)', () => {
  for (const game of GAME_IDS) {
    it(`${game}: the copy read back gives the same outbox and the same next table`, async () => {
      /** Every moment the tables passed through, to show that play reached them all. */
      const seen = new Set<string>();
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 30 }), async (seed) => {
          const random = randomOf(seed);
          const players = games[game].minPlayers + Math.floor(random() * 3);
          const t = new TestTable({
            game,
            players,
            bots: [players - 1],
            config: quickConfig(game),
          });
          t.recording = true;
          playAtRandom(t, random, game === 'sneak' ? 1500 : 400);
          for (const run of t.runs) {
            const { meta, state } = run.before;
            seen.add(meta.status === 'playing' && state ? state.phase : meta.status);
            if (meta.gameNo > 1) seen.add('rematch');
            const out = loadTable('t', run.stored);
            if (!out.ok) throw new Error(out.error.message);
            const copy: Table | undefined = out.loaded?.table;
            if (!copy) throw new Error('nothing stored');
            // A load replays one round and a deal at most, and never more than MAX_REPLAY moves.
            expect(copy.meta.moveCount - (out.loaded?.snapshotAt ?? 0)).toBeLessThanOrEqual(
              MAX_REPLAY,
            );
            // What storage handed back is the table as the object held it...
            expect(copy).toEqual(run.before);
            // ...and given the same input, it does exactly what the table did.
            expect(step(copy, run.input, copyOf(run.memory), run.world())).toEqual(run.out);
          }
        }),
        // Seed 1 reaches every moment in each game, so the coverage below never rests on luck.
        { numRuns: 6, examples: [[1]] },
      );
      expect([...seen]).toEqual(expect.arrayContaining(['lobby', 'roundOver', 'over', 'rematch']));
    }, 120_000);
  }
});
