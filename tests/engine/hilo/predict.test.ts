/** What a HiLO move shows its mover at once (Game.predict), and what waits for the table. */
import { describe, expect, it } from 'vitest';
import { PENDING_CARD, type Prediction, setAt } from '../../../shared/engine/predict.ts';
import type { Seat } from '../../../shared/engine/types.ts';
import { hilo } from '../../../shared/games/hilo/index.ts';
import type { Move, State, View } from '../../../shared/games/hilo/types.ts';
import { cell, grid, mixed, name, play, run, stacked } from './helpers.ts';

const draw: Move = { t: 'draw' };
const take = (row: number, col: number): Move => ({ t: 'take', cell: cell(row, col) });
const place = (row: number, col: number): Move => ({ t: 'place', cell: cell(row, col) });
const flip = (row: number, col: number): Move => ({ t: 'discard', flip: cell(row, col) });
const filler = mixed([5, 6, 7, 8, 9, 10, 11, 4, 3]);

/**
 * `seat`'s prediction of `move`, checked against the view the table then gives it: the same but
 * for the pending parts.
 */
function predicted(state: State, seat: Seat, move: Move): Prediction<View> | null {
  const prediction = hilo.predict?.(hilo.view(state, seat), move) ?? null;
  if (prediction === null) return null;
  let guess = prediction.view;
  let table = hilo.view(play(state, seat, move).state, seat);
  for (const path of prediction.pending) {
    guess = setAt(guess, path, 'pending');
    table = setAt(table, path, 'pending');
  }
  expect(guess).toEqual(table);
  return prediction;
}

/** A prediction that must be made. */
function predict(state: State, seat: Seat, move: Move): Prediction<View> {
  const prediction = predicted(state, seat, move);
  if (prediction === null) throw new Error(`${JSON.stringify(move)} was not predicted`);
  return prediction;
}

/**
 * Seat 0 shows R1 R2 on its top row beside a face-down b3, and Y9 in the corner; seat 1 is all face
 * down. The discard pile's top is r3.
 */
const start = stacked({
  layouts: [grid('R1 R2 b3', 'g4 o5 p6', 'w7 k8 Y9'), filler],
  stock: 'y10 g0',
  discard: 'b5 r3',
});

/**
 * Seat 0, its layout's rows given beside a face-down filler, draws y10 and discards it, turning up
 * its top right cell.
 */
function flipTopRight(rows: string[], discard: string): Prediction<View> {
  const state = stacked({ layouts: [grid(...rows), filler], stock: 'y10', discard });
  return predict(play(state, 0, draw).state, 0, flip(0, 2));
}

describe('predicting a turn', () => {
  it('drawing shows a card back in the drawn slot; the turn stays, to place it or discard it', () => {
    const { view, pending } = predict(start, 0, draw);
    expect(pending).toEqual([['drawn']]);
    expect(view.drawn).toEqual(PENDING_CARD);
    expect(view.phase).toBe('drawn');
    expect(view.stock).toBe(1);
    expect(view.legal).toContainEqual(place(1, 1));
    expect(view.legal).toContainEqual(flip(1, 1));
  });

  it('drawing from an empty pile shows the discard pile shuffled into it, but for its top (HL-6)', () => {
    const empty = stacked({ layouts: [filler, filler], discard: 'b5 g6 r3' });
    const { view, pending } = predict(empty, 0, draw);
    expect(pending).toEqual([['drawn']]);
    expect(view.stock).toBe(1);
    expect(view.discard.map(name)).toEqual(['r3']);
  });

  it('taking into a face-down cell shows the card it swaps out as a card back on the discard pile (HL-4)', () => {
    const { view, pending } = predict(start, 0, take(1, 1));
    expect(pending).toEqual([['discard', 1]]);
    expect(view.discard[1]).toEqual(PENDING_CARD);
    expect(view.players[0]!.layout[1]![1]).toMatchObject({ v: 3, c: 0 });
    expect(view.turn).toBe(1);
    expect(view.legal).toEqual([]);
  });

  it('taking into a face-up cell is known whole: the card swapped out tops the discard pile', () => {
    const { view, pending } = predict(start, 0, take(2, 2));
    expect(pending).toEqual([]);
    expect(view.discard.map(name)).toEqual(['b5', 'y9']);
  });

  it('a swap that completes a HILO keeps the turn for the HILO decision (HL-7)', () => {
    const { view, pending } = predict(start, 0, take(0, 2));
    expect(pending).toEqual([['discard', 1]]);
    expect(view.phase).toBe('hilo');
    expect(view.legal).toEqual([{ t: 'hilo', line: { kind: 'row', index: 0 } }, { t: 'keep' }]);
  });

  it('placing the drawn card is known but for a face-down card it swaps out', () => {
    const drawn = play(start, 0, draw).state;
    expect(predict(drawn, 0, place(2, 2)).pending).toEqual([]);
    const { view, pending } = predict(drawn, 0, place(1, 0));
    expect(pending).toEqual([['discard', 2]]);
    expect(view.drawn).toBeNull();
    expect(view.turn).toBe(1);
  });

  it('discarding the drawn card shows the flipped cell as a card back, and the turn passes (HL-5)', () => {
    const drawn = play(start, 0, draw).state;
    const { view, pending } = predict(drawn, 0, flip(1, 0));
    expect(pending).toEqual([['players', 0, 'layout', 1, 0]]);
    expect(view.players[0]!.layout[1]![0]).toEqual(PENDING_CARD);
    expect(view.discard.map(name)).toEqual(['b5', 'r3', 'y10']);
    expect(view.turn).toBe(1);
  });

  it('a flip that may complete the only HILO waits for whose turn it is: the turn goes on only if it does (HL-7)', () => {
    const drawn = play(start, 0, draw).state;
    const { view, pending } = predict(drawn, 0, flip(0, 2));
    expect(pending).toEqual([
      ['players', 0, 'layout', 0, 2],
      ['phase'],
      ['turn'],
      ['toMove'],
      ['legal'],
      ['players', 0, 'turns'],
    ]);
    // The mover's own part is known: the drawn card tops the discard pile.
    expect(view.drawn).toBeNull();
    expect(view.discard.map(name)).toEqual(['b5', 'r3', 'y10']);
    // Nobody's turn yet, no move on offer; no phase is neutral, so the one shown stays.
    expect(view.turn).toBeNull();
    expect(view.toMove).toEqual([]);
    expect(view.legal).toEqual([]);
    expect(view.phase).toBe('drawn');
    expect(view.players[0]!.turns).toBe(0);
  });

  it('a flip that may complete the only HILO with the last face-down card also waits for who ended the round (HL-7, HL-11)', () => {
    const { view, pending } = flipTopRight(['R1 R2 b3', 'G4 O5 P6', 'W7 K8 Y9'], 'r3');
    expect(pending).toContainEqual(['endedBy']);
    expect(pending).toContainEqual(['lastTurns']);
    expect(view.endedBy).toBeNull();
    expect(view.lastTurns).toEqual([]);
  });

  it('a flip no card left unseen can complete a HILO with is known whole: every red card is in sight (HL-7)', () => {
    const reds = 'r-1 r0 r3 r4 r5 r6 r7 r8 r9 r10 r11';
    const { view, pending } = flipTopRight(['R1 R2 b3', 'g4 o5 p6', 'w7 k8 Y9'], reds);
    expect(pending).toEqual([['players', 0, 'layout', 0, 2]]);
    expect(view.turn).toBe(1);
  });

  it('with a HILO on offer already, a flip that may complete another keeps the turn, only the HILOs on offer pending (HL-7)', () => {
    const { view, pending } = flipTopRight(['R1 R2 b3', 'G4 G5 G6', 'w7 k8 Y9'], 'r3');
    expect(pending).toEqual([['players', 0, 'layout', 0, 2], ['legal']]);
    expect(view.phase).toBe('hilo');
    expect(view.turn).toBe(0);
    expect(view.legal).toEqual([]);
  });

  it('removing a HILO and keeping them are known whole; removed cards go lowest on top (HL-8)', () => {
    const offered = play(start, 0, take(0, 2)).state;
    const removed = predict(offered, 0, { t: 'hilo', line: { kind: 'row', index: 0 } });
    expect(removed.pending).toEqual([]);
    expect(removed.view.discard.slice(-3).map(name)).toEqual(['r3', 'r2', 'r1']);
    expect(removed.view.players[0]!.layout).toHaveLength(2);
    expect(predict(offered, 0, { t: 'keep' }).pending).toEqual([]);
  });
});

describe("predicting a round's end", () => {
  // Seat 0 has one face-down card left, in its corner.
  const ender = mixed([1, 2, 3, 4, 5, 6, 7, 8, 9], true);
  ender[8]!.up = false;
  const last = stacked({
    layouts: [ender, filler],
    stock: 'p2 o11 g0',
    discard: 'b6',
  });

  it("covering one's last face-down card is predicted: the others' last turns follow (HL-11)", () => {
    const { view } = predict(play(last, 0, draw).state, 0, place(2, 2));
    expect(view.endedBy).toBe(0);
    expect(view.lastTurns).toEqual([1]);
    expect(view.turn).toBe(1);
  });

  it('the turn that ends the round is left to the table: every card turns up and is scored (HL-11)', () => {
    const ended = run(last, [
      [0, draw],
      [0, place(2, 2)],
    ]).state;
    expect(predict(ended, 1, draw).view.phase).toBe('drawn');
    const drawn = play(ended, 1, draw).state;
    expect(predicted(drawn, 1, flip(0, 0))).toBeNull();
    expect(predicted(drawn, 1, place(0, 0))).toBeNull();
  });

  it('the next deal is predicted with its first discard as a card back (HL-2)', () => {
    // HL-14: with one turn each, the round is over after a turn each.
    const over = run(
      stacked({ layouts: [filler, filler], stock: 'p2 o11', config: { maxTurns: 1 } }),
      [
        [0, draw],
        [0, flip(0, 0)],
        [1, draw],
        [1, flip(0, 0)],
      ],
    ).state;
    expect(over.phase).toBe('roundOver');
    const { view, pending } = predict(over, 1, { t: 'nextRound' });
    expect(pending).toEqual([['discard', 0]]);
    expect(view.discard).toEqual([PENDING_CARD]);
    expect(view.phase).toBe('opening');
    expect(view.round).toBe(2);
    expect(view.legal).toHaveLength(36);
  });
});

describe('predicting the opening', () => {
  const dealt = hilo.setup(hilo.defaultConfig(3), 3, 'predict');
  const pick = (a: [number, number], b: [number, number]): Move => ({
    t: 'reveal',
    cells: [cell(...a), cell(...b)],
  });

  it('a choice is known whole while others still choose: ready, its cells kept to the chooser (HL-2)', () => {
    const { view, pending } = predict(dealt, 1, pick([0, 1], [2, 2]));
    expect(pending).toEqual([]);
    expect(view.players[1]!.chosen).toEqual([cell(0, 1), cell(2, 2)]);
    expect(view.toMove).toEqual([0, 2]);
  });

  it('the last choice turns every pair up: the own two cells show backs, and who begins waits (HL-2, HL-3)', () => {
    const two = run(dealt, [
      [0, pick([0, 0], [0, 1])],
      [2, pick([1, 1], [2, 2])],
    ]).state;
    const before = hilo.view(two, 1);
    const { view, pending } = predict(two, 1, pick([0, 0], [1, 1]));
    expect(pending).toEqual([
      ['players', 1, 'layout', 0, 0],
      ['players', 1, 'layout', 1, 1],
      ['players', 0, 'layout'],
      ['players', 2, 'layout'],
      ['starter'],
      ['turn'],
      ['toMove'],
      ['legal'],
    ]);
    // The play begins, the choices done with; the others' pairs show as they were, face down.
    expect(view.phase).toBe('play');
    expect(view.players.map((p) => [p.ready, p.chosen])).toEqual([
      [false, null],
      [false, null],
      [false, null],
    ]);
    expect(view.players[0]!.layout).toEqual(before.players[0]!.layout);
    expect(view.players[1]!.layout).toEqual(before.players[1]!.layout);
    expect([view.starter, view.turn, view.toMove, view.legal]).toEqual([null, null, [], []]);
  });
});
