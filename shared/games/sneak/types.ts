import type { GameOver, NextRound, RoundPhase, RoundState } from '../../engine/rounds.ts';
import type { BaseView, Hidden, Seat } from '../../engine/types.ts';

export type Suit = 'S' | 'H' | 'D' | 'C';

/** A Sneak card: r is 2…14 (11 J, 12 Q, 13 K, 14 A). Two packs hold two of each, with distinct ids. */
export type Card = { id: string; r: number; s: Suit };

export interface Config {
  /** SN-1: one pack for 2–3 players, two for 5–7, either for 4 (default one). */
  packs: 1 | 2;
  /** SN-13: the total that ends the game at a round's end (100 with one pack, 200 with two). */
  target: number;
}

export type Phase = RoundPhase<'play' | 'challenge'>;

export type LeadKind = 'sneak' | 'flaunt';

export interface Lead {
  by: Seat;
  kind: LeadKind;
  /** Face down for a sneak (its owner alone sees them), face up for a flaunt. */
  cards: Card[];
}

/**
 * SN-5: a seat's sealed answer to a lead. `null`: not answered yet (or not asked, see `asked`).
 * A challenge names the ids of cards that stay in the hand until the contest resolves, so the
 * public hand counts say nothing about who challenged.
 */
export type Answer = string[] | 'decline' | null;

export type ComboType = 'single' | 'match' | 'straightFlush' | 'straight' | 'flush' | 'none';

/** One side of a resolved contest, as it was shown to everybody. */
export interface Shown {
  seat: Seat;
  cards: Card[];
  combo: ComboType;
}

/** The public record of the last resolved contest, for the table to show what just happened. */
export interface Contest {
  leader: Seat;
  kind: LeadKind;
  count: number;
  /** The lead as shown to all: null for an unchallenged sneak, which nobody but its owner sees. */
  lead: Shown | null;
  /** Challengers in reveal order (seat order from the leader's left), with their revealed cards. */
  challengers: Shown[];
  winner: Seat;
  /** SN-10: won without being shown (an unchallenged sneak). */
  unseen: boolean;
  /**
   * The cards of an unchallenged sneak, which nobody but its owner saw (SN-14): kept for the
   * replay of the finished game, where nothing is secret (ALL-1). States stored before lack it.
   */
  sneak?: Card[];
}

/** The last contest as a view shows it: an unchallenged sneak's cards face down until the game is over. */
export type ContestView = Omit<Contest, 'sneak'> & { sneak?: (Card | Hidden)[] };

export interface State extends RoundState<'sneak', Config, Phase> {
  stock: Card[]; // top of the stock = last element
  /** Each kept sorted (compareCards), so their order never tells the order the cards came in. */
  hands: Card[][];
  /** Cards won this round, per seat (the round's score, SN-13). */
  won: Card[][];
  /** SN-2: seats whose first turn of the round is still to come (it must be a draw). */
  fresh: boolean[];
  /** The seat whose turn it is in the play phase; the leader during a challenge. */
  turn: Seat;
  lead: Lead | null;
  /** SN-4/SN-5: the seats asked to answer the lead in force. */
  asked: boolean[];
  answers: Answer[];
  last: Contest | null;
  /** SN-12: who took the last cards in hand at the round's end, and how many. */
  collected: { seat: Seat; count: number } | null;
  points: number[];
}

export type Move =
  | { t: 'draw' }
  | { t: 'sneak'; cards: string[]; count?: number }
  | { t: 'flaunt'; cards: string[]; count?: number }
  | { t: 'challenge'; cards: string[]; count?: number }
  | { t: 'decline' }
  | NextRound;

export interface Scenario {
  dealer: Seat;
  hands: string[][];
  /** Top first. */
  stock: string[];
  /** Cards already won this round, as counts (the cards themselves are taken from the rest of the pack). */
  won?: number[];
  totals?: number[];
}

export interface PlayerView {
  hand: (Card | Hidden)[];
  /** How many cards this seat has won this round. */
  won: number;
  /** SN-2: the seat's first turn of the round is still to come. */
  fresh: boolean;
  /** In the challenge phase: asked to answer the lead (SN-4). */
  asked: boolean;
  /** In the challenge phase: has answered (whether by challenging or declining stays sealed). */
  answered: boolean;
}

export interface View extends BaseView<Move> {
  game: 'sneak';
  phase: Phase;
  config: Config;
  dealer: Seat;
  /** Whose turn it is in the play phase, else null. */
  turn: Seat | null;
  players: PlayerView[];
  stock: number;
  lead: { by: Seat; kind: LeadKind; cards: (Card | Hidden)[] } | null;
  /** The viewer's own sealed answer to the lead in force, if any. */
  answer: { t: 'challenge'; cards: Card[] } | { t: 'decline' } | null;
  /** The viewer's own winnings this round, seen or unseen (SN-14: the owner sees them all). */
  winnings: Card[];
  last: ContestView | null;
  collected: { seat: Seat; count: number } | null;
  /** Each finished round's cards won per seat, in order. */
  history: number[][];
}

/** Public events (see GameEvent): none carries a card that any viewer may not see. */
export type SneakEvent =
  | { type: 'dealt'; round: number; dealer: Seat; packs: 1 | 2 }
  | { type: 'drew'; seat: Seat }
  | { type: 'sneaked'; seat: Seat; count: number }
  | { type: 'flaunted'; seat: Seat; cards: Card[] }
  | { type: 'answered'; seat: Seat }
  | { type: 'revealed'; seat: Seat; cards: Card[]; combo: ComboType }
  /** `cards`: an unchallenged sneak's, told only in the replay of a finished game (openEvents). */
  | { type: 'won'; seat: Seat; count: number; unseen: boolean; cards?: Card[] }
  | { type: 'collected'; seat: Seat; count: number }
  | { type: 'roundOver'; round: number; won: number[]; totals: number[] }
  | GameOver;

/** Why Sneak's own rules refuse a move. */
export type SneakErrorCode =
  | 'stock-empty'
  | 'must-draw'
  | 'no-sneaking'
  | 'no-cards'
  | 'lead-too-big'
  | 'not-a-combo'
  | 'already-answered'
  | 'wrong-count'
  | 'does-not-beat';
