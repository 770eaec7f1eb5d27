/**
 * The replay of a finished game: the board at each step, from the deal to the last move, with
 * what each move did in words. Built in the browser from the game's record (web/src/replay.ts),
 * which the server gives the game's players once it is over.
 */
import {
  createEffect,
  createMemo,
  createResource,
  createSignal,
  For,
  lazy,
  onCleanup,
  onMount,
  Show,
} from 'solid-js';
import type { RoundState } from '../../../shared/engine/rounds.ts';
import type { Seat } from '../../../shared/engine/types.ts';
import type { TableSummary } from '../../../shared/protocol.ts';
import { AdviceMarks } from '../advice-marks.ts';
import type { Shown } from '../coach/panel.tsx';
import { useConnection } from '../connection.ts';
import { gameInfo } from '../games/registry.ts';
import type { AnyGameModule } from '../games/types.ts';
import { t } from '../i18n.ts';
import { LastMove, touchedCards, WasHidden } from '../last-move.ts';
import { openView, replaySteps, unseenCards } from '../replay.ts';
import { PlayFromHere } from './play-from-here.tsx';
import { RematchCall } from './rematch-call.tsx';

// The coach's panel comes when a player asks for a review.
const CoachPanel = lazy(() =>
  import('../coach/panel.tsx').then((m) => ({ default: m.CoachPanel })),
);

/** How long each step shows while the replay plays by itself. */
const PLAY_STEP_MS = 1_000;

export function Replay(props: {
  table: TableSummary;
  names: string[];
  module: AnyGameModule;
  you: Seat;
  onClose: () => void;
  /** Opens with the coach's review of the game ("Review my game" at its end). */
  review?: boolean;
  /**
   * While the table's game is over: the call to play again, its countdown and "I'm in" stay in
   * sight of a player watching the replay.
   */
  rematch?: { table: TableSummary; onPlayAgain: () => void; onStart: () => void } | undefined;
}) {
  const conn = useConnection();
  onMount(() => {
    if (conn.record()?.gameNo !== props.table.gameNo) conn.askRecord();
  });
  const [engine] = createResource(
    () => props.table.game,
    (id) => gameInfo(id).engine(),
  );
  const steps = createMemo(() => {
    const record = conn.record();
    const game = engine();
    if (!record || !game || record.gameNo !== props.table.gameNo) return null;
    return replaySteps(game, record);
  });
  const last = () => (steps()?.length ?? 1) - 1;
  const [at, setAt] = createSignal(0);
  const go = (n: number) => setAt(Math.max(0, Math.min(last(), n)));
  const viewAt = (n: number) => openView(engine()!, steps()![n]!.state, props.you);
  const view = createMemo(() => (steps() ? viewAt(at()) : null));
  const unseen = createMemo(() =>
    steps() ? unseenCards(engine()!, steps()![at()]!.state, props.you) : new Set<string>(),
  );
  const touched = createMemo(() =>
    steps() && at() > 0 ? touchedCards(viewAt(at() - 1), view()) : new Set<string>(),
  );
  /** Where each round starts: the steps whose state is a new round's (the deal is round 1's). */
  const rounds = createMemo(() => {
    const all = steps();
    if (!all) return [];
    const starts: { round: number; step: number }[] = [];
    all.forEach((step, n) => {
      const { round } = step.state as RoundState;
      if (starts.at(-1)?.round !== round) starts.push({ round, step: n });
    });
    return starts;
  });
  const roundAt = () => {
    let round = 1;
    for (const r of rounds()) if (r.step <= at()) round = r.round;
    return round;
  };
  // Playing: a step a second, stopping at the end.
  const [playing, setPlaying] = createSignal(false);
  createEffect(() => {
    if (!playing()) return;
    const timer = setInterval(() => {
      if (at() >= last()) setPlaying(false);
      else go(at() + 1);
    }, PLAY_STEP_MS);
    onCleanup(() => clearInterval(timer));
  });
  // "Review my game", for a player who made a move in it (the coach reviews their decisions), and
  // the turning point it shows on the board: at its step only, in place of the last move's marks.
  const moved = () => conn.record()?.moves.some((m) => m.seat === props.you) ?? false;
  const [coaching, setCoaching] = createSignal(props.review === true);
  const [shown, setShown] = createSignal<Shown | null>(null);
  const showing = () => {
    const s = shown();
    return s?.step === at() ? s : null;
  };
  const lines = () =>
    (steps()?.[at()]?.events ?? [])
      .map((e) => props.module.describe(e, props.names, props.you))
      .filter((line): line is string => line !== null);

  function onKey(e: KeyboardEvent) {
    const to = { ArrowLeft: at() - 1, ArrowRight: at() + 1, Home: 0, End: last() }[e.key];
    if (to === undefined || (e.target as HTMLElement).tagName === 'INPUT') return;
    e.preventDefault();
    go(to);
  }

  return (
    <section class="replay" aria-label={t('replay.title')} onKeyDown={onKey}>
      <header class="replay-head">
        <h2>{t('replay.title')}</h2>
        <Show when={!coaching() && moved()}>
          <button type="button" onClick={() => setCoaching(true)}>
            {t('coach.open')}
          </button>
        </Show>
        <button type="button" onClick={() => props.onClose()}>
          {t('replay.close')}
        </button>
      </header>
      <Show when={props.rematch}>
        {(r) => (
          <RematchCall
            table={r().table}
            names={props.names}
            onPlayAgain={r().onPlayAgain}
            onStart={r().onStart}
          />
        )}
      </Show>
      <Show when={view()} fallback={<p class="loading">{t('replay.loading')}</p>}>
        {(v) => {
          const Board = props.module.Board;
          return (
            <>
              <div class="replay-controls">
                <button
                  type="button"
                  aria-label={t('replay.start')}
                  onClick={() => go(0)}
                  disabled={at() === 0}
                >
                  « <span class="label">{t('replay.start')}</span>
                </button>
                <button
                  type="button"
                  aria-label={t('replay.back')}
                  onClick={() => go(at() - 1)}
                  disabled={at() === 0}
                >
                  ‹ <span class="label">{t('replay.back')}</span>
                </button>
                <button
                  type="button"
                  class="primary"
                  aria-label={t('replay.next')}
                  onClick={() => go(at() + 1)}
                  disabled={at() === last()}
                >
                  <span class="label">{t('replay.next')}</span> ›
                </button>
                <button
                  type="button"
                  aria-label={t('replay.end')}
                  onClick={() => go(last())}
                  disabled={at() === last()}
                >
                  <span class="label">{t('replay.end')}</span> »
                </button>
                <button
                  type="button"
                  aria-pressed={playing()}
                  onClick={() => {
                    if (at() === last()) go(0);
                    setPlaying(!playing());
                  }}
                >
                  {playing() ? t('replay.pause') : t('replay.play')}
                </button>
                <Show when={rounds().length > 1}>
                  <select
                    aria-label={t('replay.round')}
                    value={roundAt()}
                    onChange={(e) => {
                      const round = Number(e.currentTarget.value);
                      go(rounds().find((r) => r.round === round)?.step ?? 0);
                    }}
                  >
                    <For each={rounds()}>
                      {(r) => <option value={r.round}>{t('scores.round', { n: r.round })}</option>}
                    </For>
                  </select>
                </Show>
                <input
                  type="range"
                  min="0"
                  max={last()}
                  value={at()}
                  aria-label={t('replay.step', { n: at(), total: last() })}
                  onInput={(e) => go(Number(e.currentTarget.value))}
                />
              </div>
              <p class="replay-step" aria-live="polite">
                <strong>
                  {at() === 0
                    ? t(conn.record()?.start ? 'replay.begun' : 'replay.dealt')
                    : t('replay.step', { n: at(), total: last() })}
                </strong>
                <For each={lines()}>{(line) => <span class="replay-line">{line}</span>}</For>
              </p>
              <PlayFromHere
                game={props.table.game}
                record={conn.record()!}
                step={at()}
                state={steps()![at()]!.state}
                seat={props.you}
                levels={props.table.seats.map((s) => s.level ?? props.table.botLevel)}
              />
              <Show when={showing()} keyed>
                {(s) => (
                  <p
                    class="coach-shown"
                    tabindex="-1"
                    ref={(el) => requestAnimationFrame(() => el.focus())}
                  >
                    {s.caption}
                  </p>
                )}
              </Show>
              <LastMove.Provider value={(id) => !showing() && touched().has(id)}>
                <WasHidden.Provider value={(id) => unseen().has(id)}>
                  <AdviceMarks.Provider value={(id) => showing()?.marks.get(id) ?? null}>
                    <Board view={v()} names={props.names} move={() => {}} pending={true} />
                  </AdviceMarks.Provider>
                </WasHidden.Provider>
              </LastMove.Provider>
              <Show when={coaching() && conn.record()}>
                {(record) => (
                  <CoachPanel
                    at={{
                      table: props.table.id,
                      gameNo: props.table.gameNo,
                      game: props.table.game,
                      seat: props.you,
                    }}
                    record={record()}
                    engine={engine()!}
                    steps={steps()!}
                    names={props.names}
                    onShow={(s) => {
                      setPlaying(false);
                      setShown(s);
                      go(s.step);
                    }}
                    onClose={() => {
                      setCoaching(false);
                      setShown(null);
                    }}
                  />
                )}
              </Show>
            </>
          );
        }}
      </Show>
    </section>
  );
}
