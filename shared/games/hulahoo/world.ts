/**
 * A world the mover's view could have come from, for the search (search.ts) and for predicting a
 * move's effect (predict.ts): the game's state with every card the view hides dealt at random.
 */
import { plainLabels } from '../../engine/cards.ts';
import { shuffle } from '../../engine/random.ts';
import { seedRng } from '../../engine/rng.ts';
import { unseenCounts } from './bot.ts';
import { compareCards, DECK_SIZE } from './deck.ts';
import type { Card, State, View } from './types.ts';

/** The cards `view` does not show, as fresh cards (ids no view holds), in random order. */
function unseenCards(view: View, random: () => number): Card[] {
  const left = unseenCounts(view);
  const cards: Card[] = [];
  for (let v = 1; v <= 13; v++) for (let i = 0; i < left[v]!; i++) cards.push({ id: '', v });
  shuffle(cards, random);
  // Ids after the shuffle, so that an id tells nothing of the card's value.
  for (let i = 0; i < cards.length; i++) cards[i] = { id: `u${i.toString(36)}`, v: cards[i]!.v };
  return cards;
}

/** The current run of round wins, read back from the score sheet (HH-15's "in a row" goal). */
function streakFrom(history: number[][]): State['streak'] {
  let streak: State['streak'] = null;
  for (const round of history) {
    const seat = round.findIndex((p) => p > 0);
    if (seat < 0) continue;
    streak =
      streak && streak.seat === seat ? { seat, count: streak.count + 1 } : { seat, count: 1 };
  }
  return streak;
}

/**
 * A state the view could have come from: the hands of opponents still in and the draw pile are
 * dealt at random from the unseen cards (HH-17), under the cards the swap put at the pile's bottom
 * (HH-3); opponents' sealed face-up picks are taken back, to be made again (HH-16a). Only the view
 * is read.
 */
export function determinize(view: View, random: () => number): State {
  const me = view.you!;
  const pool = unseenCards(view, random);
  const place = view.phase === 'place';
  const hands: Card[][] = [];
  const faceUp: Card[][] = [];
  const picks: (string[] | null)[] = [];
  view.players.forEach((p, s) => {
    if (s === me) {
      const hand = p.hand as Card[];
      if (place && p.picked) {
        // A sealed pick shows to its owner as laid out; in the state it is still in hand, and
        // nothing is face up yet.
        hands.push([...hand, ...p.faceUp].sort(compareCards));
        picks.push(p.faceUp.map((c) => c.id));
        faceUp.push([]);
      } else {
        hands.push(hand.slice());
        picks.push(null);
        faceUp.push(p.faceUp.slice());
      }
    } else {
      const hidden = p.hand.some((c) => !('v' in c));
      hands.push(hidden ? pool.splice(0, p.hand.length).sort(compareCards) : (p.hand as Card[]));
      faceUp.push(p.faceUp.slice());
      picks.push(null);
    }
  });
  if (place) {
    const mine = picks[me];
    if (mine) picks[me] = hands[me]!.filter((c) => mine.includes(c.id)).map((c) => c.id);
  }
  return {
    game: 'hulahoo',
    config: view.config,
    players: view.players.length,
    rng: seedRng(`w${Math.floor(random() * 2 ** 32)}`),
    labels: plainLabels(DECK_SIZE),
    round: view.round,
    dealer: view.dealer,
    phase: view.phase,
    hands,
    faceUp,
    picks,
    stock: [...view.returned, ...pool],
    returned: view.returned.length,
    discard: view.discard.slice(),
    out: view.players.map((p) => p.out),
    turn: view.turn ?? (view.dealer + 1) % view.players.length,
    call: view.call,
    caller: view.caller,
    points: view.players.map((p) => p.points),
    wins: view.players.map((p) => p.wins),
    streak: streakFrom(view.history),
    roundWinner: view.roundWinner,
    winners: view.winners.slice(),
    history: view.history,
  };
}
