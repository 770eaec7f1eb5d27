/** Sneak's tie rule shown when it decided the last contest (web/src/games/sneak/contest.ts, SN-8). */
import { describe, expect, it } from 'vitest';
import { parseCard } from '../../shared/games/sneak/faces.ts';
import type { Contest, Shown } from '../../shared/games/sneak/types.ts';
import { tieRule } from '../../web/src/games/sneak/contest.ts';

const side = (seat: number, names: string): Shown => ({
  seat,
  cards: names.split(' ').map((name, i) => ({ id: `${seat}-${i}`, ...parseCard(name)! })),
  combo: 'single',
});

const contest = (lead: Shown, challengers: Shown[], winner: number): Contest => ({
  leader: lead.seat,
  kind: 'sneak',
  count: lead.cards.length,
  lead,
  challengers,
  winner,
  unseen: false,
});

describe('Sneak: ties in a contest', () => {
  it('names the leader’s tie rule when the leader wins a tie', () => {
    expect(tieRule(contest(side(0, 'KS'), [side(1, 'KH')], 0))).toBe('leader');
  });

  it('names the reveal-order rule when tied challengers beat the lead', () => {
    expect(tieRule(contest(side(0, '4S'), [side(1, 'QH'), side(2, 'QD')], 1))).toBe('first');
  });

  it('says nothing when the winner was simply higher', () => {
    expect(tieRule(contest(side(0, '4S'), [side(1, 'QH'), side(2, '9D')], 1))).toBeNull();
    expect(tieRule(contest(side(0, '4S 4H'), [side(1, '2C 2D')], 0))).toBeNull();
  });
});
