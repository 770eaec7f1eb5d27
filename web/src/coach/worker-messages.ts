/** What the page and the review's worker (review-worker.ts) say to each other. */

import type { ReviewPart } from '../../../shared/coach/review.ts';
import type { GameId, Seat } from '../../../shared/engine/types.ts';
import type { GameRecord } from '../../../shared/protocol.ts';

/** Judge a part of the decisions `seat` made in the game `record` holds. */
export interface ToReviewWorker {
  game: GameId;
  record: GameRecord;
  seat: Seat;
  part: ReviewPart;
}

export type FromReviewWorker =
  /** The worker's code has loaded and runs: the search starts now. */
  | { kind: 'ready' }
  /** `done` of `total` decisions of its part judged. */
  | { kind: 'progress'; done: number; total: number }
  /** Its part's judged decisions (checked by the page: review-schema.ts). */
  | { kind: 'judged'; judged: unknown }
  | { kind: 'failed'; why: string };
