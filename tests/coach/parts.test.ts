/**
 * A review shared out among workers is the same review: each part judges the decisions whose
 * place is its index modulo the parts, and the page puts them together in whatever order they
 * come (web/src/coach/run-review.ts).
 */
import { describe, expect, it } from 'vitest';
import { assembleReview, type JudgedDecision } from '../../shared/coach/assemble.ts';
import { reviewPart } from '../../shared/coach/review.ts';
import { GAME_IDS } from '../../shared/engine/types.ts';
import { finishedGame, review } from './support.ts';

/** A part run to its end. */
function judgedPart(...args: Parameters<typeof reviewPart>): JudgedDecision[] {
  const part = reviewPart(...args);
  for (;;) {
    const step = part.next();
    if (step.done) return step.value;
  }
}

describe.each(GAME_IDS)('%s', (id) => {
  it('three parts, put together in any order, make the whole review', () => {
    const record = finishedGame(id);
    const whole = review(record, 1).review;
    const parts = [0, 1, 2].map((index) => judgedPart(id, record, 1, { index, of: 3 }));
    expect(parts.map((p) => p.length).reduce((a, b) => a + b, 0)).toBe(whole.decisions.length);
    for (const [index, part] of parts.entries()) {
      expect(part.every((d) => d.at % 3 === index)).toBe(true);
    }
    const together = assembleReview(id, 1, record.players, [
      ...parts[2]!,
      ...parts[0]!,
      ...parts[1]!,
    ]);
    expect(together).toEqual(whole);
  });
});
