import {
  fail,
  hasOnlyKeys,
  isObject,
  type MoveHandlers,
  type MoveObject,
  refuse,
} from '../../engine/reject.ts';
import { cloneRng, shuffleInPlace } from '../../engine/rng.ts';
import type { NextRound } from '../../engine/rounds.ts';
import type { Outcome, Seat } from '../../engine/types.ts';
import { hasFaceDown, hasLine, inLayout, isDiagonal, isHilo, slotAt, withSlot } from './layout.ts';
import { afterAction, endTurn, removeHilo, resolveOpening } from './rules.ts';
import type { Cell, Close, HiloErrorCode, HiloEvent, Line, Move, Phase, State } from './types.ts';

type Result = Outcome<State, HiloErrorCode>;

const done = (state: State, events: HiloEvent[]): Result => ({ ok: true, state, events });

/** A well-formed cell: `{ row, col }` with whole numbers; whether it exists is checked later. */
function isCell(x: unknown): x is Cell {
  return (
    isObject(x) &&
    hasOnlyKeys(x, ['row', 'col']) &&
    Number.isInteger(x.row) &&
    Number.isInteger(x.col)
  );
}

const noCell = (): Result => fail('no-such-cell', 'That cell is not in your layout.');

/** Each validates an untrusted move for `seat` and returns the next state, never mutating `state`. */
export const moves: MoveHandlers<State, Exclude<Move, NextRound>, HiloErrorCode> = {
  reveal: applyReveal,
  take: applyTake,
  draw: applyDraw,
  place: applyPlace,
  discard: applyDiscard,
  hilo: applyHilo,
  keep: applyKeep,
};

/** The phase and turn checks every turn move shares; null when the move may go ahead. */
function turnCheck(state: State, seat: Seat, t: string, phase: Phase): Result | null {
  if (state.phase !== phase) {
    if (seat === state.turn && state.phase === 'hilo') {
      return fail('hilo-pending', 'First remove a HILO or keep them.');
    }
    return refuse.wrongPhase(t, state.phase);
  }
  if (seat !== state.turn) return refuse.notYourTurn(seat);
  return null;
}

/** HL-2: every seat at once picks two face-down cells; the picks stay sealed until all are in. */
function applyReveal(state: State, seat: Seat, m: MoveObject): Result {
  if (state.phase !== 'opening') return refuse.wrongPhase('reveal', state.phase);
  const cells = m.cells;
  if (
    !hasOnlyKeys(m, ['t', 'cells']) ||
    !Array.isArray(cells) ||
    cells.length !== 2 ||
    !isCell(cells[0]) ||
    !isCell(cells[1])
  ) {
    return refuse.malformed('"reveal" takes "cells": two cells { row, col }.');
  }
  if (state.openings[seat] !== null) {
    return fail('already-revealed', 'You have already chosen your two cards.');
  }
  const layout = state.layouts[seat]!;
  const [a, b] = cells as [Cell, Cell];
  if (!inLayout(layout, a) || !inLayout(layout, b)) return noCell();
  if (a.row === b.row && a.col === b.col) return fail('same-cell', 'Choose two different cards.');
  if (slotAt(layout, a).up || slotAt(layout, b).up) {
    return fail('already-face-up', 'Choose two face-down cards.');
  }
  // The pair is a set: kept in reading order whichever way it was given.
  const first = a.row * 3 + a.col < b.row * 3 + b.col;
  const pick = first ? [a, b] : [b, a];
  const next: State = { ...state, openings: state.openings.slice() };
  next.openings[seat] = pick.map((c) => ({ row: c.row, col: c.col }));
  const events: HiloEvent[] = [{ type: 'ready', seat }];
  if (next.openings.every((o) => o !== null)) resolveOpening(next, events);
  return done(next, events);
}

/** HL-4 (A): the top discard goes face up into any cell; the card it replaces is discarded. */
function applyTake(state: State, seat: Seat, m: MoveObject): Result {
  const wrong = turnCheck(state, seat, 'take', 'play');
  if (wrong) return wrong;
  if (!hasOnlyKeys(m, ['t', 'cell']) || !isCell(m.cell)) {
    return refuse.malformed('"take" takes "cell": the cell { row, col } to swap it into.');
  }
  const layout = state.layouts[seat]!;
  if (!inLayout(layout, m.cell)) return noCell();
  const card = state.discard[state.discard.length - 1];
  if (card === undefined) return fail('empty-discard', 'The discard pile is empty.');
  const cell = { row: m.cell.row, col: m.cell.col };
  const replaced = slotAt(layout, cell).card;
  const next: State = { ...state, layouts: state.layouts.slice() };
  next.layouts[seat] = withSlot(layout, cell, { card, up: true });
  next.discard = state.discard.slice(0, -1);
  next.discard.push(replaced);
  const events: HiloEvent[] = [{ type: 'took', seat, cell, card, replaced }];
  afterAction(next, seat, events);
  return done(next, events);
}

/** HL-4 (B): the drawer alone sees the card (HL-15). HL-6: an empty pile is rebuilt first. */
function applyDraw(state: State, seat: Seat, m: MoveObject): Result {
  const wrong = turnCheck(state, seat, 'draw', 'play');
  if (wrong) return wrong;
  if (!hasOnlyKeys(m, ['t'])) return refuse.malformed('"draw" takes no fields.');
  if (state.stock.length === 0 && state.discard.length < 2) {
    return fail('empty-stock', 'There is no card left to draw.');
  }
  const next: State = { ...state, phase: 'drawn' };
  const events: HiloEvent[] = [];
  if (state.stock.length === 0) {
    // HL-6: the discard pile but its top card is shuffled into a new draw pile.
    const rng = cloneRng(state.rng);
    next.stock = shuffleInPlace(state.discard.slice(0, -1), rng);
    next.discard = state.discard.slice(-1);
    next.rng = rng;
    events.push({ type: 'reshuffled', count: next.stock.length });
  } else {
    next.stock = state.stock.slice();
  }
  next.drawn = next.stock.pop()!;
  events.push({ type: 'drew', seat });
  return done(next, events);
}

/** HL-4 (B): the drawn card goes face up into any cell; the card it replaces is discarded. */
function applyPlace(state: State, seat: Seat, m: MoveObject): Result {
  const wrong = turnCheck(state, seat, 'place', 'drawn');
  if (wrong) return wrong;
  if (!hasOnlyKeys(m, ['t', 'cell']) || !isCell(m.cell)) {
    return refuse.malformed('"place" takes "cell": the cell { row, col } to swap it into.');
  }
  const layout = state.layouts[seat]!;
  if (!inLayout(layout, m.cell)) return noCell();
  const card = state.drawn!;
  const cell = { row: m.cell.row, col: m.cell.col };
  const replaced = slotAt(layout, cell).card;
  const next: State = { ...state, layouts: state.layouts.slice(), drawn: null };
  next.layouts[seat] = withSlot(layout, cell, { card, up: true });
  next.discard = state.discard.concat(replaced);
  const events: HiloEvent[] = [{ type: 'placed', seat, cell, card, replaced }];
  afterAction(next, seat, events);
  return done(next, events);
}

/** HL-4 (B), HL-5: discarding the drawn card forces a flip, if a face-down cell is left. */
function applyDiscard(state: State, seat: Seat, m: MoveObject): Result {
  const wrong = turnCheck(state, seat, 'discard', 'drawn');
  if (wrong) return wrong;
  if (!hasOnlyKeys(m, ['t', 'flip']) || (m.flip !== undefined && !isCell(m.flip))) {
    return refuse.malformed('"discard" takes "flip": the face-down cell { row, col } to turn up.');
  }
  const layout = state.layouts[seat]!;
  const flip = m.flip;
  const mustFlip = hasFaceDown(layout);
  if (flip === undefined && mustFlip) {
    return fail('flip-required', 'After discarding the drawn card, turn up a face-down card.');
  }
  if (flip !== undefined) {
    if (!mustFlip) return fail('nothing-to-flip', 'You have no face-down card to turn up.');
    if (!inLayout(layout, flip)) return noCell();
    if (slotAt(layout, flip).up) return fail('already-face-up', 'Turn up a face-down card.');
  }
  const card = state.drawn!;
  const next: State = { ...state, drawn: null, discard: state.discard.concat(card) };
  const events: HiloEvent[] = [{ type: 'discarded', seat, card }];
  if (flip !== undefined) {
    const cell = { row: flip.row, col: flip.col };
    const turned = slotAt(layout, cell).card;
    next.layouts = state.layouts.slice();
    next.layouts[seat] = withSlot(layout, cell, { card: turned, up: true });
    events.push({ type: 'flipped', seat, cell, card: turned });
  }
  afterAction(next, seat, events);
  return done(next, events);
}

const LINE_KINDS: readonly string[] = ['row', 'col', 'diag', 'anti'];

/** A well-formed line: rows and columns with a whole `index`, diagonals without one. */
function parseLine(x: unknown): Line | null {
  if (!isObject(x) || !hasOnlyKeys(x, ['kind', 'index'])) return null;
  const kind = x.kind;
  if (typeof kind !== 'string' || !LINE_KINDS.includes(kind)) return null;
  if (kind === 'row' || kind === 'col') {
    const index = x.index;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) return null;
    return { kind, index };
  }
  return x.index === undefined ? { kind: kind as 'diag' | 'anti' } : null;
}

/** HL-7 … HL-10: removes one HILO; a diagonal names how the layout closes up. */
function applyHilo(state: State, seat: Seat, m: MoveObject): Result {
  const wrong = turnCheck(state, seat, 'hilo', 'hilo');
  if (wrong) return wrong;
  const line = hasOnlyKeys(m, ['t', 'line', 'close']) ? parseLine(m.line) : null;
  if (line === null || (m.close !== undefined && m.close !== 'rows' && m.close !== 'cols')) {
    return refuse.malformed(
      '"hilo" takes "line" ({ kind: "row" | "col", index } or { kind: "diag" | "anti" }) and, for a diagonal, "close": "rows" or "cols".',
    );
  }
  const layout = state.layouts[seat]!;
  if (!hasLine(layout, line)) return fail('no-such-line', 'Your layout has no such line.');
  if (!isHilo(layout, line)) {
    return fail('not-a-hilo', 'That line is not three face-up cards of one colour.');
  }
  const close = m.close as Close | undefined;
  if (isDiagonal(line) && close === undefined) {
    return fail('close-required', 'Say how the layout closes up: "rows" or "cols".');
  }
  if (!isDiagonal(line) && close !== undefined) {
    return fail('close-not-allowed', 'Only a diagonal closes up.');
  }
  const next: State = { ...state };
  const events: HiloEvent[] = [];
  removeHilo(next, seat, line, close, events);
  return done(next, events);
}

/** HL-7: removal is optional; a kept line stays on offer at the end of later turns. */
function applyKeep(state: State, seat: Seat, m: MoveObject): Result {
  const wrong = turnCheck(state, seat, 'keep', 'hilo');
  if (wrong) return wrong;
  if (!hasOnlyKeys(m, ['t'])) return refuse.malformed('"keep" takes no fields.');
  const next: State = { ...state };
  const events: HiloEvent[] = [{ type: 'kept', seat }];
  endTurn(next, seat, events);
  return done(next, events);
}
