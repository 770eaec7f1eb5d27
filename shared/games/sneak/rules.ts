import { withCardSorted } from '../../engine/cards.ts';
import { cloneRng, shuffleInPlace } from '../../engine/rng.ts';
import { closeRound, seatsWith } from '../../engine/rounds.ts';
import { leftOf, nextActive } from '../../engine/seats.ts';
import type { Seat } from '../../engine/types.ts';
import { bestIndex, type Combo, classify } from './combos.ts';
import { compareCards, labelledPacks } from './deck.ts';
import type { Answer, Card, LeadKind, Shown, SneakEvent, State } from './types.ts';

/**
 * The functions here finish a move: they take a fresh shallow copy of the state (made by the
 * caller) and replace, never mutate, the arrays they change. They copy with spreads, not `slice`
 * or `concat`: V8 slices a frozen array (a frozen or deep-frozen state) tens of times slower.
 */

/** A fresh array per seat: `fill` for values, a loop for piles (each its own array). */
const perSeat = <T>(players: number, value: T): T[] => new Array<T>(players).fill(value);

function piles(players: number): Card[][] {
  const out: Card[][] = [];
  for (let s = 0; s < players; s++) out.push([]);
  return out;
}

/** SN-2: no deal; the shuffled pack is the stock and the dealer's left neighbour starts. */
export function dealRound(state: State, dealer: Seat, round: number, events: SneakEvent[]): void {
  const rng = cloneRng(state.rng);
  const stock = shuffleInPlace(labelledPacks(state.config.packs, state.labels), rng);
  const { players } = state;
  Object.assign(state, {
    rng,
    round,
    dealer,
    phase: 'play',
    stock,
    hands: piles(players),
    won: piles(players),
    fresh: perSeat(players, true),
    turn: leftOf(dealer, players),
    lead: null,
    asked: perSeat(players, false),
    answers: perSeat<Answer>(players, null),
    last: null,
    collected: null,
  } satisfies Partial<State>);
  events.push({ type: 'dealt', round, dealer, packs: state.config.packs });
}

/** The most cards any seat but `seat` holds: SN-4 caps every lead at that size. */
export function mostHeldByOthers(state: State, seat: Seat): number {
  let most = 0;
  for (let s = 0; s < state.players; s++) {
    if (s !== seat && state.hands[s]!.length > most) most = state.hands[s]!.length;
  }
  return most;
}

/**
 * Gives the turn to `seat`. SN-12: once the stock is empty, seats without cards are skipped, and
 * when at most one seat still holds cards the round ends. While cards remain in two hands or more
 * the seat to move holds some, and some other seat holds at least one, so a single card is always
 * a legal flaunt (SN-4): nobody is ever asked to move without a legal move.
 */
export function passTurn(state: State, seat: Seat, events: SneakEvent[]): void {
  state.phase = 'play';
  if (state.stock.length > 0) {
    state.turn = seat;
    return;
  }
  let holders = 0;
  let holder: Seat | null = null;
  for (let s = 0; s < state.players; s++) {
    if (state.hands[s]!.length > 0) {
      holders++;
      holder = s;
    }
  }
  if (holders <= 1) {
    endRound(state, holder, events);
    return;
  }
  state.turn =
    state.hands[seat]!.length > 0
      ? seat
      : nextActive(seat, state.players, (s) => state.hands[s]!.length > 0)!;
}

/** SN-3: the seat draws the top card of the stock, into its sorted place in the hand. */
export function draw(state: State, seat: Seat, events: SneakEvent[]): void {
  const stock = [...state.stock];
  const card = stock.pop()!;
  state.stock = stock;
  state.hands = [...state.hands];
  state.hands[seat] = withCardSorted(state.hands[seat]!, card, compareCards);
  if (state.fresh[seat]) {
    state.fresh = [...state.fresh];
    state.fresh[seat] = false;
  }
  events.push({ type: 'drew', seat });
  passTurn(state, leftOf(seat, state.players), events);
}

/**
 * A sneak or a flaunt of `cards` (already checked) from the seat's hand. SN-4/SN-5: every other
 * seat holding as many cards is asked to answer, all at once.
 */
export function lead(
  state: State,
  seat: Seat,
  kind: LeadKind,
  cards: Card[],
  events: SneakEvent[],
): void {
  const ids = new Set(cards.map((c) => c.id));
  state.hands = [...state.hands];
  state.hands[seat] = state.hands[seat]!.filter((c) => !ids.has(c.id));
  state.lead = { by: seat, kind, cards };
  state.asked = state.hands.map((hand, s) => s !== seat && hand.length >= cards.length);
  state.answers = perSeat<Answer>(state.players, null);
  state.phase = 'challenge';
  state.turn = seat;
  // A sneak is announced by its size alone (SN-14).
  events.push(
    kind === 'sneak'
      ? { type: 'sneaked', seat, count: cards.length }
      : { type: 'flaunted', seat, cards },
  );
}

/** SN-5: a sealed answer; the last one to come in resolves the contest. */
export function answer(
  state: State,
  seat: Seat,
  ids: string[] | 'decline',
  events: SneakEvent[],
): void {
  state.answers = [...state.answers];
  state.answers[seat] = ids;
  events.push({ type: 'answered', seat });
  for (let s = 0; s < state.players; s++) if (state.asked[s] && state.answers[s] === null) return;
  resolve(state, events);
}

/**
 * SN-7 to SN-11. The leader's cards, then each challenger's in seat order from the leader's left,
 * are turned up (a flaunt's lead is up already); the best set wins every card played (SN-8 for
 * ties); the turn passes to the leader's left, whoever won.
 */
function resolve(state: State, events: SneakEvent[]): void {
  const { by, kind, cards } = state.lead!;
  const count = cards.length;
  const challengers: Shown[] = [];
  const combos: Combo[] = [];
  let hands = state.hands;
  for (let i = 1; i < state.players; i++) {
    const seat = (by + i) % state.players;
    const ids = state.answers[seat];
    if (!state.asked[seat] || !Array.isArray(ids)) continue;
    if (hands === state.hands) hands = [...hands];
    const hand = hands[seat]!;
    const played = ids.map((id) => hand.find((c) => c.id === id)!);
    hands[seat] = hand.filter((c) => !ids.includes(c.id));
    const combo = classify(played);
    combos.push(combo);
    challengers.push({ seat, cards: played, combo: combo.type });
  }
  state.hands = hands;

  const won = [...state.won];
  if (challengers.length === 0) {
    // SN-10: an unchallenged leader takes the cards back; a sneak's stay unseen for ever.
    const unseen = kind === 'sneak';
    won[by] = [...won[by]!, ...cards];
    state.last = {
      leader: by,
      kind,
      count,
      lead: unseen ? null : { seat: by, cards, combo: classify(cards).type },
      challengers,
      winner: by,
      unseen,
      ...(unseen ? { sneak: cards } : {}),
    };
    events.push({ type: 'won', seat: by, count, unseen });
  } else {
    const leadCombo = classify(cards);
    const lead: Shown = { seat: by, cards, combo: leadCombo.type };
    if (kind === 'sneak') events.push({ type: 'revealed', ...lead });
    for (const shown of challengers) events.push({ type: 'revealed', ...shown });
    const sides = [lead, ...challengers];
    const winner = sides[bestIndex([leadCombo, ...combos])]!.seat;
    const pile = [...won[winner]!];
    for (const side of sides) pile.push(...side.cards);
    won[winner] = pile;
    state.last = { leader: by, kind, count, lead, challengers, winner, unseen: false };
    events.push({ type: 'won', seat: winner, count: count * sides.length, unseen: false });
  }
  state.won = won;
  state.lead = null;
  state.asked = perSeat(state.players, false);
  state.answers = perSeat<Answer>(state.players, null);
  passTurn(state, leftOf(by, state.players), events);
}

/** SN-12 and SN-13: the last holder takes their hand; every card won scores a point. */
function endRound(state: State, holder: Seat | null, events: SneakEvent[]): void {
  if (holder !== null) {
    const hand = state.hands[holder]!;
    state.hands = [...state.hands];
    state.hands[holder] = [];
    state.won = [...state.won];
    state.won[holder] = [...state.won[holder]!, ...hand];
    state.collected = { seat: holder, count: hand.length };
    events.push({ type: 'collected', seat: holder, count: hand.length });
  }
  const won = state.won.map((pile) => pile.length);
  state.points = state.points.map((p, s) => p + won[s]!);
  events.push({ type: 'roundOver', round: state.round, won, totals: [...state.points] });
  const best = Math.max(...state.points);
  const leaders = () => seatsWith(state.points, best);
  closeRound(state, [...won], best >= state.config.target ? leaders() : null, events, leaders);
}
