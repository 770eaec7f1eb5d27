/**
 * The end of a game: who won, why, and what next, right under it (on a phone too), then each
 * round's scores as a chart and a sheet. Kept on screen for a player still reading it when the
 * next game begins (`held`), with the way into that game.
 */
import { onMount, Show } from 'solid-js';
import { type GameOver as GameOverEvent, MAX_ROUNDS } from '../../../shared/engine/rounds.ts';
import type { AnyView, TableSummary } from '../../../shared/protocol.ts';
import { useConnection } from '../connection.ts';
import { t } from '../i18n.ts';
import { Invite } from './invite.tsx';
import { RematchCall } from './rematch-call.tsx';
import { ScoreChart } from './score-chart.tsx';
import { ScoreSheet } from './scores.tsx';

export function GameOver(props: {
  table: TableSummary;
  view: Pick<AnyView, 'totals' | 'winners' | 'history'>;
  names: string[];
  totalsLabel?: string;
  goal: number | null;
  /** What each round added to the totals, as the chart plots it (the view's history, or the game's count). */
  counted: number[][];
  /** How the game was won, in the game's own terms. */
  why: string | null;
  /** The next game has begun while this player was here: this is the one that ended. */
  held: boolean;
  onReplay: () => void;
  /** The replay with the coach's review of this player's game. */
  onReview: () => void;
  onJoin: () => void;
  onPlayAgain: () => void;
  onStart: () => void;
}) {
  const conn = useConnection();
  // The replay needs the game's record, which the table gives only until the next game begins:
  // fetched now, it is at hand whenever the replay is opened.
  /** The game this screen shows the end of: the one before the table's own once it is held. */
  const ended = () => (props.held ? props.table.gameNo - 1 : props.table.gameNo);
  onMount(() => {
    if (conn.seat() !== null && conn.record()?.gameNo !== ended()) conn.askRecord();
  });
  // ALL-3: a game cut off at the round limit says so, or its winners would seem to come from nowhere.
  const cutOff = () =>
    conn.log().some((e) => e.event.type === 'gameOver' && (e.event as GameOverEvent).roundLimit);
  return (
    <section class="game-over" aria-live="polite">
      <Show when={props.held}>
        <div class="new-game" role="status">
          <p>{t('rematch.begun')}</p>
          <button class="primary" type="button" onClick={() => props.onJoin()}>
            {t('rematch.join')}
          </button>
        </div>
      </Show>
      <h2>{t('game.over')}</h2>
      <p class="winners">
        {t(props.view.winners.length > 1 ? 'game.winners' : 'game.winner', {
          names: props.view.winners.map((s) => props.names[s]).join(' & '),
        })}
      </p>
      <Show when={cutOff()} fallback={<Show when={props.why}>{(why) => <p>{why()}</p>}</Show>}>
        <p>{t('game.roundLimit', { n: MAX_ROUNDS })}</p>
      </Show>
      <Show when={!props.held}>
        <RematchCall
          table={props.table}
          names={props.names}
          onPlayAgain={props.onPlayAgain}
          onStart={props.onStart}
        />
        <Invite table={props.table} />
      </Show>
      {/* The record (and so the replay) is for the game's players (ALL-1): offered once the table
          gave it, never to someone who sat down after the game, whom it refuses. */}
      <Show when={conn.seat() !== null && conn.record()?.gameNo === ended()}>
        <div class="game-over-actions">
          <button type="button" onClick={() => props.onReplay()}>
            {t('replay.open')}
          </button>
          <Show when={conn.record()?.moves.some((m) => m.seat === conn.seat())}>
            <button type="button" onClick={() => props.onReview()}>
              {t('coach.open')}
            </button>
          </Show>
        </div>
      </Show>
      <Show when={props.view.history.length > 1}>
        <ScoreChart history={props.counted} names={props.names} goal={props.goal} />
      </Show>
      <ScoreSheet view={props.view} names={props.names} totalLabel={props.totalsLabel} />
    </section>
  );
}
