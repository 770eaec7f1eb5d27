/**
 * The page's side of a review: the worker started (review-worker.ts), its progress as a signal,
 * the review once made (checked), and a way to stop it. The page marks when the worker was asked
 * for, when its code ran and when the review came (`coach:*` in the Performance timeline), for
 * `npm run bench:coach` to say where the time goes.
 */
import { type Accessor, createSignal } from 'solid-js';
import * as v from 'valibot';
import { type Review, reviewSchema } from './review-schema.ts';
import type { FromReviewWorker, ToReviewWorker } from './worker-messages.ts';

export interface Reviewing {
  /** Decisions reviewed so far, of how many; null until the worker first says. */
  progress: Accessor<{ done: number; total: number } | null>;
  /** The review; rejected if the worker failed or its review does not fit. */
  review: Promise<Review>;
  /** Ends the worker, whatever it is doing. */
  stop(): void;
}

export function runReview(ask: ToReviewWorker): Reviewing {
  const [progress, setProgress] = createSignal<{ done: number; total: number } | null>(null);
  performance.mark('coach:worker');
  const worker = new Worker(new URL('./review-worker.ts', import.meta.url), { type: 'module' });
  const review = new Promise<Review>((resolve, reject) => {
    worker.addEventListener('message', (e: MessageEvent<FromReviewWorker>) => {
      const message = e.data;
      switch (message.kind) {
        case 'ready':
          performance.mark('coach:ready');
          break;
        case 'progress':
          setProgress({ done: message.done, total: message.total });
          break;
        case 'review': {
          performance.mark('coach:review');
          worker.terminate();
          const parsed = v.safeParse(reviewSchema, message.review);
          if (parsed.success) resolve(parsed.output);
          else reject(new Error(`the review does not fit: ${v.summarize(parsed.issues)}`));
          break;
        }
        case 'failed':
          worker.terminate();
          reject(new Error(message.why));
          break;
      }
    });
    worker.addEventListener('error', (e) => {
      worker.terminate();
      reject(new Error(e.message || 'the review’s worker stopped'));
    });
  });
  worker.postMessage(ask);
  return { progress, review, stop: () => worker.terminate() };
}
