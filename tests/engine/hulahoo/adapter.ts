/** How the shared property tests see Hula-Hoo!: its cards, and what each seat cannot see. */
import fc from 'fast-check';
import { hulahoo } from '../../../shared/games/hulahoo/index.ts';
import type { Card, State } from '../../../shared/games/hulahoo/types.ts';
import type { PropertyAdapter } from '../support/properties.ts';

/**
 * HH-17: hidden from a viewer are the hands of other players still in, and the draw pile, but for
 * the cards the swap put at its bottom, which everyone saw go under (HH-3).
 */
function shuffleHidden(state: State, seat: number | null, random: () => number): State {
  const hands = state.hands.map((h) => h.slice());
  const stock = state.stock.slice();
  const places: [Card[], number][] = [];
  hands.forEach((hand, s) => {
    if (s !== seat && !state.out[s]) for (let i = 0; i < hand.length; i++) places.push([hand, i]);
  });
  const under = Math.min(state.returned, stock.length);
  for (let i = under; i < stock.length; i++) places.push([stock, i]);
  const cards = places.map(([pile, i]) => pile[i]);
  for (let i = cards.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  const renamed = new Map<string, string>();
  places.forEach(([pile, i], k) => {
    renamed.set(pile[i]!.id, cards[k]!.id);
    pile[i] = cards[k]!;
  });
  // A sealed pick (HH-16a) names cards by id: it follows the cards that now lie where they lay.
  const picks = state.picks.map((p) => (p === null ? null : p.map((id) => renamed.get(id) ?? id)));
  return { ...state, hands, stock, picks };
}

/** The placement stand-in (HH-16a: any 5 hand cards) filled with hand cards at random. */
function concretize(state: State, seat: number, move: unknown, random: () => number): unknown {
  const m = move as { t: string; count?: number };
  if (m.count === undefined) return move;
  const left = state.hands[seat]!.map((c) => c.id);
  const cards: string[] = [];
  while (cards.length < m.count) cards.push(...left.splice(Math.floor(random() * left.length), 1));
  return { t: m.t, cards };
}

const countCards = (s: State) =>
  s.stock.length +
  s.discard.length +
  s.hands.reduce((n, h) => n + h.length, 0) +
  s.faceUp.reduce((n, f) => n + f.length, 0);

const wins = (n: number, consecutive = false) => ({ goal: { kind: 'wins', wins: n, consecutive } });
const points = (n: number) => ({ goal: { kind: 'points', points: n } });

export const hulahooAdapter: PropertyAdapter<State> = {
  game: hulahoo,
  minPlayers: 2,
  maxPlayers: 6,
  configs: fc.record(
    {
      // Every goal a table takes (ALL-3), mostly the quicker ones.
      goal: fc.oneof(
        fc.record({ kind: fc.constant('points'), points: fc.integer({ min: 20, max: 60 }) }),
        fc.record({
          kind: fc.constant('wins'),
          wins: fc.integer({ min: 1, max: 4 }),
          consecutive: fc.boolean(),
        }),
        fc.record({ kind: fc.constant('points'), points: fc.integer({ min: 20, max: 200 }) }),
        fc.record({
          kind: fc.constant('wins'),
          wins: fc.integer({ min: 1, max: 10 }),
          consecutive: fc.boolean(),
        }),
      ),
      chaos: fc.record(
        { chooseFaceUp: fc.boolean(), noSwap: fc.boolean(), chooseTarget: fc.boolean() },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  ),
  // The defaults; choosing face-up cards, the other two chaos rules, all three; a goal of wins.
  variants: [
    {},
    { chaos: { chooseFaceUp: true } },
    { chaos: { noSwap: true, chooseTarget: true } },
    { chaos: { chooseFaceUp: true, noSwap: true, chooseTarget: true } },
    { goal: { kind: 'wins', wins: 2, consecutive: true } },
  ],
  goals: {
    accepted: [points(20), points(200), wins(1), wins(10, true)],
    refused: [points(19), points(201), wins(0), wins(11), wins(11, true)],
    longest: [points(200), wins(10), wins(10, true)],
    lowWins: false,
  },
  countCards,
  expectedCards: () => 84,
  shuffleHidden,
  concretize,
  maxMovesPerRound: 200,
  // All but the next deal: where the turn reaches a seat that may be unable to answer (HH-8), what
  // that decides is pending and the mover's own part shows.
  predicted: { place: 1, swap: 1, play: 1, retarget: 1 },
  // Two round wins: a game soon over, in which a player knocked out at once still sees a round.
  quick: wins(2),
};
