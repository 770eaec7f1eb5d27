/**
 * What a selection on the Sneak board allows (web/src/games/sneak/selection.ts), from real engine
 * states seen through `view`: which cards may be tapped, how many, the move each button sends,
 * and the lines that tell the player where they stand.
 */
import './browser-globals.ts';
import { describe, expect, it } from 'vitest';
import { cardName } from '../../shared/games/sneak/faces.ts';
import { sneak } from '../../shared/games/sneak/index.ts';
import type { Move, State, View } from '../../shared/games/sneak/types.ts';
import {
  actions,
  answerNote,
  guide,
  moveFor,
  prompt,
  type Selection,
  select,
  selectable,
  selectionNote,
  sortHand,
  toggle,
} from '../../web/src/games/sneak/selection.ts';
import type { Msg } from '../../web/src/games/sneak/strings.ts';
import { say } from '../../web/src/games/sneak/strings.ts';
import { setLang } from '../../web/src/i18n.ts';
import { play, start } from './sneak-support.ts';

const NAMES = ['Ann', 'Bea', 'Cy', 'Dee'];
const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const suit = (s: string, upTo = RANKS.length) => RANKS.slice(0, upTo).map((r) => `${r}${s}`);

/** The ids of the named cards in a seat's hand, in the order named. */
function ids(state: State, seat: number, text: string): string[] {
  return text.split(' ').map((name) => {
    const card = state.hands[seat]!.find((c) => cardName(c) === name);
    if (!card) throw new Error(`seat ${seat} holds no ${name}`);
    return card.id;
  });
}

const keys = (lines: readonly Msg[]) => lines.map((m) => m.key);
const ofSize = (legal: readonly Move[], t: string, n: number) =>
  legal.filter((m) => m.t === t && 'cards' in m && (m.count ?? m.cards.length) === n);

/** Seat 0 to lead with a straight flush in spades; seat 1 holds four cards. */
const leading = () =>
  start({
    dealer: 1,
    hands: [
      ['5S', '6S', '7S', 'KH'],
      ['2C', '3C', '4C', '9D'],
    ],
    stock: ['JD', 'QD'],
  });

/** Seat 0: every spade and the hearts 2–10, far too many flaunts to list; seat 1: every club. */
const bigHands = () =>
  start({ dealer: 1, hands: [[...suit('S'), ...suit('H', 9)], suit('C')], stock: ['JD', 'QD'] });

describe('leading', () => {
  it('sends the listed flaunt itself, whatever order its cards were tapped in', () => {
    const state = leading();
    const view = sneak.view(state, 0);
    const listed = view.legal.find(
      (m) => m.t === 'flaunt' && m.count === undefined && m.cards.length === 3,
    );
    expect(listed).toBeDefined();
    for (const order of ['7S 5S 6S', '6S 7S 5S', '5S 6S 7S']) {
      const s = select(view, ids(state, 0, order), 'suit');
      expect(moveFor(s, 'flaunt')).toBe(listed);
      expect(actions(s).find((a) => a.kind === 'flaunt')?.move).toBe(listed);
    }
  });

  it('counts a predicted draw’s card, its face still on the way, beside the hand', () => {
    const state = leading();
    const view = sneak.view(state, 0);
    const predicted = sneak.predict!(view, { t: 'draw' });
    const s = select(predicted!.view, [], 'suit');
    expect(s.coming).toBe(1);
    expect(s.hand).toHaveLength(select(view, [], 'suit').hand.length);
  });

  it('fills the sneak stand-in of the selection size with the chosen ids', () => {
    const state = leading();
    const chosen = ids(state, 0, 'KH 5S');
    const s = select(sneak.view(state, 0), chosen, 'suit');
    const move = moveFor(s, 'sneak');
    expect(move).toMatchObject({ t: 'sneak', count: 2 });
    expect([...(move as { cards: string[] }).cards].sort()).toEqual([...chosen].sort());
    // The engine takes exactly what the board would send.
    expect(sneak.apply(state, 0, move).ok).toBe(true);
  });

  it('offers no flaunt for cards that are no combo, and says why', () => {
    const state = leading();
    const s = select(sneak.view(state, 0), ids(state, 0, '5S KH'), 'suit');
    expect(moveFor(s, 'flaunt')).toBeUndefined();
    const flaunt = actions(s).find((a) => a.kind === 'flaunt')!;
    expect(flaunt.move).toBeUndefined();
    expect(flaunt.primary).toBe(false);
    expect(actions(s).find((a) => a.kind === 'sneak')?.primary).toBe(true);
    expect(keys(selectionNote(s))).toEqual(['sn.sel.count', 'sn.sel.notFlaunt']);
    expect(selectionNote(s)[0]).toMatchObject({
      n: 2,
      params: { combo: { key: 'sn.combo.none' } },
    });
  });

  it('fills a flaunt stand-in with a combo of its size, and with nothing else', () => {
    const state = bigHands();
    const view = sneak.view(state, 0);
    // Far more than 64 pairs: size 2 is a stand-in, nothing of that size is listed in full.
    expect(ofSize(view.legal, 'flaunt', 2)).toEqual([{ t: 'flaunt', cards: [], count: 2 }]);
    const pair = ids(state, 0, '5H 5S');
    const s = select(view, pair, 'rank');
    const filled = moveFor(s, 'flaunt') as { t: string; cards: string[]; count: number };
    expect({ ...filled, cards: [...filled.cards].sort() }).toEqual({
      t: 'flaunt',
      cards: [...pair].sort(),
      count: 2,
    });
    expect(sneak.apply(state, 0, moveFor(s, 'flaunt')).ok).toBe(true);
    const mixed = select(view, ids(state, 0, '5S 9H'), 'rank');
    expect(moveFor(mixed, 'flaunt')).toBeUndefined();
    // Sneaking them is still fine.
    expect(moveFor(mixed, 'sneak')).toMatchObject({ t: 'sneak', count: 2 });
  });

  it('lets no more cards be picked than anyone else holds (SN-4), and says so', () => {
    const state = start({
      dealer: 1,
      hands: [
        ['5S', '6S', '7S', 'KH'],
        ['2C', '3C'],
      ],
      stock: ['JD'],
    });
    const view = sneak.view(state, 0);
    const two = select(view, ids(state, 0, '5S 6S'), 'suit');
    expect(two.capacity).toBe(2);
    expect(selectable(two, ids(state, 0, '7S')[0]!)).toBe(false);
    expect(selectable(two, ids(state, 0, '5S')[0]!)).toBe(true); // a chosen card can be put back
    expect(toggle(two, ids(state, 0, '7S')[0]!)).toEqual(ids(state, 0, '5S 6S'));
    expect(keys(selectionNote(two))).toContain('sn.sel.cap');
    const one = select(view, ids(state, 0, '5S'), 'suit');
    expect(selectable(one, ids(state, 0, '7S')[0]!)).toBe(true);
    expect(toggle(one, ids(state, 0, '7S')[0]!)).toEqual(ids(state, 0, '5S 7S'));
  });

  it('keeps the picked cards in the hand’s order, and drops ids no longer in hand', () => {
    const state = leading();
    const s = select(sneak.view(state, 0), [...ids(state, 0, 'KH 5S'), 'gone'], 'rank');
    expect(s.chosen.map(cardName)).toEqual(['5S', 'KH']);
    expect(sortHand(s.hand, 'suit').map(cardName)).toEqual(['5S', '6S', '7S', 'KH']);
    const mixed = select(sneak.view(bigHands(), 0), [], 'rank');
    expect(mixed.hand.slice(0, 3).map(cardName)).toEqual(['2S', '2H', '3S']);
  });
});

describe('answering', () => {
  it('a flaunted single: only higher cards of its suit may be tapped, one at a time', () => {
    const base = start({
      dealer: 2,
      hands: [['9S', '2D'], ['10S', 'KS', '2S', 'AH'], ['3C']],
      stock: ['JD'],
    });
    const state = play(base, 0, { t: 'flaunt', cards: ids(base, 0, '9S') });
    const view = sneak.view(state, 1);
    const s = select(view, [], 'suit');
    expect(s.mode).toBe('answer');
    expect(s.capacity).toBe(1);
    const tappable = s.hand.filter((c) => selectable(s, c.id)).map(cardName);
    expect(tappable.sort()).toEqual(['10S', 'KS']);
    const [ten, king] = [ids(state, 1, '10S')[0]!, ids(state, 1, 'KS')[0]!];
    const picked = select(view, toggle(s, ten), 'suit');
    expect(toggle(picked, king)).toEqual([king]); // a single is swapped, not added
    const kingPicked = select(view, [king], 'suit');
    const listed = view.legal.find((m) => m.t === 'challenge' && m.cards.includes(king));
    expect(moveFor(kingPicked, 'challenge')).toBe(listed);
    expect(answerNote(kingPicked)?.key).toBe('sn.ask.ready');
    expect(keys(prompt(kingPicked, NAMES))).toEqual(['sn.ask.flaunt', 'sn.ask.single']);
    expect(prompt(kingPicked, NAMES)[1]).toEqual({
      key: 'sn.ask.single',
      params: { suit: { key: 'sn.suit.S' } },
    });
  });

  it('a flaunted combo: after one card, only cards that complete a beating set', () => {
    const base = start({
      dealer: 1,
      hands: [
        ['5S', '6S', 'QD'],
        ['7H', '8H', '9C', '10C', '2D'],
      ],
      stock: ['JD'],
    });
    const state = play(base, 0, { t: 'flaunt', cards: ids(base, 0, '5S 6S') });
    const view = sneak.view(state, 1);
    const none = select(view, [], 'suit');
    expect(none.capacity).toBe(2);
    const tappable = (s: Selection) => s.hand.filter((c) => selectable(s, c.id)).map(cardName);
    expect(tappable(none).sort()).toEqual(['10C', '7H', '8H', '9C']);
    const seven = select(view, ids(state, 1, '7H'), 'suit');
    expect(tappable(seven).sort()).toEqual(['7H', '8H']);
    expect(answerNote(seven)).toEqual({ key: 'sn.ask.pick', n: 2, params: undefined });
    const both = select(view, ids(state, 1, '8H 7H'), 'suit');
    const challenge = moveFor(both, 'challenge');
    expect(challenge).toBeDefined();
    expect(view.legal).toContain(challenge);
  });

  it('a sneak: any cards up to its size, sent as the filled stand-in', () => {
    const base = start({
      dealer: 1,
      hands: [
        ['5S', '6S', 'QD'],
        ['7H', '2C', '9C'],
      ],
      stock: ['JD'],
    });
    const state = play(base, 0, { t: 'sneak', cards: ids(base, 0, '5S QD') });
    const view = sneak.view(state, 1);
    const s = select(view, ids(state, 1, '2C'), 'suit');
    expect(s.capacity).toBe(2);
    expect(s.hand.every((c) => selectable(s, c.id))).toBe(true);
    expect(moveFor(s, 'challenge')).toBeUndefined();
    expect(answerNote(s)?.key).toBe('sn.ask.pick');
    const two = select(view, ids(state, 1, '9C 2C'), 'suit');
    const move = moveFor(two, 'challenge');
    expect(move).toMatchObject({ t: 'challenge', count: 2 });
    expect(sneak.apply(state, 1, move).ok).toBe(true);
    expect(selectable(two, ids(state, 1, '7H')[0]!)).toBe(false);
    expect(keys(prompt(two, NAMES))).toEqual(['sn.ask.sneak']);
    expect(prompt(two, NAMES)[0]).toMatchObject({ n: 2, params: { name: 'Ann' } });
  });

  it('a flaunt beaten in too many ways to list: the stand-in takes a beating set only', () => {
    const base = bigHands();
    const state = play(base, 0, { t: 'flaunt', cards: ids(base, 0, '2S 3S 5S 7S 9S') });
    const view = sneak.view(state, 1);
    expect(ofSize(view.legal, 'challenge', 5)).toEqual([{ t: 'challenge', cards: [], count: 5 }]);
    const higher = ids(state, 1, '4C 6C 8C 10C QC');
    expect(moveFor(select(view, higher, 'suit'), 'challenge')).toEqual({
      t: 'challenge',
      cards: higher,
      count: 5,
    });
    // A straight flush is another type; a lower flush does not beat it.
    for (const text of ['2C 3C 4C 5C 6C', '2C 3C 4C 6C 8C']) {
      const s = select(view, ids(state, 1, text), 'suit');
      expect(moveFor(s, 'challenge'), text).toBeUndefined();
      expect(answerNote(s)?.key).toBe('sn.ask.noBeat');
    }
  });

  it('with nothing that beats the flaunt: decline only, and told so', () => {
    const base = start({
      dealer: 1,
      hands: [
        ['KS', 'QD'],
        ['2S', '3H'],
      ],
      stock: ['JD'],
    });
    const state = play(base, 0, { t: 'flaunt', cards: ids(base, 0, 'KS') });
    const s = select(sneak.view(state, 1), [], 'suit');
    expect(s.picking).toBe(false);
    expect(s.hand.some((c) => selectable(s, c.id))).toBe(false);
    expect(actions(s).map((a) => [a.kind, a.primary])).toEqual([['decline', true]]);
    expect(actions(s)[0]!.move).toEqual({ t: 'decline' });
    expect(keys(prompt(s, NAMES))).toEqual(['sn.ask.flaunt', 'sn.ask.single', 'sn.ask.cannot']);
    expect(answerNote(s)).toBeNull();
  });
});

describe('the prompt', () => {
  it('follows the turn: a first draw, then waiting for another seat', () => {
    const state = sneak.setup(sneak.defaultConfig(3), 3, 'seed');
    const first = select(sneak.view(state, 1), [], 'suit');
    expect(first.mode).toBe('draw');
    expect(keys(prompt(first, NAMES))).toEqual(['sn.prompt.firstDraw']);
    expect(actions(first).map((a) => a.kind)).toEqual(['draw']);
    const other = select(sneak.view(state, 0), [], 'suit');
    expect(prompt(other, NAMES)).toEqual([{ key: 'sn.prompt.wait', params: { name: 'Bea' } }]);
    expect(actions(other)).toEqual([]);
    expect(select(sneak.view(state, null), [], 'suit').hand).toEqual([]);
  });

  it('tells a leader what to do, with and without a stock, and what the selection makes', () => {
    const view = sneak.view(leading(), 0);
    expect(keys(guide(select(view, [], 'suit'), NAMES))).toEqual(['sn.prompt.turn']);
    const noStock = start({
      dealer: 1,
      hands: [['5S', '6S'], ['2C']],
      stock: [],
    });
    const s = select(sneak.view(noStock, 0), [], 'suit');
    expect(keys(prompt(s, NAMES))).toEqual(['sn.prompt.noStock']);
    expect(actions(s).map((a) => a.kind)).toEqual(['flaunt']);
    const picked = select(view, ids(leading(), 0, '5S 6S'), 'suit');
    expect(keys(guide(picked, NAMES))).toEqual(['sn.sel.count']);
  });

  it('follows a challenge from every seat: leader, asked, answered, not asked', () => {
    const base = start({
      dealer: 2,
      hands: [['5S', '6S', 'QD'], ['7H', '2C', '9C'], ['3D']],
      stock: ['JD'],
    });
    const state = play(base, 0, { t: 'sneak', cards: ids(base, 0, '5S 6S') });
    const lines = (seat: number, s: State = state) =>
      keys(prompt(select(sneak.view(s, seat), [], 'suit'), NAMES));
    expect(lines(0)).toEqual(['sn.wait.yourLead']);
    expect(lines(1)).toEqual(['sn.ask.sneak']);
    expect(lines(2)).toEqual(['sn.wait.notAsked']);
    const declined = start({
      dealer: 2,
      hands: [
        ['5S', '6S', 'QD'],
        ['7H', '2C', '9C'],
        ['3D', '4D', '8S'],
      ],
      stock: ['JD'],
    });
    const led = play(declined, 0, { t: 'sneak', cards: ids(declined, 0, '5S') });
    const after = play(led, 1, { t: 'decline' });
    expect(lines(1, after)).toEqual(['sn.answer.decline', 'sn.wait.answers']);
  });
});

describe('the lines in words', () => {
  it('translates nested parameters and counts', async () => {
    await setLang('en');
    const view: View = sneak.view(leading(), 0);
    const s = select(view, ids(leading(), 0, '5S 6S'), 'suit');
    expect(selectionNote(s).map(say)).toEqual(['2 selected: straight flush.']);
    const flaunt = actions(s).find((a) => a.kind === 'flaunt')!;
    expect([say(flaunt.label), say(flaunt.sub!)]).toEqual(['Flaunt', 'straight flush']);
    await setLang('fr');
    expect(say(selectionNote(s)[0]!)).toBe('2 choisies : quinte flush.');
    await setLang('en');
  });
});
