import { describe, expect, it } from 'vitest';
import { pick } from '../../shared/engine/search.ts';

describe('the search: which candidate it picks from its worlds', () => {
  it('without a confidence, the best mean value', () => {
    expect(
      pick(
        [
          [0.5, 0.5],
          [0.6, 0.45],
          [0.2, 0.3],
        ],
        undefined,
      ),
    ).toBe(1);
    expect(pick([[0.9], [0.6]], undefined)).toBe(0);
  });

  it('with one, the first unless another beats it world by world beyond the worlds’ luck', () => {
    // A margin of 0.1 in every world: sure.
    expect(
      pick(
        [
          [0.5, 0.4, 0.3],
          [0.6, 0.5, 0.4],
        ],
        1,
      ),
    ).toBe(1);
    // A better mean made of one lucky world: not sure, the first stays.
    expect(
      pick(
        [
          [0.5, 0.5, 0.5],
          [0.9, 0.3, 0.4],
        ],
        1,
      ),
    ).toBe(0);
    // Of two sure ones, the larger margin.
    expect(
      pick(
        [
          [0.5, 0.5],
          [0.6, 0.61],
          [0.7, 0.7],
        ],
        1,
      ),
    ).toBe(2);
    // One world tells nothing of luck.
    expect(pick([[0.1], [0.9]], 1)).toBe(0);
  });
});
