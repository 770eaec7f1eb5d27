/** Every HL ruling, each test citing the one it checks. */
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../../shared/engine/types.ts';
import { DECK } from '../../../shared/games/hilo/deck.ts';
import { hilo } from '../../../shared/games/hilo/index.ts';
import type { Scenario, State } from '../../../shared/games/hilo/types.ts';
import { cell, grid, layoutOf, mixed, name, play, refused, run, stacked, top } from './helpers.ts';

const filler = mixed([5, 6, 7, 8, 9, 10, 11, 4, 3]);
const draw = { t: 'draw' };
const flip = (row: number, col: number) => ({ t: 'discard', flip: cell(row, col) });

/** Opens every seat's two first cells, in seat order. */
function openAll(state: State): State {
  let s = state;
  for (let seat = 0; seat < s.players; seat++) {
    s = play(s, seat, { t: 'reveal', cells: [cell(0, 0), cell(0, 1)] }).state;
  }
  return s;
}

/**
 * Two players; seat 0 holds `ender` (8 face-up values and a face-down ninth) and ends the round
 * by placing a drawn card of value `placed` on its face-down cell; seat 1, all face down, has its
 * last turn.
 */
function endTwo(ender: number[], placed: number, other: number[], totals?: number[]): State {
  const layout = mixed([...ender, 11], true);
  layout[8]!.up = false;
  const s = stacked({
    layouts: [layout, mixed(other)],
    stock: `p${placed} o11`,
    discard: 'b6',
    start: 0,
    ...(totals ? { totals } : {}),
  });
  return run(s, [
    [0, draw],
    [0, { t: 'place', cell: cell(2, 2) }],
    [1, draw],
    [1, flip(0, 0)],
  ]).state;
}

describe('HL-1 the deck', () => {
  it('HL-1: the deck holds 104 cards, one of each value −1…11 in each of 8 colours', () => {
    expect(DECK).toHaveLength(104);
    const faces = new Set(DECK.map((c) => `${c.c}/${c.v}`));
    expect(faces.size).toBe(104);
    for (let c = 0; c < 8; c++)
      for (let v = -1; v <= 11; v++) expect(faces.has(`${c}/${v}`)).toBe(true);
    expect(new Set(DECK.map((c) => c.id)).size).toBe(104);
  });
});

describe('HL-2 the deal and the opening', () => {
  it('HL-2: deals 9 face-down cards per player in 3×3 grids and starts the discard pile with one card', () => {
    const s = hilo.setup(hilo.defaultConfig(4), 4, 'deal');
    expect(s.phase).toBe('opening');
    for (const layout of s.layouts) {
      expect(layout.map((row) => row.length)).toEqual([3, 3, 3]);
      expect(layout.flat().every((slot) => !slot.up)).toBe(true);
    }
    expect(s.discard).toHaveLength(1);
    expect(s.stock).toHaveLength(104 - 36 - 1);
    expect(hilo.view(s, 0).discard).toEqual(s.discard);
  });

  it('HL-2: every player opens two cards of their choice at the same time', () => {
    const s = hilo.setup(hilo.defaultConfig(3), 3, 'open');
    expect(hilo.toMove(s)).toEqual([0, 1, 2]);
    const legal = hilo.legalMoves(s, 1);
    expect(legal).toHaveLength(36);
    expect(legal[0]).toEqual({ t: 'reveal', cells: [cell(0, 0), cell(0, 1)] });
    const one = play(s, 1, { t: 'reveal', cells: [cell(1, 0), cell(2, 2)] }).state;
    expect(hilo.toMove(one)).toEqual([0, 2]);
    expect(hilo.legalMoves(one, 1)).toEqual([]);
    expect(refused(one, 1, { t: 'reveal', cells: [cell(0, 0), cell(0, 1)] })).toBe(
      'already-revealed',
    );
    const two = play(one, 0, { t: 'reveal', cells: [cell(0, 0), cell(0, 1)] }).state;
    const { state: all, events } = play(two, 2, { t: 'reveal', cells: [cell(0, 2), cell(1, 1)] });
    expect(all.phase).toBe('play');
    expect(
      layoutOf(all, 1).map((row) => row.split(' ').map((c) => c[0] === c[0]!.toUpperCase())),
    ).toEqual([
      [false, false, false],
      [true, false, false],
      [false, false, true],
    ]);
    expect(events.filter((e) => e.type === 'opened')).toHaveLength(3);
    expect(events.at(-1)).toMatchObject({ type: 'starter', seat: all.turn });
  });

  it('HL-2: an opening choice stays sealed, even its cells, until every player has chosen', () => {
    const s = hilo.setup(hilo.defaultConfig(2), 2, 'sealed');
    const { state: one, events } = play(s, 0, { t: 'reveal', cells: [cell(1, 1), cell(2, 0)] });
    expect(events).toEqual([{ type: 'ready', seat: 0 }]);
    const other = hilo.view(one, 1);
    expect(other.players[0]!.ready).toBe(true);
    expect(other.players[0]!.chosen).toBeNull();
    expect(other.players[0]!.layout.flat().every((c) => 'hidden' in c)).toBe(true);
    expect(JSON.stringify(other.players)).not.toContain('"row":1,"col":1');
    // The chooser sees where they chose, not yet what.
    const own = hilo.view(one, 0);
    expect(own.players[0]!.chosen).toEqual([cell(1, 1), cell(2, 0)]);
    expect(own.players[0]!.layout.flat().every((c) => 'hidden' in c)).toBe(true);
    expect(hilo.view(one, null).players[0]!.chosen).toBeNull();
  });

  it('HL-2: the two cells of an opening are a set, given in either order', () => {
    const s = hilo.setup(hilo.defaultConfig(2), 2, 'order');
    const a = hilo.apply(s, 0, { t: 'reveal', cells: [cell(2, 1), cell(0, 2)] });
    const b = hilo.apply(s, 0, { t: 'reveal', cells: [cell(0, 2), cell(2, 1)] });
    expect(a.ok && b.ok && JSON.stringify(a.state) === JSON.stringify(b.state)).toBe(true);
  });
});

describe('HL-3 the starting player', () => {
  const two = (a: number, b: number) => {
    const layout = mixed([a, b, 0, 0, 0, 0, 0, 0, 0]);
    layout[0]!.up = true;
    layout[1]!.up = true;
    return layout;
  };

  it('HL-3: the highest sum of the two opened cards begins', () => {
    const s = stacked({
      dealer: 0,
      layouts: [two(11, 11), two(3, 4), two(10, 11), two(-1, 0)],
      start: null,
    });
    expect(s.turn).toBe(0);
    expect(hilo.toMove(s)).toEqual([0]);
  });

  it("HL-3: on a tie the tied player first in seat order from the dealer's left begins", () => {
    const layouts = [two(5, 5), two(9, 1), two(1, 1), two(4, 6)];
    expect(stacked({ dealer: 2, layouts, start: null }).turn).toBe(3);
    expect(stacked({ dealer: 3, layouts, start: null }).turn).toBe(0);
    expect(stacked({ dealer: 0, layouts, start: null }).turn).toBe(1);
  });

  it('HL-3: the starting player is recomputed each round and the dealer passes left', () => {
    let s = hilo.setup({ limit: 10000, maxTurns: 1, firstDealer: 2 }, 3, 'rounds');
    expect(s.dealer).toBe(2);
    for (let round = 1; round <= 3; round++) {
      expect(s.round).toBe(round);
      s = openAll(s);
      const sums = s.layouts.map((l) => l[0]![0]!.card.v + l[0]![1]!.card.v);
      const best = Math.max(...sums);
      const order = [1, 2, 3].map((k) => (s.dealer + k) % 3);
      expect(s.turn).toBe(order.find((seat) => sums[seat] === best));
      // maxTurns 1 (HL-14) ends each round after one turn each.
      while (s.phase !== 'roundOver') {
        const seat = hilo.toMove(s)[0]!;
        const move = hilo.legalMoves(s, seat).at(-1)!;
        s = play(s, seat, move).state;
      }
      const dealer = s.dealer;
      s = play(s, 1, { t: 'nextRound' }).state;
      expect(s.dealer).toBe((dealer + 1) % 3);
    }
  });
});

describe('HL-4 the two actions', () => {
  it('HL-4: the top discard may be swapped into a face-up or a face-down cell', () => {
    const s = stacked({
      layouts: [grid('R1 b2 g3', 'k4 w5 o6', 'p7 r8 b9'), filler],
      stock: 'o1',
      discard: 'y0',
    });
    const legal = hilo.legalMoves(s, 0);
    expect(legal.filter((m) => m.t === 'take')).toHaveLength(9);
    expect(legal).toContainEqual({ t: 'draw' });
    const up = play(s, 0, { t: 'take', cell: cell(0, 0) }).state;
    expect(layoutOf(up, 0)[0]).toBe('Y0 b2 g3');
    expect(top(up)).toBe('r1');
    const down = play(s, 0, { t: 'take', cell: cell(2, 2) }).state;
    expect(layoutOf(down, 0)[2]).toBe('p7 r8 Y0');
    expect(top(down)).toBe('b9');
  });

  it('HL-4: a drawn card may be swapped into any cell, the replaced card going face up to the discard pile', () => {
    const s = stacked({ layouts: [filler, filler], stock: 'g-1', discard: 'y0', start: 1 });
    const drawn = play(s, 1, draw).state;
    expect(drawn.phase).toBe('drawn');
    const { state: after, events } = play(drawn, 1, { t: 'place', cell: cell(1, 2) });
    expect(layoutOf(after, 1)[1]).toBe('g8 o9 G-1');
    expect(after.discard.map(name)).toEqual(['y0', 'p10']);
    expect(events[0]).toMatchObject({ type: 'placed', card: { v: -1 }, replaced: { v: 10 } });
    expect(after.drawn).toBeNull();
  });

  it('HL-4: the drawn card is seen by the drawer alone, and the draw event shows no card', () => {
    const s = stacked({ layouts: [filler, filler, filler], stock: 'g-1', discard: 'y0', start: 1 });
    const { state: drawn, events } = play(s, 1, draw);
    expect(events).toEqual([{ type: 'drew', seat: 1 }]);
    expect(hilo.view(drawn, 1).drawn).toEqual(drawn.drawn);
    expect(hilo.view(drawn, 0).drawn).toEqual({ hidden: true });
    expect(hilo.view(drawn, 2).drawn).toEqual({ hidden: true });
    expect(hilo.view(drawn, null).drawn).toEqual({ hidden: true });
    expect(JSON.stringify(hilo.view(drawn, 0))).not.toContain(`"${drawn.drawn!.id}"`);
  });
});

describe('HL-5 the compulsory flip', () => {
  const s = stacked({ layouts: [grid('R1 b2 g3', 'k4 W5 o6', 'p7 r8 b9'), filler], stock: 'y0' });
  const drawn = play(s, 0, draw).state;

  it('HL-5: discarding a drawn card forces a flip, swapping it in does not', () => {
    const discards = hilo.legalMoves(drawn, 0).filter((m) => m.t === 'discard');
    expect(discards).toHaveLength(7);
    expect(discards.every((m) => m.t === 'discard' && m.flip !== undefined)).toBe(true);
    expect(refused(drawn, 0, { t: 'discard' })).toBe('flip-required');
    expect(refused(drawn, 0, flip(0, 0))).toBe('already-face-up');
    const placed = play(drawn, 0, { t: 'place', cell: cell(0, 1) }).state;
    expect(layoutOf(placed, 0)).toEqual(['R1 Y0 g3', 'k4 W5 o6', 'p7 r8 b9']);
    expect(placed.turn).toBe(1);
    expect(refused(drawn, 0, { t: 'place', cell: cell(0, 1), flip: cell(0, 2) })).toBe(
      'malformed-move',
    );
  });

  it('HL-5: with no face-down cell left, the discard needs no flip', () => {
    const open = stacked({
      layouts: [mixed([1, 2, 3, 4, 5, 6, 7, 8, 9], true), filler],
      stock: 'y0',
    });
    const d = play(open, 0, draw).state;
    expect(hilo.legalMoves(d, 0).filter((m) => m.t === 'discard')).toEqual([{ t: 'discard' }]);
    expect(refused(d, 0, flip(0, 0))).toBe('nothing-to-flip');
    const after = play(d, 0, { t: 'discard' }).state;
    expect(top(after)).toBe('y0');
    expect(after.endedBy).toBe(0);
  });
});

describe('HL-6 the draw pile reshuffle', () => {
  it('HL-6: an empty draw pile is rebuilt from the discard pile but its top card', () => {
    const s = stacked({ layouts: [filler, filler], stock: '', discard: 'r1 r2 r3 b4' });
    expect(hilo.legalMoves(s, 0)).toContainEqual({ t: 'draw' });
    const { state: after, events } = play(s, 0, draw);
    expect(events).toEqual([
      { type: 'reshuffled', count: 3 },
      { type: 'drew', seat: 0 },
    ]);
    expect(after.discard.map(name)).toEqual(['b4']);
    expect(after.stock).toHaveLength(2);
    expect(['r1', 'r2', 'r3']).toContain(name(after.drawn!));
    expect([...after.stock, after.drawn!].map(name).sort()).toEqual(['r1', 'r2', 'r3']);
  });

  it('HL-6: with nothing to rebuild the draw pile from, drawing is not possible', () => {
    const s = stacked({ layouts: [filler, filler], stock: '', discard: 'b4' });
    expect(hilo.legalMoves(s, 0)).not.toContainEqual({ t: 'draw' });
    expect(refused(s, 0, draw)).toBe('empty-stock');
  });
});

describe('HL-7 HILOs on offer', () => {
  it('HL-7: a line with a face-down card is no HILO, even if that card is of the same colour', () => {
    const s = stacked({
      layouts: [grid('R1 R2 r3', 'k4 W5 o6', 'p7 G8 b9'), filler],
      discard: 'y0',
    });
    const after = play(s, 0, { t: 'take', cell: cell(2, 2) }).state;
    expect(after.phase).toBe('play');
    expect(after.turn).toBe(1);
  });

  it('HL-7: removal is optional: keeping the HILO ends the turn and the line stays', () => {
    const s = stacked({
      layouts: [grid('R1 R2 b3', 'k4 W5 o6', 'p7 G8 b9'), filler],
      discard: 'R0',
    });
    const offered = play(s, 0, { t: 'take', cell: cell(0, 2) }).state;
    expect(offered.phase).toBe('hilo');
    expect(hilo.toMove(offered)).toEqual([0]);
    const { state: kept, events } = play(offered, 0, { t: 'keep' });
    expect(events).toEqual([{ type: 'kept', seat: 0 }]);
    expect(kept.turn).toBe(1);
    expect(layoutOf(kept, 0)[0]).toBe('R1 R2 R0');
  });

  it('HL-7: a kept HILO is offered again at the end of a later turn', () => {
    const s = stacked({
      layouts: [grid('R1 R2 b3', 'k4 W5 o6', 'p7 G8 b9'), filler],
      stock: 'o11 o10',
      discard: 'R0',
    });
    const later = run(s, [
      [0, { t: 'take', cell: cell(0, 2) }],
      [0, { t: 'keep' }],
      [1, draw],
      [1, flip(0, 0)],
      [0, draw],
      [0, flip(2, 2)],
    ]).state;
    expect(later.phase).toBe('hilo');
    expect(hilo.legalMoves(later, 0)).toEqual([
      { t: 'hilo', line: { kind: 'row', index: 0 } },
      { t: 'keep' },
    ]);
    const after = play(later, 0, { t: 'hilo', line: { kind: 'row', index: 0 } }).state;
    expect(layoutOf(after, 0)).toEqual(['k4 W5 o6', 'p7 G8 B9']);
  });

  it('HL-7: with two HILOs on offer only one is removed per turn; the other stays on offer later', () => {
    const s = stacked({
      layouts: [grid('R1 R2 R3', 'B4 B5 b6', 'p7 G8 k9'), filler],
      stock: 'o11 o10 o9',
      discard: 'y0',
    });
    const offered = run(s, [
      [0, draw],
      [0, flip(1, 2)],
    ]).state;
    expect(hilo.legalMoves(offered, 0)).toEqual([
      { t: 'hilo', line: { kind: 'row', index: 0 } },
      { t: 'hilo', line: { kind: 'row', index: 1 } },
      { t: 'keep' },
    ]);
    const one = play(offered, 0, { t: 'hilo', line: { kind: 'row', index: 1 } }).state;
    expect(one.turn).toBe(1);
    expect(layoutOf(one, 0)).toEqual(['R1 R2 R3', 'p7 G8 k9']);
    const later = run(one, [
      [1, draw],
      [1, flip(0, 0)],
      [0, draw],
      [0, flip(1, 2)],
    ]).state;
    expect(hilo.legalMoves(later, 0)).toContainEqual({
      t: 'hilo',
      line: { kind: 'row', index: 0 },
    });
  });

  it('HL-7: a HILO is offered only to its owner, at the end of their own turn', () => {
    const s = stacked({
      layouts: [filler, grid('R1 R2 R3', 'k4 W5 o6', 'p7 G8 b9')],
      discard: 'y0',
    });
    const after = play(s, 0, { t: 'take', cell: cell(0, 0) }).state;
    expect(after.phase).toBe('play');
    expect(hilo.legalMoves(after, 1)).not.toContainEqual({ t: 'keep' });
    const next = run(after, [[1, { t: 'take', cell: cell(2, 2) }]]).state;
    expect(next.phase).toBe('hilo');
  });
});

describe('HL-8 the removed cards on the discard pile', () => {
  it('HL-8: removed cards go to the discard pile with the lowest on top and the second lowest beneath it', () => {
    const s = stacked({
      layouts: [grid('G9 b3 k2', 'k4 G-1 o6', 'p7 r8 g4'), filler],
      stock: 'o11',
    });
    const after = run(s, [
      [0, draw],
      [0, flip(2, 2)],
      [0, { t: 'hilo', line: { kind: 'diag' }, close: 'rows' }],
    ]);
    expect(after.state.discard.map(name)).toEqual(['o11', 'g9', 'g4', 'g-1']);
    expect(after.events.at(-1)).toMatchObject({
      type: 'removed',
      cards: [{ v: 9 }, { v: 4 }, { v: -1 }],
      auto: false,
    });
  });
});

describe('HL-9 lines by layout shape', () => {
  it('HL-9: a 3×3 layout offers rows, columns and both diagonals', () => {
    const s = stacked({
      layouts: [grid('R1 R2 R3', 'R4 R5 R6', 'R7 R8 r9'), filler],
      stock: 'o11',
    });
    const offered = run(s, [
      [0, draw],
      [0, flip(2, 2)],
    ]).state;
    const lines = hilo
      .legalMoves(offered, 0)
      .filter((m) => m.t === 'hilo')
      .map((m) => (m.t === 'hilo' ? `${m.line.kind}${m.line.index ?? ''}${m.close ?? ''}` : ''));
    expect(lines).toEqual([
      'row0',
      'row1',
      'row2',
      'col0',
      'col1',
      'col2',
      'diagrows',
      'diagcols',
      'antirows',
      'anticols',
    ]);
  });

  it('HL-9: after a row goes (2×3) only the two rows are lines; the rest stays in place', () => {
    const s = stacked({
      layouts: [grid('R1 R2 R3', 'B4 R5 B6', 'B7 r8 b9'), filler],
      stock: 'o11 b10',
    });
    const after = run(s, [
      [0, draw],
      [0, flip(2, 2)],
      [0, { t: 'hilo', line: { kind: 'row', index: 0 } }],
    ]).state;
    expect(layoutOf(after, 0)).toEqual(['B4 R5 B6', 'B7 r8 B9']);
    // Column 1 (R5 R8) and the B column are no lines of 3 any more; nothing is on offer.
    expect(after.turn).toBe(1);
    const again = run(after, [
      [1, draw],
      [1, flip(0, 0)],
      [0, { t: 'take', cell: cell(0, 1) }],
    ]).state;
    expect(layoutOf(again, 0)).toEqual(['B4 B10 B6', 'B7 r8 B9']);
    expect(hilo.legalMoves(again, 0)).toEqual([
      { t: 'hilo', line: { kind: 'row', index: 0 } },
      { t: 'keep' },
    ]);
  });

  it('HL-9: a layout shrinks 3×3 → 2×3 → 1×3 → empty, and an empty layout ends the round', () => {
    const s = stacked({
      layouts: [grid('R1 R2 R3', 'B1 B2 B3', 'g4 g5 g6'), filler],
      stock: 'o11 o10 o9 o8 o7 o6 o5',
      discard: 'y0',
    });
    const mid = run(s, [
      [0, draw],
      [0, flip(2, 0)],
      [0, { t: 'hilo', line: { kind: 'row', index: 0 } }],
      [1, draw],
      [1, flip(0, 0)],
      [0, draw],
      [0, flip(1, 1)],
      [0, { t: 'hilo', line: { kind: 'row', index: 0 } }],
      [1, draw],
      [1, flip(0, 1)],
      [0, draw],
      [0, flip(0, 2)],
    ]).state;
    expect(layoutOf(mid, 0)).toEqual(['G4 G5 G6']);
    expect(hilo.legalMoves(mid, 0)).toEqual([
      { t: 'hilo', line: { kind: 'row', index: 0 } },
      { t: 'keep' },
    ]);
    const { state: empty, events } = play(mid, 0, { t: 'hilo', line: { kind: 'row', index: 0 } });
    expect(empty.layouts[0]).toEqual([]);
    expect(hilo.view(empty, 1).players[0]!.layout).toEqual([]);
    expect(events).toContainEqual({ type: 'lastTurns', endedBy: 0, seats: [1] });
    const over = run(empty, [
      [1, draw],
      [1, flip(0, 2)],
    ]).state;
    expect(over.phase).toBe('roundOver');
    expect(over.roundSums![0]).toBe(0);
  });
});

describe('HL-10 removing a diagonal', () => {
  // The yellow diagonal completes on the flip; closing up by rows leaves column 0 all blue.
  const layout = grid('Y1 B1 B2', 'B3 Y2 R5', 'B9 R6 y3');
  const s = stacked({ layouts: [layout, filler], stock: 'o11 o10' });
  const offered = run(s, [
    [0, draw],
    [0, flip(2, 2)],
  ]).state;

  it('HL-10: `rows` closes each row’s gap into 3 rows × 2 and `cols` each column’s into 2 rows × 3', () => {
    const rows = play(offered, 0, { t: 'hilo', line: { kind: 'diag' }, close: 'rows' }).state;
    expect(layoutOf(rows, 0)).toEqual(['B1 B2', 'B3 R5', 'B9 R6']);
    const cols = play(offered, 0, { t: 'hilo', line: { kind: 'diag' }, close: 'cols' }).state;
    expect(layoutOf(cols, 0)).toEqual(['B3 B1 B2', 'B9 R6 R5']);
  });

  it('HL-10: face-down cards stay face down when the layout closes up', () => {
    const t = stacked({
      layouts: [grid('b4 k5 Y1', 'w6 Y2 r7', 'y3 o8 p9'), filler],
      stock: 'o11',
    });
    const after = run(t, [
      [0, draw],
      [0, flip(2, 0)],
      [0, { t: 'hilo', line: { kind: 'anti' }, close: 'cols' }],
    ]).state;
    expect(layoutOf(after, 0)).toEqual(['b4 k5 r7', 'w6 o8 p9']);
  });

  it('HL-10: a HILO the closing-up makes may be removed in the same turn', () => {
    const { state: chain, events } = play(offered, 0, {
      t: 'hilo',
      line: { kind: 'diag' },
      close: 'rows',
    });
    expect(events).toEqual([
      expect.objectContaining({ type: 'removed', line: { kind: 'diag' }, close: 'rows' }),
    ]);
    expect(chain.phase).toBe('hilo');
    expect(chain.chain).toBe(true);
    expect(hilo.view(chain, 1).chain).toBe(true);
    expect(hilo.legalMoves(chain, 0)).toEqual([
      { t: 'hilo', line: { kind: 'col', index: 0 } },
      { t: 'keep' },
    ]);
    const after = play(chain, 0, { t: 'hilo', line: { kind: 'col', index: 0 } }).state;
    expect(layoutOf(after, 0)).toEqual(['B2', 'R5', 'R6']);
    expect(top(after)).toBe('b1');
    expect(after.turn).toBe(1);
    expect(after.chain).toBe(false);
  });

  it('HL-10: the chained removal is optional', () => {
    const chain = play(offered, 0, { t: 'hilo', line: { kind: 'diag' }, close: 'rows' }).state;
    const kept = play(chain, 0, { t: 'keep' }).state;
    expect(kept.turn).toBe(1);
    expect(layoutOf(kept, 0)).toEqual(['B1 B2', 'B3 R5', 'B9 R6']);
  });

  it('HL-10: either closing-up may make the HILO the chain offers', () => {
    const after = play(offered, 0, { t: 'hilo', line: { kind: 'diag' }, close: 'cols' }).state;
    expect(after.phase).toBe('hilo');
    expect(hilo.legalMoves(after, 0)).toEqual([
      { t: 'hilo', line: { kind: 'row', index: 0 } },
      { t: 'keep' },
    ]);
  });

  it('HL-10: the turn ends when the closing-up makes no HILO', () => {
    const other = stacked({
      layouts: [grid('Y1 B1 R2', 'B3 Y2 R5', 'B9 R6 y3'), filler],
      stock: 'o11',
    });
    const done = run(other, [
      [0, draw],
      [0, flip(2, 2)],
      [0, { t: 'hilo', line: { kind: 'diag' }, close: 'cols' }],
    ]).state;
    expect(layoutOf(done, 0)).toEqual(['B3 B1 R2', 'B9 R6 R5']);
    expect(done.turn).toBe(1);
  });
});

describe('HL-11 the end of a round', () => {
  const ends = (values: number[]) => {
    const layout = mixed(values, true);
    layout[8]!.up = false;
    return layout;
  };

  it('HL-11: after a player ends a turn with no face-down card, every other player has exactly one more turn in seat order', () => {
    const s = stacked({
      layouts: [filler, ends([1, 2, 3, 4, 5, 6, 7, 8, 9]), filler, filler],
      stock: 'p1 o2 o3 o4 o5',
      discard: 'y0',
      start: 1,
    });
    const { state: ended, events } = run(s, [
      [1, draw],
      [1, { t: 'place', cell: cell(2, 2) }],
    ]);
    expect(events).toContainEqual({ type: 'lastTurns', endedBy: 1, seats: [2, 3, 0] });
    expect(ended.endedBy).toBe(1);
    expect(hilo.view(ended, 0).lastTurns).toEqual([2, 3, 0]);
    let t = ended;
    for (const seat of [2, 3, 0]) {
      expect(hilo.toMove(t)).toEqual([seat]);
      t = run(t, [
        [seat, draw],
        [seat, flip(1, 1)],
      ]).state;
    }
    expect(t.phase).toBe('roundOver');
    expect(t.turns).toEqual([1, 1, 1, 1]);
  });

  it('HL-11: the round ends only once the HILO decision closing the turn is made', () => {
    const s = stacked({
      layouts: [grid('R1 R2 R3', 'K4 W5 O6', 'P7 G8 b9'), filler],
      stock: 'o11',
    });
    const { state: offered, events } = run(s, [
      [0, draw],
      [0, flip(2, 2)],
    ]);
    expect(offered.phase).toBe('hilo');
    expect(events.some((e) => e.type === 'lastTurns')).toBe(false);
    const after = play(offered, 0, { t: 'hilo', line: { kind: 'row', index: 0 } });
    expect(after.events.at(-1)).toEqual({ type: 'lastTurns', endedBy: 0, seats: [1] });
  });

  it('HL-11: the final reveal turns every card up and removes the HILOs it creates', () => {
    const s = stacked({
      layouts: [ends([1, 2, 3, 4, 5, 6, 7, 8, 9]), grid('R9 r2 R5', 'k4 w5 o6', 'p7 g8 b9')],
      stock: 'p0 o11',
      discard: 'y0',
    });
    const { state: over, events } = run(s, [
      [0, draw],
      [0, { t: 'place', cell: cell(2, 2) }],
      [1, draw],
      [1, flip(2, 2)],
    ]);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'revealed', seat: 1, cells: expect.any(Array) }),
    );
    expect(events).toContainEqual({
      type: 'removed',
      seat: 1,
      line: { kind: 'row', index: 0 },
      cards: [over.discard.at(-3), over.discard.at(-2), over.discard.at(-1)],
      auto: true,
    });
    expect(top(over)).toBe('r2');
    expect(layoutOf(over, 1)).toEqual(['K4 W5 O6', 'P7 G8 B9']);
    expect(over.roundSums).toEqual([36, 4 + 5 + 6 + 7 + 8 + 9]);
  });

  it('HL-11: automatic removals take the order and closing-up that give the lowest sum', () => {
    // Diagonal first; closing by rows leaves a blue column worth 13, by columns a blue row worth 6.
    const s = stacked({
      layouts: [ends([1, 2, 3, 4, 5, 6, 7, 8, 9]), grid('y1 b1 b2', 'b3 y2 r5', 'b9 r6 y3')],
      stock: 'p0 o11',
      discard: 'y0',
    });
    const { state: over, events } = run(s, [
      [0, draw],
      [0, { t: 'place', cell: cell(2, 2) }],
      [1, draw],
      [1, flip(0, 0)],
    ]);
    const removed = events.filter((e) => e.type === 'removed');
    expect(removed).toMatchObject([
      { seat: 1, line: { kind: 'diag' }, close: 'rows', auto: true },
      { seat: 1, line: { kind: 'col', index: 0 }, auto: true },
    ]);
    expect(layoutOf(over, 1)).toEqual(['B2', 'R5', 'R6']);
    expect(over.roundSums![1]).toBe(13);
  });

  it('HL-11: of two crossing HILOs made by the reveal, the one worth more is removed', () => {
    const s = stacked({
      layouts: [ends([1, 2, 3, 4, 5, 6, 7, 8, 9]), grid('r1 r10 r11', 'r2 k5 o6', 'r3 g8 b9')],
      stock: 'p0 o11',
      discard: 'y0',
    });
    const over = run(s, [
      [0, draw],
      [0, { t: 'place', cell: cell(2, 2) }],
      [1, draw],
      [1, flip(1, 1)],
    ]).state;
    expect(layoutOf(over, 1)).toEqual(['R2 K5 O6', 'R3 G8 B9']);
    expect(over.roundSums![1]).toBe(33);
  });

  it('HL-11: a HILO its owner kept before the reveal is not removed by it (the reveal did not create it)', () => {
    // Seat 1 keeps its red row, then the reveal creates nothing.
    const s = stacked({
      layouts: [ends([1, 2, 3, 4, 5, 6, 7, 8, 5]), grid('R9 R2 b5', 'k4 w5 o6', 'p7 g8 b9')],
      stock: 'p0',
      discard: 'y0',
    });
    const over = run(s, [
      [0, draw],
      [0, { t: 'place', cell: cell(2, 2) }],
      [1, { t: 'take', cell: cell(0, 2) }],
      [1, { t: 'keep' }],
    ]).state;
    expect(over.phase).toBe('roundOver');
    expect(layoutOf(over, 1)).toEqual(['R9 R2 R5', 'K4 W5 O6', 'P7 G8 B9']);
  });
});

describe('HL-12 round scores', () => {
  it('HL-12: the player who ended the round without the lowest sum doubles it', () => {
    const over = endTwo([1, 1, 1, 1, 1, 1, 1, 1], 2, [1, 1, 1, 1, 1, 1, 1, 1, 0]);
    expect(over.roundSums).toEqual([10, 8]);
    expect(over.roundScores).toEqual([20, 8]);
    expect(over.totals).toEqual([20, 8]);
  });

  it('HL-12: the ender doubles even on a tie for the lowest sum', () => {
    const over = endTwo([1, 1, 1, 1, 1, 1, 1, 1], 0, [1, 1, 1, 1, 1, 1, 1, 1, 0]);
    expect(over.roundSums).toEqual([8, 8]);
    expect(over.roundScores).toEqual([16, 8]);
  });

  it('HL-12: the ender with the lowest sum keeps it', () => {
    const over = endTwo([0, 0, 0, 0, 1, 1, 1, 1], 1, [1, 1, 1, 1, 1, 1, 1, 1, 0]);
    expect(over.roundScores).toEqual([5, 8]);
  });

  it('HL-12: a negative sum is never doubled', () => {
    const over = endTwo([-1, 0, 0, 0, 0, 0, 0, 0], 0, [-1, -1, -1, 0, 0, 0, 0, 0, 0]);
    expect(over.roundSums).toEqual([-1, -3]);
    expect(over.roundScores).toEqual([-1, -3]);
    expect(over.totals).toEqual([-1, -3]);
  });
});

describe('HL-13 the end of the game', () => {
  it('HL-13: the game ends after a round in which a total reaches 100; the lowest total wins', () => {
    const over = endTwo([1, 1, 1, 1, 1, 1, 1, 1], 1, [1, 1, 1, 1, 1, 1, 1, 1, 2], [95, 60]);
    expect(over.totals).toEqual([104, 70]);
    expect(over.phase).toBe('gameOver');
    expect(hilo.result(over)).toEqual({ over: true, totals: [104, 70], winners: [1] });
    expect(hilo.toMove(over)).toEqual([]);
    expect(hilo.legalMoves(over, 0)).toEqual([]);
    expect(refused(over, 0, { t: 'nextRound' })).toBe('game-over');
    expect(hilo.view(over, null).winners).toEqual([1]);
  });

  it('HL-13: a total of 99 does not end the game', () => {
    const over = endTwo([1, 1, 1, 1, 1, 1, 1, 1], 1, [1, 1, 1, 1, 1, 1, 1, 1, 2], [90, 10]);
    expect(over.totals).toEqual([99, 20]);
    expect(over.phase).toBe('roundOver');
  });

  it('HL-13: players tied on the lowest total share the win', () => {
    const over = endTwo([0, 0, 0, 0, 0, 0, 1, 1], 1, [1, 1, 1, 1, 1, 1, 1, 0, 0], [97, 93]);
    expect(over.roundScores).toEqual([3, 7]);
    expect(hilo.result(over)).toEqual({ over: true, totals: [100, 100], winners: [0, 1] });
  });

  it('HL-13 (option limit): the table may set another limit', () => {
    const layout = mixed([1, 1, 1, 1, 1, 1, 1, 1, 11], true);
    layout[8]!.up = false;
    const s = stacked({
      layouts: [layout, mixed([1, 1, 1, 1, 1, 1, 1, 1, 6])],
      stock: 'p1 o11',
      discard: 'b6',
      totals: [40, 45],
      config: { limit: 50 },
    });
    const over = run(s, [
      [0, draw],
      [0, { t: 'place', cell: cell(2, 2) }],
      [1, draw],
      [1, flip(0, 0)],
    ]).state;
    expect(over.totals).toEqual([49, 59]);
    expect(hilo.result(over).winners).toEqual([0]);
  });

  it('HL-13: between rounds every seat may deal the next round; the first to ask does', () => {
    const over = endTwo([1, 1, 1, 1, 1, 1, 1, 1], 1, [1, 1, 1, 1, 1, 1, 1, 1, 2]);
    expect(hilo.toMove(over)).toEqual([0, 1]);
    expect(hilo.legalMoves(over, 0)).toEqual([{ t: 'nextRound' }]);
    expect(hilo.legalMoves(over, 1)).toEqual([{ t: 'nextRound' }]);
    const { state: next, events } = play(over, 1, { t: 'nextRound' });
    expect(events[0]).toMatchObject({ type: 'dealt', round: 2, dealer: 1 });
    expect(next.totals).toEqual(over.totals);
    expect(next.layouts.map((l) => l.flat().length)).toEqual([9, 9]);
    expect(next.stock.length + next.discard.length).toBe(104 - 18);
    expect(refused(next, 0, { t: 'nextRound' })).toBe('wrong-phase');
  });
});

describe('HL-14 the stalling guard', () => {
  it('HL-14: the round ends once every player has had maxTurns turns, nobody doubled', () => {
    const s = stacked({
      layouts: [mixed([1, 2, 3, 4, 5, 6, 7, 8, 9]), mixed([9, 9, 9, 9, 9, 9, 9, 9, 9])],
      stock: 'o11 o10 o9 o8',
      discard: 'y0',
      config: { maxTurns: 2 },
    });
    const three = run(s, [
      [0, draw],
      [0, flip(0, 0)],
      [1, draw],
      [1, flip(0, 0)],
      [0, draw],
      [0, flip(0, 1)],
    ]).state;
    expect(three.phase).toBe('play');
    const { state: over, events } = run(three, [
      [1, draw],
      [1, flip(0, 1)],
    ]);
    expect(over.phase).toBe('roundOver');
    expect(over.stalled).toBe(true);
    expect(over.endedBy).toBeNull();
    expect(over.roundScores).toEqual([45, 81]);
    expect(events.at(-1)).toMatchObject({ type: 'roundOver', stalled: true, doubled: null });
  });

  it('HL-11 before HL-14: a round ended on the turn that reaches maxTurns still gives the others their last turn', () => {
    // Seat 1 turns up its last face-down cell on its turn 1 = maxTurns: the round is ended by
    // HL-11, not stalled, so seat 0 still has its one more turn and seat 1's doubling follows HL-12.
    const s = stacked({
      dealer: 1,
      layouts: [
        grid('r1 b2 y3', 'g4 o5 p6', 'w7 k8 b9'),
        grid('R11 B11 Y11', 'G11 O11 P11', 'W11 K11 g9'),
      ],
      stock: 'r10 b10 y10 g10',
      discard: 'y0',
      start: 0,
      config: { maxTurns: 1 },
    });
    const { state: ended, events } = run(s, [
      [0, { t: 'take', cell: cell(0, 0) }],
      [1, { t: 'take', cell: cell(2, 2) }],
    ]);
    expect(events.at(-1)).toEqual({ type: 'lastTurns', endedBy: 1, seats: [0] });
    expect(ended.phase).toBe('play');
    expect(hilo.toMove(ended)).toEqual([0]);
    const { state: over, events: last } = run(ended, [
      [0, draw],
      [0, flip(0, 1)],
    ]);
    expect(over.phase).toBe('gameOver');
    expect(last).toContainEqual({
      type: 'roundOver',
      round: 1,
      sums: [44, 89],
      scores: [44, 178],
      doubled: 1,
      stalled: false,
      totals: [44, 178],
    });
  });

  it('HL-14: maxTurns defaults to 50', () => {
    expect(hilo.defaultConfig(2)).toEqual({ limit: 100, maxTurns: 50 });
  });
});

describe('HL-15 what is hidden', () => {
  const s = stacked({ layouts: [grid('R1 b2 g3', 'k4 W5 o6', 'p7 r8 b9'), filler], stock: 'y0' });

  it('HL-15: face-down cells are hidden from everybody, their owner too', () => {
    for (const seat of [0, 1, null] as (Seat | null)[]) {
      const layout = hilo.view(s, seat).players[0]!.layout;
      expect(layout[0]![0]).toEqual(s.layouts[0]![0]![0]!.card);
      expect(layout[0]![1]).toEqual({ hidden: true });
      expect(layout.flat().filter((c) => 'hidden' in c)).toHaveLength(7);
    }
    const text = JSON.stringify(hilo.view(s, 0));
    for (const slot of s.layouts[0]!.flat()) {
      if (!slot.up) expect(text).not.toContain(`"${slot.card.id}"`);
    }
  });

  it('HL-15: the draw pile shows only its size', () => {
    const view = hilo.view(s, 0);
    expect(view.stock).toBe(1);
    expect(JSON.stringify(view)).not.toContain(`"${s.stock[0]!.id}"`);
  });

  it('HL-15: a drawn card is seen by its drawer alone until it is placed or discarded', () => {
    const drawn = play(s, 0, draw).state;
    expect(hilo.view(drawn, 0).drawn).toMatchObject({ v: 0, c: 2 });
    expect(hilo.view(drawn, 1).drawn).toEqual({ hidden: true });
    expect(hilo.view(drawn, null).drawn).toEqual({ hidden: true });
    const { state: gone, events } = play(drawn, 0, flip(0, 1));
    expect(hilo.view(gone, 1).drawn).toBeNull();
    expect(hilo.view(gone, 1).discard.at(-1)).toEqual(drawn.drawn);
    expect(events[0]).toEqual({ type: 'discarded', seat: 0, card: drawn.drawn });
  });

  it('HL-15: the view lists the viewer’s legal moves, none for spectators', () => {
    expect(hilo.view(s, 0).legal).toEqual(hilo.legalMoves(s, 0));
    expect(hilo.view(s, 1).legal).toEqual([]);
    expect(hilo.view(s, null).legal).toEqual([]);
    expect(hilo.view(s, null).you).toBeNull();
  });
});

describe('scenarios', () => {
  it('starts a stacked position at the first turn of the play phase, with ids assigned', () => {
    const scenario: Scenario = {
      dealer: 1,
      layouts: [mixed([1, 2, 3, 4, 5, 6, 7, 8, 9]), mixed([1, 2, 3, 4, 5, 6, 7, 8, 9])],
      stock: [
        { v: 3, c: 1 },
        { v: 4, c: 2 },
      ],
      discard: [{ v: 5, c: 3 }],
      totals: [10, 20],
    };
    const s = hilo.fromScenario(hilo.defaultConfig(2), scenario);
    expect(s.phase).toBe('play');
    // No layout shows two face-up cards: the dealer's left neighbour begins.
    expect(s.turn).toBe(0);
    expect(s.stock.at(-1)).toMatchObject({ v: 3, c: 1 });
    expect(s.totals).toEqual([10, 20]);
    const ids = [...s.layouts.flat(2).map((x) => x.card.id), ...s.stock.map((c) => c.id)];
    expect(new Set(ids).size).toBe(20);
  });

  it('lets a scenario name the starting player', () => {
    expect(stacked({ layouts: [filler, filler, filler], start: 2 }).turn).toBe(2);
  });
});
