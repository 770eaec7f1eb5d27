/**
 * Sneak's moves in a few words, with the cards they lead or challenge with. A move that stands
 * for any N cards (`count`, CONTRACT §1) is said by its size, and marks no card.
 */
import * as v from 'valibot';
import type { Card } from '../../../../shared/games/sneak/types.ts';
import { cardName } from '../../games/sneak/names.ts';
import { t, tn } from '../strings.ts';
import { cardsById, listed, otherMove, type Words } from './common.ts';

const count = v.pipe(v.number(), v.integer(), v.minValue(1));
const led = (kind: 'sneak' | 'flaunt' | 'challenge') =>
  v.object({ t: v.literal(kind), cards: v.array(v.string()), count: v.optional(count) });
const moveSchema = v.variant('t', [
  v.object({ t: v.literal('draw') }),
  led('sneak'),
  led('flaunt'),
  led('challenge'),
  v.object({ t: v.literal('decline') }),
]);

const isCard = (x: object): x is Card =>
  'id' in x && typeof x.id === 'string' && 'r' in x && typeof x.r === 'number' && 's' in x;

export const words: Words = (view, raw) => {
  const parsed = v.safeParse(moveSchema, raw);
  if (!parsed.success) return otherMove();
  const move = parsed.output;
  switch (move.t) {
    case 'draw':
      return { phrase: t('coach.sn.draw'), cards: [] };
    case 'decline':
      return { phrase: t('coach.sn.decline'), cards: [] };
    default: {
      if (move.cards.length === 0) {
        return { phrase: tn(`coach.sn.${move.t}Any`, move.count ?? 1), cards: [] };
      }
      const cards = cardsById(view, isCard);
      const names = move.cards.map((id) => (cards.has(id) ? cardName(cards.get(id)!) : '?'));
      return { phrase: t(`coach.sn.${move.t}`, { cards: listed(names) }), cards: move.cards };
    }
  }
};
