/**
 * HiLO's instant moves (Game.predict): the move is played by the rules in a world dealt from the
 * mover's view (world.ts), and the view that follows is shown as the table will show it, but for
 * what hangs on cards nobody has seen yet, which waits for the table:
 * - draw: the card drawn, a back in the drawn slot (HL-4).
 * - take, place: known, but for a face-down card swapped out: a back on the discard pile (HL-4).
 * - discard: the card goes onto the discard pile, the flipped cell is a back (HL-5). Where the
 *   flipped card may complete a HILO (HL-7), the move is played once per way it may fall (each
 *   colour completing a line, and one completing none) and what differs waits: the HILOs on offer
 *   (`legal`), and where it decides whether the turn goes on, whose turn it is and the phase (left
 *   as it was), the mover's turns, who ended the round and whose last turns are left (HL-11).
 * - reveal: known while others still choose (HL-2). The last choice turns every seat's pair up:
 *   the mover's two cells are backs, the others' layouts stay as they were, and who begins waits
 *   (HL-3: the starter, the turn, who is to move, the mover's moves); the play phase is known.
 * - hilo, keep: known. nextRound: known but for the new deal's first discard, a back (HL-2).
 *
 * Declined: a turn that ends the round (HL-11). Every card turns up, the HILOs it makes leave by
 * themselves and reshape the layouts, and the scores decide whether the game is over: not even
 * the mover's own layout could be shown.
 */
import {
  PENDING_CARD,
  type Prediction,
  setAt,
  type ViewPath,
  valueAt,
} from '../../engine/predict.ts';
import type { Seat } from '../../engine/types.ts';
import { sameJson } from '../../patch.ts';
import { lineCells, linesOf } from './layout.ts';
import type { Card, Cell, HiloGame, Move, State, View } from './types.ts';
import { determinize, isHidden, unseen } from './world.ts';

type Rules = Pick<HiloGame, 'apply' | 'view'>;

/** A pending part of the prediction and what stands there meanwhile. */
type Pending = [ViewPath, unknown][];

/**
 * Any card in any unseen place makes as good a world, since what the prediction shows never
 * depends on one; the same world every time keeps the prediction a function of its inputs.
 */
const SAME_WORLD = () => 0;

const sameCell = (a: Cell, b: Cell) => a.row === b.row && a.col === b.col;

/** HL-7: the colours a card turned up at `cell` completes a line in: its two others face up, alike. */
function completing(view: View, me: Seat, cell: Cell): Set<number> {
  const layout = view.players[me]!.layout;
  const colours = new Set<number>();
  for (const line of linesOf(layout)) {
    const cells = lineCells(line);
    if (!cells.some((c) => sameCell(c, cell))) continue;
    const [a, b] = cells.filter((c) => !sameCell(c, cell)).map((c) => layout[c.row]![c.col]!);
    if (a && b && !isHidden(a) && !isHidden(b) && a.c === b.c) colours.add(a.c);
  }
  return colours;
}

/**
 * The cards a flip may turn up, one for each thing it may do (HL-7): complete the lines of one
 * colour, or none. An outcome that no card the mover has not seen brings is left out.
 */
function flipOutcomes(view: View, me: Seat, cell: Cell): Card[] {
  const colours = completing(view, me, cell);
  const byOutcome = new Map<number, Card>();
  for (const card of unseen(view)) {
    const outcome = colours.has(card.c) ? card.c : -1;
    if (!byOutcome.has(outcome)) byOutcome.set(outcome, card);
  }
  return [...byOutcome.values()];
}

/** The worlds to play the move in: one, or one per outcome of a flip. */
function worlds(view: View, me: Seat, move: Move): State[] {
  const cell = move.t === 'discard' ? move.flip : undefined;
  const cards = cell === undefined ? [] : flipOutcomes(view, me, cell);
  if (cell === undefined || cards.length === 0) return [determinize(view, SAME_WORLD)];
  return cards.map((card) => determinize(view, SAME_WORLD, { cell, card }));
}

/** HL-2, HL-3: the last choice turns up every seat's pair, whose faces decide who begins. */
function opened(view: View, me: Seat, cells: Cell[]): Pending {
  const pending: Pending = cells.map((c) => [
    ['players', me, 'layout', c.row, c.col],
    PENDING_CARD,
  ]);
  view.players.forEach((p, s) => {
    if (s !== me) pending.push([['players', s, 'layout'], p.layout]);
  });
  pending.push([['starter'], null], [['turn'], null], [['toMove'], []], [['legal'], []]);
  return pending;
}

/** The parts of the next view that cards the mover has not seen show or decide (a flip's aside). */
function waiting(view: View, me: Seat, move: Move, next: View): Pending {
  const layout = view.players[me]!.layout;
  switch (move.t) {
    case 'reveal':
      return next.phase === 'opening' ? [] : opened(view, me, move.cells);
    case 'draw':
      return [[['drawn'], PENDING_CARD]];
    case 'take':
    case 'place': {
      // The card swapped out lies on top of the discard pile, face up.
      const out = layout[move.cell.row]![move.cell.col]!;
      return isHidden(out) ? [[['discard', next.discard.length - 1], PENDING_CARD]] : [];
    }
    case 'discard': {
      const flip = move.flip;
      return flip === undefined
        ? []
        : [[['players', me, 'layout', flip.row, flip.col], PENDING_CARD]];
    }
    case 'nextRound':
      return [[['discard', 0], PENDING_CARD]];
    default:
      return [];
  }
}

/**
 * HL-7, HL-11: what the outcomes of a flip disagree on, and what shows there meanwhile. No phase,
 * count of turns or ender is neutral: the view's own stays.
 */
function undecided(view: View, me: Seat, next: View, others: View[]): Pending {
  const flow: Pending = [
    [['phase'], view.phase],
    [['turn'], null],
    [['toMove'], []],
    [['legal'], []],
    [['players', me, 'turns'], view.players[me]!.turns],
    [['endedBy'], view.endedBy],
    [['lastTurns'], view.lastTurns],
  ];
  return flow.filter(([path]) =>
    others.some((o) => !sameJson(valueAt(o, path), valueAt(next, path))),
  );
}

const over = (view: View) => view.phase === 'roundOver' || view.phase === 'gameOver';

/** `predict` for the game whose rules are `rules`. */
export function predictor(rules: Rules): (view: View, move: Move) => Prediction<View> | null {
  return (view, move) => {
    const me = view.you;
    if (me === null) return null;
    const outcomes: View[] = [];
    for (const world of worlds(view, me, move)) {
      const out = rules.apply(world, me, move);
      if (!out.ok) return null;
      const next = rules.view(out.state, me);
      // HL-11: the round's end turns every card up and scores it; little would be left to show.
      if (move.t !== 'nextRound' && over(next)) return null;
      outcomes.push(next);
    }
    const [next, ...others] = outcomes;
    if (next === undefined) return null;
    const pending = [...waiting(view, me, move, next), ...undecided(view, me, next, others)];
    const shown = (v: View) => pending.reduce((out, [path, value]) => setAt(out, path, value), v);
    // A flip's outcomes differ only where `undecided` looks; anywhere else the table is left to
    // tell, rather than one outcome shown as if certain.
    const predicted = shown(next);
    if (others.some((o) => !sameJson(shown(o), predicted))) return null;
    return { view: predicted, pending: pending.map(([path]) => path) };
  };
}
