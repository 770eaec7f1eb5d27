/**
 * Whole states a seat's view could have come from (HL-15): the worlds the hard bot plays out, and
 * the one a move's prediction is played in. Nothing here knows the game object, so that the game's
 * index may use it.
 */
import { plainLabels } from '../../engine/cards.ts';
import { shuffle } from '../../engine/random.ts';
import { seedRng } from '../../engine/rng.ts';
import { leftOf } from '../../engine/seats.ts';
import type { Hidden } from '../../engine/types.ts';
import { COLOURS, DECK_SIZE, MIN_VALUE } from './deck.ts';
import type { Card, Cell, Layout, Slot, State, View } from './types.ts';

const VALUES = DECK_SIZE / COLOURS;

/** A card's place in the deck of faces (HL-1: one card of each colour and value). */
const faceOf = (card: { v: number; c: number }): number => card.c * VALUES + card.v - MIN_VALUE;

/**
 * The cards a world deals into places the seat cannot see. Their ids start with a letter the
 * game's own ids never use, so they cannot clash with a card the seat has seen.
 */
const UNSEEN_CARDS: readonly Card[] = Array.from({ length: DECK_SIZE }, (_, i) =>
  Object.freeze({
    id: `z${i.toString(36)}`,
    v: (i % VALUES) + MIN_VALUE,
    c: Math.floor(i / VALUES),
  }),
);

/** The draw pile is reshuffled (HL-6) with a generator of the world's own: any key will do. */
const WORLD_KEY = seedRng('hilo worlds').key;

export const isHidden = (x: Card | Hidden | null): x is Hidden => x !== null && 'hidden' in x;

/**
 * The faces the seat has not seen: the deck less the face-up cells, the discard pile, its draw.
 * Any of them may lie in any face-down cell.
 */
export function unseen(view: View): Card[] {
  const seen = new Uint8Array(DECK_SIZE);
  for (const p of view.players) {
    for (const row of p.layout) for (const x of row) if (!isHidden(x)) seen[faceOf(x)] = 1;
  }
  for (const card of view.discard) seen[faceOf(card)] = 1;
  if (view.drawn !== null && !isHidden(view.drawn)) seen[faceOf(view.drawn)] = 1;
  const out: Card[] = [];
  for (let i = 0; i < DECK_SIZE; i++) if (seen[i] === 0) out.push(UNSEEN_CARDS[i]!);
  return out;
}

/** Two distinct cells of a 3×3 layout in reading order: a sealed opening choice made again. */
function randomPair(random: () => number): Cell[] {
  const a = Math.floor(random() * 9);
  let b = Math.floor(random() * 8);
  if (b >= a) b++;
  const [x, y] = a < b ? [a, b] : [b, a];
  return [
    { row: Math.floor(x / 3), col: x % 3 },
    { row: Math.floor(y / 3), col: y % 3 },
  ];
}

/** A face-down cell of the seat's own layout, and the card (one of `unseen`) a world puts there. */
export type Fixed = { cell: Cell; card: Card };

/**
 * A whole state the view could have come from. HL-15: face-down cells, the draw pile and another
 * player's drawn card are dealt at random from the faces the seat has not seen (but for `fixed`,
 * which lies where it says); everything public is taken as it is. Others' sealed opening choices
 * (HL-2) are drawn again.
 */
export function determinize(view: View, random: () => number, fixed?: Fixed): State {
  const me = view.you!;
  const pool = shuffle(
    unseen(view).filter((card) => card !== fixed?.card),
    random,
  );
  const dealt = (s: number, row: number, col: number): Card =>
    s === me && fixed !== undefined && fixed.cell.row === row && fixed.cell.col === col
      ? fixed.card
      : pool.pop()!;
  const layouts: Layout[] = view.players.map((p, s) =>
    p.layout.map((cards, r) =>
      cards.map(
        (x, c): Slot => (isHidden(x) ? { card: dealt(s, r, c), up: false } : { card: x, up: true }),
      ),
    ),
  );
  const drawn = isHidden(view.drawn) ? pool.pop()! : view.drawn;
  // The draw pile holds the rest: all of it in a game; in a stacked position (fromScenario), as
  // many as its pile, the cards it does not name being out of play.
  if (pool.length < view.stock) throw new Error('the view shows more cards than the deck holds');
  const stock = pool.slice(pool.length - view.stock);
  const opening = view.phase === 'opening';
  const openings = view.players.map((p, s) => {
    if (!opening || !p.ready) return null;
    return s === me ? p.chosen! : randomPair(random);
  });
  const starter = view.starter ?? leftOf(view.dealer, view.players.length);
  return {
    game: 'hilo',
    config: view.config,
    players: view.players.length,
    rng: { key: WORLD_KEY, counter: Math.floor(random() * 0x100000) * 64 },
    labels: plainLabels(DECK_SIZE),
    round: view.round,
    dealer: view.dealer,
    phase: view.phase,
    layouts,
    stock,
    discard: view.discard,
    drawn,
    openings,
    starter,
    turn: view.turn ?? starter,
    chain: view.chain,
    turns: view.players.map((p) => p.turns),
    endedBy: view.endedBy,
    lastTurns: view.lastTurns,
    stalled: view.stalled,
    roundSums: view.roundSums,
    roundScores: view.roundScores,
    history: view.history,
    totals: view.totals,
    winners: view.winners,
  };
}
