/**
 * A game in play: the game's board with the table around it (whose turn, the clock on each
 * seat, reactions, the log, the scores), the end of a round and of the game, and the replay.
 */
import {
  createEffect,
  createMemo,
  createSignal,
  lazy,
  on,
  onCleanup,
  onMount,
  Show,
} from 'solid-js';
import { unwrap } from 'solid-js/store';
import type { Seat } from '../../../shared/engine/types.ts';
import type { AnyView, TableSummary } from '../../../shared/protocol.ts';
import { useConnection } from '../connection.ts';
import { gameInfo } from '../games/registry.ts';
import type { AnyGameModule } from '../games/types.ts';
import { t } from '../i18n.ts';
import { LastMove } from '../last-move.ts';
import { afterNextPaint } from './after-paint.ts';
import { notePlaces, type Places, travel } from './card-travel.ts';
import { Invite } from './invite.tsx';
import { keepFocusOnBoard } from './keep-focus.ts';
import { LatestLine, Log } from './log.tsx';
import { Notice } from './notice.tsx';
import { NotifyMe } from './notify.tsx';
import { NudgeLine } from './nudge.tsx';
import { Players } from './players.tsx';
import { ReactionBar } from './reactions.tsx';
import { RoundPause } from './round-pause.tsx';
import { ScoreSheet } from './scores.tsx';
import { seatClock } from './seat-clock.ts';
import { SeatLiveContext } from './seat-live.tsx';
import { setSoundOn, soundOn } from './sound.ts';
import { useTurnAlert } from './turn-alert.ts';

// The end of a game (its chart, its replay) comes only when a game ends.
const GameOver = lazy(() => import('./game-over.tsx').then((m) => ({ default: m.GameOver })));
const Replay = lazy(() => import('./replay.tsx').then((m) => ({ default: m.Replay })));

/**
 * A round's end is below the board on a phone: it is scrolled into view when it appears, so the
 * scores and the "ready" button are seen without looking for them.
 */
function bringIntoView(el: HTMLElement): void {
  const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
  requestAnimationFrame(() =>
    el.scrollIntoView({ block: 'nearest', behavior: still ? 'auto' : 'smooth' }),
  );
}

/** The clock's bar is redrawn this often while someone is on the clock. */
const CLOCK_TICK_MS = 250;

export function Game(props: {
  table: TableSummary;
  names: string[];
  module: AnyGameModule | undefined;
}) {
  const conn = useConnection();
  const module = () => props.module;
  const view = () => conn.state()!.view;
  const myTurn = () => view().toMove.includes(view().you ?? -1);
  // A memo: what depends on the game's end runs when it comes or goes, not with every new state
  // (which would forget a "play again" said meanwhile).
  const over = createMemo(() => view().phase === 'gameOver');
  /** Who won the round just ended and why, as the log told it. */
  const roundResult = () => {
    const m = module();
    if (!m?.endsRound) return null;
    const log = conn.log();
    for (let i = log.length - 1; i >= 0; i--) {
      const event = log[i]!.event;
      if (m.endsRound(event)) return m.describe(event, props.names, view().you);
    }
    return null;
  };
  const [replaying, setReplaying] = createSignal(false);
  /** The replay was opened for the coach's review ("Review my game"). */
  const [reviewing, setReviewing] = createSignal(false);

  /** Which game this is: the table's summary may come a moment after the new game's first view. */
  const gameNo = () => {
    const log = conn.log();
    for (let i = log.length - 1; i >= 0; i--) {
      const event = log[i]!.event;
      if (event.type === 'gameStarted' && typeof event.gameNo === 'number') {
        return Math.max(event.gameNo, props.table.gameNo);
      }
    }
    return props.table.gameNo;
  };
  // A finished game stays with a player who is still reading it, or replaying it, when the next
  // one begins (someone else's "play again", the host's countdown): they join it with one tap.
  const [held, setHeld] = createSignal<{ view: AnyView; gameNo: number } | null>(null);
  let ended: { view: AnyView; gameNo: number } | null = null;
  /** This page said "play again" for the game that ended: it goes on to the next by itself. */
  let asked = false;
  createEffect(
    on(over, (isOver, wasOver) => {
      if (isOver) {
        ended = { view: structuredClone(unwrap(view())), gameNo: gameNo() };
        asked = false;
      } else if (wasOver && ended && conn.seat() !== null && (replaying() || !asked)) {
        setHeld(ended);
      }
    }),
  );
  const playAgain = () => {
    asked = true;
    conn.rematch();
  };
  /** The host's "start the new game": the host's seat is in it (the table agrees it). */
  const startNext = () => {
    asked = true;
    conn.start();
  };
  const join = () => {
    setHeld(null);
    setReplaying(false);
    window.scrollTo(0, 0);
  };
  // The table's clock waits for each player's first look at a new game's board (CONTRACT §2).
  let lookedAt = 0;
  createEffect(() => {
    const no = gameNo();
    if (conn.seat() === null || held() || replaying() || over() || no === lookedAt) return;
    lookedAt = no;
    conn.seen(no);
  });
  /** The people the table waits on now: to move, to be ready for the next round or game. */
  const waitingOn = (): Seat[] => {
    if (over()) return props.table.rematch?.waitingFor ?? [];
    if (view().phase === 'roundOver') return props.table.pause?.waitingFor ?? [];
    return view().toMove.filter((s) => props.table.seats[s]?.bot === false);
  };
  /** The game at an end on screen: the one just over, or the one a player is still reading. */
  const ending = () => held() ?? (over() ? { view: view(), gameNo: gameNo() } : null);
  useTurnAlert(myTurn, () => gameInfo(props.table.game).name);
  // The board starts at the top of the page: a game started from a lobby scrolled down to its
  // "Start" button opens with the whole board in view.
  onMount(() => window.scrollTo(0, 0));
  // So does each new round: the round's end, scrolled into view, is gone, and the board is back.
  createEffect(
    on(
      () => view().phase,
      (phase, before) => {
        if (before === 'roundOver' && phase !== 'gameOver') window.scrollTo(0, 0);
      },
      { defer: true },
    ),
  );

  // Cards glide from where they were to where the move put them.
  let root: HTMLDivElement | undefined;
  let places: Places = new Map();
  onCleanup(conn.onBeforeState(() => (places = notePlaces(root ?? null))));
  createEffect(on(conn.touched, (ids) => travel(root ?? null, places, ids), { defer: true }));
  // A move takes away the card or button that made it: focus stays in the hand, not on <body>.
  onMount(() => onCleanup(keepFocusOnBoard(root!)));

  const [now, setNow] = createSignal(Date.now());
  const tick = setInterval(() => {
    if (conn.state()?.deadline != null) setNow(Date.now());
  }, CLOCK_TICK_MS);
  onCleanup(() => clearInterval(tick));
  const clock = (seat: Seat) =>
    seatClock(
      {
        deadline: conn.state()!.deadline,
        seconds: props.table.clock,
        phase: view().phase,
        toMove: view().toMove,
        bots: props.table.seats.map((s) => s.bot),
      },
      seat,
      now(),
    );
  const seated = () => conn.seat() !== null;
  // The board is drawn first, the players and the side panels a frame later: they sit beside it
  // or below it, so nothing moves, and a table link's first board is not held back by them.
  const [aside, setAside] = createSignal(false);
  onMount(() => afterNextPaint(() => setAside(true)));

  return (
    <SeatLiveContext.Provider
      value={{
        clock,
        reaction: (seat) => conn.reactions().get(seat) ?? null,
        get you() {
          return view().you;
        },
      }}
    >
      <div
        class="game"
        classList={{ 'my-turn': myTurn() }}
        // The board shows a move before the table has answered it (prediction.ts).
        data-predicted={conn.predicted() ? '' : undefined}
        ref={root}
      >
        <Show when={module()} fallback={<p class="loading">…</p>}>
          {(m) => (
            <Show
              when={replaying() && conn.seat() !== null}
              fallback={
                <LastMove.Provider value={(id) => conn.touched().has(id)}>
                  {(() => {
                    const Board = m().Board;
                    return held() ? null : (
                      <Board
                        view={view()}
                        names={props.names}
                        move={conn.move}
                        pending={conn.pending()}
                      />
                    );
                  })()}
                </LastMove.Provider>
              }
            >
              <Show when={held()}>
                <p class="new-game" role="status">
                  {t('rematch.begun')}{' '}
                  <button class="primary" type="button" onClick={join}>
                    {t('rematch.join')}
                  </button>
                </p>
              </Show>
              <Replay
                table={{ ...props.table, gameNo: ending()?.gameNo ?? props.table.gameNo }}
                names={props.names}
                module={m()}
                you={conn.seat()!}
                review={reviewing()}
                onClose={() => {
                  setReplaying(false);
                  setReviewing(false);
                }}
                rematch={
                  over() && !held()
                    ? { table: props.table, onPlayAgain: playAgain, onStart: startNext }
                    : undefined
                }
              />
            </Show>
          )}
        </Show>
        {/* Between rounds and at the end, the panel below says what happened. */}
        <NudgeLine names={props.names} />
        <Show when={module() && !replaying() && !held() && view().phase !== 'roundOver' && !over()}>
          <LatestLine log={conn.log()} module={module()!} names={props.names} you={view().you} />
        </Show>
        <Notice
          module={module()}
          names={props.names}
          you={view().you}
          round={view().round}
          gameNo={props.table.gameNo}
          hidden={view().phase === 'roundOver' || over() || held() !== null}
        />
        <Show when={view().phase === 'roundOver' && !held()}>
          <section class="round-over" aria-live="polite" ref={bringIntoView}>
            <h2>{t('round.over')}</h2>
            <Show when={roundResult()}>{(line) => <p class="round-result">{line()}</p>}</Show>
            {/* What the round's end asks comes before the numbers, and stays on screen (CSS). */}
            <RoundPause
              table={props.table}
              names={props.names}
              view={view()}
              seat={conn.screen ? null : conn.seat()}
              deadline={conn.state()!.deadline}
            />
            <Invite table={props.table} />
            <ScoreSheet view={view()} names={props.names} totalLabel={totalsLabel()} />
          </section>
        </Show>
        <Show when={!replaying() && ending()}>
          {(end) => (
            <GameOver
              table={props.table}
              view={end().view}
              names={props.names}
              totalsLabel={module()?.totalsLabel?.(end().view) ?? undefined}
              goal={module()?.goal?.(end().view) ?? null}
              counted={module()?.countedPerRound?.(end().view) ?? end().view.history}
              why={module()?.whyWon?.(end().view, props.names) ?? null}
              held={held() !== null}
              onReplay={() => setReplaying(true)}
              onReview={() => {
                setReviewing(true);
                setReplaying(true);
              }}
              onJoin={join}
              onPlayAgain={playAgain}
              onStart={startNext}
            />
          )}
        </Show>
        <Show when={aside()}>
          <Players
            table={props.table}
            names={props.names}
            view={view()}
            score={module()?.liveScore && ((seat) => module()!.liveScore!(view(), seat))}
            waiting={waitingOn()}
          />
          <div class="side">
            <NotifyMe />
            <Show when={seated()}>
              <ReactionBar react={conn.react} />
            </Show>
            <Show when={module()}>
              {(m) => <Log log={conn.log()} module={m()} names={props.names} you={view().you} />}
            </Show>
            <Show when={view().phase !== 'roundOver' && !over()}>
              {/* A room's screen shows the sheet: nobody there opens it. */}
              <details class="scores" open={conn.screen}>
                <summary>{t('scores.title')}</summary>
                <ScoreSheet view={view()} names={props.names} totalLabel={totalsLabel()} />
              </details>
            </Show>
            {/* The sound is for a player's turn: a screen has none. */}
            <Show when={!conn.screen}>
              <label class="sound-toggle">
                <input
                  type="checkbox"
                  checked={soundOn()}
                  onChange={(e) => setSoundOn(e.currentTarget.checked)}
                />
                {t('sound.label')}
              </label>
            </Show>
          </div>
        </Show>
      </div>
    </SeatLiveContext.Provider>
  );

  function totalsLabel(): string | undefined {
    return module()?.totalsLabel?.(view()) ?? undefined;
  }
}
