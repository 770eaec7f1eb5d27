/**
 * What a notice says the last move was (shared/table/move-words.ts), per game and language: read
 * from the move's public events only, so that nothing hidden from its reader is told (ALL-1).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, GameId } from '../../shared/engine/types.ts';
import type { NoticeLang } from '../../shared/push.ts';
import { moveSaid } from '../../shared/table/move-words.ts';
import { NOTICE_WORDS } from '../../shared/table/notice-words.ts';

/** What a notice in `lang` says of Ann's (seat 0) move with these events. */
const said = (game: GameId, events: GameEvent[], lang: NoticeLang = 'en') =>
  NOTICE_WORDS[lang].move('Ann', moveSaid(game, { seat: 0, move: null, events }));

const sneakCard = (r: number, s: string, id: string) => ({ id, r, s });

describe('the last move, in a few words', () => {
  it('Hula-Hoo!: the card played, the cards drawn, swapped or kept', () => {
    const card = { id: 'c1', v: 7 };
    expect(said('hulahoo', [{ type: 'played', seat: 0, card, from: 'hand', call: 'higher' }])).toBe(
      'Ann played a 7.',
    );
    const eight = { id: 'c2', v: 8 };
    expect(
      said('hulahoo', [{ type: 'played', seat: 0, card: eight, from: 'hand', call: 'lower' }]),
    ).toBe('Ann played an 8.');
    expect(said('hulahoo', [{ type: 'drew', seat: 0, count: 2 }])).toBe('Ann drew 2 cards.');
    expect(said('hulahoo', [{ type: 'drew', seat: 0, count: 1 }], 'fr')).toBe(
      'Ann a pioché une carte.',
    );
    expect(said('hulahoo', [{ type: 'swapped', seat: 0, returned: [card], received: [] }])).toBe(
      'Ann swapped a card.',
    );
  });

  it('HiLO: the discard taken, a drawn card placed (never which it was) or discarded', () => {
    expect(said('hilo', [{ type: 'took', seat: 0, cell: 4, card: {}, replaced: {} }])).toBe(
      'Ann took the discard.',
    );
    expect(said('hilo', [{ type: 'took', seat: 0 }], 'de')).toBe('Ann hat die Ablage genommen.');
    expect(said('hilo', [{ type: 'placed', seat: 0, cell: 1, card: { v: 5 }, replaced: {} }])).toBe(
      'Ann drew a card and placed it.',
    );
    expect(said('hilo', [{ type: 'discarded', seat: 0, card: { id: 'x', v: -2, c: 1 } }])).toBe(
      'Ann discarded a -2.',
    );
  });

  it('Sneak: a sneak by its size alone, a flaunt by what everyone saw', () => {
    expect(said('sneak', [{ type: 'sneaked', seat: 0, count: 2 }])).toBe('Ann sneaked 2 cards.');
    const sevens = [sneakCard(7, 'H', 'a'), sneakCard(7, 'S', 'b')];
    expect(said('sneak', [{ type: 'flaunted', seat: 0, cards: sevens }])).toBe(
      'Ann played a pair of 7s.',
    );
    expect(said('sneak', [{ type: 'flaunted', seat: 0, cards: sevens }], 'fr')).toBe(
      'Ann a joué une paire de 7.',
    );
    const kings = [13, 13, 13].map((r, i) => sneakCard(r, 'D', `k${i}`));
    expect(said('sneak', [{ type: 'flaunted', seat: 0, cards: kings }], 'de')).toBe(
      'Ann hat 3 Könige gespielt.',
    );
    expect(said('sneak', [{ type: 'flaunted', seat: 0, cards: [sneakCard(14, 'C', 'q')] }])).toBe(
      'Ann played an ace.',
    );
  });

  it('the clock’s move, someone else’s events, and a move without words', () => {
    expect(
      said('hilo', [
        { type: 'timedOut', seat: 0 },
        { type: 'took', seat: 0 },
      ]),
    ).toBe('Ann’s time ran out.');
    // A move whose only event is another seat's says only that Ann moved.
    expect(said('sneak', [{ type: 'won', seat: 1, count: 4, unseen: false }])).toBe(
      'Ann has moved.',
    );
    expect(said('hulahoo', [{ type: 'dealt', round: 2, dealer: 0 }], 'de')).toBe(
      'Ann hat gezogen.',
    );
  });
});
