/**
 * The player's chance to win after each of their decisions, as a small line chart with the
 * turning points ringed and numbered; its title and a summary in words say what it shows.
 */
import { createUniqueId, For } from 'solid-js';
import type { Review } from './review-schema.ts';
import { chartSummary, percent } from './sentences.ts';
import { t } from './strings.ts';
import type { TurningPoint } from './turning-points.ts';

const W = 320;
const H = 130;
const PAD = { left: 34, right: 12, top: 12, bottom: 20 };

export function ChanceChart(props: { review: Review; points: TurningPoint[] }) {
  const title = createUniqueId();
  const summary = createUniqueId();
  const moves = () => props.review.decisions.length;
  const x = (i: number) =>
    PAD.left + (moves() < 2 ? 0.5 : i / (moves() - 1)) * (W - PAD.left - PAD.right);
  const y = (chance: number) => H - PAD.bottom - chance * (H - PAD.top - PAD.bottom);
  const line = () => props.review.decisions.map((d, i) => `${x(i)},${y(d.chance)}`).join(' ');
  return (
    <figure class="score-chart coach-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={title} aria-describedby={summary}>
        <title id={title}>{t('coach.chart')}</title>
        <For each={[0, 0.5, 1]}>
          {(level) => (
            <>
              <line
                class={level === 0 ? 'axis' : 'grid'}
                x1={PAD.left}
                y1={y(level)}
                x2={W - PAD.right}
                y2={y(level)}
              />
              <text class="tick" x={PAD.left - 4} y={y(level) + 4} text-anchor="end">
                {percent(level)}
              </text>
            </>
          )}
        </For>
        <text class="tick" x={W - PAD.right} y={H - 4} text-anchor="end">
          {`${t('coach.chart.move')} ${moves()}`}
        </text>
        <polyline class="chance" fill="none" points={line()} />
        <For each={props.points}>
          {(p) => (
            <g class="turning-point">
              <circle cx={x(p.index)} cy={y(p.decision.chance)} r="7" />
              <text x={x(p.index)} y={y(p.decision.chance) + 3.5} text-anchor="middle">
                {p.n}
              </text>
            </g>
          )}
        </For>
      </svg>
      <figcaption id={summary}>
        {chartSummary(props.review)} {props.points.length > 0 ? t('coach.chart.marks') : ''}
      </figcaption>
    </figure>
  );
}
