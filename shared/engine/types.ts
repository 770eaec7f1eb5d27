/** The engine's contract: every game implements `Game` as pure functions over plain JSON. */

export type GameId = 'hulahoo' | 'hilo' | 'sneak';

/** 0 … players-1; seat order is clockwise. */
export type Seat = number;

/** Why a move or a config was refused. `code` is stable kebab-case; `message` is for people. */
export type Rejection = { code: string; message: string };

/**
 * Something that happened, for a log and for animations. Events are public: they go to every seat
 * and to spectators, so they never carry a card that any viewer may not see (ALL-1).
 */
export type GameEvent = { type: string; [key: string]: unknown };

export type Outcome<S> =
  | { ok: true; state: S; events: GameEvent[] }
  | { ok: false; error: Rejection };

/** A card the viewer may not see: nothing derived from the card, not even its id. */
export type Hidden = { hidden: true };

export type GameResult = { over: boolean; totals: number[]; winners: Seat[] };

/** Fields every game's view has; each game adds its own. */
export interface BaseView<Move> {
  phase: string;
  you: Seat | null;
  toMove: Seat[];
  legal: Move[];
  totals: number[];
}

export type ConfigResult<Config> = { ok: true; config: Config } | { ok: false; error: Rejection };

export interface Game<Config, State, Move, View, Scenario> {
  id: GameId;
  minPlayers: number;
  maxPlayers: number;
  defaultConfig(players: number): Config;
  /** Untrusted input; missing fields take their defaults. */
  parseConfig(raw: unknown, players: number): ConfigResult<Config>;
  /** Shuffles with a PRNG seeded by `seed`. */
  setup(config: Config, players: number, seed: string): State;
  /** A stacked position, for tests. */
  fromScenario(config: Config, scenario: Scenario): State;
  /** Seats that may act now; several in simultaneous phases; [] when the game is over. */
  toMove(state: State): Seat[];
  /** Every legal move for that seat, [] if none. */
  legalMoves(state: State, seat: Seat): Move[];
  /** Validates untrusted input; never mutates `state`. */
  apply(state: State, seat: Seat, move: unknown): Outcome<State>;
  /** What that seat may see; null = spectator. */
  view(state: State, seat: Seat | null): View;
  result(state: State): GameResult;
}

/** A game with its type parameters erased, for code that handles every game alike. */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds games of different types.
export type AnyGame = Game<any, any, any, any, any>;
