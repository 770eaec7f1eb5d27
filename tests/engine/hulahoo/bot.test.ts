import { describe, expect, it } from 'vitest';
import { hulahooBot } from '../../../shared/games/hulahoo/bot.ts';
import type { State } from '../../../shared/games/hulahoo/types.ts';
import { randomFrom } from '../support/properties.ts';
import { hulahooAdapter } from './adapter.ts';
import { chaos, config, game, idOf, scenario } from './helpers.ts';

const choose = (state: State, seat = game.toMove(state)[0]!, seed = 'bot') =>
  hulahooBot.choose(game.view(state, seat), randomFrom(seed));

describe('the Hula-Hoo! bot', () => {
  it('plays whole games with every option, always legally', { timeout: 60_000 }, () => {
    const configs = [
      config(),
      chaos({ chooseFaceUp: true }),
      chaos({ noSwap: true }),
      chaos({ chooseTarget: true }),
    ];
    for (let g = 0; g < 120; g++) {
      const players = 2 + (g % 5);
      let state = game.setup(configs[g % configs.length]!, players, `bots-${g}`);
      const random = randomFrom(`bots-${g}`);
      for (let moves = 0; !game.result(state).over; moves++) {
        expect(moves).toBeLessThan(5000);
        const seat = game.toMove(state)[0]!;
        const move = hulahooBot.choose(game.view(state, seat), random);
        expect(game.legalMoves(state, seat)).toContainEqual(move);
        const out = game.apply(state, seat, move);
        if (!out.ok) throw new Error(out.error.code);
        state = out.state;
      }
    }
  });

  it('goes out when it can', () => {
    const s = scenario({ dealer: 1, hands: [[9], [2, 3]] });
    expect(choose(s)).toMatchObject({ t: 'play', card: idOf(s, 0, 9) });
  });

  it('keeps its joker while another card will do, and makes the hardest call', () => {
    const s = scenario({
      dealer: 1,
      hands: [
        [7, 12, 5],
        [2, 3],
      ],
    });
    expect(choose(s)).toEqual({ t: 'play', card: idOf(s, 0, 12), call: 'higher' });
  });

  it('plays a joker rather than drop out', () => {
    const s = scenario({
      dealer: 2,
      hands: [
        [13, 1],
        [7, 2, 3],
        [4, 5],
      ],
    });
    const after = game.apply(s, 0, { t: 'play', card: idOf(s, 0, 13), call: 'higher' });
    if (!after.ok) throw new Error('refused');
    expect(choose(after.state)).toMatchObject({ t: 'play', card: idOf(after.state, 1, 7) });
  });

  it('cancels a double rather than double again when it can', () => {
    const s = scenario({
      dealer: 2,
      hands: [
        [6, 1],
        [6, 2],
        [6, 5, 9],
      ],
      stock: [10, 11],
    });
    let state = game.apply(s, 0, { t: 'play', card: idOf(s, 0, 6), call: 'higher' });
    if (!state.ok) throw new Error('refused');
    state = game.apply(state.state, 1, { t: 'play', card: idOf(state.state, 1, 6) });
    if (!state.ok) throw new Error('refused');
    expect(choose(state.state)).toMatchObject({ card: idOf(state.state, 2, 5) });
  });

  it('decides from what its seat may see, never from hidden cards', () => {
    for (let g = 0; g < 40; g++) {
      let state = game.setup(config(), 4, `peek-${g}`);
      const random = randomFrom(`peek-${g}`);
      for (let m = 0; m < 60 && !game.result(state).over; m++) {
        const seat = game.toMove(state)[0]!;
        const shuffled = hulahooAdapter.shuffleHidden(state, seat, random);
        const a = hulahooBot.choose(game.view(state, seat), randomFrom(`r${m}`));
        const b = hulahooBot.choose(game.view(shuffled, seat), randomFrom(`r${m}`));
        expect(b).toEqual(a);
        const out = game.apply(state, seat, a);
        if (!out.ok) throw new Error(out.error.code);
        state = out.state;
      }
    }
  });
});
