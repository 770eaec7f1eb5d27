/**
 * HiLO's moves in a few words, with the cards they take, place, discard, turn up or remove: the
 * replay shows every card face up, so each place of a layout names its card.
 */
import * as v from 'valibot';
import type { Hidden } from '../../../../shared/engine/types.ts';
import { lineCells } from '../../../../shared/games/hilo/layout.ts';
import type { Card, Cell, View } from '../../../../shared/games/hilo/types.ts';
import { DRAW_PILE } from '../../advice-marks.ts';
import { cardName, isHidden, lineName } from '../../games/hilo/names.ts';
import { t } from '../strings.ts';
import { listed, otherMove, type Words } from './common.ts';

const index = v.pipe(v.number(), v.integer(), v.minValue(0));
const cell = v.object({ row: index, col: index });
const line = v.object({
  kind: v.picklist(['row', 'col', 'diag', 'anti']),
  index: v.optional(index),
});
const moveSchema = v.variant('t', [
  v.object({ t: v.literal('reveal'), cells: v.array(cell) }),
  v.object({ t: v.literal('take'), cell }),
  v.object({ t: v.literal('draw') }),
  v.object({ t: v.literal('place'), cell }),
  v.object({ t: v.literal('discard'), flip: v.optional(cell) }),
  v.object({ t: v.literal('hilo'), line, close: v.optional(v.picklist(['rows', 'cols'])) }),
  v.object({ t: v.literal('keep') }),
]);

const face = (card: Card | Hidden | null | undefined): Card | null =>
  card && !isHidden(card) ? card : null;

export const words: Words = (raw, rawMove, _names, you) => {
  const parsed = v.safeParse(moveSchema, rawMove);
  if (!parsed.success) return otherMove();
  const move = parsed.output;
  // The replay's own view of HiLO (replay.ts: openView).
  const view = raw as View;
  const layout = view.players[you]?.layout ?? [];
  const at = (c: Cell) => face(layout[c.row]?.[c.col]);
  const place = (c: Cell) => t('coach.hl.cell', { row: c.row + 1, col: c.col + 1 });
  const ids = (...cards: (Card | null)[]) => cards.flatMap((c) => (c ? [c.id] : []));
  const said = (card: Card | null) => (card ? cardName(card) : '?');
  const drawn = face(view.drawn);
  switch (move.t) {
    case 'reveal':
      return {
        phrase: t('coach.hl.reveal', { cells: listed(move.cells.map(place)) }),
        cards: ids(...move.cells.map(at)),
      };
    case 'take': {
      const top = face(view.discard.at(-1));
      return {
        phrase: t('coach.hl.take', { card: said(top), cell: place(move.cell) }),
        cards: ids(top, at(move.cell)),
      };
    }
    case 'draw':
      return { phrase: t('coach.hl.draw'), cards: [DRAW_PILE] };
    case 'place':
      return {
        phrase: t('coach.hl.place', { card: said(drawn), cell: place(move.cell) }),
        cards: ids(drawn, at(move.cell)),
      };
    case 'discard':
      return move.flip
        ? {
            phrase: t('coach.hl.flip', { card: said(drawn), cell: place(move.flip) }),
            cards: ids(drawn, at(move.flip)),
          }
        : { phrase: t('coach.hl.discard', { card: said(drawn) }), cards: ids(drawn) };
    case 'hilo':
      return {
        phrase: t('coach.hl.hilo', { line: lineName(move.line) }),
        cards: ids(...lineCells(move.line).map(at)),
      };
    case 'keep':
      return { phrase: t('coach.hl.keep'), cards: [] };
  }
};
