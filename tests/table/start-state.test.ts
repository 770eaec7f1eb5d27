/**
 * A game begun at a moment of another, taken to a table (`POST /api/tables/import` with `start`):
 * the start state is checked as untrusted input (shared/table/start-state.ts) and refused by name
 * when it is not a state of its game and table, when a card is missing, twice or not of the deck,
 * or when the engine cannot go on from it; once accepted, the table starts there, reseeded with
 * the server's secret, stores and loads back its start, and its record replays the whole game.
 */
import { describe, expect, it } from 'vitest';
import type { ImportTable } from '../../shared/api.ts';
import { seedRng } from '../../shared/engine/rng.ts';
import type { RoundState } from '../../shared/engine/rounds.ts';
import type { GameId } from '../../shared/engine/types.ts';
import { botFor } from '../../shared/games/bots.ts';
import { games } from '../../shared/games/index.ts';
import { gameLog, type LogEntry, record } from '../../shared/table/game-log.ts';
import { positionTable } from '../../shared/table/imported.ts';
import { checkStart } from '../../shared/table/start-state.ts';
import { carriedOver, loadTable } from '../../shared/table/stored.ts';
import { TestTable } from './harness.ts';
import { MemoryRows } from './storage.ts';
import {
  configOf,
  IMPORTED_AT,
  importUpload,
  playOn,
  positionUpload,
  randomFrom,
  replayRecord,
  SERVER_SEED,
  soloUpload,
} from './support.ts';

const tableFor = (body: ImportTable) => ({
  game: body.game,
  players: body.players,
  config: configOf(body),
});

const upload = (body: ImportTable) => importUpload(body, 500);

describe.each(Object.keys(games).map((id) => [id as GameId]))('%s from a position', (id) => {
  for (const way of ['as-it-was', 'what-you-knew'] as const) {
    it(`${way}: is a start state a table takes`, () => {
      const { state, body } = positionUpload(id, way);
      const out = checkStart(tableFor(body), JSON.parse(JSON.stringify(state)));
      expect(out.ok && out.state).toEqual(state);
    });
  }

  it('becomes a table at that moment, reseeded with the server’s secret, bots due after their delay', () => {
    const { game, state, body } = positionUpload(id, 'what-you-knew');
    const out = upload(body);
    if (!out.ok) throw new Error(out.error.message);
    const { table, log, start } = out;
    expect(start).toEqual(state);
    expect(log).toEqual([]);
    expect({ ...table.state, rng: null }).toEqual({ ...state, rng: null });
    expect(table.state.rng).toEqual(seedRng(SERVER_SEED));
    expect(table.meta).toMatchObject({
      status: 'playing',
      moveCount: 0,
      reseeded: { after: 0, seed: SERVER_SEED },
    });
    const botsAwaited = game.toMove(table.state).some((s) => s !== 0);
    expect(table.meta.botDue).toBe(botsAwaited ? IMPORTED_AT + 500 : null);
  });

  it('stores its start and loads back with it, and its record replays the game played on', () => {
    const { body } = positionUpload(id, 'as-it-was');
    const out = upload(body);
    if (!out.ok) throw new Error(out.error.message);
    const rows = new MemoryRows();
    rows.write(carriedOver({ ...out, snapshotAt: 0 }));
    const loaded = loadTable('t', rows);
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.loaded?.start).toEqual(out.start);
    expect(loaded.loaded?.table).toEqual(out.table);
    // A start row that does not parse is refused, saying where.
    const broken = rows.copy();
    broken.write({ start: { game: 1, state: { ...out.table.state, phase: 'nap' } } });
    const refused = loadTable('t', broken);
    expect(refused.ok || refused.error.message).toMatch(/^move 0\.start: state\.phase: /);
    // Played on by bots to the game's end: the record, from its start, is the game.
    const log: LogEntry[] = [];
    const end = playOn(games[id], out.table.state, 'gameOver', log, randomFrom('on'));
    const rec = record(gameLog(1, log, out.start), out.table.meta);
    expect(rec.start).toEqual(out.start);
    expect(replayRecord(rec).at(-1)).toEqual(end);
  });

  it('taken online after moves played from it, at a round’s end: its moves replay from the start', () => {
    const { game, state, body } = positionUpload(id, 'what-you-knew');
    const played: LogEntry[] = [];
    const end = playOn(game, state, 'roundOver', played, randomFrom('to the end'));
    const moves = played.map(({ seat, move }) => ({ seat, move }));
    const out = upload({ ...body, moves, totals: game.result(end).totals });
    if (!out.ok) throw new Error(out.error.message);
    expect({ ...out.table.state, rng: null }).toEqual({ ...end, rng: null });
    expect(out.table.meta.reseeded).toEqual({ after: moves.length, seed: SERVER_SEED });
    if (moves.length > 1) {
      const short = upload({ ...body, moves: moves.slice(0, -1) });
      expect(short.ok || short.error.code).toBe('not-round-end');
    }
  });
});

describe('a table at a position, through its step', () => {
  it.each(Object.keys(games).map((id) => [id as GameId]))(
    '%s: its player sees the moment, bots play it out, woken from storage on the way, and its record holds the start',
    (id) => {
      const { game, state, body } = positionUpload(id, 'what-you-knew');
      const made = positionTable({
        body,
        id: 't',
        tokenHash: 'h:ann-token',
        hostKeyHash: 'h:host-key',
        now: 0,
      });
      if (!made.ok) throw new Error(made.error.message);
      // Not reseeded: a table in this browser keeps the generator the position was given.
      expect(made.table.state).toEqual(state);
      const t = new TestTable({ from: { table: made.table, log: [], start: made.start } });
      const ann = t.person('Ann', { token: 'ann-token' });
      expect(t.view(ann)).toEqual(JSON.parse(JSON.stringify(game.view(state, 0))));
      t.reload();
      // Ann plays as the normal bot would; the table's own bots at its alarms.
      const random = randomFrom('ann');
      for (let i = 0; i < 20_000 && t.table.state?.phase !== 'gameOver'; i++) {
        if (!t.awaited().includes(0) || t.table.meta.ready.includes(0)) {
          t.alarm();
          continue;
        }
        const move = botFor(id, 'normal').choose(game.view(t.table.state!, 0), random);
        t.send(ann, { type: 'move', move, version: t.table.meta.version });
      }
      t.send(ann, { type: 'record' });
      const rec = t.messages(ann, 'record').at(-1)?.record;
      expect(rec?.start).toEqual(state);
      expect(replayRecord(rec!).at(-1)).toEqual(t.table.state);
    },
  );

  it('is made only from a start, before any move', () => {
    const { body } = soloUpload('hilo', 'roundOver');
    const made = positionTable({ body, id: 't', tokenHash: 'a', hostKeyHash: 'b', now: 0 });
    expect(made.ok || made.error.code).toBe('bad-start');
  });
});

describe('a start state that does not hold together is refused', () => {
  const { state, body } = positionUpload('hulahoo', 'as-it-was');
  const table = tableFor(body);
  const refusal = (start: unknown) => {
    const out = checkStart(table, start);
    return out.ok ? 'ok' : out.error.message;
  };
  const swap = (change: Partial<Record<string, unknown>>) => ({ ...state, ...change });
  const hulaState = state as RoundState & {
    hands: { id: string; v: number }[][];
    stock: { id: string; v: number }[];
    out: boolean[];
  };

  it('accepts the honest one', () => {
    expect(refusal(state)).toBe('ok');
  });

  it('not a state of its game, said where', () => {
    expect(refusal('junk')).toMatch(/^start: Invalid type/);
    expect(refusal({ ...state, hands: 'none' })).toMatch(/^start\.hands: /);
    expect(refusal({ ...state, game: 'hilo' })).toMatch(/^start\.game: /);
  });

  it('another table’s size or options', () => {
    expect(refusal(swap({ players: 4 }))).toBe('start: a game of 4, at a table of 3');
    expect(refusal(swap({ config: { ...(state.config as object), chaos: {} } }))).toMatch(/^start/);
    const goal = { kind: 'points', points: 100 };
    expect(refusal(swap({ config: { ...(state.config as object), goal } }))).toBe(
      "start: its options are not the table's",
    );
  });

  it('a card twice, a card missing, or a card that is not the deck’s', () => {
    const [first, ...rest] = hulaState.stock;
    expect(refusal(swap({ stock: [first, first, ...rest] }))).toBe(
      'start: a card lies in two places',
    );
    expect(refusal(swap({ stock: rest }))).toBe(
      'start: 83 cards lie in play, not the 84 of its deck',
    );
    const forged = { ...first!, v: first!.v === 7 ? 8 : 7 };
    expect(refusal(swap({ stock: [forged, ...rest] }))).toBe(
      `start: card ${first!.id} is not one of its deck`,
    );
    expect(refusal(swap({ stock: [{ id: 'zz', v: 1 }, ...rest] }))).toBe(
      'start: card zz is not one of its deck',
    );
    expect(refusal(swap({ labels: state.labels.map(() => 0) }))).toBe(
      'start: its labels are not the 84 of its deck',
    );
  });

  it('seats and sizes beyond the table’s, a generator that cannot deal', () => {
    expect(refusal(swap({ dealer: 3 }))).toBe('start: it names a seat not there');
    expect(refusal(swap({ out: [...hulaState.out, false] }))).toBe(
      'start: a field of the seats holds other than 3 entries',
    );
    expect(refusal(swap({ round: 0 }))).toBe('start: round 0');
    expect(refusal(swap({ round: 101 }))).toBe('start: round 101');
    expect(refusal(swap({ history: [[1, 2]] }))).toBe(
      'start: its score sheet does not fit its rounds and seats',
    );
    expect(refusal(swap({ rng: { key: 'short', counter: 0 } }))).toBe(
      'start: its generator cannot deal',
    );
  });

  it('a moment the engine cannot go on from', () => {
    expect(refusal(swap({ phase: 'gameOver' }))).toBe('start: the game is over');
    // Everyone knocked out but the turn's player, whose hand is gone: nobody can play.
    const hands = hulaState.hands.map(() => []);
    const stuck = swap({ phase: 'play', hands, out: [true, true, true] });
    expect(refusal(stuck)).toMatch(/^start: (?!ok)/);
  });

  it('and the import says so as `bad-start`', () => {
    const out = upload({ ...body, start: swap({ dealer: 9 }) });
    expect(out.ok || out.error).toEqual({
      code: 'bad-start',
      message: 'start: it names a seat not there',
    });
  });
});
