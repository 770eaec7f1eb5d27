import { cardId } from '../../engine/cards.ts';
import { isObject } from '../../engine/reject.ts';
import { roundGame, roundState, upgradeRng } from '../../engine/rounds.ts';
import { leftOf } from '../../engine/seats.ts';
import { defaultConfig, MAX_PLAYERS, MIN_PLAYERS, parseConfig } from './config.ts';
import { compareCards, DECKS } from './deck.ts';
import { PACK_SIZE, parseCard } from './faces.ts';
import { legalMoves } from './legal.ts';
import { moves } from './moves.ts';
import { predictor } from './predict.ts';
import { dealRound, passTurn } from './rules.ts';
import { toMove } from './turns.ts';
import type {
  Card,
  Config,
  Move,
  Scenario,
  SneakErrorCode,
  SneakEvent,
  State,
  View,
} from './types.ts';
import { openEvents, openView, view } from './view.ts';

export type * from './types.ts';

/** A state before the first deal: the common fields, and this game's own empty. */
function blank(config: Config, players: number, seed: string): State {
  return {
    ...roundState('sneak', config, players, seed, DECKS[config.packs].length, 'play'),
    stock: [],
    hands: [],
    won: [],
    fresh: [],
    turn: 0,
    lead: null,
    asked: [],
    answers: [],
    last: null,
    collected: null,
    points: new Array<number>(players).fill(0),
  };
}

/**
 * A stacked play phase, every seat past its first turn, the dealer's left neighbour to move
 * (or the next seat holding cards once the stock is empty, SN-12). The cards named take their
 * ids from the pack; winnings given as counts are made of the pack's remaining cards. Hands are
 * sorted, as in play.
 */
function fromScenario(config: Config, scenario: Scenario): State {
  const players = scenario.hands.length;
  const pool = DECKS[config.packs].slice();
  let extra = 0;
  const take = (text: string): Card => {
    const parsed = parseCard(text);
    if (parsed === null) throw new Error(`Not a card: "${text}".`);
    const i = pool.findIndex((c) => c.r === parsed.r && c.s === parsed.s);
    if (i >= 0) return pool.splice(i, 1)[0]!;
    return { id: cardId('x', extra++), ...parsed }; // more copies than the packs hold
  };
  const state = blank(config, players, 'scenario');
  state.round = 1;
  state.dealer = scenario.dealer;
  state.hands = scenario.hands.map((hand) => hand.map(take).sort(compareCards));
  state.stock = scenario.stock.map(take).reverse(); // scenarios list the stock top first
  state.won = Array.from({ length: players }, (_, s) => {
    const count = scenario.won?.[s] ?? 0;
    const pile = pool.splice(0, count);
    while (pile.length < count) pile.push({ id: cardId('x', extra++), r: 2, s: 'C' });
    return pile;
  });
  state.fresh = new Array<boolean>(players).fill(false);
  state.asked = new Array<boolean>(players).fill(false);
  state.answers = new Array(players).fill(null);
  if (scenario.totals) state.points = scenario.totals.slice();
  passTurn(state, leftOf(scenario.dealer, players), [] as SneakEvent[]);
  return state;
}

const rounds = roundGame<Config, State, Move, View, Scenario, SneakErrorCode, SneakEvent>({
  id: 'sneak',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  defaultConfig,
  parseConfig,
  blank,
  // The first round's dealer is seat 0, so seat 1 draws first.
  firstDealer: () => 0,
  deal: dealRound,
  // SN-13: the deal passes to the left.
  nextDealer: (state) => leftOf(state.dealer, state.players),
  fromScenario,
  toMove,
  legalMoves,
  moves,
  view,
  openView,
  openEvents,
  // SN-13: one point per card won; highest total wins, ties share.
  totals: (state) => state.points,
  // A contest's outcome (SN-7 to SN-11): the cards shown, who takes the pile.
  resultEvents: ['revealed', 'won'],
  // Played before card labels and the ChaCha20 generator; its options not yet checked, one pack
  // unless they say two.
  upgradeState: (state, at) =>
    upgradeRng(state, at, PACK_SIZE * (isObject(state.config) && state.config.packs === 2 ? 2 : 1)),
});

/** The game, with its instant moves played by its own rules (predict.ts). */
export const sneak: typeof rounds = { ...rounds, predict: predictor(rounds.apply) };
