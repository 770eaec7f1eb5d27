/** What the page and the review's worker (review-worker.ts) say to each other. */
import type { GameId, Seat } from '../../../shared/engine/types.ts';
import type { GameRecord } from '../../../shared/protocol.ts';

/** Review the decisions `seat` made in the game `record` holds. */
export interface ToReviewWorker {
  game: GameId;
  record: GameRecord;
  seat: Seat;
}

export type FromReviewWorker =
  /** The worker's code has loaded and runs: the search starts now. */
  | { kind: 'ready' }
  /** `done` of `total` decisions reviewed. */
  | { kind: 'progress'; done: number; total: number }
  /** The review (checked by the page: review-schema.ts). */
  | { kind: 'review'; review: unknown }
  | { kind: 'failed'; why: string };
