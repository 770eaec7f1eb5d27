/** The engine's contract: every game implements `Game` as pure functions over plain JSON. */

import type { Prediction } from './predict.ts';

/** Every game the site hosts: the one list the game type and every registry derive from. */
export const GAME_IDS = ['hulahoo', 'hilo', 'sneak'] as const;
export type GameId = (typeof GAME_IDS)[number];

/** 0 … players-1; seat order is clockwise. */
export type Seat = number;

/** Why a move, a config or a request was refused: a stable kebab-case code, and words for people. */
export type Rejection<Code extends string = string> = { code: Code; message: string };

/** The answer of anything that may refuse: its fields, or why it refused. */
export type Result<T extends object, Code extends string = string> =
  | ({ ok: true } & T)
  | { ok: false; error: Rejection<Code> };

/** What every game refuses alike, whatever its rules, so clients can rely on the same codes. */
export type MoveErrorCode =
  | 'game-over'
  | 'not-your-turn'
  | 'bad-seat'
  | 'malformed-move'
  | 'wrong-phase'
  | 'unknown-card'
  | 'count-mismatch';

/** Why a table's options were refused. */
export type ConfigErrorCode = 'bad-config' | 'bad-players';

/**
 * Something that happened, for a log and for animations. Events are public: they go to every seat
 * and to spectators, so they never carry a card that any viewer may not see (ALL-1).
 */
export type GameEvent = { type: string; [key: string]: unknown };

/** A move's effect: the next state and what happened, or why it was refused. */
export type Outcome<S, Code extends string = string> = Result<
  { state: S; events: GameEvent[] },
  MoveErrorCode | Code
>;

/** A card the viewer may not see: nothing derived from the card, not even its id. */
export type Hidden = { hidden: true };

export type GameResult = { over: boolean; totals: number[]; winners: Seat[] };

/**
 * Fields every game's view has (each game adds its own): what the table, the page's frame and the
 * score sheet read without knowing the game. The protocol's view schema is checked against it.
 */
export interface BaseView<Move extends { t: string }> {
  phase: string;
  you: Seat | null;
  toMove: Seat[];
  legal: Move[];
  totals: number[];
  round: number;
  /** Each finished round's scores per seat, oldest first: the score sheet. */
  history: number[][];
  /** Set when the game is over. */
  winners: Seat[];
}

/**
 * A stored state not yet checked against its game's schema: any object, as an older server may
 * have written it.
 */
export type StoredState = Record<string, unknown>;

/**
 * Where a stored state was left, for re-keying an older generator: the table's secret seed for
 * the game (its id if it has none) and the moves logged for the game so far.
 */
export interface StoredAt {
  seed: string;
  moveCount: number;
}

/**
 * A game: pure functions over plain JSON. `Code` lists the refusals of its own rules, beside the
 * ones every game shares; `Event` its events, which its result events are named from.
 */
export interface Game<
  Config,
  State,
  Move,
  View,
  Scenario,
  Code extends string = string,
  Event extends GameEvent = GameEvent,
> {
  id: GameId;
  minPlayers: number;
  maxPlayers: number;
  /**
   * The events that settle something people want to read before the next move lands (who took a
   * contest's cards, who was knocked out): after a move that tells one, a table's bots wait
   * longer before they move. Only results within a round need it: the pause between rounds
   * already leaves time to read how a round ended.
   */
  resultEvents: readonly Event['type'][];
  /**
   * A state stored by an older server, brought up to date before its schema checks it, so that a
   * redeploy never loses a game in progress; the same object when it is up to date already. A
   * game never stored in an older shape has none.
   */
  upgradeState?(state: StoredState, at: StoredAt): StoredState;
  defaultConfig(players: number): Config;
  /** Untrusted input; missing fields take their defaults. */
  parseConfig(raw: unknown, players: number): Result<{ config: Config }, ConfigErrorCode>;
  /** Shuffles with a PRNG seeded by `seed`. */
  setup(config: Config, players: number, seed: string): State;
  /** A stacked position, for tests. */
  fromScenario(config: Config, scenario: Scenario): State;
  /** Seats that may act now; several in simultaneous phases; [] when the game is over. */
  toMove(state: State): Seat[];
  /** Every legal move for that seat, [] if none. */
  legalMoves(state: State, seat: Seat): Move[];
  /** Validates untrusted input; never mutates `state`. */
  apply(state: State, seat: Seat, move: unknown): Outcome<State, Code>;
  /** What that seat may see; null = spectator. */
  view(state: State, seat: Seat | null): View;
  /**
   * The same view once the game is over and nothing is secret: every card face up (hands, face-down
   * cards, a face-down lead), all else as `view` gives it. Never sent during play: replays of finished games only.
   */
  openView?(state: State, seat: Seat | null): View;
  /**
   * A move's events as the replay of a finished game tells them, `state` being the one the move
   * led to: what they kept secret (an unchallenged sneak's cards) told. Replays only, as openView.
   */
  openEvents?(state: State, events: Event[]): Event[];
  /**
   * The view `view`'s seat will have after making `move`, as far as that seat can know it, with
   * what only the table can tell marked pending (predict.ts); null where the move cannot be
   * predicted. Each field it sets outside its pending parts equals the table's next view for that
   * seat, and it shows no card the seat may not see. The page shows it until the table answers.
   */
  predict?(view: View, move: Move): Prediction<View> | null;
  result(state: State): GameResult;
}

/** A game with its type parameters erased, for code that handles every game alike. */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds games of different types.
export type AnyGame = Game<any, any, any, any, any, any, any>;

/** The refusals of a game's own rules. */
export type ErrorCodeOf<G> =
  G extends Game<infer _C, infer _S, infer _M, infer _V, infer _Sc, infer Code> ? Code : never;
