/**
 * The table as a whole (STYLE 11): a random walk of whole tables in all three games, every
 * invariant checked after every input (walk.ts), and the walk's shrunk counterexamples kept as
 * named regressions. `npm run walk` runs it longer.
 */
import { describe, expect, it } from 'vitest';
import { GAME_IDS } from '../../shared/engine/types.ts';
import { type Command, type Episode, runEpisode, type Setup, shrink, walk } from './walk.ts';

/** A broken walk, shrunk, in words a reader can replay. */
function told(failed: Episode): string {
  const small = shrink(failed);
  const broken = runEpisode(small);
  return [
    `broken: ${JSON.stringify(broken?.violations)}`,
    `setup: ${JSON.stringify(small.setup)}`,
    ...small.commands.map((c) => JSON.stringify(c)),
  ].join('\n');
}

describe('a random walk of whole tables', () => {
  it.each(GAME_IDS)(
    '%s: every invariant holds after each of 17,000 inputs',
    { timeout: 60_000 },
    (game) => {
      const seen = walk(`npm-test-${game}`, 17_000, { games: [game] });
      if (seen.failed) expect.fail(told(seen.failed));
      expect(seen.steps).toBe(17_000);
      // Lobbies, rounds, pauses, game overs, with people here and away, bots and stand-ins.
      expect(seen.moments.size).toBeGreaterThan(100);
    },
  );
});

describe('what the walk found', () => {
  // Seed "s2", step 20,181 of the walk before the fix, shrunk: Bob's page closes, his clock runs
  // out, the host gives his seat to a bot, the next round is dealt; Bob comes back with his token
  // and was shown a watcher's board while the round waited on him.
  const backAfterTheNextDeal: Command[] = [
    { t: 'open', who: 0, withToken: true, patches: false },
    { t: 'sit', i: 0, seat: 0 },
    { t: 'open', who: 1, withToken: true, patches: true },
    { t: 'sit', i: 1, seat: 1 },
    { t: 'start' },
    { t: 'move', i: 1, k: 150 },
    { t: 'close', i: 3 },
    { t: 'move', i: 0, k: 193 },
    { t: 'later', ms: 25_000, ping: true },
    { t: 'alarm' },
    { t: 'move', i: 3, k: 49 },
    { t: 'later', ms: 25_000, ping: true },
    { t: 'alarm' },
    { t: 'bot', seat: 1, on: true, level: 'easy' },
    { t: 'move', i: 2, k: 558 },
    { t: 'open', who: 1, withToken: true, patches: true },
  ];

  it('a player back after the round their stand-in was dealt gets their seat and plays', () => {
    const setup: Setup = {
      game: 'hulahoo',
      players: 2,
      bots: [],
      clock: 20,
      pace: 'live',
      imported: null,
      quick: false,
    };
    expect(runEpisode({ setup, commands: backAfterTheNextDeal })).toBeNull();
  });
});
