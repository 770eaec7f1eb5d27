import type { GameOver, NextRound, RoundPhase, RoundState } from '../../engine/rounds.ts';
import type { BaseView, Game, Hidden, Seat } from '../../engine/types.ts';

/** A HiLO card (HL-1): v is −1…11, c a colour 0…7. */
export type Card = { id: string; v: number; c: number };

/** A position in a player's CURRENT layout; layouts shrink as lines are removed. */
export type Cell = { row: number; col: number };

/** One place in a layout: the card and whether it lies face up. */
export type Slot = { card: Card; up: boolean };

/** Rows of slots: 3×3 at the deal, then 2×3, 3×2, 1×3, 3×1 or empty as lines go (HL-9). */
export type Layout = Slot[][];

export type LineKind = 'row' | 'col' | 'diag' | 'anti';

/** `index` for rows and columns only; `diag` runs from the top left, `anti` from the top right. */
export type Line = { kind: LineKind; index?: number };

/** How the layout closes up after a diagonal is removed (HL-10). */
export type Close = 'rows' | 'cols';

export interface Config {
  /** HL-13: the game ends after a round in which a total reaches this. */
  limit: number;
  /** HL-14: the round ends once every player has had this many turns. */
  maxTurns: number;
  /** The first round's dealer (seat 0 unless the table says otherwise); HL-3 passes it left. */
  firstDealer?: Seat;
}

/**
 * opening: everyone turns up two cards at once (HL-2). play: the turn's player takes or draws.
 * drawn: the drawn card waits to be placed or discarded. hilo: the turn's player decides on the
 * HILOs on offer (HL-7, HL-10).
 */
export type Phase = RoundPhase<'opening' | 'play' | 'drawn' | 'hilo'>;

export interface State extends RoundState<'hilo', Config, Phase> {
  layouts: Layout[];
  stock: Card[]; // top of the draw pile = last element
  discard: Card[]; // top = last element
  /** The card drawn this turn, seen by the turn's player only (HL-15); null otherwise. */
  drawn: Card | null;
  /** Opening choices, sealed until every seat has chosen; null = not yet. */
  openings: (Cell[] | null)[];
  /** Who began the round (HL-3). */
  starter: Seat;
  /** The seat whose decision it is in the play, drawn and hilo phases. */
  turn: Seat;
  /** Whether the HILOs on offer follow a diagonal's closing up in the same turn (HL-10). */
  chain: boolean;
  /** Turns finished this round, per seat (HL-14). */
  turns: number[];
  /** Who ended the round by having no face-down card left (HL-11); null while nobody has. */
  endedBy: Seat | null;
  /** Seats still owed their last turn, in order (HL-11). */
  lastTurns: Seat[];
  /** Whether the round was ended by the stalling guard (HL-14). */
  stalled: boolean;
  /** The last round's layout sums and scores (after doubling), once it is over. */
  roundSums: number[] | null;
  roundScores: number[] | null;
  totals: number[];
}

export type Move =
  | { t: 'reveal'; cells: [Cell, Cell] }
  | { t: 'take'; cell: Cell }
  | { t: 'draw' }
  | { t: 'place'; cell: Cell }
  | { t: 'discard'; flip?: Cell }
  | { t: 'hilo'; line: Line; close?: Close }
  | { t: 'keep' }
  | NextRound;

export interface ScenarioCard {
  v: number;
  c: number;
}

export interface Scenario {
  dealer: Seat;
  /** 9 cards per player, row-major. */
  layouts: (ScenarioCard & { up: boolean })[][];
  /** Top first. */
  stock: ScenarioCard[];
  /** Last = top. */
  discard: ScenarioCard[];
  start?: Seat;
  totals?: number[];
}

export interface PlayerView {
  /** Face-down cells are hidden from everybody, the owner too (HL-15). */
  layout: (Card | Hidden)[][];
  /** Opening: whether this seat has chosen its two cells (the choice itself stays sealed). */
  ready: boolean;
  /** Opening: the viewer's own sealed choice; null for everybody else. */
  chosen: Cell[] | null;
  /** Turns finished this round. */
  turns: number;
  total: number;
}

export interface View extends BaseView<Move> {
  game: 'hilo';
  phase: Phase;
  config: Config;
  dealer: Seat;
  /** Who began the round; null during the opening. */
  starter: Seat | null;
  /** Whose decision it is in the play, drawn and hilo phases, else null. */
  turn: Seat | null;
  chain: boolean;
  players: PlayerView[];
  discard: Card[];
  stock: number;
  drawn: Card | Hidden | null;
  endedBy: Seat | null;
  lastTurns: Seat[];
  stalled: boolean;
  roundSums: number[] | null;
  roundScores: number[] | null;
  /** Each finished round's scores per seat (after doubling), oldest first: the score sheet. */
  history: number[][];
}

export type PlacedCard = { row: number; col: number; card: Card };

/** Public events (see GameEvent): none carries a card that any viewer may not see. */
export type HiloEvent =
  | { type: 'dealt'; round: number; dealer: Seat; discard: Card }
  | { type: 'ready'; seat: Seat }
  | { type: 'opened'; seat: Seat; cells: PlacedCard[] }
  | { type: 'starter'; seat: Seat; sums: number[] }
  | { type: 'took'; seat: Seat; cell: Cell; card: Card; replaced: Card }
  | { type: 'reshuffled'; count: number }
  | { type: 'drew'; seat: Seat }
  | { type: 'placed'; seat: Seat; cell: Cell; card: Card; replaced: Card }
  | { type: 'discarded'; seat: Seat; card: Card }
  | { type: 'flipped'; seat: Seat; cell: Cell; card: Card }
  | { type: 'removed'; seat: Seat; line: Line; close?: Close; cards: Card[]; auto: boolean }
  | { type: 'kept'; seat: Seat }
  | { type: 'lastTurns'; endedBy: Seat; seats: Seat[] }
  | { type: 'revealed'; seat: Seat; cells: PlacedCard[] }
  | {
      type: 'roundOver';
      round: number;
      sums: number[];
      scores: number[];
      doubled: Seat | null;
      stalled: boolean;
      totals: number[];
    }
  | GameOver;

/** Why HiLO's own rules refuse a move. */
export type HiloErrorCode =
  | 'no-such-cell'
  | 'hilo-pending'
  | 'already-revealed'
  | 'same-cell'
  | 'already-face-up'
  | 'empty-discard'
  | 'empty-stock'
  | 'flip-required'
  | 'nothing-to-flip'
  | 'no-such-line'
  | 'not-a-hilo'
  | 'close-required'
  | 'close-not-allowed';

/** The game with its types: what its index builds and its prediction plays moves with. */
export type HiloGame = Game<Config, State, Move, View, Scenario, HiloErrorCode, HiloEvent>;
