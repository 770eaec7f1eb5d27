import { cardId } from '../../engine/cards.ts';
import { roundGame, roundState, upgradeRng } from '../../engine/rounds.ts';
import { leftOf } from '../../engine/seats.ts';
import { defaultConfig, MAX_PLAYERS, MIN_PLAYERS, parseConfig } from './config.ts';
import { compareCards, DECK_SIZE, ID_PREFIX } from './deck.ts';
import { legalMoves } from './legal.ts';
import { moves } from './moves.ts';
import { predict } from './predict.ts';
import { dealRound, passTurn } from './rules.ts';
import { toMove, totals } from './turns.ts';
import type {
  Card,
  Config,
  HulaErrorCode,
  HulaEvent,
  Move,
  Scenario,
  State,
  View,
} from './types.ts';
import { openView, view } from './view.ts';

export type * from './types.ts';

/** A state before the first deal: the common fields, and this game's own empty. */
function blank(config: Config, players: number, seed: string): State {
  const zeros = new Array<number>(players).fill(0);
  return {
    ...roundState('hulahoo', config, players, seed, DECK_SIZE, 'play'),
    hands: [],
    faceUp: [],
    picks: [],
    stock: [],
    returned: 0,
    discard: [],
    out: [],
    turn: 0,
    call: null,
    caller: null,
    points: zeros,
    wins: zeros.slice(),
    streak: null,
    roundWinner: null,
  };
}

/**
 * A stacked play phase: nothing discarded yet, the dealer's left neighbour to lead. Ids are given
 * in the scenario's order; hands and face-up cards are sorted as in a real deal.
 */
function fromScenario(config: Config, scenario: Scenario): State {
  const players = scenario.hands.length;
  let n = 0;
  const cards = (values: number[]): Card[] =>
    values.map((v) => ({ id: cardId(ID_PREFIX, n++), v }));
  const sorted = (values: number[]): Card[] => cards(values).sort(compareCards);
  const state = blank(config, players, 'scenario');
  state.round = 1;
  state.dealer = scenario.dealer;
  state.hands = scenario.hands.map(sorted);
  state.faceUp = scenario.faceUp.map(sorted);
  state.picks = new Array(players).fill(null);
  state.stock = cards(scenario.stock).reverse(); // scenarios list the pile top first
  state.out = new Array(players).fill(false);
  if (scenario.totals) {
    if (config.goal.kind === 'points') state.points = scenario.totals.slice();
    else state.wins = scenario.totals.slice();
  }
  passTurn(state, leftOf(scenario.dealer, players), [] as HulaEvent[]);
  return state;
}

const base = roundGame<Config, State, Move, View, Scenario, HulaErrorCode, HulaEvent>({
  id: 'hulahoo',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  defaultConfig,
  parseConfig,
  blank,
  firstDealer: (config) => config.firstDealer ?? 0,
  deal: dealRound,
  // HH-14: the round's winner deals the next round.
  nextDealer: (state) => state.roundWinner ?? state.dealer,
  fromScenario,
  toMove,
  legalMoves,
  moves,
  view,
  openView,
  totals,
  // A player knocked out (HH-8), the round going on without them.
  resultEvents: ['eliminated'],
  upgradeState(state, at) {
    // Played before card labels and the ChaCha20 generator.
    const s = upgradeRng(state, at, DECK_SIZE);
    // HH-3: states from before the swap's cards under the pile were counted; none were.
    return typeof s.returned === 'number' ? s : { ...s, returned: 0 };
  },
});

/** The life cycle every round game shares, with instant moves (predict.ts) beside it. */
export const hulahoo = { ...base, predict };
