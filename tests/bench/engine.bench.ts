/**
 * Engine benchmark: `npm run bench`. For each game, on one core:
 * - rounds/s: whole 4-player rounds of random legal play, from the deal to the round's end;
 * - apply + views: the median time of one `apply` followed by a `view` for every seat.
 * Medians of several batches, so a hiccup of the machine does not count.
 */
import os from 'node:os';
import { nextInt, type RngState, seedRng } from '../../shared/engine/rng.ts';
import type { AnyGame, Seat } from '../../shared/engine/types.ts';
import { games } from '../../shared/games/index.ts';
import { fillStandIn } from '../engine/support/cards.ts';

const PLAYERS = 4;
const BATCH_MS = 300;
const BATCHES = 7;

type Phased = { phase?: string };

/** A random legal move, with real cards for a stand-in (the hand read from the view only then). */
function randomMove(game: AnyGame, state: unknown, seat: Seat, rng: RngState): unknown {
  const legal = game.legalMoves(state, seat) as Record<string, unknown>[];
  const random = () => nextInt(rng, 0x40000000) / 0x40000000;
  return fillStandIn(legal[nextInt(rng, legal.length)]!, () => game.view(state, seat), random);
}

function playRound(
  game: AnyGame,
  seed: string,
  rng: RngState,
  onMove?: (s: unknown, seat: Seat, m: unknown) => void,
): number {
  let state = game.setup(game.defaultConfig(PLAYERS), PLAYERS, seed);
  let moves = 0;
  while ((state as Phased).phase !== 'roundOver' && !game.result(state).over) {
    const seats = game.toMove(state);
    const seat = seats[nextInt(rng, seats.length)]!;
    const move = randomMove(game, state, seat, rng);
    onMove?.(state, seat, move);
    const out = game.apply(state, seat, move);
    if (!out.ok) throw new Error(`${game.id}: legal move refused: ${out.error.code}`);
    state = out.state;
    moves++;
  }
  return moves;
}

function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function roundsPerSecond(game: AnyGame): { rate: number; movesPerRound: number } {
  const rng = seedRng(`bench-${game.id}`);
  const rates: number[] = [];
  let rounds = 0;
  let moves = 0;
  for (let b = -1; b < BATCHES; b++) {
    const start = performance.now();
    let n = 0;
    while (performance.now() - start < BATCH_MS) {
      moves += playRound(game, `${game.id}-${b}-${n}`, rng);
      n++;
    }
    const elapsed = performance.now() - start;
    if (b >= 0) rates.push((n * 1000) / elapsed); // batch -1 warms the JIT up
    rounds += n;
  }
  return { rate: median(rates), movesPerRound: moves / rounds };
}

function applyAndViews(game: AnyGame): number {
  const rng = seedRng(`bench-steps-${game.id}`);
  const steps: [unknown, Seat, unknown][] = [];
  for (let i = 0; steps.length < 20_000; i++) {
    playRound(game, `steps-${i}`, rng, (s, seat, m) => steps.push([s, seat, m]));
  }
  const batchTimes: number[] = [];
  const perBatch = 500;
  for (let rep = 0; rep < 3; rep++) {
    for (let b = 0; b + perBatch <= steps.length; b += perBatch) {
      const start = performance.now();
      for (let i = b; i < b + perBatch; i++) {
        const [state, seat, move] = steps[i]!;
        const out = game.apply(state, seat, move);
        if (!out.ok) throw new Error('refused');
        for (let v = 0; v < PLAYERS; v++) game.view(out.state, v);
      }
      if (rep > 0) batchTimes.push(((performance.now() - start) * 1000) / perBatch);
    }
  }
  return median(batchTimes);
}

console.log(`Node ${process.version} on ${os.cpus()[0]?.model ?? 'unknown CPU'}, one core`);
console.log(
  `${PLAYERS} players, default options, random legal play; medians of ${BATCHES} batches\n`,
);
console.log('game      rounds/s   moves/round   apply + 4 views (µs, median)');
for (const game of Object.values(games)) {
  if (!game) continue;
  const { rate, movesPerRound } = roundsPerSecond(game);
  const micros = applyAndViews(game);
  console.log(
    `${game.id.padEnd(9)} ${rate.toFixed(0).padStart(8)}   ${movesPerRound.toFixed(1).padStart(11)}   ${micros.toFixed(2).padStart(10)}`,
  );
}
