/** The property harness itself must be able to fail: a view that leaks is caught. */
import { describe, expect, it } from 'vitest';
import { hulahoo } from '../../shared/games/hulahoo/index.ts';
import type { State, View } from '../../shared/games/hulahoo/types.ts';
import { hulahooAdapter } from './hulahoo/adapter.ts';
import { checkNonInterference, playGame, randomFrom } from './support/properties.ts';

describe('the property harness', () => {
  it('catches a view that shows the count of an opponent’s jokers', () => {
    const leaky = {
      ...hulahoo,
      view(state: State, seat: number | null): View {
        const view = hulahoo.view(state, seat);
        const jokers = state.hands[(Number(seat) + 1) % state.players]!.filter((c) => c.v === 7);
        return { ...view, round: view.round + jokers.length * 100 };
      },
    };
    const adapter = { ...hulahooAdapter, game: leaky };
    const input = { seed: 'leak', players: 3, config: {}, picks: '' };
    const random = randomFrom('leak');
    expect(() =>
      playGame(adapter, input, (step) => checkNonInterference(adapter, step, random)),
    ).toThrow(/hidden/);
  });

  it('catches an event that names a card nobody else may see', () => {
    const leaky = {
      ...hulahoo,
      apply(state: State, seat: number, move: unknown) {
        const out = hulahoo.apply(state, seat, move);
        if (!out.ok || out.state.stock.length === 0) return out;
        return { ...out, events: [...out.events, { type: 'peek', card: out.state.stock[0] }] };
      },
    };
    const adapter = { ...hulahooAdapter, game: leaky };
    const input = { seed: 'peek', players: 2, config: {}, picks: '' };
    const random = randomFrom('peek');
    expect(() =>
      playGame(adapter, input, (step) => checkNonInterference(adapter, step, random)),
    ).toThrow(/event shows card/);
  });
});
