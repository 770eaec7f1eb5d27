/** HL-9 and HL-10: the lines of every layout shape and what every removal leaves. */
import { describe, expect, it } from 'vitest';
import {
  hiloLines,
  isHilo,
  lineCells,
  linesOf,
  removeLine,
} from '../../../shared/games/hilo/layout.ts';
import type { Close, Layout, Line } from '../../../shared/games/hilo/types.ts';

/** A layout whose cards are named by letter, all face up and of one colour unless said. */
function labelled(rows: string[], colour = 0): Layout {
  return rows.map((row) =>
    row.split('').map((id) => ({ card: { id, v: 1, c: colour }, up: true })),
  );
}

const names = (layout: Layout) => layout.map((row) => row.map((s) => s.card.id).join(''));

const key = (line: Line) => `${line.kind}${line.index ?? ''}`;

const cases: [string, string[], [string, Close | undefined, string[]][]][] = [
  [
    '3×3',
    ['abc', 'def', 'ghi'],
    [
      ['row0', undefined, ['def', 'ghi']],
      ['row1', undefined, ['abc', 'ghi']],
      ['row2', undefined, ['abc', 'def']],
      ['col0', undefined, ['bc', 'ef', 'hi']],
      ['col1', undefined, ['ac', 'df', 'gi']],
      ['col2', undefined, ['ab', 'de', 'gh']],
      ['diag', 'rows', ['bc', 'df', 'gh']],
      ['diag', 'cols', ['dbc', 'ghf']],
      ['anti', 'rows', ['ab', 'df', 'hi']],
      ['anti', 'cols', ['abf', 'dhi']],
    ],
  ],
  [
    '2×3',
    ['abc', 'def'],
    [
      ['row0', undefined, ['def']],
      ['row1', undefined, ['abc']],
    ],
  ],
  [
    '3×2',
    ['ab', 'cd', 'ef'],
    [
      ['col0', undefined, ['b', 'd', 'f']],
      ['col1', undefined, ['a', 'c', 'e']],
    ],
  ],
  ['1×3', ['abc'], [['row0', undefined, []]]],
  ['3×1', ['a', 'b', 'c'], [['col0', undefined, []]]],
];

const parse = (text: string): Line =>
  text === 'diag' || text === 'anti'
    ? { kind: text }
    : { kind: text.slice(0, 3) as 'row' | 'col', index: Number(text.slice(3)) };

describe('HL-9 and HL-10 layout geometry', () => {
  for (const [shape, rows, removals] of cases) {
    it(`HL-9: a ${shape} layout has exactly the lines ${[...new Set(removals.map((r) => r[0]))].join(', ')}`, () => {
      const layout = labelled(rows);
      expect(linesOf(layout).map(key)).toEqual([...new Set(removals.map((r) => r[0]))]);
      expect(hiloLines(layout).map(key)).toEqual(linesOf(layout).map(key));
    });

    for (const [line, close, rest] of removals) {
      const how = close ? ` closing up by ${close}` : '';
      it(`HL-${close ? 10 : 9}: removing ${line} from ${shape}${how} leaves ${JSON.stringify(rest)}`, () => {
        const layout = labelled(rows);
        const before = JSON.stringify(layout);
        expect(names(removeLine(layout, parse(line), close))).toEqual(rest);
        expect(JSON.stringify(layout)).toBe(before);
      });
    }
  }

  it('HL-10: the main diagonal closing by rows leaves rows (0,1)(0,2) / (1,0)(1,2) / (2,0)(2,1) and by cols (1,0)(0,1)(0,2) / (2,0)(2,1)(1,2)', () => {
    const layout: Layout = [0, 1, 2].map((r) =>
      [0, 1, 2].map((c) => ({ card: { id: `${r}${c}`, v: 0, c: 0 }, up: true })),
    );
    const ids = (l: Layout) => l.map((row) => row.map((s) => s.card.id));
    expect(ids(removeLine(layout, { kind: 'diag' }, 'rows'))).toEqual([
      ['01', '02'],
      ['10', '12'],
      ['20', '21'],
    ]);
    expect(ids(removeLine(layout, { kind: 'diag' }, 'cols'))).toEqual([
      ['10', '01', '02'],
      ['20', '21', '12'],
    ]);
  });

  it('HL-7: a line needs three face-up cards of one colour', () => {
    const layout = labelled(['abc', 'def', 'ghi']);
    const row0: Line = { kind: 'row', index: 0 };
    expect(isHilo(layout, row0)).toBe(true);
    const down = layout.map((row) => row.slice());
    down[0]![1] = { ...down[0]![1]!, up: false };
    expect(isHilo(down, row0)).toBe(false);
    const mixed = layout.map((row) => row.slice());
    mixed[0]![2] = { card: { id: 'x', v: 1, c: 5 }, up: true };
    expect(isHilo(mixed, row0)).toBe(false);
    expect(hiloLines(mixed).map(key)).toEqual(['row1', 'row2', 'col0', 'col1', 'diag']);
  });

  it('HL-9: an empty layout has no lines', () => {
    expect(linesOf([])).toEqual([]);
    expect(hiloLines([])).toEqual([]);
  });
});

describe('HL-9: the cells of each line', () => {
  it('names the cells of rows, columns and both diagonals, top to bottom then left to right', () => {
    expect(lineCells({ kind: 'row', index: 1 })).toEqual([
      { row: 1, col: 0 },
      { row: 1, col: 1 },
      { row: 1, col: 2 },
    ]);
    expect(lineCells({ kind: 'col', index: 2 })).toEqual([
      { row: 0, col: 2 },
      { row: 1, col: 2 },
      { row: 2, col: 2 },
    ]);
    expect(lineCells({ kind: 'diag' })).toEqual([
      { row: 0, col: 0 },
      { row: 1, col: 1 },
      { row: 2, col: 2 },
    ]);
    expect(lineCells({ kind: 'anti' })).toEqual([
      { row: 0, col: 2 },
      { row: 1, col: 1 },
      { row: 2, col: 0 },
    ]);
  });
});
