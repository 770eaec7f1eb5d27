import { type Bot, best, playsRounds, withSlips } from '../../engine/bot.ts';
import type { Hidden } from '../../engine/types.ts';
import { COLOURS, MAX_VALUE, MIN_VALUE } from './deck.ts';
import { isHilo, layoutSum, lineCards, linesOf, removeLine } from './layout.ts';
import type { Card, Cell, Layout, Move, View } from './types.ts';

/** An unseen card's average worth before anything is seen: the deck runs evenly from −1 to 11. */
const UNSEEN = (MIN_VALUE + MAX_VALUE) / 2;
const VALUES = MAX_VALUE - MIN_VALUE + 1;
/** Two face-up cards of one colour in a line: a HILO may follow. */
const PAIR = 1;
/** Removing a line is worth more than its sum: fewer cards to fix, and they never come back. */
const REMOVAL = 2;
/** Turning a card up (rather than swapping in a middling one) tells the bot what it holds. */
const FLIP = 0.5;
/**
 * How far below every rival's expected sum the bot's own must be before it ends the round: rivals
 * still get a last turn, and their face-down cards may turn out lower than average.
 */
const MARGIN = 10;
/** A colour no card has: a face-down cell joins no line. */
const NONE = -1;

/**
 * A layout as the bot pictures it, flat in reading order: values (face-down cells at the average),
 * colours (NONE when face down) and its lines as triples of cell indices (HL-9). Moves are tried
 * by changing one cell and changing it back, so judging a move allocates nothing.
 */
interface Grid {
  cols: number;
  v: number[];
  c: number[];
  lines: number[][];
}

/** The lines of each shape, by rows × 8 + cols (a layout is at most 3 × 3). */
const LINES: number[][][] = [];

/** HL-9: the lines of a rows × cols layout, as triples of flat indices. */
function linesFor(rows: number, cols: number): number[][] {
  const key = rows * 8 + cols;
  let lines = LINES[key];
  if (lines === undefined) {
    lines = [];
    if (cols === 3) for (let r = 0; r < rows; r++) lines.push([r * 3, r * 3 + 1, r * 3 + 2]);
    if (rows === 3) for (let c = 0; c < cols; c++) lines.push([c, cols + c, 2 * cols + c]);
    if (rows === 3 && cols === 3) lines.push([0, 4, 8], [2, 4, 6]);
    LINES[key] = lines;
  }
  return lines;
}

function isHidden(x: Card | Hidden): x is Hidden {
  return 'hidden' in x;
}

/**
 * How many cards of each value the bot has not seen: the deck less every face-up cell, the discard
 * pile (public, HL-15) and its own drawn card. Face-down cells and the draw pile come from these.
 * Every card is seen in one place at most, and the deck holds each value once in each colour (HL-1).
 */
function unseenValues(view: View): number[] {
  const counts = new Array<number>(VALUES).fill(COLOURS);
  for (const p of view.players) {
    for (const row of p.layout) {
      for (const x of row) if (!isHidden(x)) counts[x.v - MIN_VALUE]!--;
    }
  }
  for (const card of view.discard) counts[card.v - MIN_VALUE]!--;
  if (view.drawn !== null && !isHidden(view.drawn)) counts[view.drawn.v - MIN_VALUE]!--;
  return counts;
}

function meanOf(counts: number[]): number {
  let n = 0;
  let sum = 0;
  counts.forEach((k, i) => {
    n += k;
    sum += k * (i + MIN_VALUE);
  });
  return n === 0 ? UNSEEN : sum / n;
}

function gridOf(shown: (Card | Hidden)[][], unseen = UNSEEN): Grid {
  const rows = shown.length;
  const cols = rows === 0 ? 0 : (shown[0] as unknown[]).length;
  const v: number[] = [];
  const c: number[] = [];
  for (const row of shown) {
    for (const x of row) {
      v.push(isHidden(x) ? unseen : x.v);
      c.push(isHidden(x) ? NONE : x.c);
    }
  }
  return { cols, v, c, lines: linesFor(rows, cols) };
}

/** A shown layout's expected sum, a face-down cell at `unseen`: sumOf(gridOf(shown, unseen)). */
function expectedSum(shown: (Card | Hidden)[][], unseen: number): number {
  let sum = 0;
  for (const row of shown) for (const x of row) sum += isHidden(x) ? unseen : x.v;
  return sum;
}

function sumOf(grid: Grid): number {
  let sum = 0;
  for (const x of grid.v) sum += x;
  return sum;
}

function hasFaceDown(grid: Grid): boolean {
  return grid.c.includes(NONE);
}

/**
 * Higher is better: minus the expected sum, plus each HILO's sum (it will be removed) and a little
 * for each line one card short of a HILO.
 */
function worth(grid: Grid): number {
  const { v, c } = grid;
  let score = 0;
  for (const x of v) score -= x;
  for (const [a, b, d] of grid.lines as [number, number, number][]) {
    const ca = c[a]!;
    const cb = c[b]!;
    const cd = c[d]!;
    if (ca !== NONE && ca === cb && cb === cd) {
      score += v[a]! + v[b]! + v[d]! + REMOVAL;
    } else if ((ca !== NONE && (ca === cb || ca === cd)) || (cb !== NONE && cb === cd)) {
      score += PAIR;
    }
  }
  return score;
}

/** The largest sum of a HILO in the layout (HL-7: it is removed at once), else 0. */
function removable(grid: Grid): number {
  const { v, c } = grid;
  let most = 0;
  for (const [a, b, d] of grid.lines as [number, number, number][]) {
    const ca = c[a]!;
    if (ca !== NONE && ca === c[b] && ca === c[d]) {
      most = Math.max(most, v[a]! + v[b]! + v[d]!);
    }
  }
  return most;
}

/** What the turn's moves are judged against: the bot's layout and the rivals' expected sums. */
interface Scene {
  grid: Grid;
  now: number;
  /** Whether the round may still be ended by the bot (HL-11); a round already ended cannot. */
  canEnd: boolean;
  rivals: number;
  /** How many unseen cards there are of each value, lowest first. */
  unseen: number[];
}

function sceneOf(view: View): Scene {
  const me = view.you!;
  const unseen = unseenValues(view);
  const mean = meanOf(unseen);
  const grid = gridOf(view.players[me]!.layout, mean);
  let rivals = Number.POSITIVE_INFINITY;
  if (view.endedBy === null) {
    view.players.forEach((p, seat) => {
      if (seat !== me) rivals = Math.min(rivals, expectedSum(p.layout, mean));
    });
  }
  return { grid, now: worth(grid), canEnd: view.endedBy === null, rivals, unseen };
}

/**
 * A careful HiLO player. It judges a layout by its expected sum (an unseen card counts as the
 * average of the cards it has not seen) less what its colours promise, and makes the move that
 * improves that most. It sees only its view: face-down cards, its own too, are stand-ins.
 */
export const hiloBot: Bot<View, Move> = {
  choose: playsRounds((view, random) => {
    const legal = view.legal;
    const first = legal[0]!;
    switch (first.t) {
      case 'reveal':
        // Nothing is known yet: any two cards will do; corners are the usual habit.
        return best(legal, (m) => (m.t === 'reveal' ? m.cells.filter(isCorner).length : 0), random);
      case 'hilo':
      case 'keep': {
        const layout = guess(view.players[view.you!]!.layout);
        return best(legal, (m) => hiloScore(layout, m), random);
      }
      default: {
        const scene = sceneOf(view);
        return best(legal, (m) => turnScore(view, scene, m), random);
      }
    }
  }),
};

/** A turn's moves (take, draw, place, discard) with what the bot makes of each, best first. */
export function scoredMoves(view: View): { move: Move; score: number }[] {
  const scene = sceneOf(view);
  return view.legal
    .map((move) => ({ move, score: turnScore(view, scene, move) }))
    .sort((a, b) => b.score - a.score);
}

function isCorner(cell: Cell): boolean {
  return cell.row !== 1 && cell.col !== 1;
}

/** A stand-in for a card nobody can see: the average value and no colour, so it joins no line. */
function guess(shown: (Card | Hidden)[][]): Layout {
  return shown.map((row) =>
    row.map((x) =>
      isHidden(x) ? { card: { id: '?', v: UNSEEN, c: NONE }, up: false } : { card: x, up: true },
    ),
  );
}

/** The same judgement on a layout of slots, for the HILO decision and its closing up. */
function layoutWorth(layout: Layout, countHilos = true): number {
  let score = -layoutSum(layout);
  for (const line of linesOf(layout)) {
    const cards = lineCards(layout, line);
    if (isHilo(layout, line)) {
      if (countHilos) score += cards[0]!.v + cards[1]!.v + cards[2]!.v + REMOVAL;
    } else {
      const [a, b, c] = cards as [Card, Card, Card];
      const same = (x: Card, y: Card) => x.c !== NONE && x.c === y.c;
      if (same(a, b) || same(a, c) || same(b, c)) score += PAIR;
    }
  }
  return score;
}

/**
 * HL-7, HL-10: line sums are never negative, so removing a HILO never raises the sum; the biggest
 * line goes first, and a diagonal closes up the way that leaves the better layout (a new HILO
 * counts there). Keeping is scored without the HILOs, so it wins only if removal would cost.
 */
function hiloScore(layout: Layout, move: Move): number {
  if (move.t !== 'hilo') return layoutWorth(layout, false);
  return layoutWorth(removeLine(layout, move.line, move.close)) + REMOVAL;
}

/** What a play or drawn-card move leaves the layout worth, less any risk. */
function turnScore(view: View, scene: Scene, move: Move): number {
  switch (move.t) {
    case 'take':
      return swap(scene, move.cell, view.discard[view.discard.length - 1]!);
    case 'place':
      return swap(scene, move.cell, view.drawn as Card);
    case 'discard': {
      if (move.flip === undefined) return scene.now + FLIP;
      // The flipped card is unknown, so the layout is worth the same; a face-down cell whose line
      // already holds a pair of one colour might complete a HILO.
      const { grid } = scene;
      const i = move.flip.row * grid.cols + move.flip.col;
      const pairs = pairsThrough(grid, i);
      grid.c[i] = NONE - 1; // face up, of a colour nobody has
      const cost = endingCost(scene);
      grid.c[i] = NONE;
      return scene.now + FLIP + pairs / 2 - cost;
    }
    case 'draw':
      return drawValue(scene);
    default:
      return Number.NEGATIVE_INFINITY;
  }
}

/** Lines through cell `i` in which two other cells show one colour. */
function pairsThrough(grid: Grid, i: number): number {
  let n = 0;
  for (const line of grid.lines) {
    if (!line.includes(i)) continue;
    const [x, y] = line.filter((j) => j !== i) as [number, number];
    if (grid.c[x] !== NONE && grid.c[x] === grid.c[y]) n++;
  }
  return n;
}

/** The worth of the layout with `card` swapped into `cell`, less the risk of ending the round. */
function swap(scene: Scene, cell: Cell, card: Card): number {
  const { grid } = scene;
  const i = cell.row * grid.cols + cell.col;
  const v = grid.v[i]!;
  const c = grid.c[i]!;
  grid.v[i] = card.v;
  grid.c[i] = card.c;
  const score = worth(grid) - endingCost(scene);
  grid.v[i] = v;
  grid.c[i] = c;
  return score;
}

/**
 * What the layout is expected to be worth after a draw: for each value the draw pile may give (as
 * often as it is unseen; its colour unknown), the best swap, or a flip when no swap helps. A
 * colourless card of value v is worth v less than one of value 0 in the same cell, so one look at
 * each cell is enough.
 */
function drawValue(scene: Scene): number {
  const { grid } = scene;
  const flip = scene.now + FLIP;
  let most = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < grid.v.length; i++) {
    const v = grid.v[i]!;
    const c = grid.c[i]!;
    grid.v[i] = 0;
    grid.c[i] = NONE - 1;
    most = Math.max(most, worth(grid));
    grid.v[i] = v;
    grid.c[i] = c;
  }
  let total = 0;
  let n = 0;
  scene.unseen.forEach((k, i) => {
    total += k * Math.max(flip, most - (i + MIN_VALUE));
    n += k;
  });
  return n === 0 ? flip : total / n;
}

/**
 * HL-11, HL-12: turning up the last card ends the round, and the ender's sum doubles unless it is
 * the lowest (or negative). When the bot's expected sum is not clearly below every rival's, ending
 * is likely to cost that sum again, so it would rather swap into a face-up cell; a round already
 * ended costs nothing more.
 */
function endingCost(scene: Scene): number {
  if (!scene.canEnd || hasFaceDown(scene.grid)) return 0;
  const own = sumOf(scene.grid) - removable(scene.grid);
  return own > 0 && own > scene.rivals - MARGIN ? own : 0;
}

/** How often the easy level slips. */
const SLIP_RATE = 0.12;
/** A card at most this low is a keeper; overlooking or throwing one away is a slip. */
const LOW = 2;
/** A careless swap puts a card over one a little lower, not far lower. */
const NEAR = 3;

/**
 * A casual player's mistakes: overlooking a low discard, throwing a low drawn card away, swapping
 * a card in over a slightly better face-up one, or missing a HILO (HL-7 makes removal optional).
 */
function slips(view: View): Move[] {
  const shown = view.players[view.you!]!.layout;
  const over = (cell: Cell, v: number) => {
    const x = shown[cell.row]![cell.col]!;
    return !isHidden(x) && x.v < v && x.v >= v - NEAR;
  };
  const top = view.discard[view.discard.length - 1];
  const drawn = view.drawn !== null && !isHidden(view.drawn) ? view.drawn : null;
  return view.legal.filter((m) => {
    switch (m.t) {
      case 'draw':
        return top !== undefined && top.v <= LOW;
      case 'take':
        return top !== undefined && top.v > LOW && over(m.cell, top.v);
      case 'discard':
        return drawn !== null && drawn.v <= LOW;
      case 'place':
        return drawn !== null && drawn.v > LOW && over(m.cell, drawn.v);
      case 'keep':
        return true;
      default:
        return false;
    }
  });
}

/** The easy level: the same player, who now and then slips. */
export const hiloEasyBot: Bot<View, Move> = withSlips(hiloBot, SLIP_RATE, slips);
