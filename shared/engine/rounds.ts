/**
 * The life every game's table goes through: a deal, play to the round's end, a pause while the
 * players look at the scores, the next deal, and so on until the game is over. Each game brings
 * its own deal, play and scoring; the life cycle around them is written once, here.
 */
import { drawLabels, plainLabels } from './cards.ts';
import { dispatchMove, hasOnlyKeys, type MoveHandlers, type MoveObject, refuse } from './reject.ts';
import { type RngState, seedRng } from './rng.ts';
import { seatsWhere } from './seats.ts';
import type { Game, GameEvent, GameId, GameResult, Seat, StoredAt, StoredState } from './types.ts';

/** A game's own phases, and the two every game has: between rounds, and over. */
export type RoundPhase<Own extends string> = Own | 'roundOver' | 'gameOver';

/** The move every seat may make between rounds: ready for the next one. */
export type NextRound = { t: 'nextRound' };

/**
 * The last event of every game. `roundLimit`: the game reached MAX_ROUNDS and ended with its
 * leaders (ALL-3).
 */
export type GameOver = { type: 'gameOver'; winners: Seat[]; roundLimit?: true };

/** ALL-3: no game runs past this many rounds; after the last, the leaders win. */
export const MAX_ROUNDS = 100;

/** The fields every game's state starts with. */
export interface RoundState<
  Id extends GameId = GameId,
  Config = unknown,
  Own extends string = string,
> {
  game: Id;
  config: Config;
  players: number;
  rng: RngState;
  /** The game's card ids by place in the unshuffled deck (drawLabels); never shown to anyone. */
  labels: number[];
  round: number;
  dealer: Seat;
  phase: RoundPhase<Own>;
  /** Each finished round's scores per seat, for the score sheet. */
  history: number[][];
  /** Set when the game is over: who won (several share a tie). */
  winners: Seat[];
}

/** The common fields of a state before the first deal, its labels in deck order. */
export function roundState<Id extends GameId, Config, Own extends string>(
  game: Id,
  config: Config,
  players: number,
  seed: string,
  deckSize: number,
  phase: Own,
): RoundState<Id, Config, Own> {
  return {
    game,
    config,
    players,
    rng: seedRng(seed),
    labels: plainLabels(deckSize),
    round: 0,
    dealer: 0,
    phase,
    history: [],
    winners: [],
  };
}

/**
 * The state with its generator replaced by one seeded with `seed`: every draw from here on comes
 * from the new seed alone. A game played in a browser is taken over by the server this way at a
 * round's end, so that the deals still to come are secret from the page that knew the old seed.
 * Every game deals a round from its whole deck, shuffled afresh (its `deal`), and carries no card
 * dealt ahead from one round to the next, so the next deal depends on the new generator only.
 */
export function reseed<S extends { rng: RngState }>(state: S, seed: string): S {
  return { ...state, rng: seedRng(seed) };
}

/**
 * For a game's `upgradeState`: a state stored before the ChaCha20 generator, which held sfc32's
 * four numbers and no card labels, brought up to date (the same object when it is already). Its
 * cards carry the deck's own labels (`deckSize` cards), so those are kept; the generator is
 * re-keyed from the game's secret seed and the moves made so far, which only changes deals still
 * to come. (Such a game's record then no longer replays from its seed: the price of carrying it
 * over.)
 */
export function upgradeRng(state: StoredState, at: StoredAt, deckSize: number): StoredState {
  if (!Array.isArray(state.rng)) return state;
  return {
    ...state,
    rng: seedRng(`${at.seed}:${at.moveCount}`),
    labels: Array.isArray(state.labels) ? state.labels : plainLabels(deckSize),
  };
}

/**
 * Ends a round whose own events are already told: its scores go on the score sheet, then either
 * the game is over, won by `winners`, or the table pauses for the next round. ALL-3: after round
 * MAX_ROUNDS the game is over whatever the goal, won by its `leaders` by the game's own ranking.
 */
export function closeRound(
  state: RoundState,
  scores: number[],
  winners: Seat[] | null,
  events: GameEvent[],
  leaders: () => Seat[],
): void {
  state.history = [...state.history, scores];
  const over = winners ?? (state.round >= MAX_ROUNDS ? leaders() : null);
  if (over) {
    state.phase = 'gameOver';
    state.winners = over;
    events.push(
      winners
        ? ({ type: 'gameOver', winners } satisfies GameOver)
        : ({ type: 'gameOver', winners: over, roundLimit: true } satisfies GameOver),
    );
  } else {
    state.phase = 'roundOver';
  }
}

/** The seats holding `value` in `totals`: the winners, given the best total. */
export function seatsWith(totals: readonly number[], value: number): Seat[] {
  return seatsWhere(totals.length, (s) => totals[s] === value);
}

/** Who may move: within a round the game says; between rounds everyone; after the game nobody. */
export function roundTurns<S extends RoundState>(inRound: (state: S) => Seat[]) {
  return (state: S): Seat[] => {
    if (state.phase === 'roundOver') return seatsWhere(state.players);
    if (state.phase === 'gameOver') return [];
    return inRound(state);
  };
}

/** A seat's legal moves: within a round the game says; between rounds, to go on. */
export function roundMoves<S extends RoundState, M>(inRound: (state: S, seat: Seat) => M[]) {
  return (state: S, seat: Seat): (M | NextRound)[] => {
    if (state.phase === 'roundOver') return [{ t: 'nextRound' }];
    if (state.phase === 'gameOver') return [];
    return inRound(state, seat);
  };
}

/** What a game brings to the life cycle: its rules within a round, and how rounds begin. */
export interface RoundRules<
  Config,
  State extends RoundState,
  Move extends { t: string },
  View,
  Scenario,
  Code extends string,
  Event extends GameEvent,
> {
  id: State['game'];
  minPlayers: number;
  maxPlayers: number;
  defaultConfig(players: number): Config;
  parseConfig: Game<Config, State, Move, View, Scenario, Code>['parseConfig'];
  /** The state before the first deal: `roundState` and the game's own fields, empty. */
  blank(config: Config, players: number, seed: string): State;
  /** Who deals the first round. */
  firstDealer(config: Config): Seat;
  /** Deals round `round` into `state` (a copy the caller owns) and tells it in `events`. */
  deal(state: State, dealer: Seat, round: number, events: GameEvent[]): void;
  /** Who deals the round after the one just over. */
  nextDealer(state: State): Seat;
  fromScenario(config: Config, scenario: Scenario): State;
  /** Made with `roundTurns` and `roundMoves`, which the game's view uses too. */
  toMove(state: State): Seat[];
  legalMoves(state: State, seat: Seat): Move[];
  /** A handler for every move but `nextRound`. */
  moves: MoveHandlers<State, Exclude<Move, NextRound>, Code>;
  view(state: State, seat: Seat | null): View;
  /** See Game.openView. */
  openView?(state: State, seat: Seat | null): View;
  /** See Game.openEvents. */
  openEvents?(state: State, events: Event[]): Event[];
  /** The game's score so far, per seat. */
  totals(state: State): number[];
  /** See Game.resultEvents. */
  resultEvents: readonly Event['type'][];
  /** See Game.upgradeState: a game stored by an older server calls `upgradeRng` here. */
  upgradeState?(state: StoredState, at: StoredAt): StoredState;
}

/** A game made of its rules and the life cycle every game shares. */
export function roundGame<
  Config,
  State extends RoundState,
  Move extends { t: string },
  View,
  Scenario,
  Code extends string,
  Event extends GameEvent,
>(
  rules: RoundRules<Config, State, Move, View, Scenario, Code, Event>,
): Game<Config, State, Move, View, Scenario, Code, Event> {
  const handlers = { ...rules.moves, nextRound } as MoveHandlers<State, Move, Code>;

  function nextRound(state: State, _seat: Seat, move: MoveObject) {
    if (state.phase !== 'roundOver') return refuse.wrongPhase('nextRound', state.phase);
    if (!hasOnlyKeys(move, ['t'])) return refuse.malformed('"nextRound" takes no fields.');
    const next = { ...state };
    const events: GameEvent[] = [];
    rules.deal(next, rules.nextDealer(state), state.round + 1, events);
    return { ok: true as const, state: next, events };
  }

  return {
    id: rules.id,
    minPlayers: rules.minPlayers,
    maxPlayers: rules.maxPlayers,
    defaultConfig: rules.defaultConfig,
    parseConfig: rules.parseConfig,
    setup(config, players, seed) {
      const state = rules.blank(config, players, seed);
      state.labels = drawLabels(state.labels.length, state.rng);
      rules.deal(state, rules.firstDealer(config), 1, []);
      return state;
    },
    fromScenario: rules.fromScenario,
    toMove: rules.toMove,
    legalMoves: rules.legalMoves,
    apply: (state, seat, move) => dispatchMove(state, seat, move, handlers),
    view: rules.view,
    ...(rules.openView ? { openView: rules.openView } : {}),
    ...(rules.openEvents ? { openEvents: rules.openEvents } : {}),
    resultEvents: rules.resultEvents,
    ...(rules.upgradeState ? { upgradeState: rules.upgradeState } : {}),
    result: (state): GameResult => ({
      over: state.phase === 'gameOver',
      totals: rules.totals(state),
      winners: state.winners,
    }),
  };
}
