/** How the shared property tests see Sneak: its cards, and what each seat cannot see. */

import fc from 'fast-check';
import { TARGET_RANGE } from '../../../shared/games/sneak/config.ts';
import { sneak } from '../../../shared/games/sneak/index.ts';
import { fillChoice } from '../../../shared/games/sneak/legal.ts';
import type { Card, State } from '../../../shared/games/sneak/types.ts';
import type { PropertyAdapter } from '../support/properties.ts';

/*
 * These hooks run on deep-frozen states hundreds of thousands of times: they copy arrays with
 * spreads, because V8 slices a frozen array tens of times slower.
 */

/**
 * SN-14: hidden from a viewer are the stock, the other seats' hands and winnings (only their sizes
 * show), and a sneak lead by someone else. Sealed answers name cards by id: they follow the cards
 * that now lie where those lay.
 */
export function shuffleHidden(state: State, seat: number | null, random: () => number): State {
  const stock = [...state.stock];
  const hands = state.hands.map((h, s) => (s === seat ? h : [...h]));
  const won = state.won.map((w, s) => (s === seat ? w : [...w]));
  let lead = state.lead;
  const piles: Card[][] = [stock];
  for (let s = 0; s < state.players; s++) {
    if (s !== seat) piles.push(hands[s]!, won[s]!);
  }
  if (lead && lead.kind === 'sneak' && lead.by !== seat) {
    lead = { ...lead, cards: [...lead.cards] };
    piles.push(lead.cards);
  }
  const cards: Card[] = [];
  for (const pile of piles) for (const card of pile) cards.push(card);
  for (let i = cards.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const card = cards[i]!;
    cards[i] = cards[j]!;
    cards[j] = card;
  }
  // Only sealed challenges name cards by id; most states have none, so no renaming is needed.
  const renamed = state.answers.some(Array.isArray) ? new Map<string, string>() : null;
  let k = 0;
  for (const pile of piles) {
    for (let i = 0; i < pile.length; i++) {
      const card = cards[k++]!;
      renamed?.set(pile[i]!.id, card.id);
      pile[i] = card;
    }
  }
  const answers = renamed
    ? state.answers.map((a) => (Array.isArray(a) ? a.map((id) => renamed.get(id) ?? id) : a))
    : state.answers;
  return { ...state, stock, hands, won, lead, answers };
}

function countCards(s: State): number {
  let n = s.stock.length + (s.lead ? s.lead.cards.length : 0);
  for (const hand of s.hands) n += hand.length;
  for (const pile of s.won) n += pile.length;
  return n;
}

/** A stand-in filled from the seat's hand: any cards, or a legal flaunt or beating challenge. */
function concretize(state: State, seat: number, move: unknown, random: () => number): unknown {
  const m = move as { t: string; count?: number };
  if (m.count === undefined) return move;
  const cards = fillChoice(state.hands[seat]!, { t: m.t, count: m.count }, state.lead, random);
  return { t: m.t, cards };
}

export const sneakAdapter: PropertyAdapter<State> = {
  game: sneak,
  minPlayers: 2,
  maxPlayers: 7,
  // Packs follow the player count (SN-1). Low targets keep most games short; one game in six plays
  // to the default target and one to any target a table takes (ALL-3).
  configs: fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 1 },
    {
      arbitrary: fc.record({ target: fc.integer({ min: 50, max: 70 }) }, { requiredKeys: [] }),
      weight: 4,
    },
    { arbitrary: fc.record({ target: fc.integer({ min: 50, max: 400 }) }), weight: 1 },
  ),
  // Two packs from 5 players (SN-1), which the bot tests reach.
  variants: [{}, { target: 50 }],
  goals: {
    accepted: [{ target: 50 }, { target: 400 }],
    refused: [{ target: 49 }, { target: 401 }, { target: 10000 }],
    longest: [{ target: 400 }],
    lowWins: false,
  },
  countCards,
  expectedCards: (s) => s.config.packs * 52,
  shuffleHidden,
  concretize,
  maxMovesPerRound: 1500,
  // The lowest target.
  quick: { target: TARGET_RANGE.min },
  // Only the last answer to a contest may go unpredicted: with the stock gone, when others' sealed
  // answers decide whose turn it is or whether the round ends.
  predicted: { draw: 1, sneak: 1, flaunt: 1, challenge: 0.99, decline: 0.98, nextRound: 1 },
};
