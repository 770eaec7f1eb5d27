/** Untrusted input: every bad move and config is refused with a stable code, never a throw. */
import { describe, expect, it } from 'vitest';
import { hilo } from '../../../shared/games/hilo/index.ts';
import type { State } from '../../../shared/games/hilo/types.ts';
import { games } from '../../../shared/games/index.ts';
import { cell, grid, mixed, play, refused, run, stacked } from './helpers.ts';

const filler = mixed([5, 6, 7, 8, 9, 10, 11, 4, 3]);
const base = stacked({
  layouts: [grid('R1 R2 r3', 'k4 W5 o6', 'p7 g8 b9'), filler],
  stock: 'o11 o10 o9',
  discard: 'R0',
});
const drawn = play(base, 0, { t: 'draw' }).state;
const offered = play(base, 0, { t: 'take', cell: cell(0, 2) }).state;
const opening = hilo.setup(hilo.defaultConfig(3), 3, 'rejections');

describe('HiLO rejections', () => {
  it('is registered in the games registry', () => {
    expect(games.hilo).toBe(hilo);
  });

  it('refuses a move out of turn', () => {
    expect(refused(base, 1, { t: 'draw' })).toBe('not-your-turn');
    expect(refused(base, 1, { t: 'take', cell: cell(0, 0) })).toBe('not-your-turn');
    expect(refused(drawn, 1, { t: 'place', cell: cell(0, 0) })).toBe('not-your-turn');
    expect(refused(offered, 1, { t: 'keep' })).toBe('not-your-turn');
  });

  it('refuses a move of another phase', () => {
    expect(refused(base, 0, { t: 'place', cell: cell(0, 0) })).toBe('wrong-phase');
    expect(refused(base, 0, { t: 'discard', flip: cell(0, 2) })).toBe('wrong-phase');
    expect(refused(base, 0, { t: 'reveal', cells: [cell(0, 0), cell(0, 1)] })).toBe('wrong-phase');
    expect(refused(base, 0, { t: 'keep' })).toBe('wrong-phase');
    expect(refused(base, 0, { t: 'hilo', line: { kind: 'row', index: 0 } })).toBe('wrong-phase');
    expect(refused(base, 0, { t: 'nextRound' })).toBe('wrong-phase');
    expect(refused(drawn, 0, { t: 'draw' })).toBe('wrong-phase');
    expect(refused(drawn, 0, { t: 'take', cell: cell(0, 0) })).toBe('wrong-phase');
    expect(refused(opening, 0, { t: 'draw' })).toBe('wrong-phase');
  });

  it('asks for the HILO decision before anything else', () => {
    expect(refused(offered, 0, { t: 'draw' })).toBe('hilo-pending');
    expect(refused(offered, 0, { t: 'take', cell: cell(1, 1) })).toBe('hilo-pending');
  });

  it('refuses unknown and malformed moves', () => {
    for (const move of [
      null,
      undefined,
      'draw',
      42,
      [],
      ['draw'],
      {},
      { t: 5 },
      { t: 'fly' },
      { type: 'draw' },
      { t: 'draw', now: true },
    ]) {
      expect(refused(base, 0, move)).toBe('malformed-move');
    }
    for (const move of [
      { t: 'take' },
      { t: 'take', cell: null },
      { t: 'take', cell: [0, 0] },
      { t: 'take', cell: { row: '0', col: 0 } },
      { t: 'take', cell: { row: 0.5, col: 0 } },
      { t: 'take', cell: { row: 0, col: 0, up: true } },
      { t: 'take', cell: { row: 0 } },
      { t: 'take', cell: cell(0, 0), card: 'h1' },
    ]) {
      expect(refused(base, 0, move)).toBe('malformed-move');
    }
    expect(refused(drawn, 0, { t: 'discard', flip: 'x' })).toBe('malformed-move');
    expect(refused(drawn, 0, { t: 'place' })).toBe('malformed-move');
    for (const move of [
      { t: 'hilo' },
      { t: 'hilo', line: 'row0' },
      { t: 'hilo', line: { kind: 'row' } },
      { t: 'hilo', line: { kind: 'row', index: -1 } },
      { t: 'hilo', line: { kind: 'row', index: '0' } },
      { t: 'hilo', line: { kind: 'zig', index: 0 } },
      { t: 'hilo', line: { kind: 'diag', index: 0 }, close: 'rows' },
      { t: 'hilo', line: { kind: 'row', index: 0 }, close: 'up' },
      { t: 'hilo', line: { kind: 'row', index: 0, colour: 0 } },
      { t: 'keep', line: { kind: 'row', index: 0 } },
    ]) {
      expect(refused(offered, 0, move)).toBe('malformed-move');
    }
    for (const move of [
      { t: 'reveal' },
      { t: 'reveal', cells: [cell(0, 0)] },
      { t: 'reveal', cells: [cell(0, 0), cell(0, 1), cell(0, 2)] },
      { t: 'reveal', cells: { 0: cell(0, 0), 1: cell(0, 1) } },
      { t: 'reveal', cells: [cell(0, 0), 'x'] },
    ]) {
      expect(refused(opening, 0, move)).toBe('malformed-move');
    }
  });

  it('refuses cells outside the current layout', () => {
    for (const c of [cell(3, 0), cell(0, 3), cell(-1, 0), cell(0, -1)]) {
      expect(refused(base, 0, { t: 'take', cell: c })).toBe('no-such-cell');
      expect(refused(drawn, 0, { t: 'place', cell: c })).toBe('no-such-cell');
      expect(refused(drawn, 0, { t: 'discard', flip: c })).toBe('no-such-cell');
      expect(refused(opening, 0, { t: 'reveal', cells: [cell(0, 0), c] })).toBe('no-such-cell');
    }
    const shrunk = run(offered, [
      [0, { t: 'hilo', line: { kind: 'row', index: 0 } }],
      [1, { t: 'draw' }],
      [1, { t: 'discard', flip: cell(0, 0) }],
    ]).state;
    expect(refused(shrunk, 0, { t: 'take', cell: cell(2, 0) })).toBe('no-such-cell');
  });

  it('refuses a bad opening choice', () => {
    expect(refused(opening, 0, { t: 'reveal', cells: [cell(1, 1), cell(1, 1)] })).toBe('same-cell');
    const once = play(opening, 0, { t: 'reveal', cells: [cell(0, 0), cell(0, 1)] }).state;
    expect(refused(once, 0, { t: 'reveal', cells: [cell(1, 0), cell(1, 1)] })).toBe(
      'already-revealed',
    );
  });

  it('refuses a HILO that is not one, or not a line of this layout, or wrongly closed', () => {
    expect(refused(offered, 0, { t: 'hilo', line: { kind: 'row', index: 1 } })).toBe('not-a-hilo');
    expect(refused(offered, 0, { t: 'hilo', line: { kind: 'row', index: 3 } })).toBe(
      'no-such-line',
    );
    expect(refused(offered, 0, { t: 'hilo', line: { kind: 'row', index: 0 }, close: 'rows' })).toBe(
      'close-not-allowed',
    );
    const diag = stacked({
      layouts: [grid('R1 b2 g3', 'k4 R5 o6', 'p7 g8 R9'), filler],
      discard: 'R0',
    });
    const d = play(diag, 0, { t: 'take', cell: cell(0, 1) }).state;
    expect(refused(d, 0, { t: 'hilo', line: { kind: 'diag' } })).toBe('close-required');
    expect(refused(d, 0, { t: 'hilo', line: { kind: 'anti' }, close: 'rows' })).toBe('not-a-hilo');
    // After a row goes (2×3) there are no columns or diagonals.
    const twoRows = stacked({
      layouts: [grid('R1 R2 R3', 'B4 B5 B6', 'g7 k8 b9'), filler],
      stock: 'o1 o2 o3',
    });
    const chained = run(twoRows, [
      [0, { t: 'draw' }],
      [0, { t: 'discard', flip: cell(2, 0) }],
      [0, { t: 'hilo', line: { kind: 'row', index: 0 } }],
      [1, { t: 'draw' }],
      [1, { t: 'discard', flip: cell(0, 0) }],
      [0, { t: 'draw' }],
      [0, { t: 'discard', flip: cell(1, 1) }],
    ]).state;
    expect(chained.phase).toBe('hilo');
    expect(refused(chained, 0, { t: 'hilo', line: { kind: 'col', index: 0 } })).toBe(
      'no-such-line',
    );
    expect(refused(chained, 0, { t: 'hilo', line: { kind: 'diag' }, close: 'rows' })).toBe(
      'no-such-line',
    );
  });

  it('refuses bad seats and any move once the game is over', () => {
    for (const seat of [-1, 2, 1.5, Number.NaN, '0' as unknown as number]) {
      expect(refused(base, seat, { t: 'draw' })).toBe('bad-seat');
    }
    const over = { ...base, phase: 'gameOver' } as State;
    expect(refused(over, 0, { t: 'draw' })).toBe('game-over');
    expect(hilo.toMove(over)).toEqual([]);
  });

  it('never throws and never changes the state, whatever it is sent', () => {
    const junk: unknown[] = [
      null,
      0,
      'x',
      [],
      {},
      { t: null },
      { t: 'take', cell: { row: 1e308, col: 0 } },
      { t: 'take', cell: { row: Number.NaN, col: 0 } },
      { t: 'discard', flip: { row: 0, col: Number.POSITIVE_INFINITY } },
      { t: 'hilo', line: { kind: 'col', index: 99 } },
      { t: 'hilo', line: null, close: null },
      { t: 'reveal', cells: [null, null] },
      { t: 'nextRound', extra: 1 },
      { t: 'constructor' },
      { t: '__proto__' },
      JSON.parse('{"t":"take","cell":{"row":0,"col":0,"__proto__":{"x":1}}}'),
    ];
    for (const state of [base, drawn, offered, opening]) {
      const before = JSON.stringify(state);
      for (const move of junk) {
        for (const seat of [0, 1, 2]) {
          const out = hilo.apply(state, seat, move);
          if (!out.ok) expect(out.error.code).toMatch(/^[a-z]+(-[a-z]+)*$/);
        }
      }
      expect(JSON.stringify(state)).toBe(before);
    }
  });
});

describe('HiLO config', () => {
  it('defaults to a limit of 100 and 50 turns, missing fields taking their defaults', () => {
    expect(hilo.parseConfig(undefined, 4)).toEqual({
      ok: true,
      config: { limit: 100, maxTurns: 50 },
    });
    expect(hilo.parseConfig({}, 4)).toEqual({ ok: true, config: { limit: 100, maxTurns: 50 } });
    expect(hilo.parseConfig({ limit: 60 }, 2)).toEqual({
      ok: true,
      config: { limit: 60, maxTurns: 50 },
    });
    expect(hilo.parseConfig({ maxTurns: 20, firstDealer: 2 }, 3)).toEqual({
      ok: true,
      config: { limit: 100, maxTurns: 20, firstDealer: 2 },
    });
  });

  it('refuses unknown options and bad values with a reason', () => {
    for (const raw of [
      5,
      'x',
      [],
      { limits: 100 },
      { limit: 0 },
      { limit: 99.5 },
      { limit: '100' },
      { maxTurns: 0 },
      { maxTurns: 1001 },
      { firstDealer: 3 },
      { firstDealer: -1 },
    ]) {
      const out = hilo.parseConfig(raw, 3);
      expect(out.ok).toBe(false);
      if (!out.ok) {
        expect(out.error.code).toBe('bad-config');
        expect(out.error.message.length).toBeGreaterThan(0);
      }
    }
  });

  it('is for 2 to 6 players', () => {
    expect(hilo.minPlayers).toBe(2);
    expect(hilo.maxPlayers).toBe(6);
    for (const players of [1, 7, 2.5]) {
      const out = hilo.parseConfig({}, players);
      expect(out.ok ? null : out.error.code).toBe('bad-players');
    }
  });
});
