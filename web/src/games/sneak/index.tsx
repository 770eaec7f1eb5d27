import type { Seat } from '../../../../shared/engine/types.ts';
import { classify } from '../../../../shared/games/sneak/combos.ts';
import type { Config, Move, SneakEvent, View } from '../../../../shared/games/sneak/types.ts';
import type { TableEvent } from '../../../../shared/protocol.ts';
import { reachedBy } from '../goal-reached.ts';
import type { GameModule } from '../types.ts';
import { Board } from './board.tsx';
import { cardNames } from './names.ts';
import { liveScore } from './score.ts';
import { comboName, t, tn } from './strings.ts';
import './board.css';

function describe(e: SneakEvent | TableEvent, names: string[], _you: Seat | null): string | null {
  const name = 'seat' in e ? names[e.seat]! : '';
  switch (e.type) {
    case 'dealt':
      return tn('sn.log.dealt', e.packs, { round: e.round, name: names[e.dealer]! });
    case 'drew':
      return t('sn.log.drew', { name });
    case 'sneaked':
      return tn('sn.log.sneaked', e.count, { name });
    case 'flaunted': {
      const combo = classify(e.cards).type;
      const key = combo === 'single' ? 'sn.log.flauntedSingle' : 'sn.log.flaunted';
      return t(key, { name, cards: cardNames(e.cards), combo: comboName(combo) });
    }
    case 'answered':
      return t('sn.log.answered', { name });
    case 'revealed':
      return t(e.combo === 'single' ? 'sn.log.revealedSingle' : 'sn.log.revealed', {
        name,
        cards: cardNames(e.cards),
        combo: comboName(e.combo),
      });
    case 'won':
      // The cards of a sneak won unseen are told only in the replay of a finished game.
      if (e.cards) return tn('sn.log.wonUnseenShown', e.count, { name, cards: cardNames(e.cards) });
      return tn(e.unseen ? 'sn.log.wonUnseen' : 'sn.log.won', e.count, { name });
    case 'collected':
      return tn('sn.log.collected', e.count, { name });
    case 'roundOver':
      return t('sn.log.roundOver', {
        round: e.round,
        scores: e.won.map((n, s) => t('sn.log.score', { name: names[s] ?? '', n })).join(', '),
      });
    case 'gameOver':
      return t('sn.log.game', { names: e.winners.map((s) => names[s]).join(' & ') });
    default:
      return null;
  }
}

const sneak: GameModule<View, Move, Config, SneakEvent> = {
  Board,
  describe,
  rules: () => import('./rules.tsx').then((m) => m.Rules),
  liveScore,
  // SN-7, SN-10, SN-12: a contest someone else's answer settled, or the last cards kept.
  befalls: (e: SneakEvent | TableEvent) =>
    e.type === 'revealed' || e.type === 'won' || e.type === 'collected',
  endsRound: (e: SneakEvent | TableEvent) => e.type === 'roundOver',
  goal: (view: View) => view.config.target,
  // SN-13: a total at the target ends the game, and the most points win it.
  whyWon: (view: View, names: string[]) => {
    const target = view.config.target;
    const reached = reachedBy(view.totals, target, names);
    return reached === null ? null : t('sn.why', { names: reached, target });
  },
};
export default sneak;
