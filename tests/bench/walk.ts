/**
 * A long random walk of whole tables (tests/table/walk.ts): `npm run walk -- --steps N --seed S`.
 * Prints how far it went, how many distinct moments it reached (game × phase × who holds each
 * seat: a person here or away, a bot, a stand-in, nobody) and, if an invariant broke, the walk's
 * shrunk counterexample, to keep as a named test (walk.test.ts). Options: --game <id> (may repeat).
 */
import { parseArgs } from 'node:util';
import { GAME_IDS, type GameId } from '../../shared/engine/types.ts';
import { runEpisode, shrink, walk } from '../table/walk.ts';

const { values } = parseArgs({
  options: {
    steps: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: 'walk' },
    game: { type: 'string', multiple: true },
  },
});
const steps = Number(values.steps);
const games = (values.game ?? GAME_IDS).filter((g): g is GameId => GAME_IDS.includes(g as GameId));
const started = performance.now();
const seen = walk(values.seed, steps, { games });
const seconds = (performance.now() - started) / 1000;
console.log(
  `${seen.steps.toLocaleString('en')} steps in ${seconds.toFixed(1)} s, seed "${values.seed}", ` +
    `${games.join(', ')}: ${seen.moments.size} distinct moments`,
);
for (const game of games) {
  const phases = new Set(
    [...seen.moments].filter((m) => m.startsWith(`${game}:`)).map((m) => m.split(':')[1]),
  );
  console.log(`  ${game}: ${[...phases].sort().join(', ')}`);
}
if (seen.failed) {
  const small = shrink(seen.failed);
  console.log(`broken after ${seen.steps} steps: ${JSON.stringify(seen.broken?.violations)}`);
  console.log(
    `shrunk to ${small.commands.length} commands: ${JSON.stringify(runEpisode(small)?.violations)}`,
  );
  console.log(`setup: ${JSON.stringify(small.setup)}`);
  for (const c of small.commands) console.log(`  ${JSON.stringify(c)}`);
  process.exitCode = 1;
}
