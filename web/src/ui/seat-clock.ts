/** The move clock of one seat: who it runs for, how long is left, and when it turns red. */
import type { Seat } from '../../../shared/engine/types.ts';

/** The last seconds, in which the clock turns red. */
export const LOW_SECONDS = 5;

export interface SeatClock {
  /** Milliseconds left, and the share of the move's time that is left (1 → 0). */
  left: number;
  share: number;
}

/** What the move clock depends on: the table's state and its clock setting. */
export interface ClockFacts {
  /** Epoch ms the table will move for the awaited people, or null. */
  deadline: number | null;
  /** Seconds per move, or null for a table without a clock. */
  seconds: number | null;
  phase: string;
  toMove: readonly Seat[];
  bots: readonly boolean[];
}

/**
 * The running clock of `seat` at `now`: it runs for the people the table waits on during play
 * (bots keep no clock, and a round's pause has its own countdown).
 */
export function seatClock(facts: ClockFacts, seat: Seat, now: number): SeatClock | null {
  const { deadline, seconds, phase } = facts;
  if (deadline === null || seconds === null || phase === 'roundOver' || phase === 'gameOver')
    return null;
  if (!facts.toMove.includes(seat) || facts.bots[seat]) return null;
  const left = Math.max(0, deadline - now);
  return { left, share: Math.min(1, left / (seconds * 1000)) };
}
