import type { Bot } from '../../engine/bot.ts';
import { normalCdf, type SearchSpec, searchBot } from '../../engine/search.ts';
import type { Seat } from '../../engine/types.ts';
import { hiloBot, scoredMoves } from './bot.ts';
import { hilo } from './index.ts';
import type { Layout, Move, State, View } from './types.ts';
import { determinize, isHidden } from './world.ts';

/** At most this many moves are compared; the budget is split between them. */
const WIDTH = 3;
/** A move the heuristic rates this far below its best is not worth a playout. */
const GAP = 4;

/** Whether the move turns up or covers the seat's last face-down cell, ending the round (HL-11). */
function endsRound(view: View, move: Move): boolean {
  if (view.endedBy !== null) return false;
  const cell =
    move.t === 'discard'
      ? move.flip
      : move.t === 'take' || move.t === 'place'
        ? move.cell
        : undefined;
  if (cell === undefined) return false;
  let down = 0;
  for (const row of view.players[view.you!]!.layout) for (const x of row) if (isHidden(x)) down++;
  return down === 1 && isHidden(view.players[view.you!]!.layout[cell.row]![cell.col]!);
}

/**
 * The turn's moves worth a search: the heuristic's best few that are not far behind its first,
 * and, whatever the heuristic thinks of it, the best move that ends the round and the best that
 * does not: when to end (HL-11, HL-12) is where playing on tells most.
 * The opening, HILO decisions and the next round are left to the heuristic, which plays them well.
 */
export function candidates(view: View, random: () => number): Move[] {
  const first = view.legal[0];
  if (first === undefined) return [];
  if (first.t !== 'take' && first.t !== 'draw' && first.t !== 'place' && first.t !== 'discard') {
    return [hiloBot.choose(view, random)];
  }
  const scored = scoredMoves(view);
  const top = (scored[0] as { score: number }).score;
  const moves = scored
    .filter((x) => x.score >= top - GAP)
    .slice(0, WIDTH)
    .map((x) => x.move);
  for (const ending of [true, false]) {
    const alt = scored.find((x) => endsRound(view, x.move) === ending);
    if (alt !== undefined && !moves.includes(alt.move)) moves.push(alt.move);
  }
  return moves;
}

/** What a round's score adds on average, and how much it varies, between heuristic players. */
const ROUND_MEAN = 10;
const ROUND_SD = 7.7;
/** How uncertain a round cut short is, per player. */
const CUT_SD = 6;

function layoutParts(layout: Layout): { up: number; down: number; hidden: number } {
  let up = 0;
  let down = 0;
  let hidden = 0;
  for (const row of layout) {
    for (const slot of row) {
      if (slot.up) up += slot.card.v;
      else {
        down += slot.card.v;
        hidden++;
      }
    }
  }
  return { up, down, hidden };
}

/**
 * A round cut short: each player's final sum, estimated from the world's layouts (face-down
 * cards at their dealt values), how many cards are still face down, and how close the round is to
 * its end; then HL-12's doubling on those estimates. The weights are a least-squares fit of final
 * sums in games between heuristic players: a face-down card still has turns to be replaced, the
 * more so the further everyone is from turning up their last card.
 */
function roundEstimate(state: State): number[] {
  const parts = state.layouts.map(layoutParts);
  const ended = state.endedBy !== null;
  const est = parts.map((p, s) => {
    let fewest = Number.POSITIVE_INFINITY;
    parts.forEach((q, t) => {
      if (t !== s) fewest = Math.min(fewest, q.hidden);
    });
    if (ended) return 0.85 * p.up + 0.6 * p.down + 1.2 * p.hidden;
    return 3 + 0.41 * p.up + 0.25 * p.down + 1.17 * p.hidden - 2 * Math.min(p.hidden, fewest);
  });
  const ender = state.endedBy;
  if (ender !== null) {
    const own = est[ender]!;
    if (own > 0 && est.some((x, s) => s !== ender && x <= own)) est[ender] = own * 2;
  }
  return est;
}

const Z = [-2.5, -2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5];
const W = (() => {
  const w = Z.map((z) => Math.exp((-z * z) / 2));
  const sum = w.reduce((a, b) => a + b, 0);
  return w.map((x) => x / sum);
})();

/** The chance that `seat` ends with the lowest of `totals`, each spread by `sd` (HL-13). */
function lowestChance(totals: number[], seat: Seat, sd: number): number {
  const own = totals[seat]!;
  let p = 0;
  for (let k = 0; k < Z.length; k++) {
    const x = own + sd * Z[k]!;
    let q = W[k]!;
    for (let s = 0; s < totals.length; s++) if (s !== seat) q *= normalCdf((totals[s]! - x) / sd);
    p += q;
  }
  return p;
}

/**
 * The seat's chance of winning the game (HL-13): exact once it is over; otherwise its totals
 * (with the round's estimate when a playout is cut short) spread by the rounds still to come.
 */
export function value(state: State, seat: Seat): number {
  if (state.phase === 'gameOver') {
    return state.winners.includes(seat) ? 1 / state.winners.length : 0;
  }
  let totals = state.totals;
  let spread = 0;
  if (state.phase !== 'roundOver') {
    const est = roundEstimate(state);
    totals = totals.map((t, s) => t + est[s]!);
    spread = CUT_SD * CUT_SD;
  }
  const high = Math.max(...totals);
  const rounds =
    high >= state.config.limit ? 0 : Math.max(1, (state.config.limit - high) / ROUND_MEAN);
  const sd = Math.sqrt(spread + rounds * ROUND_SD * ROUND_SD) || 1;
  return lowestChance(totals, seat, sd);
}

/**
 * The heuristic with ties always broken the same way: the candidates' playouts in one world then
 * differ only by what the candidates changed, which makes their comparison far less noisy.
 */
const steady: Bot<View, Move> = { choose: (view) => hiloBot.choose(view, () => 0) };

export const hiloSearch: SearchSpec<State, View, Move> = {
  game: hilo,
  determinize,
  candidates,
  policy: steady,
  value,
  horizon: 20,
  budget: 4500,
};

/** The hard level: the heuristic's best few moves, played out in worlds dealt from the view. */
export const hiloHardBot: Bot<View, Move> = searchBot(hiloSearch);
