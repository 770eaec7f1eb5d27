/** The score sheet: each finished round's scores and the totals. */
import { For } from 'solid-js';
import type { AnyView } from '../../../shared/protocol.ts';
import { score, t } from '../i18n.ts';

export function ScoreSheet(props: {
  view: Pick<AnyView, 'totals' | 'history'>;
  names: string[];
  /** What the totals count, when it is not the sum of the rounds above (round wins, say). */
  totalLabel?: string;
}) {
  return (
    <table class="score-sheet">
      <thead>
        <tr>
          <th scope="col">
            <span class="sr-only">{t('scores.roundColumn')}</span>
          </th>
          <For each={props.names}>{(name) => <th scope="col">{name}</th>}</For>
        </tr>
      </thead>
      <tbody>
        <For each={props.view.history}>
          {(row, i) => (
            <tr>
              <th scope="row">{t('scores.round', { n: i() + 1 })}</th>
              <For each={row}>{(n) => <td>{score(n)}</td>}</For>
            </tr>
          )}
        </For>
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{props.totalLabel ?? t('scores.total')}</th>
          <For each={props.view.totals}>{(total) => <td>{score(total)}</td>}</For>
        </tr>
      </tfoot>
    </table>
  );
}
