/**
 * A game played in the browser, taken to a live table (shared/table/imported.ts): the table is
 * exactly the one that had played those moves, but for its generator, reseeded with the server's
 * secret; its record replays the whole game; and an upload that does not hold together is refused.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { type ImportTable, importTableSchema } from '../../shared/api.ts';
import { seedRng } from '../../shared/engine/rng.ts';
import type { GameId, Seat } from '../../shared/engine/types.ts';
import { botFor } from '../../shared/games/bots.ts';
import { games } from '../../shared/games/index.ts';
import { type LogEntry, record } from '../../shared/table/game-log.ts';
import { type Dealt, withMeta } from '../../shared/table/meta.ts';
import { applyMove } from '../../shared/table/play.ts';
import { ROUND_PAUSE_MS, timersAfter } from '../../shared/table/schedule.ts';
import * as seats from '../../shared/table/seats.ts';
import { carriedOver, loadTable, type Rows, RUN_CHARS, runsOf } from '../../shared/table/stored.ts';
import { MemoryRows } from './storage.ts';
import {
  IMPORTED_AT,
  importUpload,
  longUpload,
  randomFrom,
  replayRecord,
  SERVER_SEED,
  soloUpload,
} from './support.ts';

const upload = (body: ImportTable) => importUpload(body);

function imported(body: ImportTable): { table: Dealt; log: LogEntry[] } {
  const out = upload(body);
  if (!out.ok) throw new Error(out.error.message);
  return out;
}

/** The table played on by its bots (every seat's, the uploader's too) until `phase`. */
function tablePlaysOn(
  start: { table: Dealt; log: LogEntry[] },
  phase: 'roundOver' | 'gameOver',
): { table: Dealt; log: LogEntry[] } {
  let { table } = start;
  const log = start.log.slice();
  const game = games[table.meta.game];
  const bot = botFor(table.meta.game, 'normal');
  const random = randomFrom('later');
  // Past the round's end the table is at, to the next one (or the game's end).
  for (let i = 0; i < 20_000; i++) {
    if (i > 0 && (table.state.phase === phase || table.state.phase === 'gameOver')) break;
    const seat: Seat = game.toMove(table.state)[0]!;
    const move = bot.choose(game.view(table.state, seat), random);
    const out = applyMove(table, seat, move);
    if (!out.ok) throw new Error(out.error.message);
    table = { meta: out.meta, state: out.state };
    log.push({ seat, move, events: out.events });
  }
  return { table, log };
}

const PLAYERS = 3;
const NOW = IMPORTED_AT;

describe.each(Object.keys(games).map((id) => [id as GameId]))('%s played solo', (id) => {
  it('at a round’s end becomes the table that played it, reseeded, waiting for its host', () => {
    const { game, body, state, events } = soloUpload(id, 'roundOver');
    const { table, log } = imported(body);
    const n = body.moves.length;
    expect(state.phase).toBe('roundOver');
    // The state is the replay's, but for its generator: the server's now.
    expect({ ...table.state, rng: null }).toEqual({ ...state, rng: null });
    expect(table.state.rng).toEqual(seedRng(SERVER_SEED));
    expect(table.state.rng).not.toEqual(state.rng);
    expect(table.meta).toMatchObject({
      status: 'playing',
      gameNo: 1,
      seed: body.seed,
      reseeded: { after: n, seed: SERVER_SEED },
      moveCount: n,
      version: n + 1,
      hostKeyHash: 'host-hash',
      pace: 'live',
      clock: null,
      ready: [],
      gamePlayers: ['token-hash'],
      dealt: ['token-hash', null, null],
      decisions: [n + 1, n + 1, n + 1],
      // The pause waits for the uploader's "next round", with no countdown: friends invited
      // need time to open the link and sit down.
      deadline: null,
      botDue: null,
    });
    expect(table.meta.seats).toEqual([
      { name: 'Ann', bot: false, tokenHash: 'token-hash' },
      { name: null, bot: true, tokenHash: null, level: 'normal' },
      { name: null, bot: true, tokenHash: null, level: 'easy' },
    ]);
    // The log holds every move with the events it caused: the history has the solo rounds.
    expect(log.map(({ seat, move }) => ({ seat, move }))).toEqual(body.moves);
    // The first says who sat where, as a game's first move at a table does.
    const sat = {
      type: 'sitting',
      seats: [
        { seat: 0, name: 'Ann', bot: false },
        { seat: 1, name: null, bot: true },
        { seat: 2, name: null, bot: true },
      ],
    };
    expect(log.map((e) => e.events)).toEqual([[sat, ...events[0]!], ...events.slice(1)]);
    // The last deal was the one the round just over began with.
    const lastDeal = body.moves.map((m) => (m.move as { t: string }).t).lastIndexOf('nextRound');
    expect(table.meta.roundStarted).toBe(lastDeal < 0 ? 1 : lastDeal + 2);
    expect(game.result(table.state).totals).toEqual(body.totals);
  });

  it('waits for its people without a countdown while friends sit down, then pauses as usual', () => {
    const { table } = imported(soloUpload(id, 'roundOver').body);
    // A friend takes a bot's seat: still no countdown.
    const sat = seats.sit(table, 1, 'Ben', 'ben-hash');
    if (!sat.ok) throw new Error(sat.error.message);
    const withBen = withMeta(table, { seats: sat.meta.seats });
    expect(timersAfter(table, withBen, null, NOW + 5_000, 0).deadline).toBeNull();
    // A round's end the table reached by its own moves counts down as at any table.
    const playedOn = withMeta(withBen, { moveCount: withBen.meta.moveCount + 1 });
    expect(timersAfter(null, playedOn, null, NOW, 0).deadline).toBe(NOW + ROUND_PAUSE_MS);
  });

  it('is stored as a table that loads back exactly', () => {
    const { table, log } = imported(soloUpload(id, 'roundOver').body);
    const rows = new MemoryRows();
    rows.write(carriedOver({ table, log, snapshotAt: table.meta.moveCount }));
    const out = loadTable('t', rows);
    if (!out.ok) throw new Error(out.error.message);
    expect(out.loaded?.table).toEqual(table);
    expect(out.loaded?.log).toEqual(log);
  });

  it('deals its next round from the server’s seed, not from the one the page knew', () => {
    const { game, body, state } = soloUpload(id, 'roundOver');
    const { table } = imported(body);
    const next = game.apply(table.state, 0, { t: 'nextRound' });
    const known = game.apply(state, 0, { t: 'nextRound' });
    if (!next.ok || !known.ok) throw new Error('nextRound refused');
    expect(next.state.round).toBe(known.state.round);
    expect({ ...next.state, rng: null }).not.toEqual({ ...known.state, rng: null });
  });

  it('plays on, and its record replays exactly to a later round and to the game’s end', () => {
    const start = imported(soloUpload(id, 'roundOver').body);
    const _game = games[id];
    for (const phase of ['roundOver', 'gameOver'] as const) {
      const { table, log } = tablePlaysOn(start, phase);
      expect(table.state.round).toBeGreaterThan(start.table.state.round);
      const rec = record({ gameNo: table.meta.gameNo, entries: log }, table.meta);
      expect(rec.reseeded).toEqual({ after: start.table.meta.moveCount, seed: SERVER_SEED });
      expect(replayRecord(rec).at(-1)).toEqual(table.state);
      // Without the reseed, the record is another game.
      const { reseeded: _, ...plain } = rec;
      const other = (() => {
        try {
          return replayRecord(plain).at(-1);
        } catch {
          return null;
        }
      })();
      expect(other).not.toEqual(table.state);
    }
  });

  it('over already, is a finished game: its record holds, and play again starts a new one', () => {
    const { body, state } = soloUpload(id, 'gameOver');
    const { table, log } = imported(body);
    expect(state.phase).toBe('gameOver');
    expect(table.meta).toMatchObject({ status: 'over', deadline: null, botDue: null });
    const rec = record({ gameNo: 1, entries: log }, table.meta);
    expect(replayRecord(rec).at(-1)).toEqual(table.state);
  });
});

describe('a long game taken to a table', () => {
  it('is stored in a few rows, not a row a move, and loads back exactly', () => {
    const { table, log } = imported(longUpload().body);
    expect(log.length).toBeGreaterThan(4_500);
    const rows = new MemoryRows();
    rows.write(carriedOver({ table, log, snapshotAt: table.meta.moveCount }));
    expect(rows.moveRows()).toBeLessThanOrEqual(2);
    const out = loadTable('t', rows);
    if (!out.ok) throw new Error(out.error.message);
    expect(out.loaded?.table).toEqual(table);
    expect(out.loaded?.log).toEqual(log);
  });

  it('is cut into runs that each fit a row, in order, ending at their last move', () => {
    const entry = (i: number): LogEntry => ({
      seat: i % 3,
      move: { t: 'pass' },
      events: [{ type: 'said', text: 'x'.repeat(9_000 + i) }],
    });
    const log = Array.from({ length: 150 }, (_, i) => entry(i));
    const runs = runsOf(4, log, 11);
    expect(runs.length).toBeGreaterThan(2);
    expect(runs.length).toBeLessThan(5);
    expect(runs.flatMap((r) => r.entries)).toEqual(log);
    let next = 11;
    for (const run of runs) {
      expect(run.game).toBe(4);
      expect(run.n).toBe(next + run.entries.length - 1);
      expect(JSON.stringify(run.entries).length).toBeLessThanOrEqual(RUN_CHARS);
      next = run.n + 1;
    }
    expect(next).toBe(11 + log.length);
  });

  it('refuses a run of moves past the record, or one that leaves a gap, saying where', () => {
    const { table, log } = imported(soloUpload('hilo', 'roundOver').body);
    const { gameNo, moveCount } = table.meta;
    const refused = (runs: Rows['runs']) => {
      const rows = new MemoryRows();
      rows.write({ ...carriedOver({ table, log, snapshotAt: moveCount }), runs });
      const out = loadTable('t', rows);
      if (out.ok) throw new Error('loaded');
      return out.error.message;
    };
    expect(refused([{ game: gameNo, n: moveCount + 1, entries: log.concat(log[0]!) }])).toBe(
      `moves to ${moveCount + 1}: after the record's ${moveCount}`,
    );
    expect(refused([{ game: gameNo, n: moveCount, entries: log.slice(1) }])).toBe(
      `moves: not numbered 1 to ${moveCount - 1}`,
    );
    const badSeat = [{ ...log[0]!, seat: -1 }, ...log.slice(1)];
    expect(refused([{ game: gameNo, n: moveCount, entries: badSeat }])).toMatch(
      new RegExp(`^moves to ${moveCount}\\.run\\.0\\.seat: `),
    );
  });
});

describe('an upload that does not hold together is refused', () => {
  const { body } = soloUpload('hulahoo', 'roundOver');
  const codeOf = (changed: Partial<ImportTable>) => {
    const out = upload({ ...body, ...changed });
    return out.ok ? 'ok' : out.error.code;
  };
  const withMove = (i: number, change: { seat?: Seat; move?: unknown }) =>
    body.moves.map((m, j) => (j === i ? { ...m, ...change } : m));

  it('accepts the honest one', () => {
    expect(codeOf({})).toBe('ok');
  });

  it('scores that are not the moves’', () => {
    const totals = body.totals.map((t, s) => (s === 0 ? t + 1 : t));
    expect(codeOf({ totals })).toBe('totals-mismatch');
    expect(codeOf({ totals: body.totals.slice(1) })).toBe('totals-mismatch');
    const out = upload({ ...body, totals });
    expect(out.ok ? '' : out.error.message).toBe('The scores do not match the moves played.');
  });

  it('a move the engine refuses, named by its number and the engine’s reason', () => {
    const first = body.moves[0]!;
    const wrongSeat = withMove(0, { seat: (first.seat + 1) % PLAYERS });
    expect(codeOf({ moves: wrongSeat })).toBe('illegal-move');
    const out = upload({ ...body, moves: wrongSeat });
    expect(out.ok ? '' : out.error.message).toMatch(/^Move 1 \(seat \d\) was refused: .+/);
    expect(codeOf({ moves: withMove(2, { move: { t: 'fold' } }) })).toBe('illegal-move');
    expect(codeOf({ moves: withMove(2, { move: 'junk' }) })).toBe('illegal-move');
    expect(codeOf({ moves: withMove(0, { seat: 7 }) })).toBe('illegal-move');
    // A move that is legal at a round's end, made in the middle of one.
    expect(codeOf({ moves: withMove(1, { move: { t: 'nextRound' } }) })).toBe('illegal-move');
  });

  it('moves that stop in the middle of a round, or before any', () => {
    expect(codeOf({ moves: body.moves.slice(0, -1) })).toBe('not-round-end');
    expect(codeOf({ moves: [] })).toBe('not-round-end');
  });

  it('bot levels that are not one per seat, null at the uploader’s', () => {
    expect(codeOf({ levels: [null, 'normal'] })).toBe('bad-bots');
    expect(codeOf({ levels: [null, 'normal', 'easy', 'hard'] })).toBe('bad-bots');
    expect(codeOf({ levels: ['normal', null, 'easy'] })).toBe('bad-bots');
    expect(codeOf({ levels: [null, null, 'easy'] })).toBe('bad-bots');
    expect(codeOf({ you: { seat: 3 } })).toBe('no-such-seat');
  });

  it('a name that does not fit: another seat’s, or none a table takes', () => {
    expect(codeOf({ you: { seat: 0, name: 'Bot 2' } })).toBe('name-taken');
    expect(codeOf({ you: { seat: 0 } })).toBe('ok');
    expect(imported({ ...body, you: { seat: 0 } }).table.meta.seats[0]?.name).toBe('Player 1');
    for (const name of ['x'.repeat(25), '', '\u202E', '   ']) {
      const parsed = v.safeParse(importTableSchema, { ...body, you: { seat: 0, name } });
      expect(parsed.success, name).toBe(false);
    }
    const trimmed = v.safeParse(importTableSchema, { ...body, you: { seat: 0, name: ' Ann ' } });
    expect(trimmed.success && trimmed.output.you.name).toBe('Ann');
  });

  it('a table of a size or options the game does not take', () => {
    expect(codeOf({ players: 9, levels: [null, ...Array(8).fill('normal')] })).toBe('bad-players');
    expect(codeOf({ config: { goal: 'fast' } })).toBe('bad-config');
  });

  it('more moves than a game is imported with, by the body’s schema', () => {
    const many = Array.from({ length: 5001 }, () => ({ seat: 0, move: { t: 'nextRound' } }));
    expect(v.safeParse(importTableSchema, { ...body, moves: many }).success).toBe(false);
  });
});
