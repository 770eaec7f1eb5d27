/** What a Hula-Hoo! move shows its mover at once, and what waits for the table (Game.predict). */
import { describe, expect, it } from 'vitest';
import { PENDING_CARD, type Prediction, setAt } from '../../../shared/engine/predict.ts';
import type { Seat } from '../../../shared/engine/types.ts';
import type { Move, State, View } from '../../../shared/games/hulahoo/types.ts';
import { chaos, config, game, idOf, ok, play, scenario } from './helpers.ts';

/** The mover's prediction for `move`, and the view the table then gives the mover. */
function predictAndApply(state: State, seat: Seat, move: Move) {
  const prediction = game.predict(game.view(state, seat), move);
  const after = ok(game.apply(state, seat, move)).state;
  return { prediction, next: game.view(after, seat), after };
}

/** The prediction is the table's next view wherever it does not wait for the table. */
function expectAgrees(prediction: Prediction<View> | null, next: View): Prediction<View> {
  if (!prediction) return expect.fail('no prediction');
  let guess = prediction.view;
  let truth = next;
  for (const path of prediction.pending) {
    guess = setAt(guess, path, null);
    truth = setAt(truth, path, null);
  }
  expect(guess).toEqual(truth);
  return prediction;
}

const backs = (n: number) => new Array(n).fill(PENDING_CARD);

/** What waits on a player who may or may not hold an answer (HH-8): the turn, whether out. */
const answerWaits = (seat: Seat) => [
  ['turn'],
  ['toMove'],
  ['players', seat, 'out'],
  ['players', seat, 'hand'],
];

describe('Hula-Hoo! predictions', () => {
  it('place: a pick before the others shows the own cards laid out, and nothing waits', () => {
    const s = game.setup(chaos({ chooseFaceUp: true }), 3, 'place');
    const cards = s.hands[0]!.slice(0, 5).map((c) => c.id);
    const { prediction, next } = predictAndApply(s, 0, { t: 'place', cards });
    const p = expectAgrees(prediction, next);
    expect(p.pending).toEqual([]);
    expect(p.view.players[0]!.faceUp.map((c) => c.id)).toEqual(cards);
    expect(p.view.toMove).toEqual([1, 2]);
  });

  it('place: the last pick turns everyone’s up (HH-16a): the others’ face-up slots wait', () => {
    let s = game.setup(chaos({ chooseFaceUp: true }), 3, 'place');
    for (const seat of [1, 2]) {
      const cards = s.hands[seat]!.slice(0, 5).map((c) => c.id);
      s = ok(game.apply(s, seat, { t: 'place', cards })).state;
    }
    const cards = s.hands[0]!.slice(5).map((c) => c.id);
    const { prediction, next } = predictAndApply(s, 0, { t: 'place', cards });
    const p = expectAgrees(prediction, next);
    const slots = [1, 2].flatMap((seat) =>
      [0, 1, 2, 3, 4].map((i) => ['players', seat, 'faceUp', i]),
    );
    expect(p.pending).toEqual(slots);
    expect(p.view.players[1]!.faceUp).toEqual(backs(5));
    expect(p.view.phase).toBe('swap');
    expect(p.view.turn).toBe(1);
  });

  it('swap: the cards go under the pile in sight (HH-3); the slots they leave show backs', () => {
    const s = game.setup(config(), 3, 'swap');
    const given = [s.faceUp[1]![0]!, s.faceUp[1]![3]!];
    const move: Move = { t: 'swap', cards: given.map((c) => c.id) };
    const { prediction, next } = predictAndApply(s, 1, move);
    const p = expectAgrees(prediction, next);
    expect(p.pending).toEqual([
      ['players', 1, 'faceUp', 0],
      ['players', 1, 'faceUp', 3],
    ]);
    expect(p.view.players[1]!.faceUp[1]).toEqual(s.faceUp[1]![1]);
    expect(p.view.returned).toEqual(given);
    expect(p.view.turn).toBe(2);
  });

  it('play: a call passes the turn to a player whose face-up card answers it; nothing waits', () => {
    const s = scenario({
      hands: [
        [5, 9],
        [2, 3],
        [4, 4],
      ],
      faceUp: [[], [11], []],
      stock: [8, 8],
    });
    const { prediction, next } = predictAndApply(s, 0, {
      t: 'play',
      card: idOf(s, 0, 5),
      call: 'higher',
    });
    const p = expectAgrees(prediction, next);
    expect(p.pending).toEqual([]);
    expect(p.view.discard.map((c) => c.v)).toEqual([5]);
    expect(p.view.turn).toBe(1);
    expect(p.view.call).toBe('higher');
  });

  it('play: a next player who may hold no answer (HH-8) leaves the turn to the table', () => {
    // Seat 1 may or may not hold a card above 5; seat 2's face-up 11 surely answers.
    const s = scenario({
      hands: [
        [5, 9],
        [2, 3],
        [4, 4],
      ],
      faceUp: [[], [], [11]],
    });
    const { prediction, next } = predictAndApply(s, 0, {
      t: 'play',
      card: idOf(s, 0, 5),
      call: 'higher',
    });
    const p = expectAgrees(prediction, next);
    expect(p.pending).toEqual(answerWaits(1));
    // The mover's own part shows at once: the card on the pile, the call, the hand without it.
    expect(p.view.discard.map((c) => c.v)).toEqual([5]);
    expect(p.view.call).toBe('higher');
    expect(p.view.caller).toBe(0);
    expect(p.view.players[0]!.hand.map((c) => 'v' in c && c.v)).toEqual([9]);
    // Nobody's turn meanwhile, and seat 1 as the view showed it: in, its hand face down.
    expect(p.view.turn).toBeNull();
    expect(p.view.toMove).toEqual([]);
    expect(p.view.players[1]).toMatchObject({ out: false, hand: backs(2) });
    // The turn cannot come back to the mover, so its moves and the phase are sure.
    expect(p.view.legal).toEqual([]);
    expect(p.view.phase).toBe('play');
    expect(next.players[1]!.out).toBe(true); // seat 1 had no answer, and the turn went on
    expect(next.turn).toBe(2);
  });

  it('play: a knock-out that may leave the mover alone (HH-12) leaves the round’s end pending', () => {
    const s = scenario({
      hands: [
        [5, 9],
        [2, 3],
      ],
    });
    const { prediction, next } = predictAndApply(s, 0, {
      t: 'play',
      card: idOf(s, 0, 5),
      call: 'higher',
    });
    const p = expectAgrees(prediction, next);
    expect(p.pending).toEqual([
      ...answerWaits(1),
      ['phase'],
      ['roundWinner'],
      ['players', 0, 'points'],
      ['players', 0, 'wins'],
      ['totals'],
      ['history'],
      ['winners'],
      ['legal'],
    ]);
    // Each held as the view shows it: the round still on, nobody's score changed.
    expect(p.view).toMatchObject({ phase: 'play', roundWinner: null, history: [], winners: [] });
    expect(p.view.players[0]).toMatchObject({ points: 0, wins: 0 });
    expect(p.view.discard.map((c) => c.v)).toEqual([5]);
    expect(next.phase).toBe('roundOver');
    expect(next.roundWinner).toBe(0);
  });

  it('play with a named target who may hold no answer: a new target may be asked for (HH-16c)', () => {
    const cfg = chaos({ chooseTarget: true });
    const s = scenario({ hands: [[9, 10], [2, 3], [4]] }, cfg);
    const { prediction, next } = predictAndApply(s, 0, {
      t: 'play',
      card: idOf(s, 0, 9),
      call: 'higher',
      target: 1,
    });
    const p = expectAgrees(prediction, next);
    expect(p.pending).toEqual([...answerWaits(1), ['phase'], ['legal']]);
    expect(p.view.phase).toBe('play');
    expect(p.view.legal).toEqual([]);
    expect(next.phase).toBe('retarget');
    expect(next.legal.length).toBeGreaterThan(0);
  });

  it('retarget: a new target who may hold no answer keeps the phase as it was, pending', () => {
    const cfg = chaos({ chooseTarget: true });
    const s = scenario({ hands: [[9, 10, 11], [2, 3], [4], [5]] }, cfg);
    const first = play(s, 9, 'higher', 1).state; // seat 1 holds nothing above 9: out
    expect(first.phase).toBe('retarget');
    const { prediction, next } = predictAndApply(first, 0, {
      t: 'retarget',
      target: 2,
      call: 'higher',
    });
    const p = expectAgrees(prediction, next);
    expect(p.pending).toEqual([...answerWaits(2), ['phase'], ['legal']]);
    expect(p.view).toMatchObject({ phase: 'retarget', turn: null, call: 'higher', caller: 0 });
    expect(next.phase).toBe('retarget'); // seat 2 out too: name another again
    expect(next.turn).toBe(0);
  });

  it('play: a double draws (HH-6): the hand waits, its known cards shown beside a back', () => {
    const led = play(
      scenario({ hands: [[5], [5, 12], [1]], faceUp: [[9], [], [6]], stock: [8, 3] }),
      5,
      'higher',
    );
    const s = led.state;
    const { prediction, next } = predictAndApply(s, 1, { t: 'play', card: idOf(s, 1, 5) });
    const p = expectAgrees(prediction, next);
    expect(p.pending).toEqual([['players', 1, 'hand']]);
    expect(p.view.players[1]!.hand).toEqual([
      ...s.hands[1]!.filter((c) => c.v === 12),
      PENDING_CARD,
    ]);
    expect(p.view.stock).toBe(1);
    expect(p.view.call).toBe('double');
    expect(p.view.turn).toBe(2); // the 6 on the table cancels the double 5
  });

  it('play: the last card wins the round at once (HH-10, HH-13), scored on the spot', () => {
    const s = scenario({ hands: [[9], [2, 3]], faceUp: [[], [11]] });
    const { prediction, next } = predictAndApply(s, 0, {
      t: 'play',
      card: idOf(s, 0, 9),
      call: 'higher',
    });
    const p = expectAgrees(prediction, next);
    expect(p.pending).toEqual([]);
    expect(p.view.phase).toBe('roundOver');
    expect(p.view.roundWinner).toBe(0);
    expect(p.view.players[0]!.points).toBe(1);
    expect(p.view.legal).toEqual([{ t: 'nextRound' }]);
  });

  it('play: a knock-out the mover can be sure of shows, the revealed hand waiting (HH-8, HH-12)', () => {
    // Every joker and 13 but the one played is in the mover's hand: nothing can answer "higher".
    const mine = [...new Array(12).fill(7), ...new Array(6).fill(13)];
    const s = scenario({ hands: [mine, [2, 3]], faceUp: [[], [11]] });
    const { prediction, next } = predictAndApply(s, 0, {
      t: 'play',
      card: idOf(s, 0, 13),
      call: 'higher',
    });
    const p = expectAgrees(prediction, next);
    expect(p.pending).toEqual([['players', 1, 'hand']]);
    expect(p.view.players[1]!.out).toBe(true);
    expect(p.view.players[1]!.hand).toEqual(backs(2));
    expect(p.view.roundWinner).toBe(0);
  });

  it('play and retarget: a target surely out hands the caller a new choice (HH-16c)', () => {
    const cfg = chaos({ chooseTarget: true });
    const s = scenario({ hands: [[9, 10], [], [4]], faceUp: [[], [2], [3]] }, cfg);
    const played = predictAndApply(s, 0, {
      t: 'play',
      card: idOf(s, 0, 9),
      call: 'higher',
      target: 1,
    });
    const p = expectAgrees(played.prediction, played.next);
    expect(p.pending).toEqual([]);
    expect(p.view.phase).toBe('retarget');
    expect(p.view.players[1]!.out).toBe(true);

    const named = predictAndApply(played.after, 0, { t: 'retarget', target: 2, call: 'lower' });
    const q = expectAgrees(named.prediction, named.next);
    expect(q.pending).toEqual([]);
    expect(q.view.turn).toBe(2);
    expect(q.view.call).toBe('lower');
  });

  it('nextRound: a new deal is the table’s to tell', () => {
    const s = scenario({ hands: [[9], [2, 3]], faceUp: [[], [11]] });
    const over = play(s, 9, 'higher').state;
    expect(game.predict(game.view(over, 1), { t: 'nextRound' })).toBeNull();
  });
});
