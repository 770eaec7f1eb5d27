import { type Bot, best } from '../../engine/bot.ts';
import type { Seat } from '../../engine/types.ts';
import { JOKER } from './deck.ts';
import type { Card, Move, View } from './types.ts';

/** How much a card is worth keeping: jokers most, then the extremes that force "at the limit". */
function keepValue(v: number): number {
  return v === JOKER ? 10 : Math.abs(v - JOKER);
}

/**
 * A casual but sensible Hula-Hoo! player: goes out when it can, keeps its jokers for emergencies,
 * avoids doubles (they cost a card), leaves the next player the hardest call it can, and aims at
 * whoever is closest to going out.
 */
export const hulahooBot: Bot<View, Move> = {
  choose(view, random) {
    const me = view.you as Seat;
    const legal = view.legal;
    const first = legal[0];
    if (!first) throw new Error('the bot was asked to move without a legal move');
    const mine = [...view.players[me]!.hand, ...view.players[me]!.faceUp] as Card[];
    const byId = new Map(mine.map((c) => [c.id, c]));

    switch (first.t) {
      case 'nextRound':
        return first;
      case 'place':
        // Lay out the cards least worth hiding; keep jokers and extremes in hand.
        return best(
          legal,
          (m) => -sum((m as { cards: string[] }).cards, (id) => keepValue(byId.get(id)!.v)),
          random,
        );
      case 'swap':
        // Trade away up to two middling face-up cards.
        return best(
          legal,
          (m) => {
            const cards = (m as { cards: string[] }).cards.map((id) => byId.get(id)!.v);
            return cards.length > 2 ? -99 : sum(cards, (v) => (keepValue(v) <= 2 ? 3 : -2));
          },
          random,
        );
      case 'retarget':
        return best(
          legal,
          (m) => targetScore(view, (m as { target: Seat }).target) + callScore(view, m),
          random,
        );
      default:
        return best(legal, (m) => playScore(view, m, byId, mine.length), random);
    }
  },
};

function sum<T>(items: readonly T[], f: (item: T) => number): number {
  let total = 0;
  for (const item of items) total += f(item);
  return total;
}

/** Aim at the opponent closest to going out. */
function targetScore(view: View, target: Seat): number {
  const p = view.players[target]!;
  return -(p.hand.length + p.faceUp.length);
}

/** How hard a call on `v` is to answer: minus the number of values that beat it. */
function hardness(v: number, call: 'higher' | 'lower'): number {
  return call === 'higher' ? v - 13 : 1 - v;
}

/** After a retarget the pile's top stays: the call that is hardest to answer on it. */
function callScore(view: View, move: Move): number {
  if (!('call' in move) || move.call === undefined) return 0;
  const top = view.discard[view.discard.length - 1];
  return hardness(top ? top.v : JOKER, move.call);
}

function playScore(view: View, move: Move, byId: Map<string, Card>, held: number): number {
  if (move.t !== 'play') return 0;
  const card = byId.get(move.card)!;
  let score = 0;
  if (held === 1) score += 1000; // going out
  if (card.v === JOKER) score -= 40;
  // A double draws a card; otherwise leave the next player the fewest answers ("higher" on 12).
  score += move.call === undefined ? -25 : hardness(card.v, move.call);
  if (move.target !== undefined) score += targetScore(view, move.target) / 10;
  return score;
}
