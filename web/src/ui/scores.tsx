/** The score sheet: each finished round's scores and the totals. */
import { For, Show } from 'solid-js';
import { t } from '../i18n.ts';

export function ScoreSheet(props: {
  view: { totals: number[]; history?: number[][] };
  names: string[];
  /** What the totals count, when it is not the sum of the rounds above (round wins, say). */
  totalLabel?: string;
}) {
  return (
    <table class="score-sheet">
      <thead>
        <tr>
          <th scope="col" />
          <For each={props.names}>{(name) => <th scope="col">{name}</th>}</For>
        </tr>
      </thead>
      <tbody>
        <Show when={props.view.history}>
          {(history) => (
            <For each={history()}>
              {(row, i) => (
                <tr>
                  <th scope="row">{t('scores.round', { n: i() + 1 })}</th>
                  <For each={row}>{(score) => <td>{score}</td>}</For>
                </tr>
              )}
            </For>
          )}
        </Show>
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{props.totalLabel ?? t('scores.total')}</th>
          <For each={props.view.totals}>{(total) => <td>{total}</td>}</For>
        </tr>
      </tfoot>
    </table>
  );
}
