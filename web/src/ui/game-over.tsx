/**
 * The end of a game: who won and what next, right under it (on a phone too), then each round's
 * scores as a chart and a sheet.
 */
import { Show } from 'solid-js';
import { type GameOver as GameOverEvent, MAX_ROUNDS } from '../../../shared/engine/rounds.ts';
import type { AnyView } from '../../../shared/protocol.ts';
import { useConnection } from '../connection.ts';
import { t } from '../i18n.ts';
import { ScoreChart } from './score-chart.tsx';
import { ScoreSheet } from './scores.tsx';

export function GameOver(props: {
  view: Pick<AnyView, 'totals' | 'winners' | 'history'>;
  names: string[];
  totalsLabel?: string;
  goal: number | null;
  onReplay: () => void;
}) {
  const conn = useConnection();
  // ALL-3: a game cut off at the round limit says so, or its winners would seem to come from nowhere.
  const cutOff = () =>
    conn.log().some((e) => e.event.type === 'gameOver' && (e.event as GameOverEvent).roundLimit);
  return (
    <section class="game-over" aria-live="polite">
      <h2>{t('game.over')}</h2>
      <p class="winners">
        {t(props.view.winners.length > 1 ? 'game.winners' : 'game.winner', {
          names: props.view.winners.map((s) => props.names[s]).join(' & '),
        })}
      </p>
      <Show when={cutOff()}>
        <p>{t('game.roundLimit', { n: MAX_ROUNDS })}</p>
      </Show>
      <div class="game-over-actions">
        <Show when={conn.seat() !== null || conn.host()}>
          <button class="primary" type="button" onClick={conn.rematch}>
            {t('game.rematch')}
          </button>
        </Show>
        {/* The record (and so the replay) is for the game's players. */}
        <Show when={conn.seat() !== null}>
          <button type="button" onClick={() => props.onReplay()}>
            {t('replay.open')}
          </button>
        </Show>
      </div>
      <Show when={props.view.history.length > 1}>
        <ScoreChart history={props.view.history} names={props.names} goal={props.goal} />
      </Show>
      <ScoreSheet view={props.view} names={props.names} totalLabel={props.totalsLabel} />
    </section>
  );
}
