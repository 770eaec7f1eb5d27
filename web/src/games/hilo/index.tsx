import type { Seat } from '../../../../shared/engine/types.ts';
import type { Card, Config, HiloEvent, Move, View } from '../../../../shared/games/hilo/types.ts';
import type { TableEvent } from '../../../../shared/protocol.ts';
import { score as signed } from '../../i18n.ts';
import { reachedBy } from '../goal-reached.ts';
import type { GameModule } from '../types.ts';
import { Board } from './board.tsx';
import { cardName, lineName } from './names.ts';
import { t, tn } from './strings.ts';
import './board.css';

function describe(e: HiloEvent | TableEvent, names: string[], _you: Seat | null): string | null {
  const name = 'seat' in e ? (names[e.seat] ?? '') : '';
  const cards = (list: { card: Card }[] | Card[]) =>
    list.map((x) => cardName('card' in x ? x.card : x)).join(', ');
  const list = (seats: Seat[]) => seats.map((s) => names[s]).join(', ');
  switch (e.type) {
    case 'dealt':
      return t('hl.log.dealt', {
        round: e.round,
        name: names[e.dealer] ?? '',
        card: cardName(e.discard),
      });
    case 'ready':
      return t('hl.log.ready', { name });
    case 'opened':
      return t('hl.log.opened', { name, cards: cards(e.cells) });
    case 'starter':
      return t('hl.log.starter', { name, sum: e.sums[e.seat] ?? 0 });
    case 'took':
      return t('hl.log.took', { name, card: cardName(e.card), replaced: cardName(e.replaced) });
    case 'reshuffled':
      return tn('hl.log.reshuffled', e.count);
    case 'drew':
      return t('hl.log.drew', { name });
    case 'placed':
      return t('hl.log.placed', { name, card: cardName(e.card), replaced: cardName(e.replaced) });
    case 'discarded':
      return t('hl.log.discarded', { name, card: cardName(e.card) });
    case 'flipped':
      return t('hl.log.flipped', { name, card: cardName(e.card) });
    case 'removed': {
      const params = { name, line: lineName(e.line), cards: cards(e.cards) };
      if (e.auto) return t('hl.log.autoRemoved', params);
      if (e.close === undefined) return t('hl.log.removed', params);
      return t('hl.log.removedClose', { ...params, close: t(`hl.close.${e.close}Log`) });
    }
    case 'kept':
      return t('hl.log.kept', { name });
    case 'lastTurns':
      return t('hl.log.lastTurns', { name: names[e.endedBy] ?? '', names: list(e.seats) });
    case 'revealed':
      return t('hl.log.revealed', { name, cards: cards(e.cells) });
    case 'roundOver': {
      const scores = e.scores
        .map((score, s) =>
          t(s === e.doubled ? 'hl.log.doubled' : 'hl.log.score', {
            name: names[s] ?? '',
            score: signed(score),
          }),
        )
        .join(', ');
      return t(e.stalled ? 'hl.log.stalled' : 'hl.log.roundOver', { round: e.round, scores });
    }
    case 'gameOver':
      return t(e.winners.length > 1 ? 'hl.log.gameOverMany' : 'hl.log.gameOver', {
        names: e.winners.map((s) => names[s]).join(' & '),
      });
    default:
      return null;
  }
}

/** In HiLO the lowest total wins: the score sheet says so where the totals are. */
const totalsLabel = () => t('hl.totals');

const hilo: GameModule<View, Move, Config, HiloEvent> = {
  Board,
  describe,
  rules: () => import('./rules.tsx').then((m) => m.Rules),
  totalsLabel,
  // The openings turned up together, who starts, and the round's end turning up every layout
  // (clearing its lines): the last one to act brings them about for everyone.
  befalls: (e: HiloEvent | TableEvent) =>
    e.type === 'opened' ||
    e.type === 'starter' ||
    e.type === 'revealed' ||
    (e.type === 'removed' && e.auto),
  endsRound: (e: HiloEvent | TableEvent) => e.type === 'roundOver',
  goal: (view: View) => view.config.limit,
  // HL-13: a total at the limit ends the game, and the lowest total wins it.
  whyWon: (view: View, names: string[]) => {
    const limit = view.config.limit;
    const reached = reachedBy(view.totals, limit, names);
    return reached === null ? null : t('hl.why', { names: reached, limit });
  },
};
export default hilo;
