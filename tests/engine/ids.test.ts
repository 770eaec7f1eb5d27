/**
 * Card ids and hand order say nothing about the deal: each game draws its own ids at setup (so an
 * id does not name a place in the unshuffled deck), and hands are kept sorted (so their order is
 * not the order the cards came in). Each card keeps its id for the whole game.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../shared/engine/types.ts';
import { DECK as HILO_DECK } from '../../shared/games/hilo/deck.ts';
import { DECK as HULA_DECK } from '../../shared/games/hulahoo/deck.ts';
import { hulahoo } from '../../shared/games/hulahoo/index.ts';
import type { Card } from '../../shared/games/hulahoo/types.ts';
import { DECKS as SNEAK_DECKS } from '../../shared/games/sneak/deck.ts';
import { hiloAdapter } from './hilo/adapter.ts';
import { hulahooAdapter } from './hulahoo/adapter.ts';
import { sneakAdapter } from './sneak/adapter.ts';
import { describeEachGame, type PerGame } from './support/per-game.ts';
import { type PropertyAdapter, playGame } from './support/properties.ts';

type AnyCard = { id: string; [face: string]: unknown };

/** Every card object in a state, wherever it lies (the generator and labels hold none). */
function cardsIn(value: unknown, out: AnyCard[] = []): AnyCard[] {
  if (Array.isArray(value)) for (const item of value) cardsIn(item, out);
  else if (typeof value === 'object' && value !== null) {
    if (typeof (value as AnyCard).id === 'string') out.push(value as AnyCard);
    else for (const item of Object.values(value)) cardsIn(item, out);
  }
  return out;
}

const face = ({ id: _id, ...rest }: AnyCard) => JSON.stringify(rest);

const SUIT_ORDER: Record<string, number> = { S: 0, H: 1, D: 2, C: 3 };
const byId = (a: AnyCard, b: AnyCard) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

interface Case {
  // biome-ignore lint/suspicious/noExplicitAny: one table for every game's adapter.
  adapter: PropertyAdapter<any>;
  players: number;
  deck: readonly AnyCard[];
  /** The order hands are shown in; null for a game without hands (HiLO deals a grid). */
  order: ((a: AnyCard, b: AnyCard) => number) | null;
}

const hulahooOrder = (a: AnyCard, b: AnyCard) => (a.v as number) - (b.v as number) || byId(a, b);

/** Each game's cases: its deck at a player count, and the order its hands are shown in. */
const CASES: PerGame<Case[]> = {
  hulahoo: [{ adapter: hulahooAdapter, players: 4, deck: HULA_DECK, order: hulahooOrder }],
  hilo: [{ adapter: hiloAdapter, players: 4, deck: HILO_DECK, order: null }],
  sneak: [
    {
      adapter: sneakAdapter,
      players: 4,
      deck: SNEAK_DECKS[1],
      order: (a, b) =>
        (a.r as number) - (b.r as number) ||
        SUIT_ORDER[a.s as string]! - SUIT_ORDER[b.s as string]! ||
        byId(a, b),
    },
    // Two packs: which twin is which must not show either.
    { adapter: sneakAdapter, players: 6, deck: SNEAK_DECKS[2], order: null },
  ],
};

function isSorted(cards: readonly AnyCard[], order: (a: AnyCard, b: AnyCard) => number): boolean {
  for (let i = 1; i < cards.length; i++) if (order(cards[i - 1]!, cards[i]!) > 0) return false;
  return true;
}

function setup(game: AnyGame, players: number, seed: string): unknown {
  return game.setup(game.defaultConfig(players), players, seed);
}

describeEachGame(CASES, 'card-id case (its deck and hand order, in CASES)', '%s', (_id, cases) => {
  describe.each(cases)('$players players: card ids', ({ adapter, players, deck, order }) => {
    const { game } = adapter;

    it('are drawn per game: over 50 seeds each deck label names many faces', () => {
      const faces = new Map<string, Set<string>>(deck.map((c) => [c.id, new Set<string>()]));
      for (let i = 0; i < 50; i++) {
        const cards = cardsIn(setup(game, players, `ids ${i}`));
        expect(cards).toHaveLength(deck.length);
        for (const card of cards) {
          // The same short ids as the deck's, so they stay opaque; but not on the same cards.
          expect(faces.has(card.id), card.id).toBe(true);
          faces.get(card.id)!.add(face(card));
        }
        expect(new Set(cards.map((c) => c.id)).size).toBe(deck.length);
      }
      for (const [id, seen] of faces) expect(seen.size, id).toBeGreaterThanOrEqual(5);
    });

    it('stay on their cards all game, unique, while hands stay sorted', () => {
      let deals = 0;
      for (let i = 0; i < 5; i++) {
        const named = new Map<string, string>();
        const input = { seed: `game ${i}`, players, config: {}, picks: `${i}` };
        const check = (state: unknown) => {
          const cards = cardsIn(state);
          expect(new Set(cards.map((c) => c.id)).size).toBe(adapter.countCards(state));
          for (const card of cards) {
            const was = named.get(card.id);
            if (was === undefined) named.set(card.id, face(card));
            else if (was !== face(card)) expect(face(card), card.id).toBe(was);
          }
          if (order === null) return;
          for (let s = 0; s < players; s++) {
            const hand = (game.view(state, s).players[s].hand ?? []) as AnyCard[];
            if (!isSorted(hand, order)) expect(hand.map(face)).toEqual('sorted');
          }
        };
        check(setup(game, players, input.seed));
        playGame(adapter, input, (step) => {
          check(step.after);
          if ((step.move as { t: string }).t === 'nextRound') deals++;
        });
        expect(named.size).toBe(deck.length);
      }
      expect(deals, 'new deals keep the game’s ids').toBeGreaterThan(0);
    });
  });
});

describe('a deal', () => {
  it('shows Hula-Hoo! hands and face-up cards sorted, never in the order dealt', () => {
    const order = hulahooOrder;
    for (let i = 0; i < 50; i++) {
      const state = hulahoo.setup(hulahoo.defaultConfig(4), 4, `sorted ${i}`);
      for (let s = 0; s < 4; s++) {
        const view = hulahoo.view(state, s);
        expect(isSorted(view.players[s]!.hand as Card[], order)).toBe(true);
        for (const p of view.players) expect(isSorted(p.faceUp, order)).toBe(true);
      }
    }
  });
});
