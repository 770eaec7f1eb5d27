/**
 * The coach, in a Web Worker: judges a part of one seat's decisions in a finished game
 * (shared/coach/review.ts) off the page's thread, telling the page how far it is; the page runs a
 * worker per part, side by side. Nothing leaves the browser.
 */
import { reviewPart } from '../../../shared/coach/review.ts';
import type { FromReviewWorker, ToReviewWorker } from './worker-messages.ts';

/** Progress is told at most this often: a bar redrawn per decision would only cost the search. */
const PROGRESS_MS = 100;

const post = (message: FromReviewWorker) => self.postMessage(message);

self.addEventListener(
  'message',
  (e: MessageEvent<ToReviewWorker>) => {
    const { game, record, seat, part } = e.data;
    try {
      const reviewing = reviewPart(game, record, seat, part);
      let told = 0;
      for (;;) {
        const next = reviewing.next();
        if (next.done) {
          post({ kind: 'judged', judged: next.value });
          return;
        }
        const now = performance.now();
        if (now - told >= PROGRESS_MS) {
          post({ kind: 'progress', ...next.value });
          told = now;
        }
      }
    } catch (err) {
      post({ kind: 'failed', why: err instanceof Error ? err.message : String(err) });
    }
  },
  { once: true },
);

post({ kind: 'ready' });
