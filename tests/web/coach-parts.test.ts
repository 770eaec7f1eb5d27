/** How many workers share a review's search: one per core the browser has, from one to four. */
import { expect, it } from 'vitest';
import { partsFor } from '../../web/src/coach/run-review.ts';

it('a review is shared into one part per core, at least one and at most four', () => {
  expect([undefined, 0, 1, 2, 3, 8, 16].map(partsFor)).toEqual([1, 1, 1, 2, 3, 4, 4]);
});
