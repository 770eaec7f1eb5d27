/**
 * HiLO's instant moves (Game.predict): the move is played by the rules in a world dealt from the
 * mover's view (world.ts), and the view that follows is shown as the table will show it, but for
 * the cards nobody has seen yet, which wait for the table as card backs where they will lie: the
 * card drawn (HL-4), the card a flip turns up (HL-5), a face-down card swapped onto the discard
 * pile (HL-4), and a new deal's first discard (HL-2). The HILOs on offer after a flip wait too
 * when the flipped card may complete one (HL-7).
 *
 * Declined, as whose turn it is or the round itself would hang on unseen cards: the opening's last
 * choice (HL-3: the cards it turns up pick who begins), a flip that may complete the only HILO on
 * offer (HL-7: the turn goes on only if it does), and a turn that ends the round (HL-11: every card
 * turns up and is scored).
 */
import { PENDING_CARD, type Prediction, setAt, type ViewPath } from '../../engine/predict.ts';
import type { Seat } from '../../engine/types.ts';
import { hiloLines, lineCells, linesOf, slotAt } from './layout.ts';
import type { Cell, HiloGame, Layout, Move, View } from './types.ts';
import { determinize } from './world.ts';

type Rules = Pick<HiloGame, 'apply' | 'view'>;

/**
 * Any card in any unseen place makes as good a world, since what the prediction shows never
 * depends on one; the same world every time keeps the prediction a function of its inputs.
 */
const SAME_WORLD = () => 0;

/** HL-7: whether turning up `cell` may complete a line: its two other cards face up, one colour. */
function mayComplete(layout: Layout, cell: Cell): boolean {
  return linesOf(layout).some((line) => {
    const others = lineCells(line)
      .filter((c) => c.row !== cell.row || c.col !== cell.col)
      .map((c) => slotAt(layout, c));
    return others.length === 2 && others.every((o) => o.up && o.card.c === others[0]?.card.c);
  });
}

/**
 * Whether the outcome hangs on unseen cards. `layout` is the mover's in the world, whose face-up
 * cards (the only ones read here and below) are those of its view.
 */
function declined(view: View, me: Seat, move: Move, layout: Layout): boolean {
  if (move.t === 'reveal') return view.players.every((p, s) => s === me || p.ready);
  if (move.t === 'discard' && move.flip !== undefined) {
    return mayComplete(layout, move.flip) && hiloLines(layout).length === 0;
  }
  return false;
}

/** The parts of the next view that show what the mover has not seen. */
function waiting(me: Seat, move: Move, layout: Layout, next: View): ViewPath[] {
  switch (move.t) {
    case 'draw':
      return [['drawn']];
    case 'take':
    case 'place':
      // The card swapped out lies on top of the discard pile, face up.
      return slotAt(layout, move.cell).up ? [] : [['discard', next.discard.length - 1]];
    case 'discard': {
      const flip = move.flip;
      if (flip === undefined) return [];
      const turned: ViewPath = ['players', me, 'layout', flip.row, flip.col];
      return mayComplete(layout, flip) ? [turned, ['legal']] : [turned];
    }
    case 'nextRound':
      return [['discard', 0]];
    default:
      return [];
  }
}

/** `predict` for the game whose rules are `rules`. */
export function predictor(rules: Rules): (view: View, move: Move) => Prediction<View> | null {
  return (view, move) => {
    const me = view.you;
    if (me === null) return null;
    const world = determinize(view, SAME_WORLD);
    const layout = world.layouts[me]!;
    if (declined(view, me, move, layout)) return null;
    const out = rules.apply(world, me, move);
    if (!out.ok) return null;
    // HL-11: the round's end turns every card up and scores it; little would be left to show.
    const phase = out.state.phase;
    if (move.t !== 'nextRound' && (phase === 'roundOver' || phase === 'gameOver')) return null;
    let next = rules.view(out.state, me);
    const pending = waiting(me, move, layout, next);
    // A card waits as a card back, the moves on offer as none yet.
    for (const path of pending) next = setAt(next, path, path[0] === 'legal' ? [] : PENDING_CARD);
    return { view: next, pending };
  };
}
