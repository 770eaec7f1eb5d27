import type { Card, Cell, Close, Layout, Line, LineKind, Slot } from './types.ts';

/** Lines are always 3 cards long. */
export const LINE = 3;

export function rowsOf<T>(layout: T[][]): number {
  return layout.length;
}

export function colsOf<T>(layout: T[][]): number {
  return layout.length === 0 ? 0 : layout[0]!.length;
}

export function inLayout(layout: Layout, cell: Cell): boolean {
  return cell.row >= 0 && cell.row < rowsOf(layout) && cell.col >= 0 && cell.col < colsOf(layout);
}

export function slotAt(layout: Layout, cell: Cell): Slot {
  return layout[cell.row]![cell.col]!;
}

/** The k-th slot (0…2) of a line, top to bottom, then left to right. */
function lineSlot(layout: Layout, kind: LineKind, index: number, k: number): Slot {
  switch (kind) {
    case 'row':
      return layout[index]![k]!;
    case 'col':
      return layout[k]![index]!;
    case 'diag':
      return layout[k]![k]!;
    default:
      return layout[k]![LINE - 1 - k]!;
  }
}

/**
 * HL-9: the lines of 3 a layout shape has: 3×3 has 3 rows, 3 columns and both diagonals; 2×3 its
 * 2 rows; 3×2 its 2 columns; 1×3 and 3×1 their single line. Of slots, or of shown cards.
 */
export function linesOf<T>(layout: T[][]): Line[] {
  const rows = rowsOf(layout);
  const cols = colsOf(layout);
  const lines: Line[] = [];
  if (cols === LINE) for (let r = 0; r < rows; r++) lines.push({ kind: 'row', index: r });
  if (rows === LINE) for (let c = 0; c < cols; c++) lines.push({ kind: 'col', index: c });
  if (rows === LINE && cols === LINE) lines.push({ kind: 'diag' }, { kind: 'anti' });
  return lines;
}

/** Whether `line` is one of the lines of this layout's shape. */
export function hasLine(layout: Layout, line: Line): boolean {
  const rows = rowsOf(layout);
  const cols = colsOf(layout);
  switch (line.kind) {
    case 'row':
      return cols === LINE && line.index! < rows;
    case 'col':
      return rows === LINE && line.index! < cols;
    default:
      return rows === LINE && cols === LINE;
  }
}

export function lineCards(layout: Layout, line: Line): Card[] {
  const cards: Card[] = [];
  for (let k = 0; k < LINE; k++) cards.push(lineSlot(layout, line.kind, line.index ?? 0, k).card);
  return cards;
}

function hiloAt(layout: Layout, kind: LineKind, index: number): boolean {
  const a = lineSlot(layout, kind, index, 0);
  const b = lineSlot(layout, kind, index, 1);
  const c = lineSlot(layout, kind, index, 2);
  return a.up && b.up && c.up && a.card.c === b.card.c && b.card.c === c.card.c;
}

/** HL-7: a HILO is a line of 3 face-up cards of one colour; face-down cards never count. */
export function isHilo(layout: Layout, line: Line): boolean {
  return hiloAt(layout, line.kind, line.index ?? 0);
}

/** The HILOs of a layout, in the order of `linesOf`. */
export function hiloLines(layout: Layout): Line[] {
  const rows = rowsOf(layout);
  const cols = colsOf(layout);
  const lines: Line[] = [];
  if (cols === LINE) {
    for (let r = 0; r < rows; r++)
      if (hiloAt(layout, 'row', r)) lines.push({ kind: 'row', index: r });
  }
  if (rows === LINE) {
    for (let c = 0; c < cols; c++)
      if (hiloAt(layout, 'col', c)) lines.push({ kind: 'col', index: c });
  }
  if (rows === LINE && cols === LINE) {
    if (hiloAt(layout, 'diag', 0)) lines.push({ kind: 'diag' });
    if (hiloAt(layout, 'anti', 0)) lines.push({ kind: 'anti' });
  }
  return lines;
}

/** The cells of a line, top to bottom, then left to right (a client highlights them). */
export function lineCells(line: Line): Cell[] {
  const index = line.index ?? 0;
  const cells: Cell[] = [];
  for (let k = 0; k < LINE; k++) {
    if (line.kind === 'row') cells.push({ row: index, col: k });
    else if (line.kind === 'col') cells.push({ row: k, col: index });
    else cells.push({ row: k, col: line.kind === 'diag' ? k : LINE - 1 - k });
  }
  return cells;
}

/** Whether a diagonal's removal from this line needs a closing-up choice (HL-10). */
export function isDiagonal(line: Line): boolean {
  return line.kind === 'diag' || line.kind === 'anti';
}

/**
 * The layout without `line` (of slots here, of shown cards in a client's preview). HL-9: a row or column leaves the rest in place. HL-10: after a
 * diagonal, `rows` closes each row's gap (3 rows × 2) and `cols` each column's gap (2 rows × 3);
 * every card keeps its face.
 */
export function removeLine<T>(layout: T[][], line: Line, close?: Close): T[][] {
  const index = line.index ?? 0;
  if (line.kind === 'row') return layout.filter((_, r) => r !== index);
  if (line.kind === 'col') {
    if (colsOf(layout) === 1) return [];
    return layout.map((row) => row.filter((_, c) => c !== index));
  }
  // The gap of a diagonal: in row r it is in column gap(r), and in column c in row gap(c).
  const gap = line.kind === 'diag' ? (i: number) => i : (i: number) => LINE - 1 - i;
  if (close === 'rows') return layout.map((row, r) => row.filter((_, c) => c !== gap(r)));
  const out: T[][] = [[], []];
  for (let c = 0; c < LINE; c++) {
    let k = 0;
    for (let r = 0; r < LINE; r++) {
      if (r !== gap(c)) out[k++]!.push(layout[r]![c] as T);
    }
  }
  return out;
}

export function hasFaceDown(layout: Layout): boolean {
  for (const row of layout) for (const slot of row) if (!slot.up) return true;
  return false;
}

export function layoutSum(layout: Layout): number {
  let sum = 0;
  for (const row of layout) for (const slot of row) sum += slot.card.v;
  return sum;
}

/** A copy of `layout` with one slot replaced: only the touched row is copied. */
export function withSlot(layout: Layout, cell: Cell, slot: Slot): Layout {
  const next = layout.slice();
  const row = layout[cell.row]!.slice();
  row[cell.col] = slot;
  next[cell.row] = row;
  return next;
}

/** The removed cards in the order they go onto the discard pile: lowest last, on top (HL-8). */
export function discardOrder(cards: Card[]): Card[] {
  return cards.slice().sort((a, b) => b.v - a.v);
}

/** A key naming a line's cards, whatever the layout around them. */
export function cardsKey(cards: Card[]): string {
  return cards
    .map((c) => c.id)
    .sort()
    .join(' ');
}
