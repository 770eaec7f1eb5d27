import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../shared/engine/types.ts';
import { sneak } from '../../../shared/games/sneak/index.ts';
import type { State } from '../../../shared/games/sneak/types.ts';
import { ids, names, play, playAll, start } from './helpers.ts';

const viewers = (state: State) => [null, ...state.hands.map((_, s) => s)];

/** Every string in a JSON value, for looking for card ids wherever they might hide. */
function strings(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (typeof value === 'object' && value !== null)
    for (const v of Object.values(value)) strings(v, out);
  return out;
}

function expectUnseen(secret: string[], what: unknown, label: string): void {
  const seen = strings(what);
  for (const id of secret) expect(seen.has(id), `${label} shows ${id}`).toBe(false);
}

const scenario = () =>
  start({
    dealer: 3,
    hands: [
      ['2S', '7H', 'KD'],
      ['3C', '9S', 'QH'],
      ['4D', '5D'],
      ['AS', 'JC'],
    ],
    stock: ['6C', '8C', '10C'],
    won: [2, 3, 0, 1],
  });

describe('SN-14: what each seat sees', () => {
  it('SN-14: hands are seen by their owner only, the stock by nobody', () => {
    const state = scenario();
    for (const you of viewers(state)) {
      const v = sneak.view(state, you);
      expect(v.stock).toBe(3);
      v.players.forEach((p, s) => {
        if (s === you) expect(p.hand).toEqual(state.hands[s]);
        else expect(p.hand).toEqual(state.hands[s]!.map(() => ({ hidden: true })));
      });
      const others = state.hands.flatMap((h, s) => (s === you ? [] : h.map((c) => c.id)));
      expectUnseen([...others, ...state.stock.map((c) => c.id)], v, `view for ${you}`);
    }
  });

  it('SN-14: winnings show as counts; only their owner sees the cards', () => {
    const state = scenario();
    for (const you of viewers(state)) {
      const v = sneak.view(state, you);
      expect(v.players.map((p) => p.won)).toEqual([2, 3, 0, 1]);
      expect(v.winnings).toEqual(you === null ? [] : state.won[you]);
      const others = state.won.flatMap((w, s) => (s === you ? [] : w.map((c) => c.id)));
      expectUnseen(others, v, `view for ${you}`);
    }
  });

  it('SN-14: an unchallenged sneak is never shown to anyone but its owner: not in views, nor events', () => {
    const base = scenario();
    const secret = ids(base, 0, '2S KD');
    const led = play(base, 0, { t: 'sneak', cards: secret });
    expect(led.events).toEqual([{ type: 'sneaked', seat: 0, count: 2 }]);
    expect(sneak.view(led.state, 0).lead).toEqual({
      by: 0,
      kind: 'sneak',
      cards: base.hands[0]!.filter((c) => secret.includes(c.id)),
    });
    for (const you of [null, 1, 2, 3]) {
      expect(sneak.view(led.state, you).lead).toEqual({
        by: 0,
        kind: 'sneak',
        cards: [{ hidden: true }, { hidden: true }],
      });
      expectUnseen(secret, sneak.view(led.state, you), `the lead's view for ${you}`);
    }
    const events: GameEvent[] = [...led.events];
    let state = led.state;
    for (const seat of [3, 1, 2]) {
      const out = play(state, seat, { t: 'decline' });
      events.push(...out.events);
      state = out.state;
    }
    expect(state.last).toMatchObject({ lead: null, unseen: true, winner: 0, count: 2 });
    expectUnseen(secret, events, 'the events');
    for (const you of [null, 1, 2, 3])
      expectUnseen(secret, sneak.view(state, you), `the view for ${you}`);
    expect(names(sneak.view(state, 0).winnings).slice(-2)).toEqual(['2S', 'KD']);
    // Nor later in the round: the next draws and leads leave them where they lie.
    const later = playAll(state, [
      [1, { t: 'draw' }],
      [2, { t: 'flaunt', cards: ids(state, 2, '4D 5D') }],
    ]);
    expectUnseen(secret, later.events, 'later events');
    for (const you of [null, 1, 2, 3])
      expectUnseen(secret, sneak.view(later.state, you), `a later view for ${you}`);
  });

  it('SN-14: challengers’ cards stay hidden until the reveal', () => {
    const base = scenario();
    const led = play(base, 0, { t: 'sneak', cards: ids(base, 0, '7H') }).state;
    const secret = ids(led, 1, 'QH');
    const out = play(led, 1, { t: 'challenge', cards: secret });
    expect(out.events).toEqual([{ type: 'answered', seat: 1 }]);
    for (const you of [null, 0, 2, 3]) {
      const v = sneak.view(out.state, you);
      expectUnseen(secret, v, `view for ${you}`);
      expect(v.players[1]!.answered).toBe(true);
      expect(v.players[1]!.hand).toHaveLength(3);
      expect(v.answer).toBeNull();
    }
    // The leader's own cards stay face down too until the last answer.
    for (const you of [null, 1, 2, 3])
      expectUnseen(ids(base, 0, '7H'), sneak.view(out.state, you), `view for ${you}`);

    const rest = playAll(out.state, [
      [2, { t: 'decline' }],
      [3, { t: 'challenge', cards: ids(out.state, 3, 'AS') }],
    ]);
    const reveals = rest.events.filter((e) => e.type === 'revealed');
    expect(reveals.map((e) => [e.seat, names(e.cards as never)])).toEqual([
      [0, ['7H']],
      [1, ['QH']],
      [3, ['AS']],
    ]);
    // Revealed cards are public: everyone sees them in the record of the last contest.
    for (const you of viewers(rest.state)) {
      const last = sneak.view(rest.state, you).last!;
      expect(names(last.lead!.cards)).toEqual(['7H']);
      expect(last.challengers.map((c) => [c.seat, names(c.cards)])).toEqual([
        [1, ['QH']],
        [3, ['AS']],
      ]);
      expect(last.winner).toBe(3);
    }
  });

  it('SN-14: flaunted cards are public from the moment they are led', () => {
    const base = scenario();
    const out = play(base, 0, { t: 'flaunt', cards: ids(base, 0, 'KD') });
    expect(names(out.events[0]!.cards as never)).toEqual(['KD']);
    for (const you of viewers(base)) {
      expect(names(sneak.view(out.state, you).lead!.cards as never)).toEqual(['KD']);
    }
  });

  it('hidden cards carry nothing but the placeholder', () => {
    const v = sneak.view(scenario(), null);
    for (const p of v.players) for (const card of p.hand) expect(card).toEqual({ hidden: true });
    expect(JSON.stringify(v)).not.toMatch(/rng/);
  });
});

describe('the view', () => {
  it('has what CONTRACT.md asks and what a client needs', () => {
    const state = scenario();
    const v = sneak.view(state, 0);
    expect(v).toMatchObject({
      game: 'sneak',
      phase: 'play',
      you: 0,
      toMove: [0],
      totals: [0, 0, 0, 0],
      stock: 3,
      lead: null,
      round: 1,
      dealer: 3,
      turn: 0,
      last: null,
      winners: [],
      config: { packs: 1, target: 100 },
    });
    expect(v.legal).toEqual(sneak.legalMoves(state, 0));
    expect(sneak.view(state, null).legal).toEqual([]);
    expect(sneak.view(state, 1).legal).toEqual([]);
    expect(v.players[0]).toMatchObject({ won: 2, fresh: false, asked: false, answered: false });
  });

  it('shows who is asked and who has answered during a challenge, and no turn', () => {
    const base = scenario();
    let state = play(base, 0, { t: 'sneak', cards: ids(base, 0, '2S 7H') }).state;
    state = play(state, 2, { t: 'decline' }).state;
    const v = sneak.view(state, null);
    expect(v.phase).toBe('challenge');
    expect(v.turn).toBeNull();
    expect(v.toMove).toEqual([1, 3]);
    expect(v.players.map((p) => p.asked)).toEqual([false, true, true, true]);
    expect(v.players.map((p) => p.answered)).toEqual([false, false, true, false]);
    expect(sneak.view(state, 1).legal).toEqual([
      { t: 'challenge', cards: [], count: 2 },
      { t: 'decline' },
    ]);
  });

  it('is plain JSON', () => {
    const state = scenario();
    for (const you of viewers(state)) {
      const v = sneak.view(state, you);
      expect(JSON.parse(JSON.stringify(v))).toEqual(v);
    }
  });
});
