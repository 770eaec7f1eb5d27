import type { Component } from 'solid-js';
import type { GameEvent, Seat } from '../../../shared/engine/types.ts';

/** What the table page hands a game's board. Props are reactive: read them inside JSX. */
export interface BoardProps<View> {
  view: View;
  /** Display names by seat (bots and empty seats included). */
  names: string[];
  /** Sends a move (it must be one of `view.legal`, with real card ids); ignored while one is pending. */
  move: (move: unknown) => void;
  pending: boolean;
}

/** A game's client module, loaded when a table of that game opens. */
export interface GameModule<View = unknown> {
  Board: Component<BoardProps<View>>;
  /** One log line for an event, in the current language; null to leave it out. */
  describe(event: GameEvent, names: string[], you: Seat | null): string | null;
  /**
   * A notice for the player at seat `you` on their own board, when an event happened to them that
   * they must not miss (knocked out of a round, say); `before` is the game's earlier events.
   */
  notice?(event: GameEvent, before: GameEvent[], names: string[], you: Seat): string | null;
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
  /**
   * How to play, in our own words, in the current language; given the table's config, it states
   * the goal that table plays to.
   */
  Rules: Component<{ config?: unknown }>;
}
