/** Hula-Hoo!'s moves in a few words, with the cards they play, swap or lay out. */
import * as v from 'valibot';
import type { Card } from '../../../../shared/games/hulahoo/types.ts';
import { cardName } from '../../games/hulahoo/names.ts';
import { t } from '../strings.ts';
import { cardsById, listed, otherMove, type Words } from './common.ts';

const call = v.picklist(['higher', 'lower']);
const seat = v.pipe(v.number(), v.integer(), v.minValue(0));
const moveSchema = v.variant('t', [
  v.object({
    t: v.literal('play'),
    card: v.string(),
    call: v.optional(call),
    target: v.optional(seat),
  }),
  v.object({ t: v.literal('swap'), cards: v.array(v.string()) }),
  v.object({ t: v.literal('place'), cards: v.array(v.string()) }),
  v.object({ t: v.literal('retarget'), target: seat, call: v.optional(call) }),
]);

const isCard = (x: object): x is Card =>
  'id' in x && typeof x.id === 'string' && 'v' in x && typeof x.v === 'number';

export const words: Words = (view, raw, names) => {
  const parsed = v.safeParse(moveSchema, raw);
  if (!parsed.success) return otherMove();
  const move = parsed.output;
  const cards = cardsById(view, isCard);
  const named = (ids: readonly string[]) =>
    listed(ids.map((id) => (cards.has(id) ? cardName(cards.get(id)!) : '?')));
  const called = (phrase: string, c: 'higher' | 'lower' | undefined) =>
    c ? t('coach.hh.call', { play: phrase, call: t(`coach.hh.${c}`) }) : phrase;
  switch (move.t) {
    case 'play': {
      const play = t('coach.hh.play', { card: named([move.card]) });
      // A play with no call is a double (HH-6: the card's own value again, no call).
      const played = move.call ? called(play, move.call) : t('coach.hh.double', { play });
      const phrase =
        move.target === undefined
          ? played
          : t('coach.hh.at', { play: played, name: names[move.target] ?? '' });
      return { phrase, cards: [move.card] };
    }
    case 'swap':
      return move.cards.length === 0
        ? { phrase: t('coach.hh.keep'), cards: [] }
        : { phrase: t('coach.hh.swap', { cards: named(move.cards) }), cards: move.cards };
    case 'place':
      // A stand-in for any five cards (CONTRACT §1) names none.
      return move.cards.length === 0
        ? otherMove()
        : { phrase: t('coach.hh.place', { cards: named(move.cards) }), cards: move.cards };
    case 'retarget': {
      const phrase = t('coach.hh.retarget', { name: names[move.target] ?? '' });
      return { phrase: called(phrase, move.call), cards: [] };
    }
  }
};
