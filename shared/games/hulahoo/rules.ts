import { cloneRng, shuffleInPlace } from '../../engine/rng.ts';
import { closeRound, seatsWith } from '../../engine/rounds.ts';
import { leftOf, nextActive, seatsWhere } from '../../engine/seats.ts';
import type { Seat } from '../../engine/types.ts';
import { FACE_UP_SIZE, HAND_SIZE, JOKER } from './constants.ts';
import { compareCards, labelledDeck } from './deck.ts';
import type { Call, Card, HulaEvent, State } from './types.ts';

/** How a card may be played on the current pile: with a new call, as a double, or not at all. */
export type PlayKind = 'call' | 'double' | null;

/** The cards `seat` still has to shed: hand and face-up together. */
export function cardsLeft(state: State, seat: Seat): number {
  return state.hands[seat]!.length + state.faceUp[seat]!.length;
}

export function playKind(state: State, seat: Seat, card: Card): PlayKind {
  // HH-9: never the last card (hand and face-up together) if it is a joker.
  if (card.v === JOKER && cardsLeft(state, seat) === 1) return null;
  const top = state.discard.at(-1);
  if (top === undefined) return 'call'; // leading: any card plus a call
  // HH-5: a joker goes on anything and is never a double, not even on a joker.
  if (card.v === JOKER) return 'call';
  const ref = top.v; // HH-4: after a joker the reference is 7, the joker's own value
  switch (state.call) {
    case 'higher':
      return card.v > ref ? 'call' : card.v === ref ? 'double' : null;
    case 'lower':
      return card.v < ref ? 'call' : card.v === ref ? 'double' : null;
    default:
      // HH-6: under a double only another of the same value (it goes on) or a neighbour (cancels).
      return card.v === ref ? 'double' : Math.abs(card.v - ref) === 1 ? 'call' : null;
  }
}

export function hasLegalPlay(state: State, seat: Seat): boolean {
  const playable = (card: Card) => playKind(state, seat, card) !== null;
  return state.hands[seat]!.some(playable) || state.faceUp[seat]!.some(playable);
}

export function seatsIn(state: State): Seat[] {
  return seatsWhere(state.players, (s) => !state.out[s]);
}

/** The opponents `seat` may name with chooseTarget (HH-16c): everyone else still in the round. */
export function targetsFor(state: State, seat: Seat): Seat[] {
  return seatsIn(state).filter((s) => s !== seat);
}

/**
 * A fresh round: shuffled deck, hands and face-up cards dealt (each sorted, so their order tells
 * nothing of the deal), the first decision set up.
 */
export function dealRound(state: State, dealer: Seat, round: number, events: HulaEvent[]): void {
  const rng = cloneRng(state.rng);
  const deck = shuffleInPlace(labelledDeck(state.labels), rng);
  const { players, config } = state;
  const hands: Card[][] = [];
  const faceUp: Card[][] = [];
  const handSize = config.chaos.chooseFaceUp ? HAND_SIZE + FACE_UP_SIZE : HAND_SIZE;
  for (let s = 0; s < players; s++) {
    hands.push(deck.splice(deck.length - handSize, handSize).sort(compareCards));
  }
  for (let s = 0; s < players; s++) {
    faceUp.push(
      config.chaos.chooseFaceUp
        ? []
        : deck.splice(deck.length - FACE_UP_SIZE, FACE_UP_SIZE).sort(compareCards),
    );
  }
  Object.assign(state, {
    rng,
    round,
    dealer,
    hands,
    faceUp,
    picks: new Array(players).fill(null),
    stock: deck,
    returned: 0,
    discard: [],
    out: new Array(players).fill(false),
    turn: leftOf(dealer, players),
    call: null,
    caller: null,
    roundWinner: null,
  });
  events.push({ type: 'dealt', round, dealer });
  if (config.chaos.chooseFaceUp) state.phase = 'place';
  else startSwapOrPlay(state, events);
}

/** After the face-up cards are settled: HH-3's swap phase, or straight to the lead (HH-16b). */
export function startSwapOrPlay(state: State, events: HulaEvent[]): void {
  state.turn = leftOf(state.dealer, state.players);
  if (state.config.chaos.noSwap) {
    state.phase = 'play';
    passTurn(state, state.turn, events);
  } else {
    state.phase = 'swap';
  }
}

/**
 * Gives the turn to `seat`, who must answer the call in force. HH-8: a seat with no legal play is
 * eliminated at once, its hand shown to all, and the call passes on unchanged; HH-12: the last seat
 * in wins. With chooseTarget the caller names someone else instead (HH-16c).
 */
export function passTurn(state: State, seat: Seat, events: HulaEvent[]): void {
  let candidate = seat;
  for (;;) {
    if (hasLegalPlay(state, candidate)) {
      state.phase = 'play';
      state.turn = candidate;
      return;
    }
    eliminate(state, candidate, events);
    const [last, ...others] = seatsIn(state);
    if (last !== undefined && others.length === 0) {
      winRound(state, last, 'last', events);
      return;
    }
    if (state.config.chaos.chooseTarget && state.caller !== null) {
      state.phase = 'retarget';
      state.turn = state.caller;
      return;
    }
    candidate = nextActive(candidate, state.players, (s) => !state.out[s])!;
  }
}

function eliminate(state: State, seat: Seat, events: HulaEvent[]): void {
  state.out = state.out.slice();
  state.out[seat] = true;
  events.push({ type: 'eliminated', seat, hand: state.hands[seat]!.slice() });
}

/** HH-13 scoring and HH-15 game end. */
export function winRound(state: State, seat: Seat, how: 'out' | 'last', events: HulaEvent[]): void {
  const points = state.discard.length;
  state.points = state.points.map((p, s) => (s === seat ? p + points : p));
  state.wins = state.wins.map((w, s) => (s === seat ? w + 1 : w));
  state.streak =
    state.streak && state.streak.seat === seat
      ? { seat, count: state.streak.count + 1 }
      : { seat, count: 1 };
  state.roundWinner = seat;
  events.push({ type: 'roundWon', seat, points, how });
  const scored = new Array<number>(state.players).fill(0);
  scored[seat] = points;
  const goal = state.config.goal;
  const reached =
    goal.kind === 'points'
      ? state.points[seat]! >= goal.points
      : (goal.consecutive ? state.streak.count : state.wins[seat]!) >= goal.wins;
  // ALL-3: at the round limit, the most points or the most round wins lead (a run is a count of wins).
  const leaders = () => {
    const by = goal.kind === 'points' ? state.points : state.wins;
    return seatsWith(by, Math.max(...by));
  };
  closeRound(state, scored, reached ? [seat] : null, events, leaders);
}

export function isCall(x: unknown): x is Call {
  return x === 'higher' || x === 'lower';
}
