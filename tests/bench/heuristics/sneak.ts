/**
 * A plain Sneak heuristic, the arena's yardstick: it draws up to five cards, flaunts its strongest
 * combo, challenges a flaunt whenever it can and a sneak when it holds a combo or a high card.
 */
import { type Bot, best } from '../../../shared/engine/bot.ts';
import { classify, compareCombos } from '../../../shared/games/sneak/combos.ts';
import { fillChoice } from '../../../shared/games/sneak/legal.ts';
import type { Card, Move, View } from '../../../shared/games/sneak/types.ts';

const HAND = 5;
const HIGH = 12;

export const sneakHeuristic: Bot<View, Move> = {
  choose(view, random) {
    const legal = view.legal;
    if (legal[0]!.t === 'nextRound') return legal[0]!;
    const hand = view.players[view.you!]!.hand as Card[];
    const byId = new Map(hand.map((c) => [c.id, c]));
    const led = view.lead as { kind: 'sneak' | 'flaunt'; cards: Card[] } | null;
    const real = (m: Move): Move =>
      'count' in m && m.count !== undefined
        ? { t: m.t, cards: fillChoice(hand, { t: m.t, count: m.count }, led, random) }
        : m;
    const cards = (m: Move) => ('cards' in m ? m.cards.map((id) => byId.get(id)!) : []);
    if (view.phase === 'challenge') {
      const challenges = legal.filter((m) => m.t === 'challenge');
      if (led!.kind === 'flaunt' && challenges.length > 0) return real(challenges[0]!);
      const n = led!.cards.length;
      const top = [...hand].sort((a, b) => b.r - a.r).slice(0, n);
      const combo = classify(top);
      const strong = n === 1 ? top[0]!.r >= HIGH : combo.type !== 'none';
      return strong && challenges.length > 0
        ? { t: 'challenge', cards: top.map((c) => c.id) }
        : { t: 'decline' };
    }
    const draw = legal.find((m) => m.t === 'draw');
    if (draw && hand.length < HAND) return draw;
    const flaunts = legal.filter((m) => m.t === 'flaunt').map(real);
    const combos = flaunts.filter((m) => cards(m).length > 1);
    if (combos.length > 0) {
      return best(combos, (m) => cards(m).length * 100 + classify(cards(m)).ranks[0]!, random);
    }
    if (draw) return draw;
    return flaunts.reduce((a, b) =>
      compareCombos(classify(cards(b)), classify(cards(a))) > 0 ? b : a,
    );
  },
};
