import { type Bot, best } from '../../engine/bot.ts';
import type { Hidden, Seat } from '../../engine/types.ts';
import { MAX_VALUE, MIN_VALUE } from './deck.ts';
import {
  hasFaceDown,
  hiloLines,
  isHilo,
  layoutSum,
  lineCards,
  linesOf,
  removeLine,
  slotAt,
  withSlot,
} from './layout.ts';
import type { Card, Cell, Layout, Move, View } from './types.ts';

/** What an unseen card is worth on average: the deck runs evenly from −1 to 11. */
const UNSEEN = (MIN_VALUE + MAX_VALUE) / 2;
/** A stand-in for a card nobody can see: the average value and no colour, so it joins no line. */
const UNKNOWN: Card = { id: '?', v: UNSEEN, c: -1 };
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

/**
 * A casual but sensible HiLO player. It judges a layout by its expected sum (an unseen card counts
 * as the deck's average) less what its colours promise, and makes the move that improves that most.
 * It sees only its view: face-down cards, its own too, are stand-ins of average value.
 */
export const hiloBot: Bot<View, Move> = {
  choose(view, random) {
    const legal = view.legal;
    const first = legal[0];
    if (!first) throw new Error('the bot was asked to move without a legal move');
    const me = view.you as Seat;
    const layout = guess(view.players[me]!.layout);

    switch (first.t) {
      case 'nextRound':
        return first;
      case 'reveal':
        // Nothing is known yet: any two cards will do; corners are the usual habit.
        return best(legal, (m) => (m.t === 'reveal' ? m.cells.filter(isCorner).length : 0), random);
      case 'hilo':
      case 'keep':
        return best(legal, (m) => hiloScore(layout, m), random);
      default: {
        const now = worth(layout);
        return best(legal, (m) => turnScore(view, layout, now, m), random);
      }
    }
  },
};

function isHidden(x: Card | Hidden): x is Hidden {
  return 'hidden' in x;
}

/**
 * A layout as the bot pictures it: face-down cells hold average stand-ins, one object per cell so
 * that `linesThrough` can tell them apart.
 */
function guess(shown: (Card | Hidden)[][]): Layout {
  return shown.map((row) =>
    row.map((x) => (isHidden(x) ? { card: { ...UNKNOWN }, up: false } : { card: x, up: true })),
  );
}

function isCorner(cell: Cell): boolean {
  return cell.row !== 1 && cell.col !== 1;
}

function lineSum(cards: Card[]): number {
  return cards.reduce((sum, card) => sum + card.v, 0);
}

/** Whether two of a line's cards are face up and of one colour (stand-ins have no colour). */
function hasPair(cards: Card[]): boolean {
  const [a, b, c] = cards as [Card, Card, Card];
  const same = (x: Card, y: Card) => x.c >= 0 && x.c === y.c;
  return same(a, b) || same(a, c) || same(b, c);
}

/**
 * Higher is better: minus the expected sum, plus each HILO's sum (it will be removed) and a little
 * for each line one card short of a HILO.
 */
function worth(layout: Layout, countHilos = true): number {
  let score = -layoutSum(layout);
  for (const line of linesOf(layout)) {
    const cards = lineCards(layout, line);
    if (isHilo(layout, line)) {
      if (countHilos) score += lineSum(cards) + REMOVAL;
    } else if (hasPair(cards)) {
      score += PAIR;
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
  if (move.t !== 'hilo') return worth(layout, false);
  return worth(removeLine(layout, move.line, move.close)) + REMOVAL;
}

/** What a play or drawn-card move leaves the layout worth (`now` before it), less any risk. */
function turnScore(view: View, layout: Layout, now: number, move: Move): number {
  switch (move.t) {
    case 'take':
      return swap(view, layout, move.cell, view.discard[view.discard.length - 1]!);
    case 'place':
      return swap(view, layout, move.cell, view.drawn as Card);
    case 'discard': {
      if (move.flip === undefined) return now + FLIP;
      // The flipped card is unknown, so the layout is worth the same; a face-down cell whose line
      // already holds a pair of one colour might complete a HILO.
      const after = withSlot(layout, move.flip, { card: UNKNOWN, up: true });
      const pairs = linesThrough(layout, move.flip).filter(hasPair).length;
      return now + FLIP + pairs / 2 - endingCost(view, after);
    }
    case 'draw':
      return drawValue(layout, now);
    default:
      return Number.NEGATIVE_INFINITY;
  }
}

/** The worth of the layout with `card` swapped into `cell`, less the risk of ending the round. */
function swap(view: View, layout: Layout, cell: Cell, card: Card): number {
  const after = withSlot(layout, cell, { card, up: true });
  return worth(after) - endingCost(view, after);
}

/**
 * What the layout is expected to be worth after a draw: for each value the draw pile may give (its
 * colour unknown), the best swap, or a flip when no swap helps. A colourless card of value v is
 * worth v less than one of value 0 in the same cell, so one look at each cell is enough.
 */
function drawValue(layout: Layout, now: number): number {
  const flip = now + FLIP;
  const zero: Card = { id: '?', v: 0, c: -1 };
  let most = Number.NEGATIVE_INFINITY;
  layout.forEach((row, r) => {
    row.forEach((_, c) => {
      const after = withSlot(layout, { row: r, col: c }, { card: zero, up: true });
      most = Math.max(most, worth(after));
    });
  });
  let total = 0;
  for (let v = MIN_VALUE; v <= MAX_VALUE; v++) total += Math.max(flip, most - v);
  return total / (MAX_VALUE - MIN_VALUE + 1);
}

/** The cards of every line through `cell` (the cell itself included). */
function linesThrough(layout: Layout, cell: Cell): Card[][] {
  const card = slotAt(layout, cell).card;
  return linesOf(layout)
    .map((line) => lineCards(layout, line))
    .filter((cards) => cards.includes(card));
}

/**
 * HL-11, HL-12: turning up the last card ends the round, and the ender's sum doubles unless it is
 * the lowest (or negative). When the bot's expected sum is not clearly below every rival's, ending
 * is likely to cost that sum again, so it would rather swap into a face-up cell; a round already
 * ended costs nothing more.
 */
function endingCost(view: View, after: Layout): number {
  if (view.endedBy !== null || hasFaceDown(after)) return 0;
  // A HILO made by this move is removed at once (HL-7).
  let removable = 0;
  for (const line of hiloLines(after)) {
    removable = Math.max(removable, lineSum(lineCards(after, line)));
  }
  const own = layoutSum(after) - removable;
  let rivals = Number.POSITIVE_INFINITY;
  view.players.forEach((p, seat) => {
    if (seat !== view.you) rivals = Math.min(rivals, layoutSum(guess(p.layout)));
  });
  return own > 0 && own > rivals - MARGIN ? own : 0;
}
