import { cardId } from '../../engine/cards.ts';
import { roundGame, roundState, upgradeRng } from '../../engine/rounds.ts';
import { leftOf } from '../../engine/seats.ts';
import { defaultConfig, MAX_PLAYERS, MIN_PLAYERS, parseConfig } from './config.ts';
import { DECK_SIZE, ID_PREFIX } from './deck.ts';
import { legalMoves } from './legal.ts';
import { moves } from './moves.ts';
import { predictor } from './predict.ts';
import { dealRound, freshRound, startingPlayer } from './rules.ts';
import { toMove } from './turns.ts';
import type {
  Card,
  Config,
  HiloErrorCode,
  HiloEvent,
  HiloGame,
  Layout,
  Move,
  Scenario,
  State,
  View,
} from './types.ts';
import { openView, view } from './view.ts';

export type * from './types.ts';

/** A state before the first deal: the common fields, and this game's own empty. */
function blank(config: Config, players: number, seed: string): State {
  return {
    ...roundState('hilo', config, players, seed, DECK_SIZE, 'opening'),
    layouts: [],
    stock: [],
    discard: [],
    ...freshRound(players, 0),
    totals: new Array(players).fill(0),
  };
}

/**
 * A stacked first turn of the play phase, the opening done. Without `start`, HL-3 picks the
 * starting player from the face-up cards when every layout shows exactly two; otherwise (an
 * ambiguous position) the dealer's left neighbour begins.
 */
function fromScenario(config: Config, scenario: Scenario): State {
  const players = scenario.layouts.length;
  let n = 0;
  const card = (x: { v: number; c: number }): Card => ({
    id: cardId(ID_PREFIX, n++),
    v: x.v,
    c: x.c,
  });
  const state = blank(config, players, 'scenario');
  state.round = 1;
  state.dealer = scenario.dealer;
  state.phase = 'play';
  state.layouts = scenario.layouts.map((cards): Layout => {
    const layout: Layout = [];
    for (let r = 0; r < 3; r++) {
      layout.push(cards.slice(r * 3, r * 3 + 3).map((x) => ({ card: card(x), up: x.up })));
    }
    return layout;
  });
  state.stock = scenario.stock.map(card).reverse(); // scenarios list the pile top first
  state.discard = scenario.discard.map(card);
  if (scenario.totals) state.totals = scenario.totals.slice();
  let start = (scenario.dealer + 1) % players;
  const twoUp = scenario.layouts.every((cards) => cards.filter((x) => x.up).length === 2);
  if (scenario.start !== undefined) start = scenario.start;
  else if (twoUp) start = startingPlayer(state.layouts, scenario.dealer).seat;
  state.starter = start;
  state.turn = start;
  return state;
}

const rules = roundGame<Config, State, Move, View, Scenario, HiloErrorCode, HiloEvent>({
  id: 'hilo',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  defaultConfig,
  parseConfig,
  blank,
  firstDealer: (config) => config.firstDealer ?? 0,
  deal: dealRound,
  // HL-3: the deal passes left.
  nextDealer: (state) => leftOf(state.dealer, state.players),
  fromScenario,
  toMove,
  legalMoves,
  moves,
  view,
  openView,
  totals: (state) => state.totals,
  // Its one result, every layout turned face up (HL-11), ends the round: the pause between
  // rounds, not a bot's hold, gives people the time to read it.
  resultEvents: [],
  // Played before card labels and the ChaCha20 generator.
  upgradeState: (state, at) => upgradeRng(state, at, DECK_SIZE),
});

/** The game, and what its moves do to the mover's view before the table answers (predict.ts). */
export const hilo: HiloGame = {
  ...rules,
  predict: predictor(rules),
};
