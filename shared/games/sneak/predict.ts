/**
 * Sneak's instant moves (Game.predict). The move is played by the game's own rules on a stand-in
 * table made from the mover's view alone: every card the view hides is a blank (the stock, the
 * others' hands and winnings, someone else's sneak) and every sealed answer by someone else a
 * decline. The mover's view of the result is the prediction, except what the blanks and the
 * declines decide, which waits for the table:
 * - draw: the hand, shown as the cards held and a back (the card drawn takes its sorted place,
 *   unknown), or the winnings if the draw ends the round (SN-12). The turn and stock are known.
 * - sneak, flaunt: nothing waits (SN-4, SN-5: who is asked follows the public hand counts).
 * - challenge, decline: nothing waits while others are still to answer (SN-5). The last answer
 *   resolves the contest, known if the mover alone was asked and declined or answered a flaunt
 *   (a legal challenge beats it, SN-9). Otherwise its winner waits (a sneak turned up, the others'
 *   sealed answers): the contest's record, the winnings of everyone in it, the hands of the others
 *   asked, and the mover's next moves where those hands decide them. Declined when the stock is
 *   gone and those hands decide whose turn it is or whether the round ends (SN-12).
 * - nextRound: nothing waits: a round starts with every card in the stock (SN-2).
 */
import { cardId, plainLabels } from '../../engine/cards.ts';
import { PENDING_CARD, type Prediction, setAt, type ViewPath } from '../../engine/predict.ts';
import { seedRng } from '../../engine/rng.ts';
import type { Hidden, Outcome, Seat } from '../../engine/types.ts';
import { DECKS } from './deck.ts';
import type { Answer, Card, Move, State, View } from './types.ts';
import { lastKnown, view as viewFor } from './view.ts';

type Apply = (state: State, seat: Seat, move: Move) => Outcome<State, string>;

/** A pending part of the prediction and what stands there meanwhile. */
type Pending = [ViewPath, unknown][];

/** The stand-in table's generator: it shuffles only a next round's stock, which nobody sees. */
const STAND_IN_RNG = seedRng('sneak predictions');

/** Game.predict for Sneak, playing moves with the game's own `apply`. */
export function predictor(apply: Apply): (view: View, move: Move) => Prediction<View> | null {
  return (view, move) => {
    const me = view.you;
    if (me === null) return null;
    const out = apply(standIn(view, me), me, move);
    if (!out.ok) return null;
    const next = viewFor(out.state, me);
    const pending = waiting(view, me, move, next);
    if (pending === null) return null;
    let predicted = next;
    for (const [path, value] of pending) predicted = setAt(predicted, path, value);
    return { view: predicted, pending: pending.map(([path]) => path) };
  };
}

/** A table the view could come from: hidden cards blank, others' sealed answers declines. */
function standIn(view: View, me: Seat): State {
  let blanks = 0;
  // An id no table gives, so that a blank showing where it should not is caught as unseen.
  const blank = (): Card => ({ id: cardId('?', blanks++), r: 2, s: 'C' });
  const known = (cards: readonly (Card | Hidden)[]): Card[] =>
    cards.map((c) => ('id' in c ? c : blank()));
  const blanksOf = (n: number): Card[] => Array.from({ length: n }, blank);
  const mine = view.answer;
  const lead = view.lead;
  return {
    game: 'sneak',
    config: view.config,
    players: view.players.length,
    rng: STAND_IN_RNG,
    labels: plainLabels(DECKS[view.config.packs].length),
    round: view.round,
    dealer: view.dealer,
    phase: view.phase,
    stock: blanksOf(view.stock),
    hands: view.players.map((p) => known(p.hand)),
    won: view.players.map((p, s) => (s === me ? view.winnings : blanksOf(p.won))),
    fresh: view.players.map((p) => p.fresh),
    turn: view.turn ?? lead?.by ?? 0,
    lead: lead && { by: lead.by, kind: lead.kind, cards: known(lead.cards) },
    asked: view.players.map((p) => p.asked),
    answers: view.players.map((p, s): Answer => {
      if (s !== me) return p.answered ? 'decline' : null;
      if (mine === null) return null;
      return mine.t === 'decline' ? 'decline' : mine.cards.map((c) => c.id);
    }),
    last: lastKnown(view.last),
    collected: view.collected,
    points: view.totals,
    history: view.history,
    winners: view.winners,
  };
}

/** The parts of `next` that the stand-ins decided, with what shows there meanwhile. */
function waiting(view: View, me: Seat, move: Move, next: View): Pending | null {
  switch (move.t) {
    case 'draw':
      return drawn(view, me, next);
    case 'challenge':
    case 'decline':
      return answered(view, me, move.t === 'challenge', next);
    default:
      return [];
  }
}

/** SN-3: the card drawn lands in its sorted place, which its face decides. */
function drawn(view: View, me: Seat, next: View): Pending {
  const hand = [...view.players[me]!.hand, PENDING_CARD];
  // SN-12: the last card drawn, and nobody else holding any, the drawer takes the hand.
  if (next.phase === 'play') return [[['players', me, 'hand'], hand]];
  return [[['winnings'], [...view.winnings, ...hand]]];
}

/** SN-5 to SN-11: an answer, and if it is the last, the contest it resolves. */
function answered(view: View, me: Seat, challenged: boolean, next: View): Pending | null {
  const lead = view.lead!;
  const others: Seat[] = [];
  for (let s = 0; s < view.players.length; s++) {
    const p = view.players[s]!;
    if (s === me || !p.asked) continue;
    if (!p.answered) return []; // sealed until the last answer is in
    others.push(s);
  }
  // Nothing face down turns up: the lead and the mover's answer decide it.
  if (others.length === 0 && (lead.kind === 'flaunt' || !challenged)) return [];
  // SN-12: with the stock gone, a challenge that empties a hand, or a round's end, hangs on the
  // sealed answers.
  const n = lead.cards.length;
  if (view.stock === 0 && (next.phase !== 'play' || others.some((s) => held(view, s) === n))) {
    return null;
  }
  const pending: Pending = [[['last'], null]];
  for (const s of [lead.by, ...others, ...(challenged ? [me] : [])]) {
    pending.push([['players', s, 'won'], view.players[s]!.won]);
  }
  for (const s of others) pending.push([['players', s, 'hand'], view.players[s]!.hand]);
  if (challenged) pending.push([['winnings'], view.winnings]);
  if (next.turn === me && !sameLeadSizes(view, me, others, n, next)) pending.push([['legal'], []]);
  return pending;
}

const held = (view: View, s: Seat) => view.players[s]!.hand.length;

/**
 * SN-4: whether the mover's leads, capped by the most cards another seat holds, are the same
 * whichever of `others` challenged (each then holds `n` cards fewer).
 */
function sameLeadSizes(view: View, me: Seat, others: Seat[], n: number, next: View): boolean {
  let most = 0;
  let least = 0;
  for (let s = 0; s < view.players.length; s++) {
    if (s === me) continue;
    most = Math.max(most, held(view, s));
    least = Math.max(least, held(view, s) - (others.includes(s) ? n : 0));
  }
  const mine = next.players[me]!.hand.length;
  return Math.min(mine, most) === Math.min(mine, least);
}
