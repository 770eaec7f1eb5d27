import type { GameOver, NextRound, RoundPhase, RoundState } from '../../engine/rounds.ts';
import type { BaseView, Hidden, Seat } from '../../engine/types.ts';

/** A Hula-Hoo! card: v is 1…13, and every 7 is a joker (HH-1). */
export type Card = { id: string; v: number };

export type Call = 'higher' | 'lower';

export type Goal =
  | { kind: 'points'; points: number }
  | { kind: 'wins'; wins: number; consecutive: boolean };

export interface Config {
  goal: Goal;
  /** HH-16: each chaos rule on its own, all off by default. */
  chaos: { chooseFaceUp: boolean; noSwap: boolean; chooseTarget: boolean };
  /** HH-14: the first round's dealer (seat 0 unless the table says otherwise). */
  firstDealer?: Seat;
}

export type Phase = RoundPhase<'place' | 'swap' | 'play' | 'retarget'>;

export interface State extends RoundState<'hulahoo', Config, Phase> {
  /** Each kept sorted (compareCards), so their order never tells the order they came in. */
  hands: Card[][];
  faceUp: Card[][];
  /** chooseFaceUp: the ids each seat picked, sealed until everyone has picked; null = not yet. */
  picks: (string[] | null)[];
  stock: Card[]; // top of the draw pile = last element
  /**
   * HH-3: how many face-up cards the swap put under the draw pile this round. They lie at its
   * bottom, drawn last, so the bottom `returned` cards still in it are public.
   */
  returned: number;
  discard: Card[]; // top = last element
  out: boolean[];
  /** The seat whose decision it is in the swap, play and retarget phases. */
  turn: Seat;
  /** The call in force; null before the lead. */
  call: Call | 'double' | null;
  /** Who made the call in force: with chooseTarget, the one who names a new target (HH-16c). */
  caller: Seat | null;
  points: number[];
  wins: number[];
  /** The current run of consecutive round wins, for the "3 in a row" goal. */
  streak: { seat: Seat; count: number } | null;
  roundWinner: Seat | null;
}

export type Move =
  | { t: 'place'; cards: string[]; count?: number }
  | { t: 'swap'; cards: string[] }
  | { t: 'play'; card: string; call?: Call; target?: Seat }
  | { t: 'retarget'; target: Seat; call?: Call }
  | NextRound;

export interface Scenario {
  dealer: Seat;
  hands: number[][];
  faceUp: number[][];
  /** Top first. */
  stock: number[];
  totals?: number[];
}

export interface PlayerView {
  hand: (Card | Hidden)[];
  faceUp: Card[];
  out: boolean;
  points: number;
  wins: number;
  /** chooseFaceUp: whether this seat has picked its face-up cards (the pick itself stays sealed). */
  picked: boolean;
}

export interface View extends BaseView<Move> {
  game: 'hulahoo';
  phase: Phase;
  config: Config;
  dealer: Seat;
  /** Whose decision it is in the swap, play and retarget phases, else null. */
  turn: Seat | null;
  players: PlayerView[];
  discard: Card[];
  stock: number;
  /**
   * HH-3: the face-up cards the swap put under the draw pile that are still in it, bottom first.
   * Everyone saw them go under: every seat and spectator sees the same list.
   */
  returned: Card[];
  call: Call | 'double' | null;
  caller: Seat | null;
  roundWinner: Seat | null;
}

/** Public events (see GameEvent): none carries a card its viewers may not see. */
export type HulaEvent =
  | { type: 'dealt'; round: number; dealer: Seat }
  | { type: 'picked'; seat: Seat }
  | { type: 'faceUpRevealed' }
  | { type: 'swapped'; seat: Seat; returned: Card[]; received: Card[] }
  | {
      type: 'played';
      seat: Seat;
      card: Card;
      from: 'hand' | 'faceUp';
      call: Call | 'double';
      target?: Seat;
    }
  | { type: 'drew'; seat: Seat; count: number }
  | { type: 'eliminated'; seat: Seat; hand: Card[] }
  | { type: 'retargeted'; seat: Seat; target: Seat; call: Call | 'double' }
  | { type: 'roundWon'; seat: Seat; points: number; how: 'out' | 'last' }
  | GameOver;

/** Why Hula-Hoo!'s own rules refuse a move. */
export type HulaErrorCode =
  | 'already-picked'
  | 'wrong-count'
  | 'too-many'
  | 'must-retarget'
  | 'target-not-allowed'
  | 'last-card-joker'
  | 'must-double-or-cancel'
  | 'does-not-follow'
  | 'no-call-on-double'
  | 'call-required'
  | 'bad-target';
