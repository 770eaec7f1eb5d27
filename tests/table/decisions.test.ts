/**
 * Which moves count as stale: a move is an answer to its seat's decision as long as nothing that
 * decides that seat's choice has changed since the version it was made on (table.play).
 */
import { describe, expect, it } from 'vitest';
import {
  games,
  legal,
  play,
  roundOver,
  sneakBeforeFlaunt,
  started,
  type Table,
} from './support.ts';

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
    let t: Table = sneakBeforeFlaunt();
    const flaunt = legal(t, 0).find((m) => m.t === 'flaunt');
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

  it('between rounds, each person is marked ready; the last one starts the round, later ones are done', () => {
    const t = roundOver(started('hilo', 2));
    let round: Table = t;
    const v = round.meta.version;
    const first = play(round, 1, { t: 'nextRound' }, v);
    expect(first.ready).toBe(true);
    round = first.table;
    expect(round.meta.version).toBe(v); // the game has not moved: seat 0 is still awaited
    expect(round.meta.ready).toEqual([1]);
    expect(play(round, 1, { t: 'nextRound' }, v).done).toBe(true); // a second tab, same answer
    round = play(round, 0, { t: 'nextRound' }, v).table;
    expect(round.meta.version).toBe(v + 1);
    expect(round.meta.ready).toEqual([]);
    const late = play(round, 1, { t: 'nextRound' }, v);
    expect(late.done).toBe(true);
    expect(late.table.meta.version).toBe(v + 1);
  });

  it('a move made before the game ended is stale, not refused as out of place', () => {
    const t = started('hilo', 2);
    // As the game's last move leaves it: a new version, every seat's decision restarted.
    const version = t.meta.version + 1;
    const meta = { ...t.meta, status: 'over' as const, version, decisions: [version, version] };
    const over = { meta, state: t.state };
    expect(play(over, 0, legal(t, 0)[0], t.meta.version).refused).toBe('stale');
    expect(play(over, 0, legal(t, 0)[0]).refused).toBe('not-now');
  });
});
