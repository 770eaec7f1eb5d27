import type { Bot } from '../../engine/bot.ts';
import { plainLabels } from '../../engine/cards.ts';
import { shuffle } from '../../engine/random.ts';
import { seedRng } from '../../engine/rng.ts';
import { normalCdf, type SearchSpec, searchBot } from '../../engine/search.ts';
import { leftOf } from '../../engine/seats.ts';
import type { Hidden, Seat } from '../../engine/types.ts';
import { hiloBot, scoredMoves } from './bot.ts';
import { COLOURS, DECK_SIZE, MIN_VALUE } from './deck.ts';
import { hilo } from './index.ts';
import type { Card, Cell, Layout, Move, Slot, State, View } from './types.ts';

const VALUES = DECK_SIZE / COLOURS;

/** A card's place in the deck of faces (HL-1: one card of each colour and value). */
const faceOf = (card: { v: number; c: number }): number => card.c * VALUES + card.v - MIN_VALUE;

/**
 * The cards a world deals into places the seat cannot see. Their ids start with a letter the
 * game's own ids never use, so they cannot clash with a card the seat has seen.
 */
const UNSEEN_CARDS: readonly Card[] = Array.from({ length: DECK_SIZE }, (_, i) =>
  Object.freeze({
    id: `z${i.toString(36)}`,
    v: (i % VALUES) + MIN_VALUE,
    c: Math.floor(i / VALUES),
  }),
);

/** The draw pile is reshuffled (HL-6) with a generator of the world's own: any key will do. */
const WORLD_KEY = seedRng('hilo worlds').key;

const isHidden = (x: Card | Hidden | null): x is Hidden => x !== null && 'hidden' in x;

/** The faces the seat has not seen: the deck less the face-up cells, the discard pile, its draw. */
function unseen(view: View): Card[] {
  const seen = new Uint8Array(DECK_SIZE);
  for (const p of view.players) {
    for (const row of p.layout) for (const x of row) if (!isHidden(x)) seen[faceOf(x)] = 1;
  }
  for (const card of view.discard) seen[faceOf(card)] = 1;
  if (view.drawn !== null && !isHidden(view.drawn)) seen[faceOf(view.drawn)] = 1;
  const out: Card[] = [];
  for (let i = 0; i < DECK_SIZE; i++) if (seen[i] === 0) out.push(UNSEEN_CARDS[i]!);
  return out;
}

/** Two distinct cells of a 3×3 layout in reading order: a sealed opening choice made again. */
function randomPair(random: () => number): Cell[] {
  const a = Math.floor(random() * 9);
  let b = Math.floor(random() * 8);
  if (b >= a) b++;
  const [x, y] = a < b ? [a, b] : [b, a];
  return [
    { row: Math.floor(x / 3), col: x % 3 },
    { row: Math.floor(y / 3), col: y % 3 },
  ];
}

/**
 * A whole state the view could have come from. HL-15: face-down cells, the draw pile and another
 * player's drawn card are dealt at random from the faces the seat has not seen; everything public
 * is taken as it is. Others' sealed opening choices (HL-2) are drawn again.
 */
export function determinize(view: View, random: () => number): State {
  const me = view.you!;
  const pool = shuffle(unseen(view), random);
  const layouts: Layout[] = view.players.map((p) =>
    p.layout.map((row) =>
      row.map(
        (x): Slot => (isHidden(x) ? { card: pool.pop()!, up: false } : { card: x, up: true }),
      ),
    ),
  );
  const drawn = isHidden(view.drawn) ? pool.pop()! : view.drawn;
  if (pool.length !== view.stock) throw new Error('the view does not account for every card');
  const opening = view.phase === 'opening';
  const openings = view.players.map((p, s) => {
    if (!opening || !p.ready) return null;
    return s === me ? p.chosen! : randomPair(random);
  });
  const starter = view.starter ?? leftOf(view.dealer, view.players.length);
  return {
    game: 'hilo',
    config: view.config,
    players: view.players.length,
    rng: { key: WORLD_KEY, counter: Math.floor(random() * 0x100000) * 64 },
    labels: plainLabels(DECK_SIZE),
    round: view.round,
    dealer: view.dealer,
    phase: view.phase,
    layouts,
    stock: pool,
    discard: view.discard,
    drawn,
    openings,
    starter,
    turn: view.turn ?? starter,
    chain: view.chain,
    turns: view.players.map((p) => p.turns),
    endedBy: view.endedBy,
    lastTurns: view.lastTurns,
    stalled: view.stalled,
    roundSums: view.roundSums,
    roundScores: view.roundScores,
    history: view.history,
    totals: view.totals,
    winners: view.winners,
  };
}

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
