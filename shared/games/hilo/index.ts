import { cardId, drawLabels, plainLabels } from '../../engine/cards.ts';
import { seedRng } from '../../engine/rng.ts';
import type { Game } from '../../engine/types.ts';
import { defaultConfig, MAX_PLAYERS, MIN_PLAYERS, parseConfig } from './config.ts';
import { DECK_SIZE, ID_PREFIX } from './deck.ts';
import { legalMoves } from './legal.ts';
import { applyMove } from './moves.ts';
import { dealRound, startingPlayer } from './rules.ts';
import { result, toMove } from './turns.ts';
import type { Card, Config, HiloEvent, Layout, Move, Scenario, State, View } from './types.ts';
import { view } from './view.ts';

export type {
  Card,
  Cell,
  Close,
  Config,
  HiloEvent,
  Line,
  Move,
  Scenario,
  State,
  View,
} from './types.ts';

function emptyState(config: Config, players: number, seed: string): State {
  return {
    game: 'hilo',
    config,
    players,
    rng: seedRng(seed),
    labels: plainLabels(DECK_SIZE),
    round: 0,
    dealer: 0,
    phase: 'opening',
    layouts: [],
    stock: [],
    discard: [],
    drawn: null,
    openings: new Array(players).fill(null),
    starter: 0,
    turn: 0,
    chain: false,
    turns: new Array(players).fill(0),
    endedBy: null,
    lastTurns: [],
    stalled: false,
    roundSums: null,
    roundScores: null,
    history: [],
    totals: new Array(players).fill(0),
    winners: [],
  };
}

function setup(config: Config, players: number, seed: string): State {
  const state = emptyState(config, players, seed);
  state.labels = drawLabels(DECK_SIZE, state.rng);
  dealRound(state, config.firstDealer ?? 0, 1, [] as HiloEvent[]);
  return state;
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
  const state = emptyState(config, players, 'scenario');
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

export const hilo: Game<Config, State, Move, View, Scenario> = {
  id: 'hilo',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  defaultConfig,
  parseConfig,
  setup,
  fromScenario,
  toMove,
  legalMoves,
  apply: applyMove,
  view,
  result,
};
