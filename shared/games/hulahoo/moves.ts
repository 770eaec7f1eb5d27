import { indexOfId, withCardSorted } from '../../engine/cards.ts';
import {
  cardIdsOf,
  fail,
  hasOnlyKeys,
  isIdList,
  isSeat,
  type MoveHandlers,
  type MoveObject,
  refuse,
} from '../../engine/reject.ts';
import type { NextRound } from '../../engine/rounds.ts';
import { leftOf, nextActive } from '../../engine/seats.ts';
import type { Outcome, Seat } from '../../engine/types.ts';
import { FACE_UP_SIZE, JOKER, MAX_SWAP } from './constants.ts';
import { compareCards } from './deck.ts';
import { cardsLeft, isCall, passTurn, playKind, startSwapOrPlay, winRound } from './rules.ts';
import type { Card, HulaErrorCode, HulaEvent, Move, State } from './types.ts';

type Result = Outcome<State, HulaErrorCode>;

const done = (state: State, events: HulaEvent[]): Result => ({ ok: true, state, events });

/** Each validates an untrusted move for `seat` and returns the next state, never mutating `state`. */
export const moves: MoveHandlers<State, Exclude<Move, NextRound>, HulaErrorCode> = {
  place: applyPlace,
  swap: applySwap,
  play: applyPlay,
  retarget: applyRetarget,
};

/**
 * HH-16a: every seat at once picks the 5 hand cards to lay face up; sealed until all have picked.
 * The legal list names this as a stand-in, so the move may carry its `count`.
 */
function applyPlace(state: State, seat: Seat, m: MoveObject): Result {
  if (state.phase !== 'place') return refuse.wrongPhase('place', state.phase);
  const named = cardIdsOf(m, 100);
  if (typeof named === 'string') return refuse.malformed(named);
  const { ids, count: said } = named;
  if (state.picks[seat] !== null) return fail('already-picked', 'You have already picked.');
  if (said !== undefined && said !== ids.length) return refuse.countMismatch(said, ids.length);
  if (ids.length !== FACE_UP_SIZE) {
    return fail('wrong-count', `Pick exactly ${FACE_UP_SIZE} cards to lay face up.`);
  }
  const hand = state.hands[seat]!;
  const chosen = new Set(ids);
  for (const id of ids) if (indexOfId(hand, id) < 0) return refuse.unknownCard();

  const next: State = { ...state, picks: state.picks.slice() };
  next.picks[seat] = hand.filter((c) => chosen.has(c.id)).map((c) => c.id);
  const events: HulaEvent[] = [{ type: 'picked', seat }];
  if (next.picks.every((p) => p !== null)) {
    next.hands = [];
    next.faceUp = [];
    state.hands.forEach((hand, s) => {
      const ids = new Set(next.picks[s]);
      next.hands.push(hand.filter((c) => !ids.has(c.id)));
      next.faceUp.push(hand.filter((c) => ids.has(c.id)));
    });
    next.picks = new Array(state.players).fill(null);
    events.push({ type: 'faceUpRevealed' });
    startSwapOrPlay(next, events);
  }
  return done(next, events);
}

/** HH-3: one decision per seat: 0–3 face-up cards to the bottom of the pile, as many up from the top. */
function applySwap(state: State, seat: Seat, m: MoveObject): Result {
  if (state.phase !== 'swap') return refuse.wrongPhase('swap', state.phase);
  if (seat !== state.turn) return refuse.notYourTurn(seat);
  if (!hasOnlyKeys(m, ['t', 'cards']) || !isIdList(m.cards, 0, 100)) {
    return refuse.malformed('"swap" takes "cards": a list of distinct card ids.');
  }
  if (m.cards.length > MAX_SWAP) return fail('too-many', `Swap at most ${MAX_SWAP} cards.`);
  const own = state.faceUp[seat]!;
  for (const id of m.cards) if (indexOfId(own, id) < 0) return refuse.unknownCard();

  const chosen = new Set(m.cards);
  const stock = state.stock.slice();
  const returned: Card[] = [];
  const received: Card[] = [];
  // Face-up order is kept: each new card takes the place of the one it replaces.
  const faceUp = own.map((card) => {
    if (!chosen.has(card.id)) return card;
    returned.push(card);
    const fresh = stock.pop()!;
    received.push(fresh);
    return fresh;
  });
  stock.unshift(...returned);
  const under = state.returned + returned.length;
  const next: State = { ...state, stock, returned: under, faceUp: state.faceUp.slice() };
  next.faceUp[seat] = faceUp;
  const events: HulaEvent[] = [{ type: 'swapped', seat, returned, received }];
  if (seat === state.dealer) {
    // The dealer swaps last; then the dealer's left neighbour leads.
    next.phase = 'play';
    passTurn(next, leftOf(state.dealer, state.players), events);
  } else {
    next.turn = leftOf(seat, state.players);
  }
  return done(next, events);
}

function applyPlay(state: State, seat: Seat, m: MoveObject): Result {
  if (state.phase !== 'play') {
    if (state.phase === 'retarget' && seat === state.turn) {
      return fail('must-retarget', 'Your target is out: name another opponent first.');
    }
    return refuse.wrongPhase('play', state.phase);
  }
  if (seat !== state.turn) return refuse.notYourTurn(seat);
  const chooseTarget = state.config.chaos.chooseTarget;
  if (!hasOnlyKeys(m, ['t', 'card', 'call', 'target']) || typeof m.card !== 'string') {
    return refuse.malformed(
      '"play" takes "card" (an id), "call" and, with chosen targets, "target".',
    );
  }
  if (m.call !== undefined && !isCall(m.call))
    return refuse.malformed('"call" must be "higher" or "lower".');
  if (m.target !== undefined && !chooseTarget) {
    return fail(
      'target-not-allowed',
      'Targets are only named with the chaos rule "choose target".',
    );
  }

  const hand = state.hands[seat]!;
  const faceUp = state.faceUp[seat]!;
  let index = indexOfId(hand, m.card);
  const from = index >= 0 ? 'hand' : 'faceUp';
  if (index < 0) index = indexOfId(faceUp, m.card);
  if (index < 0) return refuse.unknownCard();
  const card = (from === 'hand' ? hand : faceUp)[index]!;

  const kind = playKind(state, seat, card);
  if (kind === null) return fail(...whyNot(state, seat, card));
  if (kind === 'double' && m.call !== undefined) {
    return fail(
      'no-call-on-double',
      'A double makes no call: the next player must double or cancel it.',
    );
  }
  if (kind === 'call' && m.call === undefined) {
    return fail('call-required', 'Say "higher" or "lower" with this card.');
  }
  if (chooseTarget && !validTarget(state, seat, m.target)) {
    return fail('bad-target', 'Name an opponent who is still in the round.');
  }

  const next: State = { ...state, discard: state.discard.slice() };
  next.discard.push(card);
  if (from === 'hand') {
    next.hands = state.hands.slice();
    next.hands[seat] = hand.slice(0, index).concat(hand.slice(index + 1));
  } else {
    next.faceUp = state.faceUp.slice();
    next.faceUp[seat] = faceUp.slice(0, index).concat(faceUp.slice(index + 1));
  }
  const call = kind === 'double' ? 'double' : (m.call as 'higher' | 'lower');
  const played: HulaEvent = chooseTarget
    ? { type: 'played', seat, card, from, call, target: m.target as Seat }
    : { type: 'played', seat, card, from, call };
  const events: HulaEvent[] = [played];

  if (kind === 'double' && next.stock.length > 0) {
    // HH-6 and HH-11: a double draws one card, unless the draw pile is empty.
    next.stock = next.stock.slice();
    const drawn = next.stock.pop()!;
    if (next.hands === state.hands) next.hands = state.hands.slice();
    next.hands[seat] = withCardSorted(next.hands[seat]!, drawn, compareCards);
    events.push({ type: 'drew', seat, count: 1 });
  }
  if (cardsLeft(next, seat) === 0) {
    winRound(next, seat, 'out', events); // HH-10
    return done(next, events);
  }
  next.call = call;
  next.caller = seat;
  const to = chooseTarget
    ? (m.target as Seat)
    : nextActive(seat, state.players, (s) => !state.out[s])!;
  passTurn(next, to, events);
  return done(next, events);
}

function validTarget(state: State, seat: Seat, target: unknown): target is Seat {
  return isSeat(target, state.players) && target !== seat && !state.out[target];
}

function whyNot(state: State, seat: Seat, card: Card): [HulaErrorCode, string] {
  if (card.v === JOKER && cardsLeft(state, seat) === 1) {
    return ['last-card-joker', 'Your last card may not be a joker (you cannot go out on a joker).'];
  }
  const ref = state.discard.at(-1)!.v;
  if (state.call === 'double') {
    return [
      'must-double-or-cancel',
      `A double ${ref} is on: play another ${ref}, a ${ref - 1} or ${ref + 1} to cancel it, or a joker.`,
    ];
  }
  const direction = state.call === 'higher' ? 'above' : 'below';
  return [
    'does-not-follow',
    `The call is "${state.call}": play ${direction} ${ref}, another ${ref} to double, or a joker.`,
  ];
}

/** HH-16c: the caller names a new target after the last one was eliminated. */
function applyRetarget(state: State, seat: Seat, m: MoveObject): Result {
  if (state.phase !== 'retarget') return refuse.wrongPhase('retarget', state.phase);
  if (seat !== state.turn) return refuse.notYourTurn(seat);
  if (!hasOnlyKeys(m, ['t', 'target', 'call'])) {
    return refuse.malformed('"retarget" takes "target" and, unless a double is on, "call".');
  }
  if (m.call !== undefined && !isCall(m.call))
    return refuse.malformed('"call" must be "higher" or "lower".');
  if (!validTarget(state, seat, m.target)) {
    return fail('bad-target', 'Name an opponent who is still in the round.');
  }
  if (state.call === 'double' && m.call !== undefined) {
    return fail('no-call-on-double', 'A double stays a double: name only the target.');
  }
  if (state.call !== 'double' && m.call === undefined) {
    return fail('call-required', 'Say "higher" or "lower" again (you may switch).');
  }
  const next: State = { ...state };
  if (m.call !== undefined) next.call = m.call;
  const events: HulaEvent[] = [
    {
      type: 'retargeted',
      seat,
      target: m.target,
      call: next.call as 'higher' | 'lower' | 'double',
    },
  ];
  passTurn(next, m.target, events);
  return done(next, events);
}
