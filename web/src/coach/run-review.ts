/**
 * The page's side of a review: its workers started (review-worker.ts), one per part of the
 * decisions so that a phone's cores share the search, their progress summed as a signal, the
 * review put together once every part is in (checked), and a way to stop them all. The page marks
 * when the workers were asked for, when the first one's code ran and when the review came
 * (`coach:*` in the Performance timeline), for `npm run bench:coach` to say where the time goes.
 */
import { type Accessor, createSignal } from 'solid-js';
import * as v from 'valibot';
import { assembleReview, type JudgedDecision } from '../../../shared/coach/assemble.ts';
import { judgedSchema, type Review, reviewSchema } from './review-schema.ts';
import type { FromReviewWorker, ToReviewWorker } from './worker-messages.ts';

/** At most this many workers: beyond it, starting them costs more than sharing saves. */
const MOST_PARTS = 4;

/** How many parts the decisions are shared into: one per core the browser says it has, ≤ 4. */
export const partsFor = (cores: number | undefined): number =>
  Math.min(MOST_PARTS, Math.max(1, Math.floor(cores ?? 1)));

export interface Reviewing {
  /** Decisions reviewed so far, of how many; null until a worker first says. */
  progress: Accessor<{ done: number; total: number } | null>;
  /** The review; rejected if a worker failed or what it sent does not fit. */
  review: Promise<Review>;
  /** Ends the workers, whatever they are doing. */
  stop(): void;
}

export function runReview(ask: Omit<ToReviewWorker, 'part'>): Reviewing {
  const [progress, setProgress] = createSignal<{ done: number; total: number } | null>(null);
  const of = partsFor(navigator.hardwareConcurrency);
  performance.mark('coach:worker');
  const workers = Array.from(
    { length: of },
    () => new Worker(new URL('./review-worker.ts', import.meta.url), { type: 'module' }),
  );
  const stop = () => {
    for (const worker of workers) worker.terminate();
  };
  /** Each part's progress, and its judged decisions once done. */
  const told = workers.map(() => ({ done: 0, total: 0, said: false }));
  const judged: (JudgedDecision[] | null)[] = workers.map(() => null);
  let ready = false;
  const review = new Promise<Review>((resolve, reject) => {
    const fail = (why: string) => {
      stop();
      reject(new Error(why));
    };
    workers.forEach((worker, index) => {
      worker.addEventListener('message', (e: MessageEvent<FromReviewWorker>) => {
        const message = e.data;
        switch (message.kind) {
          case 'ready':
            if (!ready) performance.mark('coach:ready');
            ready = true;
            break;
          case 'progress':
            told[index] = { done: message.done, total: message.total, said: true };
            // The sum once every part has said how many it has: a bar that never goes back.
            if (told.every((t) => t.said)) {
              const sum = (key: 'done' | 'total') => told.reduce((n, t) => n + t[key], 0);
              setProgress({ done: sum('done'), total: sum('total') });
            }
            break;
          case 'judged': {
            worker.terminate();
            const parsed = v.safeParse(judgedSchema, message.judged);
            if (!parsed.success) {
              fail(`a part of the review does not fit: ${v.summarize(parsed.issues)}`);
              return;
            }
            judged[index] = parsed.output;
            if (judged.some((part) => part === null)) return;
            performance.mark('coach:review');
            const made = assembleReview(
              ask.game,
              ask.seat,
              ask.record.players,
              judged.flatMap((part) => part ?? []),
            );
            const checked = v.safeParse(reviewSchema, made);
            if (checked.success) resolve(checked.output);
            else reject(new Error(`the review does not fit: ${v.summarize(checked.issues)}`));
            break;
          }
          case 'failed':
            fail(message.why);
            break;
        }
      });
      worker.addEventListener('error', (e) => fail(e.message || 'the review’s worker stopped'));
    });
  });
  workers.forEach((worker, index) => {
    worker.postMessage({ ...ask, part: { index, of } } satisfies ToReviewWorker);
  });
  return { progress, review, stop };
}
