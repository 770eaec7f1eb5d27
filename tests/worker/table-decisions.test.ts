/**
 * Which moves count as stale: a move is an answer to its seat's decision as long as nothing that
 * decides that seat's choice has changed since the version it was made on (table.play).
 */
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../shared/engine/types.ts';
import { games as registry } from '../../shared/games/index.ts';
import * as table from '../../worker/table.ts';

const games = {
  hulahoo: registry.hulahoo!,
  hilo: registry.hilo!,
  sneak: registry.sneak!,
};

function started(game: 'hulahoo' | 'hilo' | 'sneak', players: number, config: unknown = {}) {
  const id = games[game];
  const parsed = id.parseConfig(config, players);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const meta = table.newTable({
    id: 't',
    game,
    players,
    config: parsed.config,
    bots: [],
    clock: null,
    hostKeyHash: 'h',
    now: 0,
  });
  const seats = meta.seats.map((_, s) => ({ name: `P${s}`, bot: false, tokenHash: `hash${s}` }));
  const out = table.start({ ...meta, seats }, 'seed', 0);
  if (!out.ok) throw new Error(out.error.message);
  return out.value;
}

type Table = { meta: table.TableMeta; state: unknown };

function play(t: Table, seat: Seat, move: unknown, version = t.meta.version) {
  const out = table.play(t.meta, t.state, seat, move, version, 0);
  if (!out.ok) return { refused: out.error.code, table: t };
  if (out.value === null) return { done: true, table: t };
  return { table: { meta: out.value.meta, state: out.value.state } };
}

const legal = (t: Table, seat: Seat) => registry[t.meta.game]!.legalMoves(t.state, seat);

describe('simultaneous decisions', () => {
  it('HiLO: every seat reveals its opening cards against the same version, none stale', () => {
    let t: Table = started('hilo', 4);
    const v = t.meta.version;
    const moves = [0, 1, 2, 3].map((s) => legal(t, s)[0]);
    for (const seat of [2, 0, 3, 1]) {
      const out = play(t, seat, moves[seat], v);
      expect(out.refused, `seat ${seat}`).toBeUndefined();
      t = out.table;
    }
    expect(t.meta.version).toBe(v + 4);
    expect((games.hilo.view(t.state, null) as { phase: string }).phase).not.toBe('opening');
  });

  it('Sneak: every challenger answers the flaunt against the same version', () => {
    const sneak = games.sneak;
    const meta = started('sneak', 4).meta;
    const config = sneak.parseConfig({}, 4);
    if (!config.ok) throw new Error('config');
    const state = sneak.fromScenario(config.config, {
      dealer: 3,
      hands: [
        ['QH', '2C'],
        ['KH', '3D'],
        ['5S', '6S'],
        ['AH', '4C'],
      ],
      stock: ['10C', 'JC'],
    });
    let t: Table = { meta, state };
    const flaunt = legal(t, 0).find((m) => (m as { t: string }).t === 'flaunt');
    t = play(t, 0, flaunt).table;
    expect(sneak.toMove(t.state)).toEqual([1, 2, 3]);
    const v = t.meta.version;
    for (const seat of [3, 1, 2]) {
      const out = play(t, seat, { t: 'decline' }, v);
      expect(out.refused, `seat ${seat}`).toBeUndefined();
      t = out.table;
    }
    expect(t.meta.version).toBe(v + 3);
  });

  it('a seat that moved cannot move again on the version it moved on (a second tab is stale)', () => {
    let t: Table = started('hilo', 3);
    const v = t.meta.version;
    const move = legal(t, 1)[0];
    t = play(t, 1, move, v).table;
    expect(play(t, 1, move, v).refused).toBe('stale');
  });

  it('a turn that passed from one seat to the next makes the older version stale', () => {
    let t: Table = started('hulahoo', 2, { chaos: { noSwap: true } });
    const first = games.hulahoo.toMove(t.state)[0]!;
    const v = t.meta.version;
    t = play(t, first, legal(t, first)[0]).table;
    const second = games.hulahoo.toMove(t.state)[0]!;
    if (second !== first) expect(play(t, second, legal(t, second)[0], v).refused).toBe('stale');
    expect(play(t, first, legal(t, first)[0] ?? { t: 'play' }, v).refused).toBe('stale');
    expect(play(t, second, legal(t, second)[0], t.meta.version + 1).refused).toBe('stale');
  });

  it('a next round asked for by several seats at once starts once, and the others are done', () => {
    const hilo = games.hilo;
    const meta = started('hilo', 2).meta;
    const config = hilo.parseConfig({}, 2);
    if (!config.ok) throw new Error('config');
    // A round about to end: seat 0 turns up its last card.
    let t: Table | null = null;
    for (let seed = 0; seed < 200 && t === null; seed++) {
      let probe: Table = { meta, state: hilo.setup(config.config, 2, `s${seed}`) };
      for (let step = 0; step < 400; step++) {
        const seats = hilo.toMove(probe.state);
        const phase = (hilo.view(probe.state, null) as { phase: string }).phase;
        if (phase === 'roundOver') {
          t = probe;
          break;
        }
        if (seats.length === 0) break;
        const seat = seats[0]!;
        probe = play(probe, seat, legal(probe, seat)[0]).table;
      }
    }
    expect(t).not.toBeNull();
    let round = t!;
    const v = round.meta.version;
    round = play(round, 1, { t: 'nextRound' }, v).table;
    expect(round.meta.version).toBe(v + 1);
    const again = play(round, 0, { t: 'nextRound' }, v);
    expect(again.done).toBe(true);
    expect(again.table.meta.version).toBe(v + 1);
  });
});
