/**
 * A plain HiLO heuristic, the arena's yardstick: it swaps a low card in for its highest face-up
 * card, turns cards up when the draw is no help, and removes every HILO it gets. It ignores colours
 * until a HILO is made and never weighs when to end the round.
 */
import type { Bot } from '../../../shared/engine/bot.ts';
import type { Hidden } from '../../../shared/engine/types.ts';
import type { Card, Cell, Move, View } from '../../../shared/games/hilo/types.ts';

/** A card at most this high is worth putting on a face-down cell. */
const LOW = 3;

function cells(layout: (Card | Hidden)[][]): { cell: Cell; card: Card | null }[] {
  return layout.flatMap((row, r) =>
    row.map((x, c) => ({ cell: { row: r, col: c }, card: 'hidden' in x ? null : x })),
  );
}

/** Where a card of value v would go: over the highest face-up card it beats, or a face-down cell. */
function home(view: View, v: number): Cell | null {
  const all = cells(view.players[view.you!]!.layout);
  let top: { cell: Cell; card: Card | null } | null = null;
  for (const x of all) if (x.card && (!top || x.card.v > top.card!.v)) top = x;
  if (top && top.card!.v > v + 2) return top.cell;
  const down = all.find((x) => x.card === null);
  return v <= LOW && down ? down.cell : null;
}

export const hiloHeuristic: Bot<View, Move> = {
  choose(view, random) {
    const legal = view.legal;
    const first = legal[0]!;
    const at = (t: Move['t'], cell: Cell | null) =>
      cell && legal.find((m) => m.t === t && 'cell' in m && sameCell(m.cell, cell));
    switch (first.t) {
      case 'reveal':
        return legal[Math.floor(random() * legal.length)]!;
      case 'hilo':
      case 'keep':
        return legal.find((m) => m.t === 'hilo') ?? first;
      case 'take':
      case 'draw': {
        const top = view.discard[view.discard.length - 1];
        return (top && at('take', home(view, top.v))) || legal.find((m) => m.t === 'draw')!;
      }
      case 'place':
      case 'discard': {
        const drawn = view.drawn as Card;
        return (
          at('place', home(view, drawn.v)) ||
          legal.find((m) => m.t === 'discard' && m.flip !== undefined) ||
          legal.find((m) => m.t === 'discard')!
        );
      }
      default:
        return first;
    }
  },
};

function sameCell(a: Cell, b: Cell): boolean {
  return a.row === b.row && a.col === b.col;
}
