import { indexOfId } from '../../engine/cards.ts';
import {
  cardIdsOf,
  fail,
  hasOnlyKeys,
  type MoveHandlers,
  type MoveObject,
  refuse,
} from '../../engine/reject.ts';
import type { NextRound } from '../../engine/rounds.ts';
import type { Outcome, Seat } from '../../engine/types.ts';
import { beatsFlaunt, classify, isFlauntable } from './combos.ts';
import { answer, draw, lead, mostHeldByOthers } from './rules.ts';
import type { Card, LeadKind, Move, SneakErrorCode, SneakEvent, State } from './types.ts';

type Result = Outcome<State, SneakErrorCode>;

/** More ids than any hand can hold is malformed, whatever the hand. */
const MAX_IDS = 104;

const done = (state: State, events: SneakEvent[]): Result => ({ ok: true, state, events });

/** Each validates an untrusted move for `seat` and returns the next state, never mutating `state`. */
export const moves: MoveHandlers<State, Exclude<Move, NextRound>, SneakErrorCode> = {
  draw: applyDraw,
  sneak: (state, seat, m) => applyLead(state, seat, 'sneak', m),
  flaunt: (state, seat, m) => applyLead(state, seat, 'flaunt', m),
  challenge: applyChallenge,
  decline: applyDecline,
};

function applyDraw(state: State, seat: Seat, m: MoveObject): Result {
  if (state.phase !== 'play') return refuse.wrongPhase('draw', state.phase);
  if (seat !== state.turn) return refuse.notYourTurn(seat);
  if (!hasOnlyKeys(m, ['t'])) return refuse.malformed('"draw" takes no fields.');
  if (state.stock.length === 0) {
    return fail('stock-empty', 'The stock is empty: lead a card or a combo face up.');
  }
  const next: State = { ...state };
  const events: SneakEvent[] = [];
  draw(next, seat, events);
  return done(next, events);
}

/** The hand's cards with these ids, in the order given, or null if one is not in the hand. */
function pick(hand: readonly Card[], ids: readonly string[]): Card[] | null {
  const cards: Card[] = [];
  for (const id of ids) {
    const i = indexOfId(hand, id);
    if (i < 0) return null;
    cards.push(hand[i]!);
  }
  return cards;
}

/** SN-3: a sneak (face down) or a flaunt (face up) of 1+ cards. */
function applyLead(state: State, seat: Seat, kind: LeadKind, m: MoveObject): Result {
  if (state.phase !== 'play') return refuse.wrongPhase(kind, state.phase);
  if (seat !== state.turn) return refuse.notYourTurn(seat);
  const named = cardIdsOf(m, MAX_IDS);
  if (typeof named === 'string') return refuse.malformed(named);
  const { ids, count: said } = named;
  if (state.stock.length > 0 && state.fresh[seat]) {
    return fail('must-draw', 'Your first turn of a round is a draw.'); // SN-2
  }
  if (kind === 'sneak' && state.stock.length === 0) {
    return fail('no-sneaking', 'The stock is empty: every lead is now flaunted face up.'); // SN-12
  }
  if (ids.length === 0) return fail('no-cards', 'Choose the cards to lead.');
  if (said !== undefined && said !== ids.length) return refuse.countMismatch(said, ids.length);
  const cards = pick(state.hands[seat]!, ids);
  if (cards === null) return refuse.unknownCard();
  // SN-4: somebody else must be able to answer with as many cards.
  if (mostHeldByOthers(state, seat) < cards.length) {
    return fail('lead-too-big', `Nobody else holds ${cards.length} cards: lead fewer.`);
  }
  if (kind === 'flaunt' && !isFlauntable(classify(cards))) {
    return fail(
      'not-a-combo',
      'A flaunt is a single card or a combo (match, straight flush, straight or flush).',
    );
  }
  const next: State = { ...state };
  const events: SneakEvent[] = [];
  lead(next, seat, kind, cards, events);
  return done(next, events);
}

/** Checks common to both answers (SN-5): the right phase, asked, and not answered yet. */
function answerRefusal(state: State, seat: Seat, t: string): Result | null {
  if (state.phase !== 'challenge') return refuse.wrongPhase(t, state.phase);
  if (!state.asked[seat]) return refuse.notYourTurn(seat);
  if (state.answers[seat] !== null)
    return fail('already-answered', 'You have already answered this lead.');
  return null;
}

function applyChallenge(state: State, seat: Seat, m: MoveObject): Result {
  const refused = answerRefusal(state, seat, 'challenge');
  if (refused) return refused;
  const named = cardIdsOf(m, MAX_IDS);
  if (typeof named === 'string') return refuse.malformed(named);
  const { ids, count: said } = named;
  const led = state.lead!;
  const count = led.cards.length;
  if (ids.length === 0) return fail('no-cards', 'Choose the cards to challenge with.');
  if (said !== undefined && said !== ids.length) return refuse.countMismatch(said, ids.length);
  if (ids.length !== count) {
    return fail('wrong-count', `Challenge with exactly ${count} card${count === 1 ? '' : 's'}.`);
  }
  const cards = pick(state.hands[seat]!, ids);
  if (cards === null) return refuse.unknownCard();
  if (led.kind === 'flaunt' && !beatsFlaunt(classify(cards), classify(led.cards))) {
    // SN-9: only a challenge that beats the flaunt may be made.
    const why =
      count === 1
        ? 'Only a higher card of the same suit beats a flaunted card.'
        : 'Only a higher combo of the same type beats a flaunted combo.';
    return fail('does-not-beat', why);
  }
  const next: State = { ...state };
  const events: SneakEvent[] = [];
  answer(next, seat, ids.slice(), events);
  return done(next, events);
}

function applyDecline(state: State, seat: Seat, m: MoveObject): Result {
  const refused = answerRefusal(state, seat, 'decline');
  if (refused) return refused;
  if (!hasOnlyKeys(m, ['t'])) return refuse.malformed('"decline" takes no fields.');
  const next: State = { ...state };
  const events: SneakEvent[] = [];
  answer(next, seat, 'decline', events);
  return done(next, events);
}
