/**
 * Whether the review's turning points hold up: `npm run bench:coach:holdup`. Plays games of four
 * normal bots and reviews every seat of each (shared/coach/review.ts), timing each seat's review;
 * then judges every turning point flagged again, from the same view, with ten times the most a
 * decision may spend and in fresh worlds, on the move played and the one suggested alone: it
 * holds up if the suggested move's mean still beats the played one's. Games go on until every
 * game has flagged at least `--flagged` moves. Prints per game: games, moves per game, the
 * decisions reviewed and those with something to compare, the turning points flagged (and per
 * seat's review), how many held up, and a seat's review time in Node (median and 90th
 * percentile), on the clock and in the main thread's CPU time.
 *
 * Each game is played to options that make about ten minutes of play, the size of game the review
 * must answer within a few seconds on a phone. Bots move about every second; a person takes a
 * few seconds, more for a Hula-Hoo! play (a card and a call), less for a draw or a decline, and
 * the answers to a Sneak lead come at once: at four players, a move every one to three seconds,
 * so some 200 to 500 moves. Hula-Hoo! is played to its default 77 points (about 200 moves); HiLO
 * to 50 (about 330 moves, where its default 100 takes about 700) and Sneak to 50 (about 500, where
 * its default 100 takes about 930).
 *
 * Options: --game <id> (may repeat), --flagged <n> per game (default 300), --seed <text>.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { seatDecisions } from '../../shared/coach/decisions.ts';
import { reviewGame } from '../../shared/coach/review.ts';
import { coachSearches } from '../../shared/coach/searches.ts';
import { MIN_ERRORS, MIN_GAIN, MIN_WORLDS } from '../../shared/coach/turning-point.ts';
import { seededRandom } from '../../shared/engine/rng.ts';
import { mean, Worlds } from '../../shared/engine/search.ts';
import { GAME_IDS, type GameId, type Seat } from '../../shared/engine/types.ts';
import { botFor } from '../../shared/games/bots.ts';
import { games } from '../../shared/games/index.ts';
import type { GameRecord } from '../../shared/protocol.ts';

const PLAYERS = 4;

/** Each game's options for about ten minutes of play (above). */
const OPTIONS: Record<GameId, unknown> = {
  hulahoo: {},
  hilo: { limit: 50 },
  sneak: { target: 50 },
};

/** How much more search a turning point is judged again with. */
const AGAIN = 10;

/** A game of normal bots to its end, as its record. */
function play(id: GameId, seed: string): GameRecord {
  const game = games[id];
  const parsed = game.parseConfig(OPTIONS[id], PLAYERS);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const bot = botFor(id, 'normal');
  const random = seededRandom(`${seed}:bots`);
  let state = game.setup(parsed.config, PLAYERS, seed);
  const moves: GameRecord['moves'] = [];
  for (let seat = game.toMove(state)[0]; seat !== undefined; seat = game.toMove(state)[0]) {
    const move = bot.choose(game.view(state, seat), random);
    const out = game.apply(state, seat, move);
    if (!out.ok) throw new Error(`${id} ${seed}: ${out.error.message}`);
    moves.push({ seat, move });
    state = out.state;
  }
  return { game: id, gameNo: 1, players: PLAYERS, config: parsed.config, seed, moves };
}

/**
 * `seat`'s review of `record`, and what it took: on the clock, and in the main thread's CPU time,
 * which other work on the machine does not lengthen.
 */
function timedReview(id: GameId, record: GameRecord, seat: Seat) {
  const start = performance.now();
  const cpu = process.threadCpuUsage();
  const reviewing = reviewGame(id, record, seat);
  for (;;) {
    const step = reviewing.next();
    if (step.done) {
      const used = process.threadCpuUsage(cpu);
      return {
        review: step.value,
        ms: performance.now() - start,
        cpu: (used.user + used.system) / 1000,
      };
    }
  }
}

/** Whether the move suggested at `step` still beats the one played with ten times the search. */
function holdsUp(id: GameId, record: GameRecord, seat: Seat, step: number, best: unknown): boolean {
  const decision = seatDecisions(games[id], record, seat).find((d) => d.step === step)!;
  const { spec, budget } = coachSearches[id];
  const random = seededRandom(`${record.seed}:again:${seat}:${step}`);
  const worlds = new Worlds(spec, decision.view, [best, decision.played], random);
  worlds.dealUntil(AGAIN * budget.most);
  const [suggested, played] = worlds.values.map(mean);
  return suggested! > played!;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

function main(): void {
  const { values } = parseArgs({
    options: {
      game: { type: 'string', multiple: true },
      flagged: { type: 'string', default: '300' },
      seed: { type: 'string', default: 'holdup' },
    },
  });
  const wanted = Number(values.flagged);
  console.log(
    `Node ${process.version}; ${PLAYERS} normal bots; a turning point gains at least ${MIN_GAIN}, ` +
      `${MIN_ERRORS} standard errors, over ${MIN_WORLDS} worlds or more; judged again with ` +
      `${AGAIN}× the search; seed "${values.seed}"`,
  );
  console.log(
    'game      games  moves/game  decisions  compared  flagged  per seat         held up  review ms  (CPU ms)',
  );
  for (const id of (values.game ?? GAME_IDS) as GameId[]) {
    let played = 0;
    let moves = 0;
    let decisions = 0;
    let compared = 0;
    let flagged = 0;
    let held = 0;
    const times: number[] = [];
    const cpus: number[] = [];
    while (flagged < wanted) {
      const record = play(id, `${values.seed}:${id}:${played++}`);
      moves += record.moves.length;
      for (let seat = 0; seat < PLAYERS; seat++) {
        const { review, ms, cpu } = timedReview(id, record, seat);
        times.push(ms);
        cpus.push(cpu);
        decisions += review.decisions.length;
        for (const d of review.decisions) {
          if (d.compared > 1) compared++;
          if (!d.sure) continue;
          flagged++;
          if (holdsUp(id, record, seat, d.step, d.best)) held++;
        }
      }
    }
    times.sort((a, b) => a - b);
    cpus.sort((a, b) => a - b);
    console.log(
      [
        id.padEnd(9),
        String(played).padStart(5),
        (moves / played).toFixed(0).padStart(11),
        String(decisions).padStart(10),
        String(compared).padStart(9),
        String(flagged).padStart(8),
        (flagged / times.length).toFixed(1).padStart(9),
        `${held} (${((100 * held) / flagged).toFixed(1)}%)`.padStart(14),
        `${quantile(times, 0.5).toFixed(0)}, ${quantile(times, 0.9).toFixed(0)}`.padStart(10),
        `${quantile(cpus, 0.5).toFixed(0)}, ${quantile(cpus, 0.9).toFixed(0)}`.padStart(10),
      ].join(' '),
    );
  }
}

main();
