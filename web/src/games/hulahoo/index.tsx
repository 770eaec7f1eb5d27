import type { Seat } from '../../../../shared/engine/types.ts';
import { JOKER } from '../../../../shared/games/hulahoo/constants.ts';
import type {
  Card,
  Config,
  HulaEvent,
  Move,
  View,
} from '../../../../shared/games/hulahoo/types.ts';
import type { TableEvent } from '../../../../shared/protocol.ts';
import type { GameModule } from '../types.ts';
import { Board } from './board.tsx';
import { chartGoal, countedPerRound } from './chart.ts';
import { cardName } from './names.ts';
import { t, tn } from './strings.ts';
import './board.css';

function describe(e: HulaEvent | TableEvent, names: string[], _you: Seat | null): string | null {
  const name = 'seat' in e ? names[e.seat] : '';
  const cards = (list: Card[]) => list.map(cardName).join(', ');
  switch (e.type) {
    case 'dealt':
      return t('hh.log.dealt', { round: e.round, name: names[e.dealer]! });
    case 'picked':
      return t('hh.log.picked', { name: name! });
    case 'faceUpRevealed':
      return t('hh.log.revealed');
    case 'swapped':
      return e.returned.length
        ? tn('hh.log.swapped', e.returned.length, { name: name! })
        : t('hh.log.kept', { name: name! });
    case 'played': {
      const call = t(`hh.callWord.${e.call}`);
      const params = { name: name!, card: cardName(e.card), call };
      return e.target === undefined
        ? t('hh.log.played', params)
        : t('hh.log.playedAt', { ...params, target: names[e.target]! });
    }
    case 'drew':
      return t('hh.log.drew', { name: name! });
    case 'eliminated':
      // A player out with an empty hand (the last card face up) has nothing more to show.
      return e.hand.length > 0
        ? t('hh.log.eliminated', { name: name!, cards: cards(e.hand) })
        : t('hh.log.eliminatedEmpty', { name: name! });
    case 'retargeted':
      return t('hh.log.retargeted', {
        name: name!,
        target: names[e.target]!,
        call: t(`hh.callWord.${e.call}`),
      });
    case 'roundWon':
      return tn(e.how === 'out' ? 'hh.log.wonOut' : 'hh.log.wonLast', e.points, { name: name! });
    case 'gameOver':
      return t('hh.log.game', { names: e.winners.map((s) => names[s]).join(' & ') });
    default:
      return null;
  }
}

/**
 * Knocked out: what the player could not beat, read from the events before it (the card last
 * played, and the call in force, which a retarget may have changed); or, with a joker as the last
 * card, that a joker may not be played last (HH-9).
 */
function notice(
  e: HulaEvent | TableEvent,
  before: (HulaEvent | TableEvent)[],
  _names: string[],
  you: Seat,
  view: View,
): string | null {
  if (e.type !== 'eliminated' || e.seat !== you) return null;
  const me = view.players[you];
  const left = me ? [...me.hand, ...me.faceUp] : [];
  const only = left.length === 1 ? left[0] : undefined;
  if (only && 'v' in only && only.v === JOKER) return t('hh.notice.lastJoker');
  let call: (HulaEvent & { type: 'played' | 'retargeted' }) | undefined;
  let played: (HulaEvent & { type: 'played' }) | undefined;
  for (let i = before.length - 1; i >= 0 && !played; i--) {
    const b = before[i]!;
    if (b.type === 'dealt') break;
    if (b.type === 'retargeted' && !call) call = b;
    if (b.type === 'played') {
      played = b;
      call ??= b;
    }
  }
  if (!played || !call) return t('hh.youOut');
  const what = t(`hh.notice.${call.call}`, { v: cardName(played.card) });
  return t('hh.notice.out', { what });
}

/** Played to a number of round wins, the totals count rounds won, not the points above them. */
const totalsLabel = (view: View) => (view.config.goal.kind === 'wins' ? t('hh.totals.wins') : null);

const hulahoo: GameModule<View, Move, Config, HulaEvent> = {
  Board,
  describe,
  notice,
  // HH-8, HH-12: knocked out, or the last one in, by someone else's play.
  befalls: (e: HulaEvent | TableEvent) => e.type === 'eliminated' || e.type === 'roundWon',
  totalsLabel,
  endsRound: (e: HulaEvent | TableEvent) => e.type === 'roundWon',
  goal: chartGoal,
  countedPerRound,
  whyWon: (view: View) => {
    const { goal } = view.config;
    if (goal.kind === 'points') return t('hh.why.points', { n: goal.points });
    return tn(goal.consecutive ? 'hh.why.run' : 'hh.why.wins', goal.wins);
  },
  rules: () => import('./rules.tsx').then((m) => m.Rules),
};
export default hulahoo;
