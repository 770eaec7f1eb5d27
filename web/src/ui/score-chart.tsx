/**
 * Each player's total after each round, as a small line chart (the score sheet below it holds
 * the same numbers as a table, for screen readers and for reading exact values).
 */
import { For, Show } from 'solid-js';
import { t } from '../i18n.ts';

/** Totals after each round, by seat: the running sum of each round's scores. */
export function runningTotals(history: readonly (readonly number[])[], seats: number): number[][] {
  const sums = Array.from({ length: seats }, () => [0]);
  for (const row of history) {
    for (let s = 0; s < seats; s++) sums[s]!.push(sums[s]!.at(-1)! + (row[s] ?? 0));
  }
  return sums;
}

/** Seat colours, told apart by people with the common colour-vision deficiencies. */
const COLOURS = ['#1f77b4', '#e8710a', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2'];
const W = 320;
const H = 140;
const PAD = { left: 30, right: 10, top: 10, bottom: 22 };

export function ScoreChart(props: { history: number[][]; names: string[]; goal: number | null }) {
  const lines = () => runningTotals(props.history, props.names.length);
  const rounds = () => props.history.length;
  const top = () => Math.max(1, props.goal ?? 0, ...lines().flat());
  // Lines drawn in seat order, each narrower than the one before: where totals are equal the
  // lines lie one inside the other, every colour still showing.
  const width = (seat: number) => 2 + 1.5 * (props.names.length - 1 - seat);
  const x = (i: number) => PAD.left + (i / Math.max(1, rounds())) * (W - PAD.left - PAD.right);
  const y = (v: number) => H - PAD.bottom - (v / top()) * (H - PAD.top - PAD.bottom);
  return (
    <figure class="score-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('summary.chart')}>
        <line class="axis" x1={PAD.left} y1={y(0)} x2={W - PAD.right} y2={y(0)} />
        <Show when={top() !== props.goal}>
          <text class="tick" x={PAD.left - 4} y={y(top()) + 4} text-anchor="end">
            {top()}
          </text>
        </Show>
        <text class="tick" x={PAD.left - 4} y={y(0) + 4} text-anchor="end">
          0
        </text>
        <Show when={props.goal}>
          {(goal) => (
            <>
              <line class="goal" x1={PAD.left} y1={y(goal())} x2={W - PAD.right} y2={y(goal())} />
              <text class="tick" x={PAD.left - 4} y={y(goal()) + 4} text-anchor="end">
                {goal()}
              </text>
            </>
          )}
        </Show>
        <For each={Array.from({ length: rounds() }, (_, i) => i + 1)}>
          {(r) => (
            <text class="tick" x={x(r)} y={H - 6} text-anchor="middle">
              {t('summary.round', { n: r })}
            </text>
          )}
        </For>
        <For each={lines()}>
          {(points, seat) => (
            <polyline
              fill="none"
              stroke={COLOURS[seat() % COLOURS.length]}
              stroke-width={width(seat())}
              stroke-linejoin="round"
              points={points.map((v, i) => `${x(i)},${y(v)}`).join(' ')}
            />
          )}
        </For>
      </svg>
      <figcaption class="score-legend">
        <span class="sr-only">{t('summary.chart')}: </span>
        <For each={props.names}>
          {(name, seat) => (
            <span class="legend-item">
              <span class="swatch" style={{ background: COLOURS[seat() % COLOURS.length] }} />
              {name}
            </span>
          )}
        </For>
      </figcaption>
    </figure>
  );
}
