import { roundMoves } from '../../engine/rounds.ts';
import type { Seat } from '../../engine/types.ts';
import { hasFaceDown, hiloLines, isDiagonal } from './layout.ts';
import type { Cell, Layout, Move, State } from './types.ts';

/** Every legal move for `seat`; cells in reading order. */
export const legalMoves = roundMoves((state: State, seat: Seat): Move[] => {
  switch (state.phase) {
    case 'opening':
      return state.openings[seat] === null ? openings(state.layouts[seat]!) : [];
    case 'play':
      return state.turn === seat ? plays(state, seat) : [];
    case 'drawn':
      return state.turn === seat ? drawnMoves(state.layouts[seat]!) : [];
    case 'hilo':
      return state.turn === seat ? hiloMoves(state.layouts[seat]!) : [];
    default:
      return [];
  }
});

/** The layout's cells in reading order; with `faceDown`, only those lying face down. */
function cellsOf(layout: Layout, faceDown = false): Cell[] {
  const cells: Cell[] = [];
  layout.forEach((slots, row) => {
    slots.forEach((slot, col) => {
      if (!faceDown || !slot.up) cells.push({ row, col });
    });
  });
  return cells;
}

/** HL-2: any two face-down cells, each pair listed once in reading order. */
function openings(layout: Layout): Move[] {
  const cells = cellsOf(layout, true);
  const moves: Move[] = [];
  for (let i = 0; i < cells.length; i++) {
    for (let j = i + 1; j < cells.length; j++) {
      moves.push({ t: 'reveal', cells: [cells[i]!, cells[j]!] });
    }
  }
  return moves;
}

function plays(state: State, seat: Seat): Move[] {
  const moves: Move[] = [];
  if (state.discard.length > 0) {
    for (const cell of cellsOf(state.layouts[seat]!)) moves.push({ t: 'take', cell });
  }
  if (state.stock.length > 0 || state.discard.length > 1) moves.push({ t: 'draw' });
  return moves;
}

function drawnMoves(layout: Layout): Move[] {
  const moves: Move[] = cellsOf(layout).map((cell): Move => ({ t: 'place', cell }));
  // HL-5: the flip is compulsory after a discard, unless no face-down card is left.
  if (hasFaceDown(layout)) {
    for (const flip of cellsOf(layout, true)) moves.push({ t: 'discard', flip });
  } else {
    moves.push({ t: 'discard' });
  }
  return moves;
}

/** HL-7, HL-10: every HILO on offer, a diagonal once per way of closing up, or keep them all. */
function hiloMoves(layout: Layout): Move[] {
  const moves: Move[] = [];
  for (const line of hiloLines(layout)) {
    if (isDiagonal(line)) {
      moves.push(
        { t: 'hilo', line, close: 'rows' },
        { t: 'hilo', line: { ...line }, close: 'cols' },
      );
    } else {
      moves.push({ t: 'hilo', line });
    }
  }
  moves.push({ t: 'keep' });
  return moves;
}
