import { cloneRng, shuffleInPlace } from '../../engine/rng.ts';
import { closeRound, seatsWith } from '../../engine/rounds.ts';
import { leftOf, seatsFrom } from '../../engine/seats.ts';
import type { Seat } from '../../engine/types.ts';
import { labelledDeck } from './deck.ts';
import {
  cardsKey,
  discardOrder,
  hasFaceDown,
  hiloLines,
  isDiagonal,
  LINE,
  layoutSum,
  lineCards,
  removeLine,
  withSlot,
} from './layout.ts';
import type { Cell, Close, HiloEvent, Layout, Line, PlacedCard, Slot, State } from './types.ts';

/** What a round starts from, but for the cards: nobody has chosen or moved yet. */
export function freshRound(players: number, dealer: Seat) {
  return {
    drawn: null,
    openings: new Array<Cell[] | null>(players).fill(null),
    starter: leftOf(dealer, players),
    turn: leftOf(dealer, players),
    chain: false,
    turns: new Array<number>(players).fill(0),
    endedBy: null,
    lastTurns: [],
    stalled: false,
    roundSums: null,
    roundScores: null,
  } satisfies Partial<State>;
}

/** HL-2: a fresh round: 9 cards face down to each player in a 3×3 grid, one card to the discard. */
export function dealRound(state: State, dealer: Seat, round: number, events: HiloEvent[]): void {
  const rng = cloneRng(state.rng);
  const stock = shuffleInPlace(labelledDeck(state.labels), rng);
  const { players } = state;
  const layouts: Layout[] = [];
  for (let s = 0; s < players; s++) {
    const layout: Layout = [];
    for (let r = 0; r < LINE; r++) {
      const row: Slot[] = [];
      for (let c = 0; c < LINE; c++) row.push({ card: stock.pop()!, up: false });
      layout.push(row);
    }
    layouts.push(layout);
  }
  const top = stock.pop()!;
  Object.assign(state, {
    rng,
    round,
    dealer,
    phase: 'opening',
    layouts,
    stock,
    discard: [top],
    ...freshRound(players, dealer),
  } satisfies Partial<State>);
  events.push({ type: 'dealt', round, dealer, discard: top });
}

/**
 * HL-3: the highest sum of face-up cards begins; on a tie, the tied seat first in seat order from
 * the dealer's left.
 */
export function startingPlayer(layouts: Layout[], dealer: Seat): { seat: Seat; sums: number[] } {
  const sums = layouts.map((layout) => {
    let sum = 0;
    for (const row of layout) for (const slot of row) if (slot.up) sum += slot.card.v;
    return sum;
  });
  let best = leftOf(dealer, layouts.length);
  for (const s of seatsFrom(best, layouts.length)) if (sums[s]! > sums[best]!) best = s;
  return { seat: best, sums };
}

/** HL-2: once every seat has chosen, all the chosen cells turn up together. */
export function resolveOpening(state: State, events: HiloEvent[]): void {
  const layouts = state.layouts.slice();
  for (let s = 0; s < state.players; s++) {
    let layout = layouts[s]!;
    const cells: PlacedCard[] = [];
    for (const cell of state.openings[s]!) {
      const slot = layout[cell.row]![cell.col]!;
      layout = withSlot(layout, cell, { card: slot.card, up: true });
      cells.push({ row: cell.row, col: cell.col, card: slot.card });
    }
    layouts[s] = layout;
    events.push({ type: 'opened', seat: s, cells });
  }
  const { seat, sums } = startingPlayer(layouts, state.dealer);
  state.layouts = layouts;
  state.openings = new Array(state.players).fill(null);
  state.starter = seat;
  state.turn = seat;
  state.phase = 'play';
  events.push({ type: 'starter', seat, sums });
}

/** After a take, place or discard: HILOs on offer keep the turn open (HL-7), else it ends. */
export function afterAction(state: State, seat: Seat, events: HiloEvent[]): void {
  if (hiloLines(state.layouts[seat]!).length > 0) {
    state.phase = 'hilo';
    state.chain = false;
  } else {
    endTurn(state, seat, events);
  }
}

/** Removes `line` from the turn's layout, its cards to the discard pile lowest on top (HL-8). */
export function removeHilo(
  state: State,
  seat: Seat,
  line: Line,
  close: Close | undefined,
  events: HiloEvent[],
): void {
  const layout = state.layouts[seat]!;
  const cards = discardOrder(lineCards(layout, line));
  const after = removeLine(layout, line, close);
  state.layouts = state.layouts.slice();
  state.layouts[seat] = after;
  state.discard = state.discard.concat(cards);
  events.push(
    close === undefined
      ? { type: 'removed', seat, line, cards, auto: false }
      : { type: 'removed', seat, line, close, cards, auto: false },
  );
  // HL-10: after a diagonal closes up, a HILO in the new layout may go in the same turn.
  if (isDiagonal(line) && hiloLines(after).length > 0) {
    state.phase = 'hilo';
    state.chain = true;
  } else {
    endTurn(state, seat, events);
  }
}

/**
 * Ends `seat`'s turn. HL-11: a player who ends a turn with no face-down card ends the round; every
 * other player then has one more turn in seat order. HL-14: a round nobody ended also ends once
 * every player has had `maxTurns` turns; HL-11 comes first, so a round ended by HL-11 (even on the
 * turn that reaches `maxTurns`) always gives the others their last turns.
 */
export function endTurn(state: State, seat: Seat, events: HiloEvent[]): void {
  state.turns = state.turns.slice();
  state.turns[seat] = state.turns[seat]! + 1;
  state.chain = false;
  if (state.endedBy === null) {
    if (!hasFaceDown(state.layouts[seat]!)) {
      state.endedBy = seat;
      state.lastTurns = seatsFrom(leftOf(seat, state.players), state.players).slice(
        0,
        state.players - 1,
      );
      events.push({ type: 'lastTurns', endedBy: seat, seats: state.lastTurns });
    }
  } else {
    state.lastTurns = state.lastTurns.filter((s) => s !== seat);
  }
  if (state.endedBy !== null) {
    if (state.lastTurns.length === 0) {
      finishRound(state, false, events);
      return;
    }
  } else if (state.turns.every((n) => n >= state.config.maxTurns)) {
    finishRound(state, true, events);
    return;
  }
  state.phase = 'play';
  state.turn = state.endedBy === null ? leftOf(seat, state.players) : state.lastTurns[0]!;
}

type Clear = { sum: number; steps: { line: Line; close?: Close }[] };

/**
 * HL-11: the HILOs the final reveal creates are removed, in the order and closing-up that give the
 * lowest sum. Lines that were HILOs before the reveal were the player's to remove at the end of a
 * turn, so they stay unless a removal breaks them up. Line sums are never negative (−1 + 0 + 1 is
 * the lowest), so removing every eligible line is never worse than stopping early.
 */
export function bestClear(layout: Layout, before: ReadonlySet<string>): Clear {
  let best: Clear | null = null;
  for (const line of hiloLines(layout)) {
    if (before.has(cardsKey(lineCards(layout, line)))) continue;
    const closes: (Close | undefined)[] = isDiagonal(line) ? ['rows', 'cols'] : [undefined];
    for (const close of closes) {
      const rest = bestClear(removeLine(layout, line, close), before);
      if (best === null || rest.sum < best.sum) {
        const step = close === undefined ? { line } : { line, close };
        best = { sum: rest.sum, steps: [step, ...rest.steps] };
      }
    }
  }
  return best ?? { sum: layoutSum(layout), steps: [] };
}

/** HL-11 … HL-13: the final reveal, automatic removals, scoring with doubling, and game end. */
export function finishRound(state: State, stalled: boolean, events: HiloEvent[]): void {
  const layouts = state.layouts.slice();
  let discard = state.discard;
  for (const seat of seatsFrom(leftOf(state.dealer, state.players), state.players)) {
    const old = layouts[seat]!;
    const before = new Set<string>();
    for (const line of hiloLines(old)) before.add(cardsKey(lineCards(old, line)));
    const cells: PlacedCard[] = [];
    let layout: Layout = old.map((row, r) =>
      row.map((slot, c) => {
        if (slot.up) return slot;
        cells.push({ row: r, col: c, card: slot.card });
        return { card: slot.card, up: true };
      }),
    );
    if (cells.length > 0) events.push({ type: 'revealed', seat, cells });
    for (const { line, close } of bestClear(layout, before).steps) {
      const cards = discardOrder(lineCards(layout, line));
      layout = removeLine(layout, line, close);
      discard = discard.concat(cards);
      events.push(
        close === undefined
          ? { type: 'removed', seat, line, cards, auto: true }
          : { type: 'removed', seat, line, close, cards, auto: true },
      );
    }
    layouts[seat] = layout;
  }
  const sums = layouts.map(layoutSum);
  const scores = sums.slice();
  // HL-14: a stalled round was ended by nobody, so nobody is doubled.
  const ender = stalled ? null : state.endedBy;
  let doubled: Seat | null = null;
  if (ender !== null) {
    // HL-12: doubled when above 0 and someone else has as little or less; never when negative.
    const own = sums[ender]!;
    if (own > 0 && sums.some((sum, s) => s !== ender && sum <= own)) {
      scores[ender] = own * 2;
      doubled = ender;
    }
  }
  const totals = state.totals.map((t, s) => t + scores[s]!);
  Object.assign(state, {
    layouts,
    discard,
    drawn: null,
    chain: false,
    lastTurns: [],
    stalled,
    roundSums: sums,
    roundScores: scores,
    totals,
  } satisfies Partial<State>);
  events.push({ type: 'roundOver', round: state.round, sums, scores, doubled, stalled, totals });
  // HL-13: the game ends after a round in which any total reaches the limit; lowest total wins.
  const leaders = () => seatsWith(totals, Math.min(...totals));
  const over = totals.some((t) => t >= state.config.limit);
  closeRound(state, scores, over ? leaders() : null, events, leaders);
}
