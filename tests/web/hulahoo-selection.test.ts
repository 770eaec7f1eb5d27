/** What a selection on the Hula-Hoo! board means (web/src/games/hulahoo/selection.ts), on real engine states. */
import './browser-globals.ts';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../shared/engine/types.ts';
import { hulahoo } from '../../shared/games/hulahoo/index.ts';
import type { Config, Move, State, View } from '../../shared/games/hulahoo/types.ts';
import {
  choices,
  confirm,
  keep,
  myCards,
  NO_SELECTION,
  type Prompt,
  prompt,
  type Selection,
  selectable,
  selectionMove,
  tap,
} from '../../web/src/games/hulahoo/selection.ts';
import { t, tn } from '../../web/src/games/hulahoo/strings.ts';
import { LANGS, setLang } from '../../web/src/i18n.ts';

const NAMES = ['Ann', 'Bob', 'Cy', 'Di'];

const config = (chaos: Partial<Config['chaos']> = {}): Config => {
  const base = hulahoo.defaultConfig(4);
  return { ...base, chaos: { ...base.chaos, ...chaos } };
};

/** A stacked deal (the dealer's left neighbour leads); no swap phase. */
function stacked(hands: number[][], faceUp: number[][], cfg: Config = config()): State {
  return hulahoo.fromScenario(cfg, {
    dealer: hands.length - 1,
    hands,
    faceUp,
    stock: [1, 2, 3, 4, 5, 6, 8, 9, 10, 11],
  });
}

function apply(state: State, seat: Seat, move: Move): State {
  const outcome = hulahoo.apply(state, seat, move);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.state;
}

/** The id of `seat`'s card of value `v` (hand first). */
function idOf(state: State, seat: Seat, v: number): string {
  const card = [...state.hands[seat]!, ...state.faceUp[seat]!].find((c) => c.v === v);
  if (!card) throw new Error(`no ${v}`);
  return card.id;
}

const tapAll = (view: View, ids: string[], from: Selection = NO_SELECTION) =>
  ids.reduce((sel, id) => tap(view, sel, id), from);

const seen: Prompt[] = [];
const promptOf = (view: View, sel: Selection = NO_SELECTION) => {
  const p = prompt(view, sel, NAMES);
  if (p) seen.push(p);
  return p;
};

describe('Hula-Hoo! selection: the swap phase', () => {
  const state = hulahoo.setup(config(), 4, 'swap-seed');
  const swapper = state.turn;
  const view = hulahoo.view(state, swapper);
  const { hand, faceUp } = myCards(view);

  it('lets you pick face-up cards only', () => {
    expect(view.phase).toBe('swap');
    expect(faceUp).toHaveLength(5);
    for (const c of faceUp) expect(selectable(view, c.id)).toBe(true);
    for (const c of hand) expect(selectable(view, c.id)).toBe(false);
    expect(tap(view, NO_SELECTION, hand[0]!.id)).toBe(NO_SELECTION);
  });

  it('makes the listed swap of the two cards chosen, in whatever order they were tapped', () => {
    const [a, b] = [faceUp[3]!.id, faceUp[0]!.id];
    const listed = view.legal.find(
      (m) => m.t === 'swap' && m.cards.length === 2 && m.cards.includes(a) && m.cards.includes(b),
    );
    expect(listed).toBeDefined();
    expect(selectionMove(view, tapAll(view, [a, b]))).toBe(listed);
    expect(selectionMove(view, tapAll(view, [b, a]))).toBe(listed);
    expect(confirm(view, tapAll(view, [a, b]))).toEqual({ key: 'hh.swap.go', n: 2, move: listed });
  });

  it('keeps all with nothing chosen, stops at three, and un-chooses a card tapped twice', () => {
    expect(confirm(view, NO_SELECTION)).toEqual({
      key: 'hh.swap.keep',
      n: 0,
      move: { t: 'swap', cards: [] },
    });
    const ids = faceUp.map((c) => c.id);
    const three = tapAll(view, ids.slice(0, 4));
    expect(three.chosen).toEqual(ids.slice(0, 3));
    expect(tapAll(view, [ids[1]!], three).chosen).toEqual([ids[0], ids[2]]);
  });

  it('says what to do, and who is swapping when it is someone else', () => {
    expect(promptOf(view)).toEqual({ key: 'hh.swap.title', params: { max: 3 } });
    const one = tapAll(view, [faceUp[0]!.id]);
    expect(promptOf(view, one)).toEqual({ key: 'hh.swap.picked', params: {}, n: 1 });
    const other = (swapper + 1) % 4;
    const theirs = hulahoo.view(state, other);
    for (const c of myCards(theirs).faceUp) expect(selectable(theirs, c.id)).toBe(false);
    expect(confirm(theirs, NO_SELECTION)).toBeNull();
    expect(promptOf(theirs)).toEqual({ key: 'hh.swap.wait', params: { name: NAMES[swapper] } });
  });
});

describe('Hula-Hoo! selection: laying out face-up cards (chooseFaceUp)', () => {
  const state = hulahoo.setup(config({ chooseFaceUp: true }), 3, 'place-seed');
  const view = hulahoo.view(state, 0);
  const hand = myCards(view).hand;

  it('takes five hand cards, no more and no fewer', () => {
    expect(view.phase).toBe('place');
    expect(hand).toHaveLength(10);
    for (const c of hand) expect(selectable(view, c.id)).toBe(true);
    const four = tapAll(
      view,
      hand.slice(0, 4).map((c) => c.id),
    );
    expect(selectionMove(view, four)).toBeUndefined();
    expect(confirm(view, four)?.move).toBeUndefined();
    expect(promptOf(view, four)).toEqual({ key: 'hh.place.title', params: { need: 5 }, n: 4 });
    const five = tapAll(view, [hand[9]!.id], four);
    const move = selectionMove(view, five);
    // 252 choices: the view lists one stand-in, which the selection fills with its five ids.
    expect(view.legal).toEqual([{ t: 'place', cards: [], count: 5 }]);
    expect(move).toEqual({ t: 'place', cards: five.chosen, count: 5 });
    expect(hulahoo.apply(state, 0, move).ok).toBe(true);
    expect(tapAll(view, [hand[8]!.id], five)).toBe(five);
  });

  it('waits for the others once your pick is in', () => {
    const placed = apply(state, 0, { t: 'place', cards: hand.slice(0, 5).map((c) => c.id) });
    const after = hulahoo.view(placed, 0);
    expect(after.phase).toBe('place');
    for (const c of myCards(after).hand) expect(selectable(after, c.id)).toBe(false);
    expect(promptOf(after)).toEqual({ key: 'hh.place.wait', params: {} });
  });
});

describe('Hula-Hoo! selection: playing a card', () => {
  // Seat 0 leads (the dealer is seat 1).
  const lead = stacked(
    [
      [9, 4, 7, 12],
      [4, 9, 11, 7, 2],
    ],
    [[5], [13]],
  );

  it('offers both calls for a card played on the lead, and makes no move before one is chosen', () => {
    const view = hulahoo.view(lead, 0);
    expect(promptOf(view)).toEqual({ key: 'hh.lead', params: {} });
    const nine = idOf(lead, 0, 9);
    const sel = tap(view, NO_SELECTION, nine);
    expect(sel).toEqual({ selected: nine, chosen: [] });
    expect(choices(view, sel).map((c) => c.call)).toEqual(['higher', 'lower']);
    for (const c of choices(view, sel)) expect(view.legal).toContain(c.move);
    expect(selectionMove(view, sel)).toBeUndefined();
    expect(promptOf(view, sel)).toEqual({ key: 'hh.callFor', params: { card: '9' } });
    expect(tap(view, sel, nine)).toEqual(NO_SELECTION);
  });

  const afterNine = apply(lead, 0, { t: 'play', card: idOf(lead, 0, 9), call: 'higher' });
  const view = hulahoo.view(afterNine, 1);

  it('lets you pick only cards the call allows, and ignores a tap on any other', () => {
    const low = idOf(afterNine, 1, 4);
    expect(selectable(view, low)).toBe(false);
    expect(tap(view, NO_SELECTION, low)).toEqual(NO_SELECTION);
    expect(selectable(view, idOf(afterNine, 1, 11))).toBe(true);
    expect(selectable(view, idOf(afterNine, 1, 13))).toBe(true);
    expect(promptOf(view)).toEqual({ key: 'hh.follow.higher', params: { v: 9 } });
    // Not your turn: nothing to pick, and the prompt names who plays.
    const waiting = hulahoo.view(afterNine, 0);
    for (const c of myCards(waiting).hand) expect(selectable(waiting, c.id)).toBe(false);
    expect(promptOf(waiting)).toEqual({ key: 'hh.wait', params: { name: 'Bob' } });
  });

  it('plays an equal card as a double, with nothing more to choose', () => {
    const nine = idOf(afterNine, 1, 9);
    const sel = tap(view, NO_SELECTION, nine);
    expect(choices(view, sel).map((c) => c.call)).toEqual(['double']);
    expect(selectionMove(view, sel)).toEqual({ t: 'play', card: nine });
    expect(view.legal).toContain(selectionMove(view, sel));
    expect(promptOf(view, sel)).toEqual({ key: 'hh.doubleFor', params: { card: '9' } });
  });

  it('offers both calls for a joker, and tells how to cancel a double', () => {
    const joker = idOf(afterNine, 1, 7);
    expect(choices(view, tap(view, NO_SELECTION, joker)).map((c) => c.call)).toEqual([
      'higher',
      'lower',
    ]);
    const doubled = apply(afterNine, 1, { t: 'play', card: idOf(afterNine, 1, 9) });
    expect(promptOf(hulahoo.view(doubled, 0))).toEqual({
      key: 'hh.follow.double',
      params: { v: 9, cancel: '8/10' },
    });
  });

  it('at the top or the bottom of the range asks only for what is possible: a double or a joker', () => {
    const ends = stacked(
      [
        [1, 13, 4],
        [1, 13, 7, 5],
      ],
      [[5], [6]],
    );
    for (const [v, call] of [
      [1, 'lower'],
      [13, 'higher'],
    ] as const) {
      const played = apply(ends, 0, { t: 'play', card: idOf(ends, 0, v), call });
      const view = hulahoo.view(played, 1);
      expect(promptOf(view)).toEqual({ key: `hh.follow.${call}.limit`, params: { v } });
      // What the words offer is all the board lets one pick: the same value, or a joker.
      const picks = myCards(view)
        .hand.filter((c) => selectable(view, c.id))
        .map((c) => c.v)
        .sort((a, b) => a - b);
      expect(picks).toEqual([v, 7].sort((a, b) => a - b));
    }
    setLang('en');
    expect(t('hh.follow.lower.limit', { v: 1 })).toBe(
      'Nothing is below 1: play another 1 to double, or a joker.',
    );
    expect(t('hh.follow.higher.limit', { v: 13 })).not.toMatch(/above 13, another/);
    // Anywhere else, the usual words.
    const low = apply(ends, 0, { t: 'play', card: idOf(ends, 0, 4), call: 'lower' });
    expect(promptOf(hulahoo.view(low, 1))).toEqual({ key: 'hh.follow.lower', params: { v: 4 } });
  });

  it('drops a selection the next view no longer allows', () => {
    const eleven = idOf(afterNine, 1, 11);
    const sel = tap(view, NO_SELECTION, eleven);
    expect(keep(view, sel)).toBe(sel);
    const played = apply(afterNine, 1, { t: 'play', card: eleven, call: 'lower' });
    expect(keep(hulahoo.view(played, 1), sel)).toEqual(NO_SELECTION);
  });
});

describe('Hula-Hoo! selection: naming who plays next (chooseTarget)', () => {
  const cfg = config({ chooseTarget: true });
  const state = stacked([[9, 2], [10, 3], [8], [11, 4]], [[], [], [], []], cfg);
  const view = hulahoo.view(state, state.turn);

  it('offers every call to every opponent still in', () => {
    const nine = idOf(state, state.turn, 9);
    const list = choices(view, tap(view, NO_SELECTION, nine));
    expect(list).toHaveLength(6);
    expect(new Set(list.map((c) => `${c.call}:${c.target}`)).size).toBe(6);
    expect(list.every((c) => c.target !== state.turn)).toBe(true);
  });

  it('asks the caller for a new target when the one named drops out', () => {
    const caller = state.turn;
    // Seat 2 holds only an 8: "higher" on 9 knocks it out.
    const played = apply(state, caller, {
      t: 'play',
      card: idOf(state, caller, 9),
      call: 'higher',
      target: 2,
    });
    expect(played.phase).toBe('retarget');
    const v = hulahoo.view(played, caller);
    expect(promptOf(v)).toEqual({ key: 'hh.retarget', params: {} });
    const list = choices(v, NO_SELECTION);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c) => c.move.t === 'retarget' && c.target !== 2)).toBe(true);
    expect(promptOf(hulahoo.view(played, 3))).toEqual({
      key: 'hh.retarget.wait',
      params: { name: NAMES[caller] },
    });
    expect(promptOf(hulahoo.view(played, 2))).toEqual({ key: 'hh.youOut', params: {} });
  });
});

describe('Hula-Hoo! selection: a predicted move whose next player the table decides', () => {
  it('says the turn passes on, naming nobody, until the table tells who plays (HH-8)', () => {
    // Bob may or may not hold a card above 9: whose turn it is next waits for the table.
    const state = stacked([[9, 2], [10, 3], [8], [11, 4]], [[], [], [], []]);
    const move: Move = { t: 'play', card: idOf(state, 0, 9), call: 'higher' };
    const predicted = hulahoo.predict(hulahoo.view(state, 0), move)!.view;
    expect(predicted.turn).toBeNull();
    expect(promptOf(predicted)).toEqual({ key: 'hh.passing', params: {} });
    expect(choices(predicted, NO_SELECTION)).toEqual([]);
  });

  it('says so too after naming a new target who may have no answer (HH-16c)', () => {
    const cfg = config({ chooseTarget: true });
    const state = stacked([[9, 2], [10, 3], [8], [11, 4]], [[], [], [], []], cfg);
    const played = apply(state, 0, {
      t: 'play',
      card: idOf(state, 0, 9),
      call: 'higher',
      target: 2,
    });
    const move: Move = { t: 'retarget', target: 1, call: 'higher' };
    const predicted = hulahoo.predict(hulahoo.view(played, 0), move)!.view;
    expect(predicted.phase).toBe('retarget');
    expect(promptOf(predicted)).toEqual({ key: 'hh.passing', params: {} });
    expect(choices(predicted, NO_SELECTION)).toEqual([]);
  });
});

describe('Hula-Hoo! selection: prompts', () => {
  it('has none for a spectator', () => {
    const state = hulahoo.setup(config(), 3, 'spectator');
    expect(prompt(hulahoo.view(state, null), NO_SELECTION, NAMES)).toBeNull();
  });

  it('has every prompt written in English, French and German', () => {
    expect(seen.length).toBeGreaterThan(10);
    for (const lang of LANGS) {
      setLang(lang);
      for (const p of seen) {
        const text = p.n === undefined ? t(p.key, p.params) : tn(p.key, p.n, p.params);
        expect(text, `${lang} ${p.key}`).not.toBe(p.key);
        expect(text, `${lang} ${p.key}`).not.toMatch(/\{\w+\}/);
      }
    }
    setLang('en');
  });
});
