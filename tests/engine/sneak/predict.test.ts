/**
 * Instant moves (Game.predict): what a seat's own view shows the moment it moves, and what waits
 * for the table. Each case compares the prediction with the view the table then gives, outside
 * the parts it marks pending.
 */
import { describe, expect, it } from 'vitest';
import { PENDING_CARD, type Prediction, setAt } from '../../../shared/engine/predict.ts';
import type { Seat } from '../../../shared/engine/types.ts';
import { sneak } from '../../../shared/games/sneak/index.ts';
import type { Move, State, View } from '../../../shared/games/sneak/types.ts';
import { ids, names, play, playAll, start } from './helpers.ts';

/** The seat's prediction for `move`, and the view the table gives it after the move. */
function predictAndPlay(state: State, seat: Seat, move: Move) {
  const prediction = sneak.predict!(sneak.view(state, seat), move);
  const next = sneak.view(play(state, seat, move).state, seat);
  return { prediction, next };
}

/** The prediction agrees with the table's view in every part it does not mark pending. */
function expectAgrees(prediction: Prediction<View> | null, next: View): Prediction<View> {
  expect(prediction).not.toBeNull();
  const { view, pending } = prediction!;
  const settled = (v: View) => pending.reduce((out, path) => setAt(out, path, 'pending'), v);
  expect(settled(view)).toEqual(settled(next));
  return prediction!;
}

/** Seat 0 to move, the stock not yet drawn from. */
const threeSeats = () =>
  start({
    dealer: 2,
    hands: [
      ['2S', '7H', '9H', 'KD'],
      ['3C', '9S', 'QH'],
      ['4D', '5D', 'JC'],
    ],
    stock: ['6C', '8C', '10C'],
    won: [1, 2, 0],
  });

/** Seat 0 to move; seat 1 alone may answer a lead of one card. */
const twoSeats = () =>
  start({ dealer: 1, hands: [['7H', '9H', 'KD'], ['10H']], stock: ['6C', '8C'] });

/** In `twoSeats`, seat 0 has led `card`, and seat 1 alone is asked to answer. */
function ledAlone(kind: 'sneak' | 'flaunt', card: string): State {
  const state = twoSeats();
  return play(state, 0, { t: kind, cards: ids(state, 0, card) }).state;
}

/** Seat 1's challenge in `ledAlone`: its only card. */
const challengeAlone = (led: State): Move => ({ t: 'challenge', cards: ids(led, 1, '10H') });

describe('predict: a draw', () => {
  it('SN-3: shows the hand with a back for the card drawn, one card fewer in the stock and the turn passed on', () => {
    const state = threeSeats();
    const { prediction, next } = predictAndPlay(state, 0, { t: 'draw' });
    const { view, pending } = expectAgrees(prediction, next);
    // Hands are kept sorted: the 6♣ lands second, which only its face could tell.
    expect(pending).toEqual([['players', 0, 'hand']]);
    expect(view.players[0]!.hand).toEqual([...state.hands[0]!, PENDING_CARD]);
    expect(names(next.players[0]!.hand as State['hands'][0])).toEqual([
      '2S',
      '6C',
      '7H',
      '9H',
      'KD',
    ]);
    expect([view.stock, view.turn, view.legal]).toEqual([2, 1, []]);
  });

  it('SN-12: the last card drawn, nobody else holding any, ends the round: the winnings wait for its face', () => {
    const state = start({ dealer: 1, hands: [['5H'], []], stock: ['9C'] });
    const { prediction, next } = predictAndPlay(state, 0, { t: 'draw' });
    const { view, pending } = expectAgrees(prediction, next);
    expect(pending).toEqual([['winnings']]);
    expect(view.winnings).toEqual([...state.hands[0]!, PENDING_CARD]);
    expect(view.players[0]!.hand).toEqual([]);
    expect([view.phase, view.collected, view.legal]).toEqual([
      'roundOver',
      { seat: 0, count: 2 },
      [{ t: 'nextRound' }],
    ]);
  });
});

describe('predict: a lead', () => {
  it('SN-4, SN-5: a sneak is known whole: its cards to the leader, everyone holding as many asked', () => {
    const state = threeSeats();
    const move: Move = { t: 'sneak', cards: ids(state, 0, 'KD 2S') };
    const { prediction, next } = predictAndPlay(state, 0, move);
    expect(prediction).toEqual({ view: next, pending: [] });
    expect(names(next.lead!.cards as State['hands'][0])).toEqual(['KD', '2S']);
    expect(next.toMove).toEqual([1, 2]);
  });

  it('SN-9: a flaunt is known whole', () => {
    const state = threeSeats();
    const { prediction, next } = predictAndPlay(state, 0, {
      t: 'flaunt',
      cards: ids(state, 0, '7H 9H'),
    });
    expect(prediction).toEqual({ view: next, pending: [] });
  });
});

describe('predict: an answer', () => {
  it('SN-5: an answer while others are still to answer is known whole, the challenge cards still in hand', () => {
    const led = play(threeSeats(), 0, { t: 'sneak', cards: ids(threeSeats(), 0, '2S') }).state;
    for (const move of [{ t: 'decline' }, { t: 'challenge', cards: ids(led, 1, 'QH') }] as Move[]) {
      const { prediction, next } = predictAndPlay(led, 1, move);
      expect(prediction).toEqual({ view: next, pending: [] });
      expect(next.players[1]!.hand).toHaveLength(3);
      expect(next.toMove).toEqual([2]);
    }
  });

  it('SN-9, SN-11: the only seat asked, challenging a flaunt, knows it wins the cards and moves next', () => {
    const led = ledAlone('flaunt', '7H');
    const { prediction, next } = predictAndPlay(led, 1, challengeAlone(led));
    expect(prediction).toEqual({ view: next, pending: [] });
    expect(names(next.winnings)).toEqual(['7H', '10H']);
    // SN-3: its hand empty, its move is a draw.
    expect([next.turn, next.legal]).toEqual([1, [{ t: 'draw' }]]);
  });

  it('SN-10: the only seat asked, declining a sneak, knows the leader wins it unseen', () => {
    const { prediction, next } = predictAndPlay(ledAlone('sneak', 'KD'), 1, { t: 'decline' });
    expect(prediction).toEqual({ view: next, pending: [] });
    expect(next.last).toMatchObject({ winner: 0, unseen: true, sneak: [PENDING_CARD] });
  });

  it('SN-7: challenging a sneak, the winner waits for the lead to turn up; the turn passes on all the same', () => {
    const led = ledAlone('sneak', 'KD');
    const { prediction, next } = predictAndPlay(led, 1, challengeAlone(led));
    const { view, pending } = expectAgrees(prediction, next);
    expect(pending).toEqual([['last'], ['players', 0, 'won'], ['players', 1, 'won'], ['winnings']]);
    expect([view.last, view.winnings]).toEqual([null, []]);
    expect([view.lead, view.turn, view.players[1]!.hand]).toEqual([null, 1, []]);
  });

  it('SN-5: the last answer cannot tell what the others sealed: their hands wait, and the moves their sizes cap (SN-4)', () => {
    const state = start({
      dealer: 2,
      hands: [
        ['2S', 'KD'],
        ['3C', '9S', 'QH', 'JD', '4S'],
        ['4D', '5D', 'JC', '8S', '8H'],
      ],
      stock: ['6C'],
    });
    const led = play(state, 0, { t: 'sneak', cards: ids(state, 0, 'KD') }).state;
    const sealed: Move[] = [{ t: 'decline' }, { t: 'challenge', cards: ids(led, 2, '8S') }];
    const predictions = sealed.map((answer) => {
      const answered = play(led, 2, answer).state;
      const { prediction, next } = predictAndPlay(answered, 1, { t: 'decline' });
      return expectAgrees(prediction, next);
    });
    // The same whatever seat 2 sealed: the prediction reads the mover's view alone.
    expect(predictions[1]).toEqual(predictions[0]);
    expect(predictions[0]!.pending).toEqual([
      ['last'],
      ['players', 0, 'won'],
      ['players', 2, 'won'],
      ['players', 2, 'hand'],
      ['legal'],
    ]);
    expect(predictions[0]!.view.turn).toBe(1);
  });

  it('SN-12: with the stock gone, no prediction where a sealed challenge may empty a hand or end the round', () => {
    // Seat 2 holds one card: had it challenged, the turn would skip it.
    const emptied = start({ dealer: 2, hands: [['7H', 'KD'], ['3C', '9H'], ['10H']], stock: [] });
    const flaunted = playAll(emptied, [
      [0, { t: 'flaunt', cards: ids(emptied, 0, '7H') }],
      [2, { t: 'decline' }],
    ]).state;
    expect(sneak.predict!(sneak.view(flaunted, 1), { t: 'decline' })).toBeNull();

    // Seat 1's challenge leaves seat 2 alone with cards: it takes them, as many as it kept.
    const ending = start({ dealer: 2, hands: [['7H'], ['9H'], ['3C', '4C', '5C']], stock: [] });
    const last = playAll(ending, [
      [0, { t: 'flaunt', cards: ids(ending, 0, '7H') }],
      [2, { t: 'decline' }],
    ]).state;
    const move: Move = { t: 'challenge', cards: ids(last, 1, '9H') };
    expect(sneak.predict!(sneak.view(last, 1), move)).toBeNull();
    expect(play(last, 1, move).state.phase).toBe('roundOver');
  });
});

describe('predict: the next round', () => {
  it('SN-2: the next round is known whole: every card in the stock, the deal passed left', () => {
    const state = start({ dealer: 1, hands: [['5H'], []], stock: ['9C'] });
    const over = play(state, 0, { t: 'draw' }).state;
    const { prediction, next } = predictAndPlay(over, 1, { t: 'nextRound' });
    expect(prediction).toEqual({ view: next, pending: [] });
    expect([next.stock, next.dealer, next.legal]).toEqual([52, 0, [{ t: 'draw' }]]);
  });
});
