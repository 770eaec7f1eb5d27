/**
 * What the coach says, from a review and each game's words for its moves: a sentence per turning
 * point, the caption of one shown on the board, whether the game left few real choices, and the
 * chart in words. Chances are said as percentages, gains in percentage points.
 */
import { lang } from '../i18n.ts';
import type { Review } from './review-schema.ts';
import { t, tn } from './strings.ts';
import type { TurningPoint } from './turning-points.ts';
import type { MoveWords } from './words/common.ts';

/** A chance (0…1) as the player's language writes a percentage: "40%", "40 %". */
export function percent(chance: number): string {
  return new Intl.NumberFormat(lang(), { style: 'percent', maximumFractionDigits: 0 }).format(
    chance,
  );
}

/** A gain in chance as whole percentage points (at least 1: a turning point is worth something). */
const points = (gain: number) => tn('coach.gain', Math.max(1, Math.round(gain * 100)));

/**
 * "Round 3: playing the 9 and calling higher was worth 18 points more of your chance…", and
 * what the move played led to where something of note followed it.
 */
export function pointText(point: TurningPoint): string {
  const { decision: d, led } = point;
  const said = {
    round: d.round,
    better: point.better.phrase,
    played: point.played.phrase,
    gain: points(d.gain),
    bestChance: percent(d.bestChance),
    chance: percent(d.chance),
  };
  return led === null ? t('coach.point', said) : t('coach.pointLed', { ...said, led });
}

/** What the board shows for a turning point: which move is which, and how each is marked. */
export function shownCaption(point: TurningPoint): string {
  const marked = (key: 'better' | 'played', words: MoveWords) =>
    t(words.cards.length > 0 ? `coach.shown.${key}` : `coach.shown.${key}Bare`, {
      move: words.phrase,
    });
  return [
    t('coach.shown', { round: point.decision.round, n: point.n }),
    marked('better', point.better),
    marked('played', point.played),
  ].join(' ');
}

/** The moves that were real choices: more than one move worth comparing. */
export const realChoices = (review: Review) => review.decisions.filter((d) => d.compared > 1);

/** "This game left you few real choices: 3 of your 20 moves…", where the review says so. */
export function fewChoicesText(review: Review): string | null {
  if (!review.fewDecisions) return null;
  return tn('coach.few', realChoices(review).length, { all: review.decisions.length });
}

/** The chart in words: where the chance began and ended, its lowest and highest, by round. */
export function chartSummary(review: Review): string {
  const all = review.decisions;
  const first = all[0];
  const last = all.at(-1);
  if (!first || !last) return '';
  let low = first;
  let high = first;
  for (const d of all) {
    if (d.chance < low.chance) low = d;
    if (d.chance > high.chance) high = d;
  }
  return t('coach.chart.summary', {
    first: percent(first.chance),
    last: percent(last.chance),
    low: percent(low.chance),
    lowRound: low.round,
    high: percent(high.chance),
    highRound: high.round,
  });
}
