/**
 * "Review my game": the coach's panel in a finished game's replay. It shows the review kept in
 * this browser at once, or has one made in a Web Worker (run-review.ts) with a progress bar, and
 * keeps it; then the game's turning points in words (with what the move played led to, read from
 * the replay's events), each with a "Show" that steps the replay to that moment with both moves
 * marked on the board, and the chart of the player's chance to win.
 * Closing the panel ends the worker. Nothing is sent to the server.
 */
import {
  createMemo,
  createResource,
  createSignal,
  createUniqueId,
  For,
  Match,
  onCleanup,
  onMount,
  Show,
  Switch,
} from 'solid-js';
import { unwrap } from 'solid-js/store';
import { consequenceOf } from '../../../shared/coach/consequence/index.ts';
import type { ReplayedStep } from '../../../shared/engine/replay.ts';
import type { AnyGame, Seat } from '../../../shared/engine/types.ts';
import type { GameRecord } from '../../../shared/protocol.ts';
import type { AdviceMark } from '../advice-marks.ts';
import { openView } from '../replay.ts';
import { ChanceChart } from './chance-chart.tsx';
import { ledToText } from './led-to.ts';
import type { Decision, Review } from './review-schema.ts';
import { idbShelf, keepReview, type ReviewKey, storedReview } from './review-store.ts';
import { type Reviewing, runReview } from './run-review.ts';
import { fewChoicesText, pointText, shownCaption } from './sentences.ts';
import { t } from './strings.ts';
import { marksOf, type TurningPoint, turningPoints } from './turning-points.ts';
import { type MoveWords, otherMove } from './words/common.ts';
import { WORDS } from './words/index.ts';
import './panel.css';

/** A turning point shown on the board: the replay's step, each card's mark, and what it shows. */
export interface Shown {
  step: number;
  marks: Map<string, AdviceMark>;
  caption: string;
}

export function CoachPanel(props: {
  /** The table, its game number and the seat reviewed: where the review is kept. */
  at: ReviewKey;
  record: GameRecord;
  engine: AnyGame;
  /** The replay's steps: the state at each, and what the move to it made happen. */
  steps: readonly ReplayedStep[];
  names: string[];
  onShow: (shown: Shown) => void;
  onClose: () => void;
}) {
  const heading = createUniqueId();
  const progressLabel = createUniqueId();
  const shelf = idbShelf();
  const [review, setReview] = createSignal<Review | null>(null);
  const [failed, setFailed] = createSignal(false);
  const [reviewing, setReviewing] = createSignal<Reviewing | null>(null);
  const [words] = createResource(
    () => props.at.game,
    (game) => WORDS[game](),
  );
  let panel: HTMLElement | undefined;

  function start(): void {
    setFailed(false);
    const seat: Seat = props.at.seat;
    // The record as plain data: a store's proxy cannot be posted to a worker.
    const record = structuredClone(unwrap(props.record));
    const run = runReview({ game: props.at.game, record, seat });
    setReviewing(run);
    run.review.then(
      (made) => {
        setReviewing(null);
        setReview(made);
        keepReview(shelf, props.at, made).catch((e: unknown) =>
          console.warn('The review is not kept in this browser:', e),
        );
      },
      (e: unknown) => {
        setReviewing(null);
        console.error('The review could not be made.', e);
        setFailed(true);
      },
    );
  }

  onMount(() => {
    panel?.focus();
    storedReview(shelf, props.at)
      .catch((e: unknown) => {
        console.warn('The reviews kept in this browser cannot be read:', e);
        return null;
      })
      .then((kept) => {
        if (kept) setReview(kept);
        else start();
      });
  });
  onCleanup(() => reviewing()?.stop());

  /** A move of a decision in words, from the replay's view of the moment it was made. */
  const say = (decision: Decision, move: unknown): MoveWords => {
    const step = props.steps[decision.step];
    const w = words();
    if (!step || !w) return otherMove();
    const view = openView(props.engine, step.state, props.at.seat);
    return w(view, move, props.names, props.at.seat);
  };
  /** What the decision's move led to, in words: the game is over, so the replay tells all. */
  const led = (decision: Decision): string | null => {
    const { game, seat } = props.at;
    const followed = consequenceOf(game, props.steps, decision.step, seat);
    return followed && ledToText(followed, props.names);
  };
  const points = createMemo(() => {
    const r = review();
    return r && words() ? turningPoints(r, say, led) : [];
  });
  const show = (point: TurningPoint) =>
    props.onShow({
      step: point.decision.step,
      marks: marksOf(point),
      caption: shownCaption(point),
    });

  return (
    <section class="coach" aria-labelledby={heading} tabindex="-1" ref={panel}>
      <header class="coach-head">
        <h3 id={heading}>{t('coach.title')}</h3>
        <button type="button" onClick={() => props.onClose()}>
          {t('coach.close')}
        </button>
      </header>
      <p class="coach-judge">{t('coach.judge')}</p>
      <Switch>
        <Match when={failed()}>
          <p class="coach-failed" role="alert">
            {t('coach.failed')}{' '}
            <button type="button" onClick={start}>
              {t('coach.again')}
            </button>
          </p>
        </Match>
        <Match when={review() && words() ? review() : null}>
          {(r) => (
            <Show when={r().decisions.length > 0} fallback={<p>{t('coach.noMoves')}</p>}>
              <Show when={fewChoicesText(r())}>{(few) => <p class="coach-few">{few()}</p>}</Show>
              <h4>{t('coach.points')}</h4>
              <Show when={points().length > 0} fallback={<p>{t('coach.none')}</p>}>
                <ol class="coach-points">
                  <For each={points()}>
                    {(point) => (
                      <li>
                        <p>{pointText(point)}</p>
                        <button
                          type="button"
                          aria-label={t('coach.showIt', { n: point.n })}
                          onClick={() => show(point)}
                        >
                          {t('coach.show')}
                        </button>
                      </li>
                    )}
                  </For>
                </ol>
              </Show>
              <ChanceChart review={r()} points={points()} />
            </Show>
          )}
        </Match>
        <Match when={reviewing()}>
          {(run) => (
            <div class="coach-working">
              <p id={progressLabel}>{t('coach.progress')}</p>
              <progress
                aria-labelledby={progressLabel}
                max={run().progress()?.total ?? 1}
                value={run().progress()?.done ?? 0}
              />
              <p class="coach-note">{t('coach.working')}</p>
            </div>
          )}
        </Match>
      </Switch>
    </section>
  );
}
