/**
 * What the Sneak board says about each seat (web/src/games/sneak/seats.ts): its part in the
 * moment, and the hidden cards the last move gave it (a draw names no card, so the seat is marked).
 */
import { describe, expect, it } from 'vitest';
import { cardName } from '../../shared/games/sneak/faces.ts';
import { sneak } from '../../shared/games/sneak/index.ts';
import type { State } from '../../shared/games/sneak/types.ts';
import {
  drewText,
  handsOf,
  hiddenGrowth,
  keptDrew,
  moveKey,
  seatStatus,
} from '../../web/src/games/sneak/seats.ts';
import { play, start } from './sneak-support.ts';

const id = (state: State, seat: number, name: string) =>
  state.hands[seat]!.find((c) => cardName(c) === name)!.id;

/** Seat 1 to move (dealer 0), three seats, a stock to draw from. */
const table = () =>
  start({
    dealer: 0,
    hands: [['5S', '6S'], ['7H', '2C'], ['3D']],
    stock: ['JD', 'QD', 'KD'],
  });

describe('hidden cards a move gave a seat', () => {
  it('marks the seat that drew, by how many cards, as seen from another seat', () => {
    const before = table();
    const after = play(before, 1, { t: 'draw' });
    const grown = hiddenGrowth(sneak.view(before, 0), sneak.view(after, 0));
    expect([...grown]).toEqual([[1, 1]]);
    // A spectator sees it too.
    expect([...hiddenGrowth(sneak.view(before, null), sneak.view(after, null))]).toEqual([[1, 1]]);
  });

  it('leaves out your own draw (the new card is in sight) and a hand that shrank', () => {
    const before = table();
    const drew = play(before, 1, { t: 'draw' });
    expect(hiddenGrowth(sneak.view(before, 1), sneak.view(drew, 1)).size).toBe(0);
    const led = play(drew, 2, { t: 'sneak', cards: [id(drew, 2, '3D')] });
    expect(hiddenGrowth(sneak.view(drew, 0), sneak.view(led, 0)).size).toBe(0);
  });

  it('says nothing for a first view or across rounds', () => {
    const after = sneak.view(play(table(), 1, { t: 'draw' }), 0);
    expect(hiddenGrowth(null, after).size).toBe(0);
    const earlier = { ...handsOf(after), round: after.round - 1 };
    const fewer = { ...earlier, players: earlier.players.map(() => ({ hand: [] })) };
    expect(hiddenGrowth(fewer, after).size).toBe(0);
  });

  it('compares a copy, not the view as it changes later', () => {
    const view = sneak.view(table(), 0);
    const copy = handsOf(view);
    view.players[1]!.hand.push({ hidden: true });
    expect(copy.players[1]!.hand).toHaveLength(2);
    expect([...hiddenGrowth(copy, view)]).toEqual([[1, 1]]);
  });

  it('keys views by move: a draw and a lead each change the key, whoever looks', () => {
    const s0 = table();
    const s1 = play(s0, 1, { t: 'draw' });
    const s2 = play(s1, 2, { t: 'sneak', cards: [id(s1, 2, '3D')] });
    const keys = [s0, s1, s2].map((s) => moveKey(sneak.view(s, 0)));
    expect(new Set(keys).size).toBe(3);
    expect(moveKey(sneak.view(s2, 1))).toBe(keys[2]);
  });
});

describe('a seat’s part in the moment', () => {
  it('names the seat to play, then the leader and who is still deciding', () => {
    const s0 = table();
    const v0 = sneak.view(s0, 0);
    expect([0, 1, 2].map((s) => seatStatus(v0, s))).toEqual([null, 'turn', null]);
    const led = play(s0, 1, { t: 'flaunt', cards: [id(s0, 1, '7H')] });
    const v1 = sneak.view(led, 0);
    expect([0, 1, 2].map((s) => seatStatus(v1, s))).toEqual(['thinking', 'leads', 'thinking']);
    const answered = play(led, 0, { t: 'decline' });
    expect(seatStatus(sneak.view(answered, 2), 0)).toBe('answered');
    const big = play(s0, 1, { t: 'sneak', cards: [id(s0, 1, '7H'), id(s0, 1, '2C')] });
    expect(seatStatus(sneak.view(big, 0), 2)).toBe('notAsked');
  });
});

describe('the marks a tab keeps across a reload', () => {
  it('come back at the move they belong to, and at no other', () => {
    const drew = new Map([[2, 1]]);
    const text = drewText('3|play|46', drew);
    expect(keptDrew(text, '3|play|46')).toEqual(drew);
    expect(keptDrew(text, '3|play|45')).toEqual(new Map());
  });

  it('are none when the tab kept nothing, or something no page wrote', () => {
    expect(keptDrew(null, 'k')).toEqual(new Map());
    expect(keptDrew('{"key":"k","drew":[["x",1],[1]]}', 'k')).toEqual(new Map());
    expect(keptDrew('not json', 'k')).toEqual(new Map());
  });
});
