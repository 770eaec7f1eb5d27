import type { Component } from 'solid-js';
import type { AnyGame, Seat } from '../../../shared/engine/types.ts';
import type { TableEvent } from '../../../shared/protocol.ts';

/** What the table page hands a game's board. Props are reactive: read them inside JSX. */
export interface BoardProps<View, Move> {
  view: View;
  /** Display names by seat (bots and empty seats included). */
  names: string[];
  /** Sends a move (it must be one of `view.legal`, with real card ids); ignored while one is pending. */
  move: (move: Move) => void;
  pending: boolean;
}

/** A game's client module, loaded when a table of that game opens. */
export interface GameModule<View, Move, Config, Event> {
  Board: Component<BoardProps<View, Move>>;
  /** One log line for an event, in the current language; null to leave it out. */
  describe(event: Event | TableEvent, names: string[], you: Seat | null): string | null;
  /**
   * A notice for the player at seat `you` on their own board, when an event happened to them that
   * they must not miss (knocked out of a round, say); `before` is the game's earlier events and
   * `view` the view that came with it.
   */
  notice?(
    event: Event | TableEvent,
    before: (Event | TableEvent)[],
    names: string[],
    you: Seat,
    view: View,
  ): string | null;
  /**
   * Whether `event` befalls its seat through another seat's move (knocked out, cards shown or won
   * in a contest someone else's answer settled): never that seat's own move. The log names it
   * after a stand-in that held the seat then, and a player back at their seat hears of it.
   */
  befalls?(event: Event | TableEvent): boolean;
  /**
   * A seat's score as it stands now, where the game counts within a round (Sneak: the points
   * before this round plus the cards won in it); without it, the total of finished rounds.
   */
  liveScore?(view: View, seat: Seat): number;
  /**
   * What the totals count, when they are not the sum of the rounds' scores (Hula-Hoo! played to a
   * number of round wins); the score sheet labels its totals row with it.
   */
  totalsLabel?(view: View): string | null;
  /** Whether `event` tells how a round ended (who won it and why): the round's end repeats it. */
  endsRound?(event: Event | TableEvent): boolean;
  /** How a finished game was won, in the game's own terms ("First to 77 points"), for its end. */
  whyWon?(view: View, names: string[]): string | null;
  /** The total that ends the game, drawn as a line on the game's chart; none if no total does. */
  goal?(view: View): number | null;
  /**
   * What each finished round added to the totals, per seat, where that is not the round's score
   * (Hula-Hoo! played to round wins counts a win); the game's chart plots it. Without it, or
   * null, the chart plots the scores, whose running sums are the totals.
   */
  countedPerRound?(view: View): number[][] | null;
  /**
   * How to play, in our own words, in the current language; given the table's config, it states
   * the goal that table plays to. Loaded when first asked for: a board needs none of it.
   */
  rules(): Promise<Component<{ config?: Config }>>;
}

/** A game's table options on the start page: a form over its config. */
export interface OptionsProps<Config> {
  players: number;
  value: Config;
  onChange: (next: Config) => void;
}

/**
 * A game as the site lists it: what the start page shows and lets a player set, light enough to
 * load with it. The board and the rules engine load only when a table needs them.
 */
export interface GameInfo<Config, View, Move, Event> {
  name: string;
  /** One line on the start page, in the current language. */
  blurb: () => string;
  min: number;
  max: number;
  /** The rulebook's options for a number of players: the form's starting point. */
  defaultConfig: (players: number) => Config;
  Options: Component<OptionsProps<Config>>;
  /** A table's options in words, one line each, for everyone in its lobby ("The game ends at 100 points"). */
  settings: (config: Config) => string[];
  load: () => Promise<GameModule<View, Move, Config, Event>>;
  /** The rules engine itself, for replaying a finished game: loaded only when asked for. */
  engine: () => Promise<AnyGame>;
}

/*
 * The same with the game's types erased, for the pages that handle every game alike (the start
 * page, the table around the board): each game's own entry and module are checked against its
 * types where they are written.
 */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds games of different types.
export type AnyGameInfo = GameInfo<any, any, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: a table's module is of whichever game it plays.
export type AnyGameModule = GameModule<any, any, any, any>;
