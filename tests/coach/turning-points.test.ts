/**
 * A move that throws the game away is a turning point, and the review names the move that would
 * have kept it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Card, State } from '../../shared/games/hulahoo/types.ts';
import { games } from '../table/support.ts';
import { recordFrom, review } from './support.ts';

afterEach(() => vi.restoreAllMocks());

describe('Hula-Hoo! review', () => {
  it('flags a lead that lets the last card of the next player out, and suggests the one that shuts it out', () => {
    // Two players, one round won is the game. Seat 0 leads a 1; seat 1 holds a single card.
    // "Higher" on a 1 lets almost any card out (HH-10); "lower" leaves only a double, which
    // draws, and a joker, which may not be the last card (HH-9): seat 1 is out of the round.
    const config = games.hulahoo.parseConfig({ goal: { kind: 'wins', wins: 1 } }, 2);
    if (!config.ok) throw new Error(config.error.message);
    const deal: State = games.hulahoo.fromScenario(config.config, {
      dealer: 1,
      hands: [[1, 5, 9], [10]],
      faceUp: [[], []],
      stock: [2, 3, 4, 6, 8, 10, 11, 12, 13, 2, 3, 4],
    });
    const one = deal.hands[0]!.find((c: Card) => c.v === 1)!.id;
    const thrown = { t: 'play', card: one, call: 'higher' };
    const record = recordFrom('hulahoo', deal, [{ seat: 0, move: thrown }]);
    const { review: done } = review(record, 0);
    const [decision] = done.decisions;
    expect(decision).toMatchObject({
      played: thrown,
      best: { t: 'play', card: one, call: 'lower' },
      sure: true,
    });
    expect(decision!.gain).toBeGreaterThan(0.5);
    expect(done.turningPoints).toEqual([0]);
  });
});
