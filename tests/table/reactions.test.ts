/** How often a seat may react (worker/limits.ts): a few at a time, never two at once. */
import { describe, expect, it } from 'vitest';
import {
  REACTION_GAP_MS,
  REACTION_WINDOW_MS,
  REACTIONS_PER_WINDOW,
  takeReaction,
} from '../../worker/limits.ts';

describe('reaction limits', () => {
  it('lets a seat react a few times in a window, then refuses until the oldest has aged out', () => {
    const times: number[] = [];
    let now = 0;
    for (let i = 0; i < REACTIONS_PER_WINDOW; i++) {
      expect(takeReaction(times, now)).toBe(true);
      now += REACTION_GAP_MS;
    }
    expect(takeReaction(times, now)).toBe(false);
    expect(takeReaction(times, REACTION_WINDOW_MS - 1)).toBe(false);
    expect(takeReaction(times, REACTION_WINDOW_MS)).toBe(true);
  });

  it('refuses a second reaction within the gap, and does not count the refusal', () => {
    const times: number[] = [];
    expect(takeReaction(times, 1000)).toBe(true);
    expect(takeReaction(times, 1000 + REACTION_GAP_MS - 1)).toBe(false);
    expect(times).toEqual([1000]);
    expect(takeReaction(times, 1000 + REACTION_GAP_MS)).toBe(true);
  });
});
