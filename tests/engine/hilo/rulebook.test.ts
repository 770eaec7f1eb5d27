/** The rulebook's own examples, played through the engine. */
import { describe, expect, it } from 'vitest';
import { hilo } from '../../../shared/games/hilo/index.ts';
import { cell, grid, layoutOf, mixed, name, play, run, stacked, top } from './helpers.ts';

const filler = mixed([5, 6, 7, 8, 9, 10, 11, 4, 3]);

describe('HiLO rulebook examples', () => {
  it('Lucas takes the red 3 from the discard pile, swaps it for his blue 9, and the blue 9 is discarded', () => {
    const state = stacked({
      layouts: [grid('g4 k5 w6', 'p7 B9 y1', 'o2 G3 k0'), filler],
      discard: 'o5 R3',
      start: 0,
    });
    const { state: after, events } = play(state, 0, { t: 'take', cell: cell(1, 1) });
    expect(layoutOf(after, 0)[1]).toBe('p7 R3 y1');
    expect(top(after)).toBe('b9');
    expect(after.discard.map(name)).toEqual(['o5', 'b9']);
    expect(events[0]).toMatchObject({ type: 'took', seat: 0, cell: cell(1, 1) });
    expect(after.turn).toBe(1);
  });

  it('Nina takes the yellow 4 and swaps it for the face-down card in the middle of her top row, which goes face up onto the discard pile', () => {
    const state = stacked({
      layouts: [filler, grid('r3 k8 b2', 'G1 o4 w6', 'p0 r7 B5')],
      discard: 'Y4',
      start: 1,
    });
    const { state: after, events } = play(state, 1, { t: 'take', cell: cell(0, 1) });
    expect(layoutOf(after, 1)[0]).toBe('r3 Y4 b2');
    expect(top(after)).toBe('k8');
    expect(events[0]).toMatchObject({ type: 'took', replaced: { v: 8, c: 7 } });
    // Now public: every viewer sees the card on the discard pile.
    expect(hilo.view(after, 0).discard.map(name)).toEqual(['k8']);
  });

  it('Marie draws the orange 7, discards it, then turns up a face-down card, a lower one', () => {
    const state = stacked({
      layouts: [filler, filler, grid('R5 b9 y6', 'k3 W8 g4', 'g2 p1 r10')],
      stock: 'o7 b1',
      discard: 'w3',
      start: 2,
    });
    const drawn = play(state, 2, { t: 'draw' }).state;
    expect(hilo.view(drawn, 2).drawn).toMatchObject({ v: 7, c: 4 });
    expect(hilo.view(drawn, 0).drawn).toEqual({ hidden: true });
    const { state: after, events } = play(drawn, 2, { t: 'discard', flip: cell(2, 0) });
    expect(top(after)).toBe('o7');
    expect(layoutOf(after, 2)[2]).toBe('G2 p1 r10');
    expect(events).toMatchObject([
      { type: 'discarded', seat: 2, card: { v: 7 } },
      { type: 'flipped', seat: 2, cell: cell(2, 0), card: { v: 2 } },
    ]);
    expect(after.turn).toBe(0);
  });

  it('Lucas clears his red row: the red 2, his lowest, tops the discard pile', () => {
    const state = stacked({
      layouts: [grid('g4 k5 w6', 'R8 R2 b6', 'o2 G3 k0'), filler],
      discard: 'R5',
      start: 0,
    });
    const took = play(state, 0, { t: 'take', cell: cell(1, 2) }).state;
    expect(took.phase).toBe('hilo');
    expect(hilo.legalMoves(took, 0)).toEqual([
      { t: 'hilo', line: { kind: 'row', index: 1 } },
      { t: 'keep' },
    ]);
    const after = play(took, 0, { t: 'hilo', line: { kind: 'row', index: 1 } }).state;
    expect(after.discard.map(name)).toEqual(['b6', 'r8', 'r5', 'r2']);
    expect(layoutOf(after, 0)).toEqual(['g4 k5 w6', 'o2 G3 k0']);
  });

  it('Nina clears her yellow left column: the yellow 1 tops the discard pile', () => {
    const state = stacked({
      layouts: [filler, grid('Y6 b2 r3', 'Y1 k4 G5', 'y3 o9 w8')],
      stock: 'p11',
      discard: 'b0',
      start: 1,
    });
    const flipped = run(state, [
      [1, { t: 'draw' }],
      [1, { t: 'discard', flip: cell(2, 0) }],
    ]).state;
    const after = play(flipped, 1, { t: 'hilo', line: { kind: 'col', index: 0 } }).state;
    expect(top(after)).toBe('y1');
    expect(after.discard.map(name)).toEqual(['b0', 'p11', 'y6', 'y3', 'y1']);
    expect(layoutOf(after, 1)).toEqual(['b2 r3', 'k4 G5', 'o9 w8']);
  });

  describe('Marie removes her yellow diagonal', () => {
    const state = stacked({
      layouts: [filler, filler, grid('Y5 B4 R2', 'G3 Y0 k9', 'P1 W6 y8')],
      stock: 'o11',
      discard: 'b10',
      start: 2,
    });
    const flipped = run(state, [
      [2, { t: 'draw' }],
      [2, { t: 'discard', flip: cell(2, 2) }],
    ]).state;

    it('and has to pick a way of closing up', () => {
      expect(hilo.legalMoves(flipped, 2)).toEqual([
        { t: 'hilo', line: { kind: 'diag' }, close: 'rows' },
        { t: 'hilo', line: { kind: 'diag' }, close: 'cols' },
        { t: 'keep' },
      ]);
      expect(hilo.apply(flipped, 2, { t: 'hilo', line: { kind: 'diag' } })).toMatchObject({
        ok: false,
        error: { code: 'close-required' },
      });
    });

    it('moving the cards right of the gap leftwards (blue 4, red 2, the hidden card)', () => {
      const after = play(flipped, 2, { t: 'hilo', line: { kind: 'diag' }, close: 'rows' }).state;
      expect(layoutOf(after, 2)).toEqual(['B4 R2', 'G3 k9', 'P1 W6']);
      expect(top(after)).toBe('y0');
    });

    it('or moving the cards above the gap downwards', () => {
      const after = play(flipped, 2, { t: 'hilo', line: { kind: 'diag' }, close: 'cols' }).state;
      expect(layoutOf(after, 2)).toEqual(['G3 B4 R2', 'P1 W6 k9']);
      expect(after.turn).toBe(0);
    });
  });

  it("scores the third round of the rulebook's table: 48, 59 and 32, and a fourth round follows", () => {
    // Marie, Lucas, Nina at 25, 40, 20; Nina ends the round with the lowest sum.
    const nina = mixed([1, 2, 0, 3, 1, 2, 0, 1, 9], true);
    nina[8]!.up = false;
    const state = stacked({
      dealer: 1,
      layouts: [mixed([5, 3, 2, 4, 1, 0, 3, 2, 3]), mixed([4, 2, 1, 3, 2, 1, 2, 2, 2]), nina],
      stock: 'p2 o10 o11',
      discard: 'b6',
      start: 2,
      totals: [25, 40, 20],
    });
    const { state: after, events } = run(state, [
      [2, { t: 'draw' }],
      [2, { t: 'place', cell: cell(2, 2) }],
      [0, { t: 'draw' }],
      [0, { t: 'discard', flip: cell(0, 0) }],
      [1, { t: 'draw' }],
      [1, { t: 'discard', flip: cell(0, 0) }],
    ]);
    expect(events).toContainEqual({ type: 'lastTurns', endedBy: 2, seats: [0, 1] });
    expect(after.roundScores).toEqual([23, 19, 12]);
    expect(after.totals).toEqual([48, 59, 32]);
    expect(after.phase).toBe('roundOver');
    expect(hilo.result(after)).toEqual({ over: false, totals: [48, 59, 32], winners: [] });
    expect(hilo.toMove(after)).toEqual([0, 1, 2]);
    const next = play(after, 1, { t: 'nextRound' }).state;
    expect(next.round).toBe(2);
    expect(next.phase).toBe('opening');
  });
});
