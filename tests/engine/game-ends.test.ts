/**
 * ALL-3: every game ends. Options outside the ranges people play are refused, never clamped; and
 * whatever options a table takes, random play ends the game within MAX_ROUNDS rounds, a game cut
 * off by the limit won by its leaders in the game's own ranking.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ROUNDS } from '../../shared/engine/rounds.ts';
import type { GameId } from '../../shared/engine/types.ts';
import { hiloAdapter } from './hilo/adapter.ts';
import { hulahooAdapter } from './hulahoo/adapter.ts';
import { sneakAdapter } from './sneak/adapter.ts';
import type { PropertyAdapter } from './support/properties.ts';
import { playGame } from './support/properties.ts';

interface Bounds {
  adapter: PropertyAdapter<unknown>;
  /** Options just inside and just outside the ranges (ALL-3). */
  accepted: unknown[];
  refused: unknown[];
  /** The longest games a table may ask for, played at random to their end. */
  longest: unknown[];
  /** Whether a lower total leads (HiLO) or a higher one (the others). */
  lowWins: boolean;
}

const wins = (n: number, consecutive = false) => ({ goal: { kind: 'wins', wins: n, consecutive } });
const points = (n: number) => ({ goal: { kind: 'points', points: n } });

const BOUNDS: Record<GameId, Bounds> = {
  hulahoo: {
    adapter: hulahooAdapter as PropertyAdapter<unknown>,
    accepted: [points(20), points(200), wins(1), wins(10, true)],
    refused: [points(19), points(201), wins(0), wins(11), wins(11, true)],
    longest: [points(200), wins(10), wins(10, true)],
    lowWins: false,
  },
  hilo: {
    adapter: hiloAdapter as PropertyAdapter<unknown>,
    accepted: [{ limit: 50 }, { limit: 300 }],
    refused: [{ limit: 49 }, { limit: 301 }, { limit: 10000 }],
    longest: [{ limit: 300 }, { limit: 300, maxTurns: 1 }],
    lowWins: true,
  },
  sneak: {
    adapter: sneakAdapter as PropertyAdapter<unknown>,
    accepted: [{ target: 50 }, { target: 400 }],
    refused: [{ target: 49 }, { target: 401 }, { target: 10000 }],
    longest: [{ target: 400 }],
    lowWins: false,
  },
};

describe.each(Object.entries(BOUNDS))('%s: every game ends (ALL-3)', (_id, bounds) => {
  const { adapter } = bounds;
  const { game } = adapter;

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
    // Ten consecutive Hula-Hoo! wins among several players is rarely reached: the limit ends it.
    if (bounds.longest.some((c) => JSON.stringify(c) === JSON.stringify(wins(10, true)))) {
      expect(limited).toBeGreaterThan(0);
    }
  });
});
