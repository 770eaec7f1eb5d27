/** The cards a move touched (web/src/last-move.ts), found by comparing a seat's two views. */
import { describe, expect, it } from 'vitest';
import { touchedCards } from '../../web/src/last-move.ts';

const card = (id: string, v = 1) => ({ id, v });

describe('the last move on the board', () => {
  it('marks a card played from a hand to the pile, and a card drawn, not the hand closing up', () => {
    const before = {
      round: 1,
      players: [{ hand: [card('a'), card('b'), card('c')], faceUp: [card('f')] }],
      discard: [card('x')],
    };
    const after = {
      round: 1,
      players: [{ hand: [card('a'), card('c'), card('d')], faceUp: [card('f')] }],
      discard: [card('x'), card('b')],
    };
    expect(touchedCards(before, after)).toEqual(new Set(['b', 'd']));
  });

  it('marks a card turned up in a grid, and one revealed from a face-down lead', () => {
    const before = {
      round: 2,
      layout: [[{ hidden: true }, card('k')]],
      lead: { cards: [{ hidden: true }] },
    };
    const after = { round: 2, layout: [[card('n'), card('k')]], lead: { cards: [card('s')] } };
    expect(touchedCards(before, after)).toEqual(new Set(['n', 's']));
  });

  it('ignores the legal moves and the history, and marks nothing on a first view or a new deal', () => {
    const before = { round: 1, legal: [], hand: [card('a')] };
    const after = { round: 1, legal: [{ t: 'play', card: card('a') }], hand: [card('a')] };
    expect(touchedCards(before, after)).toEqual(new Set());
    expect(touchedCards(null, after)).toEqual(new Set());
    expect(touchedCards(before, { ...after, round: 2, hand: [card('z')] })).toEqual(new Set());
  });
});
