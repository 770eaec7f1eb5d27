/**
 * What a turning point's move led to (shared/coach/consequence/), as a clause that ends the
 * turning point's sentence: "…than your move, playing the 4; 2 turns later you had no card to
 * play and dropped out." Each kind has its key, `coach.led.<kind>`, counted by one of its numbers.
 */
import type { Consequence } from '../../../shared/coach/consequence/index.ts';
import { score } from '../i18n.ts';
import { t, tn } from './strings.ts';

/** `led` in words, `names` the seats' names. */
export function ledToText(led: Consequence, names: readonly string[]): string {
  if (led.kind === 'hl.hilo' && led.turns === 0) return t('coach.led.hl.hiloNow');
  const { n, params } = counted(led, names);
  return tn(`coach.led.${led.kind}`, n, params);
}

/** The number a kind's words are counted by, and what else they say. */
function counted(
  led: Consequence,
  names: readonly string[],
): { n: number; params: Record<string, string | number> } {
  const name = (seat: number) => names[seat] ?? '';
  switch (led.kind) {
    case 'hh.out':
    case 'hl.hilo':
      return { n: led.turns, params: {} };
    case 'hh.wonOut':
    case 'hh.wonLast':
    case 'sn.round':
      return { n: led.points, params: {} };
    case 'hh.lost':
      return { n: led.points, params: { name: name(led.winner) } };
    // HiLO's sums may be below nought: said as its scores are, with a true minus sign.
    case 'hl.round':
      return { n: led.sum, params: { sum: score(led.sum) } };
    case 'hl.doubled':
      return { n: led.sum, params: { sum: score(led.sum), score: score(led.score) } };
    case 'sn.leadHeld':
    case 'sn.wonUnseen':
    case 'sn.won':
    case 'sn.challengeWon':
      return { n: led.count, params: {} };
    case 'sn.leadLost':
    case 'sn.challengeLost':
      return { n: led.count, params: { name: name(led.by) } };
  }
}
