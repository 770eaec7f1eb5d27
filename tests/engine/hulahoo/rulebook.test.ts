/** The rulebook's worked examples, played move by move. */
import { describe, expect, it } from 'vitest';
import { game, play, playableValues, scenario } from './helpers.ts';

describe('Hula-Hoo! rulebook examples', () => {
  it('after a 4 and "higher" the next player must play 5 or more (or double, or a joker)', () => {
    const s = scenario({
      hands: [
        [4, 1],
        [1, 3, 4, 5, 7, 13],
      ],
    });
    const after = play(s, 4, 'higher').state;
    expect(playableValues(after)).toEqual([4, 5, 7, 13]);
  });

  it('after a 4 and "lower" the next player must play 3 or less (or double, or a joker)', () => {
    const s = scenario({
      hands: [
        [4, 1],
        [1, 3, 4, 5, 7, 13],
      ],
    });
    const after = play(s, 4, 'lower').state;
    expect(playableValues(after)).toEqual([1, 3, 4, 7]);
  });

  it('a double 10 is cancelled by a 9, an 11 or a joker, and goes on with another 10', () => {
    const s = scenario({
      hands: [
        [10, 1],
        [10, 2],
        [8, 9, 10, 11, 12, 7],
      ],
      stock: [5, 6],
    });
    let state = play(s, 10, 'higher').state;
    state = play(state, 10).state;
    expect(state.call).toBe('double');
    expect(playableValues(state)).toEqual([7, 9, 10, 11]);
  });

  it('plays the four-player example: lower, lower, double, joker, 13 higher, B drops out, C doubles', () => {
    // A = seat 0 leads (the dealer is D = seat 3).
    const s = scenario({
      dealer: 3,
      hands: [
        [5, 13, 2, 2, 2],
        [3, 1, 2, 4, 6],
        [3, 13, 12, 12, 12],
        [7, 1, 1, 1, 12],
      ],
      faceUp: [[8], [9], [11], [10]],
      stock: [9, 10, 11],
    });
    let r = play(s, 5, 'lower');
    expect(r.state.turn).toBe(1);
    r = play(r.state, 3, 'lower');
    r = play(r.state, 3); // C doubles
    expect(r.state.call).toBe('double');
    expect(r.events).toContainEqual({ type: 'drew', seat: 2, count: 1 });
    expect(r.state.hands[2]!.map((c) => c.v)).toContain(9); // the top of the draw pile
    r = play(r.state, 7, 'higher'); // D cancels with a joker
    expect(r.state.call).toBe('higher');
    expect(r.events.some((e) => e.type === 'drew')).toBe(false);
    r = play(r.state, 13, 'higher'); // A
    // B has neither a 13 nor a joker: out at once, hand shown, C must still go higher than 13.
    const eliminated = r.events.find((e) => e.type === 'eliminated');
    expect(eliminated).toEqual({ type: 'eliminated', seat: 1, hand: r.state.hands[1] });
    expect(r.state.out[1]).toBe(true);
    expect(r.state.turn).toBe(2);
    expect(r.state.call).toBe('higher');
    expect(game.view(r.state, 0).players[1]!.hand).toEqual(r.state.hands[1]!);
    r = play(r.state, 13); // C doubles the 13 and draws
    expect(r.state.call).toBe('double');
    expect(r.events).toContainEqual({ type: 'drew', seat: 2, count: 1 });
    expect(r.state.turn).toBe(3);
  });

  it('with two players left, a joker played on a player who cannot answer wins the round', () => {
    // A holds 3 cards and plays a joker with "lower"; B holds only higher cards and no joker.
    const s = scenario({
      dealer: 1,
      hands: [
        [7, 9, 10],
        [8, 11, 12],
      ],
    });
    const r = play(s, 7, 'lower');
    expect(r.state.out[1]).toBe(true);
    expect(r.state.phase).toBe('roundOver');
    expect(r.state.roundWinner).toBe(0);
    expect(r.events).toContainEqual({ type: 'roundWon', seat: 0, points: 1, how: 'last' });
  });
});
