/** How the shared property tests see HiLO: its cards, and what each seat cannot see. */
import fc from 'fast-check';
import { LIMIT_RANGE } from '../../../shared/games/hilo/config.ts';
import { hilo } from '../../../shared/games/hilo/index.ts';
import type { Card, Layout, State } from '../../../shared/games/hilo/types.ts';
import type { PropertyAdapter } from '../support/properties.ts';

/** HL-15: hidden from a viewer are every face-down cell, the draw pile and someone else's drawn card. */
function shuffleHidden(state: State, seat: number | null, random: () => number): State {
  const layouts: Layout[] = state.layouts.map((layout) =>
    layout.map((row) => row.map((slot) => ({ ...slot }))),
  );
  const stock = state.stock.slice();
  const cards: Card[] = [];
  const put: ((card: Card) => void)[] = [];
  for (const layout of layouts) {
    for (const row of layout) {
      for (const slot of row) {
        if (slot.up) continue;
        cards.push(slot.card);
        put.push((card) => {
          slot.card = card;
        });
      }
    }
  }
  stock.forEach((card, i) => {
    cards.push(card);
    put.push((c) => {
      stock[i] = c;
    });
  });
  let drawn = state.drawn;
  if (drawn !== null && seat !== state.turn) {
    cards.push(drawn);
    put.push((c) => {
      drawn = c;
    });
  }
  for (let i = cards.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [cards[i], cards[j]] = [cards[j]!, cards[i]!];
  }
  for (let k = 0; k < put.length; k++) put[k]!(cards[k]!);
  return { ...state, layouts, stock, drawn };
}

function countCards(s: State): number {
  let n = s.stock.length + s.discard.length + (s.drawn === null ? 0 : 1);
  for (const layout of s.layouts) for (const row of layout) n += row.length;
  return n;
}

export const hiloAdapter: PropertyAdapter<State> = {
  game: hilo,
  minPlayers: 2,
  maxPlayers: 6,
  configs: fc.oneof(
    fc.constant(undefined),
    fc.record(
      {
        // Every limit a table takes (ALL-3), mostly the quicker ones.
        limit: fc.oneof(fc.integer({ min: 50, max: 80 }), fc.integer({ min: 50, max: 300 })),
        maxTurns: fc.integer({ min: 1, max: 50 }),
        firstDealer: fc.constant(1),
      },
      { requiredKeys: [] },
    ),
  ),
  variants: [{}, { limit: 50 }],
  goals: {
    accepted: [{ limit: 50 }, { limit: 300 }],
    refused: [{ limit: 49 }, { limit: 301 }, { limit: 10000 }],
    longest: [{ limit: 300 }, { limit: 300, maxTurns: 1 }],
    lowWins: true,
  },
  countCards,
  expectedCards: () => 104,
  shuffleHidden,
  // HL-14: at most 50 turns each, a turn at most 4 moves (draw, discard, HILO, chained HILO).
  maxMovesPerRound: 6 * 50 * 4 + 8,
  // The lowest limit, and rounds of three turns each.
  quick: { limit: LIMIT_RANGE.min, maxTurns: 3 },
  // Declined: a turn that ends the round (HL-11).
  predicted: {
    reveal: 1,
    take: 0.97,
    draw: 1,
    place: 0.97,
    discard: 0.98,
    hilo: 0.95,
    keep: 0.95,
    nextRound: 1,
  },
};
