/**
 * A public-information Hula-Hoo! heuristic, the arena's yardstick: it leaves the next player the
 * call that player's face-up cards cannot answer, and keeps its jokers and doubles for need.
 */
import { type Bot, best } from '../../../shared/engine/bot.ts';
import type { Seat } from '../../../shared/engine/types.ts';
import { JOKER } from '../../../shared/games/hulahoo/constants.ts';
import type { Card, Move, View } from '../../../shared/games/hulahoo/types.ts';

/** The next seat still in the round, clockwise. */
function nextIn(view: View, me: Seat): Seat {
  for (let s = (me + 1) % view.players.length; s !== me; s = (s + 1) % view.players.length) {
    if (!view.players[s]!.out) return s;
  }
  return me;
}

/** Whether a card answers a call on v (HH-4…HH-6). */
function answers(card: Card, v: number, call: 'higher' | 'lower'): boolean {
  return card.v === JOKER || card.v === v || (call === 'higher' ? card.v > v : card.v < v);
}

export const hulahooHeuristic: Bot<View, Move> = {
  choose(view, random) {
    const first = view.legal[0]!;
    const me = view.you!;
    if (first.t === 'swap') return view.legal.find((m) => m.t === 'swap' && m.cards.length === 0)!;
    if (first.t === 'place') {
      // The placement stand-in (HH-16a): the first cards of the hand will do.
      const hand = view.players[me]!.hand as Card[];
      return { t: 'place', cards: hand.slice(0, first.count ?? 5).map((c) => c.id) };
    }
    if (first.t !== 'play') return first;
    const mine = [...view.players[me]!.hand, ...view.players[me]!.faceUp] as Card[];
    const next = view.players[nextIn(view, me)]!.faceUp;
    return best(
      view.legal,
      (m) => {
        if (m.t !== 'play') return 0;
        const card = mine.find((c) => c.id === m.card)!;
        if (m.call === undefined) return -20; // a double draws a card
        const open = next.filter((c) => answers(c, card.v, m.call!)).length;
        return -open - (card.v === JOKER ? 10 : 0);
      },
      random,
    );
  },
};
