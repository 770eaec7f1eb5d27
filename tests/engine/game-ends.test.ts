/**
 * ALL-3: every game ends. Options outside the ranges people play are refused, never clamped; and
 * whatever options a table takes, random play ends the game within MAX_ROUNDS rounds, a game cut
 * off by the limit won by its leaders in the game's own ranking.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { MAX_ROUNDS } from '../../shared/engine/rounds.ts';
import { ADAPTER, ADAPTERS } from './adapters.ts';
import { describeEachGame } from './support/per-game.ts';
import { playGame } from './support/properties.ts';

/** Hula-Hoo!'s ten round wins in a row among several players is rarely reached: the limit ends it. */
const TEN_IN_A_ROW = JSON.stringify({ goal: { kind: 'wins', wins: 10, consecutive: true } });

describeEachGame(ADAPTERS, ADAPTER, '%s: every game ends (ALL-3)', (_id, adapter) => {
  const { game, goals: bounds } = adapter;

  it('takes goals inside the ranges people play and refuses the rest with a clear error', () => {
    for (const config of bounds.accepted) expect(game.parseConfig(config, 4).ok).toBe(true);
    for (const config of bounds.refused) {
      const parsed = game.parseConfig(config, 4);
      expect(parsed.ok, JSON.stringify(config)).toBe(false);
      if (!parsed.ok) {
        expect(parsed.error.code).toBe('bad-config');
        expect(parsed.error.message).toMatch(/from \d+ to \d+/);
      }
    }
  });

  it('ends within MAX_ROUNDS rounds whatever the options, the leaders winning at the limit', {
    timeout: 300_000,
  }, () => {
    let limited = 0;
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.integer({ min: adapter.minPlayers, max: adapter.maxPlayers }),
        fc.oneof(fc.constantFrom(...bounds.longest), adapter.configs),
        (seed, players, config) => {
          const trace = playGame(adapter, { seed, players, config, picks: seed });
          const last = trace.at(-1)!;
          const state = last.after as { round: number };
          expect(state.round).toBeLessThanOrEqual(MAX_ROUNDS);
          const over = last.events.at(-1) as { type: string; winners: number[]; roundLimit?: true };
          expect(over.type).toBe('gameOver');
          if (over.roundLimit) {
            limited++;
            expect(state.round).toBe(MAX_ROUNDS);
            const { totals } = game.result(last.after);
            const best = bounds.lowWins ? Math.min(...totals) : Math.max(...totals);
            expect(over.winners).toEqual(totals.flatMap((t, s) => (t === best ? [s] : [])));
          }
        },
      ),
      { numRuns: 40 },
    );
    if (bounds.longest.some((c) => JSON.stringify(c) === TEN_IN_A_ROW)) {
      expect(limited).toBeGreaterThan(0);
    }
  });
});
