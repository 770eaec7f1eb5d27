/**
 * What a table started at a moment of a finished game needs of each game (table/position.ts,
 * table/start-state.ts): a world dealt from a seat's view, as the hard bot deals its own; the
 * game's cards under a state's labels; every card of a state where it lies; the per-seat fields
 * and the seats a state names, to check a state from outside against its table's size; and
 * whether a seat still plays in the round.
 */
import type { RoundState } from '../engine/rounds.ts';
import type { GameId, Seat } from '../engine/types.ts';
import { DECK as HILO_DECK, labelledDeck as hiloDeck } from './hilo/deck.ts';
import type { State as HiloState, View as HiloView } from './hilo/types.ts';
import { determinize as hiloWorld } from './hilo/world.ts';
import { hulahooBot } from './hulahoo/bot.ts';
import { DECK as HULA_DECK, labelledDeck as hulaDeck } from './hulahoo/deck.ts';
import { hulahoo } from './hulahoo/index.ts';
import type { State as HulaState, View as HulaView } from './hulahoo/types.ts';
import { determinize as hulaWorld } from './hulahoo/world.ts';
import { labelledPacks, DECKS as SNEAK_DECKS } from './sneak/deck.ts';
import { determinize as sneakWorld } from './sneak/search.ts';
import type { State as SneakState, View as SneakView } from './sneak/types.ts';

/** A card of any game: an id, and the fields of its face. */
export type AnyCard = { readonly id: string };

export interface PositionRules<State extends RoundState, View> {
  /**
   * A whole state `view` could have come from: every card its seat cannot see dealt at random
   * from those it has not seen, with ids of the world's own (a letter the game's ids never use),
   * and others' sealed choices made again in the cards dealt to them.
   */
  determinize(view: View, random: () => number): State;
  /** How many cards the game is played with, under its options. */
  deckSize(config: State['config']): number;
  /** Every card of the game, under the state's labels: a card's face goes with its id. */
  deck(state: State): AnyCard[];
  /**
   * Every card of the state, each once, where it lies. A copy kept for the record (the last Sneak
   * contest's cards, which lie in its winner's pile) is not one.
   */
  lying(state: State): AnyCard[];
  /** The state's fields that hold one entry per seat. */
  perSeat(state: State): readonly unknown[][];
  /** Every seat the state names (a dealer, whose turn, a winner…), null where it names none. */
  seats(state: State): readonly (Seat | null | undefined)[];
  /** Whether `seat` has nothing more to do in the round being played (knocked out, no cards). */
  sitsOut(state: State, seat: Seat): boolean;
}

/**
 * Hula-Hoo!'s world takes sealed face-up picks back (HH-16a); a seat that had picked picks again
 * at once, as the normal bot would in the hand the world dealt it, so that the seat's view says
 * as before who has picked. Someone had not picked yet (the phase would be over), so the picks
 * made again never end it.
 */
function hulaKnownWorld(view: HulaView, random: () => number): HulaState {
  let world = hulaWorld(view, random);
  view.players.forEach((p, s) => {
    if (s === view.you || !p.picked || world.picks[s] !== null) return;
    const out = hulahoo.apply(world, s, hulahooBot.choose(hulahoo.view(world, s), random));
    if (!out.ok) throw new Error(`a pick made again was refused: ${out.error.code}`);
    world = out.state;
  });
  return world;
}

const hulahooPositions: PositionRules<HulaState, HulaView> = {
  determinize: hulaKnownWorld,
  deckSize: () => HULA_DECK.length,
  deck: (s) => hulaDeck(s.labels),
  lying: (s) => [...s.hands.flat(), ...s.faceUp.flat(), ...s.stock, ...s.discard],
  perSeat: (s) => [s.hands, s.faceUp, s.picks, s.out, s.points, s.wins],
  seats: (s) => [s.dealer, s.turn, s.caller, s.roundWinner, s.streak?.seat, ...s.winners],
  // HH-8: knocked out of the round.
  sitsOut: (s, seat) => s.out[seat] === true,
};

const hiloPositions: PositionRules<HiloState, HiloView> = {
  determinize: (view, random) => hiloWorld(view, random),
  deckSize: () => HILO_DECK.length,
  deck: (s) => hiloDeck(s.labels),
  lying: (s) => [
    ...s.layouts.flatMap((layout) => layout.flat().map((slot) => slot.card)),
    ...s.stock,
    ...s.discard,
    ...(s.drawn ? [s.drawn] : []),
  ],
  perSeat: (s) => [s.layouts, s.openings, s.turns, s.totals],
  seats: (s) => [s.dealer, s.starter, s.turn, s.endedBy, ...s.lastTurns, ...s.winners],
  // Every seat plays to the round's end (HL-11).
  sitsOut: () => false,
};

const sneakPositions: PositionRules<SneakState, SneakView> = {
  determinize: sneakWorld,
  deckSize: (config) => SNEAK_DECKS[config.packs].length,
  deck: (s) => labelledPacks(s.config.packs, s.labels),
  lying: (s) => [...s.stock, ...s.hands.flat(), ...s.won.flat(), ...(s.lead?.cards ?? [])],
  perSeat: (s) => [s.hands, s.won, s.fresh, s.asked, s.answers, s.points],
  seats: (s) => [
    s.dealer,
    s.turn,
    s.lead?.by,
    s.collected?.seat,
    s.last?.leader,
    s.last?.winner,
    ...(s.last?.challengers.map((c) => c.seat) ?? []),
    ...s.winners,
  ],
  // SN-12: with the stock gone, a seat without cards is skipped to the round's end.
  sitsOut: (s, seat) => s.stock.length === 0 && s.hands[seat]?.length === 0,
};

/** Each game's, by id: a game without them does not compile. */
// biome-ignore lint/suspicious/noExplicitAny: each game's own state and view.
export const positions: Record<GameId, PositionRules<any, any>> = {
  hulahoo: hulahooPositions,
  hilo: hiloPositions,
  sneak: sneakPositions,
};
