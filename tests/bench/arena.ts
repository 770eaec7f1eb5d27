/**
 * The bots' arena: `npm run arena`. Plays whole games bot against bot, the subject's seat rotating
 * through the table, and prints the subject's share of the wins with a 95% confidence interval and
 * how long its decisions take: all those with a choice to make, then those in which a searching bot
 * searched (it makes some moves at once, such as a Sneak draw while the stock lasts).
 *
 *   hard-normal       the hard bot against three normal bots, 4 players (fair share 25%)
 *   normal-easy       the normal bot against three easy bots, 4 players (fair share 25%)
 *   normal-heuristic  the normal bot against the public-information heuristic, 2 players (50%)
 *
 * Beside them, Sneak's liveliness (liveliness.ts), the subject's figure first, the others' after
 * the slash: "leads", the share of turns while the stock lasts that sneak or flaunt rather than
 * draw; "challenged", the share of sneaks somebody challenged; "challenges", the share of others'
 * sneaks the player was asked to answer and challenged; "won", the share of those challenges that
 * won the contest.
 *
 * Options: --game <id>, --match <name> (each may repeat), --games <n> (per game and match),
 * --seed <text>. Games are seeded, so a run can be repeated exactly.
 */
import { parseArgs } from 'node:util';
import { type Bot, type BotLevel, thinkThrough } from '../../shared/engine/bot.ts';
import { nextInt, seedRng } from '../../shared/engine/rng.ts';
import { type AnyGame, GAME_IDS, type GameId, type Seat } from '../../shared/engine/types.ts';
import { botFor } from '../../shared/games/bots.ts';
import { games } from '../../shared/games/index.ts';
import type { PerGame } from '../engine/support/per-game.ts';
import { hiloHeuristic } from './heuristics/hilo.ts';
import { hulahooHeuristic } from './heuristics/hulahoo.ts';
import { sneakHeuristic } from './heuristics/sneak.ts';
import { countSneakMove, type Liveliness, livelinessColumns, noLiveliness } from './liveliness.ts';

// biome-ignore lint/suspicious/noExplicitAny: bots of different games.
type AnyBot = Bot<any, any>;

/** Each game's public-information heuristic; a game without one skips the heuristic match. */
const heuristics: PerGame<AnyBot> = {
  hulahoo: hulahooHeuristic,
  hilo: hiloHeuristic,
  sneak: sneakHeuristic,
};

type Level = BotLevel;
interface Match {
  players: number;
  subject: Level;
  others: Level | 'heuristic';
  games: number;
}
const MATCHES: Record<string, Match> = {
  'hard-normal': { players: 4, subject: 'hard', others: 'normal', games: 200 },
  'normal-easy': { players: 4, subject: 'normal', others: 'easy', games: 1000 },
  'normal-heuristic': { players: 2, subject: 'normal', others: 'heuristic', games: 1000 },
};
/** A guard against a game that never ends: far beyond any real game's length. */
const MAX_MOVES = 100_000;

function levels(id: GameId): Record<Level, AnyBot> {
  return { easy: botFor(id, 'easy'), normal: botFor(id, 'normal'), hard: botFor(id, 'hard') };
}

interface Tally {
  shares: number[];
  /** Every decision of the subject's with more than one legal move, in ms. */
  times: number[];
  /** Those of them in which a searching bot searched (rather than seeing its move at once). */
  searched: number[];
  /** Sneak's liveliness (liveliness.ts), of the subject and of the others. */
  subject: Liveliness;
  others: Liveliness;
}

function playGame(
  game: AnyGame,
  players: number,
  bySeat: AnyBot[],
  subject: Seat,
  seed: string,
  tally: Tally,
): void {
  const rng = seedRng(`${seed}/bots`);
  const random = () => nextInt(rng, 0x40000000) / 0x40000000;
  let state = game.setup(game.defaultConfig(players), players, seed);
  for (let moves = 0; !game.result(state).over; moves++) {
    if (moves > MAX_MOVES) throw new Error(`${game.id} ${seed}: the game does not end`);
    const seat = game.toMove(state)[0]!;
    const view = game.view(state, seat);
    const start = performance.now();
    const { move, searched } = thinkThrough(bySeat[seat]!, view, random);
    const time = performance.now() - start;
    if (seat === subject && view.legal.length > 1) tally.times.push(time);
    if (seat === subject && searched) tally.searched.push(time);
    const out = game.apply(state, seat, move);
    if (!out.ok) {
      throw new Error(`${game.id} ${seed}: seat ${seat}'s move was refused: ${out.error.code}`);
    }
    if (game.id === 'sneak') {
      const of = (s: Seat) => (s === subject ? tally.subject : tally.others);
      countSneakMove(state, seat, move, out.state, of(seat), of);
    }
    state = out.state;
  }
  const { winners } = game.result(state);
  tally.shares.push(winners.includes(subject) ? 1 / winners.length : 0);
}

function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** The mean share and the half-width of its 95% confidence interval (normal approximation). */
function share(values: number[]): { mean: number; half: number } {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, n - 1);
  return { mean, half: 1.96 * Math.sqrt(variance / n) };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** Subject's and others' figures side by side, "subject/others", one column each. */
const pairs = (subject: string[], others: string[]) =>
  subject.map((s, i) => `  ${s}/${others[i]}`.padEnd(11));

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      game: { type: 'string', multiple: true },
      match: { type: 'string', multiple: true },
      games: { type: 'string' },
      seed: { type: 'string', default: 'arena' },
    },
  });
  const chosenGames = (values.game ?? GAME_IDS) as GameId[];
  const chosenMatches = values.match ?? Object.keys(MATCHES);
  for (const name of chosenMatches) if (!MATCHES[name]) throw new Error(`no match "${name}"`);
  console.log(`Node ${process.version}; seed "${values.seed}"; seats rotate each game`);
  console.log(
    'game      match             players  games  share    95% CI            fair   decisions  median ms  searched  median ms  p90 ms  leads      challenged  challenges  won',
  );
  for (const id of chosenGames) {
    const game = games[id];
    const bots = levels(id);
    for (const name of chosenMatches) {
      const match = MATCHES[name]!;
      const heuristic = heuristics[id];
      if (match.others === 'heuristic' && !heuristic) {
        console.log(`${id.padEnd(9)} ${name.padEnd(17)} skipped: no heuristic for ${id}`);
        continue;
      }
      const count = values.games ? Number(values.games) : match.games;
      const tally: Tally = {
        shares: [],
        times: [],
        searched: [],
        subject: noLiveliness(),
        others: noLiveliness(),
      };
      for (let g = 0; g < count; g++) {
        const subject = g % match.players;
        const others = match.others === 'heuristic' ? heuristic! : bots[match.others];
        const bySeat = Array.from({ length: match.players }, (_, s) =>
          s === subject ? bots[match.subject] : others,
        );
        playGame(game, match.players, bySeat, subject, `${values.seed}-${id}-${name}-${g}`, tally);
      }
      const { mean, half } = share(tally.shares);
      console.log(
        [
          id.padEnd(9),
          name.padEnd(17),
          String(match.players).padStart(7),
          String(count).padStart(6),
          pct(mean).padStart(6),
          `  ${pct(Math.max(0, mean - half))} – ${pct(Math.min(1, mean + half))}`.padEnd(18),
          pct(1 / match.players).padStart(5),
          String(tally.times.length).padStart(11),
          quantile(tally.times, 0.5).toFixed(3).padStart(10),
          String(tally.searched.length).padStart(9),
          quantile(tally.searched, 0.5).toFixed(2).padStart(9),
          quantile(tally.searched, 0.9).toFixed(2).padStart(7),
          ...pairs(livelinessColumns(tally.subject), livelinessColumns(tally.others)),
        ].join(' '),
      );
    }
  }
}

await main();
