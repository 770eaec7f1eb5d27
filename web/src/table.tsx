/** A table: the lobby until the game starts, then the game's board with the table around it. */
import { createEffect, createMemo, createResource, createSignal, onCleanup, Show } from 'solid-js';
import { unwrap } from 'solid-js/store';
import type { Rejection, Seat } from '../../shared/engine/types.ts';
import type { TableSummary } from '../../shared/protocol.ts';
import { type Connection, takeConnection } from './connection.ts';
import { gameInfo } from './games/registry.ts';
import type { GameModule } from './games/types.ts';
import { t } from './i18n.ts';
import { LastMove, touchedCards } from './last-move.ts';
import { saved } from './saved.ts';
import { Clock } from './ui/clock.tsx';
import { HomeLink } from './ui/home-link.tsx';
import { Lobby } from './ui/lobby.tsx';
import { Log } from './ui/log.tsx';
import { Notice } from './ui/notice.tsx';
import { Players } from './ui/players.tsx';
import { RoundPause } from './ui/round-pause.tsx';
import { ScoreSheet } from './ui/scores.tsx';
import { useTurnAlert } from './ui/turn-alert.ts';

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

export function seatNames(table: TableSummary): string[] {
  return table.seats.map(
    (s) => s.name ?? (s.bot ? t('seat.bot', { n: s.seat + 1 }) : t('seat.empty')),
  );
}

/** Our own words, in the player's language, for the refusals a player can meet in play. */
const errorText = (error: Rejection) =>
  error.code === 'stale' || error.code.startsWith('unseated.')
    ? t(`error.${error.code}`)
    : error.message;

export default function TablePage(props: { id: string }) {
  const conn = takeConnection(props.id);
  onCleanup(() => conn.close());

  // The creator arrives from the home page, which showed them in seat 0 as "You": they sit there
  // (or, should someone have been quicker, in the first free seat), once.
  let seatWish = saved.takeSeatWish(props.id);
  createEffect(() => {
    const table = conn.table();
    if (seatWish === null || !table || conn.seat() !== null) return;
    const free = table.seats.filter((s) => !s.bot && s.name === null);
    const seat = free.find((s) => s.seat === seatWish) ?? free[0];
    seatWish = null;
    if (seat && table.status !== 'over') conn.sit(seat.seat);
  });

  return (
    <section class="table-page">
      <Show when={conn.status() !== 'open'}>
        <p class="banner" role="status">
          {t(`status.${conn.status()}`)}
          <Show when={conn.status() === 'missing'}>
            {' '}
            <HomeLink>{t('status.home')}</HomeLink>
          </Show>
        </p>
      </Show>
      <Show when={conn.table()}>{(table) => <Table conn={conn} table={table()} />}</Show>
      <Show when={conn.error()}>
        {(error) => (
          <div class="toast" role="alert">
            <span>{errorText(error())}</span>
            <button type="button" onClick={conn.clearError}>
              {t('error.dismiss')}
            </button>
          </div>
        )}
      </Show>
    </section>
  );
}

function Table(props: { conn: Connection; table: TableSummary }) {
  const info = () => gameInfo(props.table.game);
  // The board's code starts loading as soon as the game is known, in the lobby or with the state.
  const [module] = createResource(
    () => props.table.game,
    (id) => gameInfo(id).load(),
  );
  const names = () => seatNames(props.table);
  return (
    <>
      <h1 class="table-title">
        {info().name}
        <Show when={props.conn.seat() === null}>
          <span class="badge">{t('spectator')}</span>
        </Show>
      </h1>
      <Show
        when={props.table.status !== 'lobby'}
        fallback={<Lobby conn={props.conn} table={props.table} names={names()} />}
      >
        {/* The game's state follows the welcome at once: draw nothing in between. */}
        <Show when={props.conn.state()}>
          <Game conn={props.conn} table={props.table} names={names()} module={module()?.default} />
        </Show>
      </Show>
    </>
  );
}

function Game(props: {
  conn: Connection;
  table: TableSummary;
  names: string[];
  module: GameModule | undefined;
}) {
  const module = () => props.module;
  const view = () =>
    props.conn.state()!.view as Record<string, unknown> & {
      phase: string;
      toMove: Seat[];
      legal: { t: string }[];
      totals: number[];
      winners?: Seat[];
      you: Seat | null;
    };
  const [showRules, setShowRules] = createSignal(false);
  const myTurn = () => view().toMove.includes(view().you ?? -1);
  // The cards the latest version brought or moved, kept while the version stays (a resync). The
  // view is a store that each version updates in place: what it was is kept as a copy.
  const touched = createMemo(
    (prev: { version: number; view: unknown; ids: Set<string> }) => {
      const { version, view: now } = props.conn.state()!;
      if (version === prev.version) return prev;
      const copy = structuredClone(unwrap(now));
      return { version, view: copy, ids: touchedCards(prev.view, copy) };
    },
    { version: -1, view: null as unknown, ids: new Set<string>() },
  );
  useTurnAlert(myTurn, () => gameInfo(props.table.game).name);
  return (
    <div class="game" classList={{ 'my-turn': myTurn() }}>
      <Show when={module()} fallback={<p class="loading">…</p>}>
        {(m) => {
          const Board = m().Board;
          return (
            <LastMove.Provider value={(id) => touched().ids.has(id)}>
              <Board
                view={view()}
                names={props.names}
                move={props.conn.move}
                pending={props.conn.pending()}
              />
            </LastMove.Provider>
          );
        }}
      </Show>
      <Notice conn={props.conn} module={module()} names={props.names} you={view().you} />
      <Players
        conn={props.conn}
        table={props.table}
        names={props.names}
        view={view()}
        score={module()?.liveScore && ((seat) => module()!.liveScore!(view(), seat))}
      />
      <Show when={view().phase !== 'roundOver'}>
        <Clock deadline={props.conn.state()!.deadline} />
      </Show>
      <Show when={view().phase === 'roundOver'}>
        <section class="round-over" aria-live="polite" ref={bringIntoView}>
          <h2>{t('round.over')}</h2>
          <ScoreSheet view={view()} names={props.names} />
          <RoundPause
            conn={props.conn}
            table={props.table}
            names={props.names}
            view={view()}
            deadline={props.conn.state()!.deadline}
          />
        </section>
      </Show>
      <Show when={view().phase === 'gameOver'}>
        <section class="game-over" aria-live="polite">
          <h2>{t('game.over')}</h2>
          <p class="winners">
            {t((view().winners ?? []).length > 1 ? 'game.winners' : 'game.winner', {
              names: (view().winners ?? []).map((s) => props.names[s]).join(' & '),
            })}
          </p>
          <ScoreSheet view={view()} names={props.names} />
          <Show when={props.conn.seat() !== null || props.conn.host()}>
            <button class="primary" type="button" onClick={props.conn.rematch}>
              {t('game.rematch')}
            </button>
          </Show>
        </section>
      </Show>
      <div class="side">
        <Show when={module()}>
          {(m) => <Log log={props.conn.log()} module={m()} names={props.names} you={view().you} />}
        </Show>
        <Show when={view().phase !== 'roundOver' && view().phase !== 'gameOver'}>
          <details class="scores">
            <summary>{t('scores.title')}</summary>
            <ScoreSheet view={view()} names={props.names} />
          </details>
        </Show>
        <details class="rules" onToggle={(e) => setShowRules(e.currentTarget.open)}>
          <summary>{t('rules.title')}</summary>
          <Show when={showRules() && module()}>
            {(m) => {
              const Rules = m().Rules;
              return <Rules />;
            }}
          </Show>
        </details>
      </div>
    </div>
  );
}
