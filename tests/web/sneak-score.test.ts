/** Sneak's scores shown live while a round is played (web/src/games/sneak/score.ts). */
import { describe, expect, it } from 'vitest';
import { sneak } from '../../shared/games/sneak/index.ts';
import { liveScore } from '../../web/src/games/sneak/score.ts';

describe('Sneak scores on the table', () => {
  it('count the cards won this round while it is played, and once only when it is over', () => {
    const state = sneak.fromScenario(sneak.defaultConfig(2), {
      dealer: 1,
      hands: [['2S'], ['3S']],
      stock: ['4S'],
      won: [5, 2],
      totals: [10, 20],
    });
    const view = sneak.view(state, 0);
    expect(view.phase).toBe('play');
    expect([liveScore(view, 0), liveScore(view, 1)]).toEqual([15, 22]);
    const over = { ...view, phase: 'roundOver' as const, totals: [15, 22] };
    expect([liveScore(over, 0), liveScore(over, 1)]).toEqual([15, 22]);
  });
});
