import { describe, expect, it } from 'vitest';
import { hulahooBot, hulahooEasyBot, unseenCounts } from '../../../shared/games/hulahoo/bot.ts';
import { DECK } from '../../../shared/games/hulahoo/deck.ts';
import { candidates, hulahooHardBot, value } from '../../../shared/games/hulahoo/search.ts';
import type { Config, Move, State, View } from '../../../shared/games/hulahoo/types.ts';
import { determinize } from '../../../shared/games/hulahoo/world.ts';
import { isListed } from '../support/cards.ts';
import { randomFrom } from '../support/properties.ts';
import { hulahooAdapter } from './adapter.ts';
import { chaos, config, game, idOf, ok, play, scenario } from './helpers.ts';

const choose = (state: State, seat = game.toMove(state)[0]!, seed = 'bot') =>
  hulahooBot.choose(game.view(state, seat), randomFrom(seed));

const chooseHard = (state: State, seat = game.toMove(state)[0]!, seed = 'bot') =>
  hulahooHardBot.choose(game.view(state, seat), randomFrom(seed));

const CONFIGS: Config[] = [
  config(),
  chaos({ chooseFaceUp: true }),
  chaos({ noSwap: true }),
  chaos({ chooseTarget: true }),
  chaos({ chooseFaceUp: true, noSwap: true, chooseTarget: true }),
];

describe('the Hula-Hoo! normal bot', () => {
  it('plays whole games with every option, always legally', { timeout: 60_000 }, () => {
    for (let g = 0; g < 120; g++) {
      const players = 2 + (g % 5);
      let state = game.setup(CONFIGS[g % CONFIGS.length]!, players, `bots-${g}`);
      const random = randomFrom(`bots-${g}`);
      for (let moves = 0; !game.result(state).over; moves++) {
        expect(moves).toBeLessThan(5000);
        const seat = game.toMove(state)[0]!;
        const move = hulahooBot.choose(game.view(state, seat), random);
        expect(isListed(game.legalMoves(state, seat), state.hands[seat]!, move)).toBe(true);
        state = ok(game.apply(state, seat, move)).state;
      }
    }
  });

  it('goes out when it can', () => {
    const s = scenario({ dealer: 1, hands: [[9], [2, 3]] });
    expect(choose(s)).toMatchObject({ t: 'play', card: idOf(s, 0, 9) });
  });

  it('leads its joker rather than keep it as a lone last card (HH-9)', () => {
    // The rival's cards lie face up: either call on the 5 is answered, and the lone joker left
    // cannot be played; "higher" on the joker is not, and the rival is out.
    const s = scenario({
      dealer: 1,
      hands: [[5, 7], []],
      faceUp: [[], [4, 6]],
      stock: [4, 4],
    });
    expect(choose(s)).toMatchObject({ t: 'play', card: idOf(s, 0, 7), call: 'higher' });
  });

  it("makes the call the next player's face-up cards cannot answer", () => {
    const s = scenario({
      dealer: 1,
      hands: [[12, 2, 9, 9], [8]],
      faceUp: [[], [1, 1, 1, 3, 3]],
    });
    // Lower on 2 is answered by each face-up 1; higher on 12 only by an unseen 12, 13 or joker.
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
    const after = play(s, 13, 'higher').state;
    expect(choose(after)).toMatchObject({ t: 'play', card: idOf(after, 1, 7) });
  });

  it('keeps a double going when the players after it hold too few cards to answer (HH-6)', () => {
    const s = scenario({
      dealer: 2,
      hands: [
        [6, 1],
        [6, 2],
        [6, 5, 9],
      ],
      stock: [10, 11],
    });
    const state = play(play(s, 6, 'higher').state, 6).state;
    // Cancelling with the 5 calls "lower", which the 1 and 2 left behind answer; another 6 does not.
    expect(choose(state)).toMatchObject({ card: idOf(state, 2, 6) });
  });

  it('names the opponent least able to answer when it chooses targets (HH-16c)', () => {
    const s = scenario(
      { dealer: 2, hands: [[12, 4, 4], [2], [3]], faceUp: [[], [13, 12], [1, 2]] },
      chaos({ chooseTarget: true }),
    );
    expect(choose(s)).toEqual({ t: 'play', card: idOf(s, 0, 12), call: 'higher', target: 2 });
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
        state = ok(game.apply(state, seat, a)).state;
      }
    }
  });
});

describe('the Hula-Hoo! easy bot', () => {
  it('now and then spends a joker another card could replace, or makes the easy call', () => {
    const s = scenario({
      dealer: 1,
      hands: [
        [7, 12, 5, 9],
        [2, 3],
      ],
    });
    const view = game.view(s, 0);
    const random = randomFrom('easy');
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) seen.add(JSON.stringify(hulahooEasyBot.choose(view, random)));
    expect(seen).toContain(JSON.stringify({ t: 'play', card: idOf(s, 0, 7), call: 'higher' }));
    expect(seen).toContain(JSON.stringify({ t: 'play', card: idOf(s, 0, 12), call: 'lower' }));
    const best = JSON.stringify(hulahooBot.choose(view, randomFrom('x')));
    expect(seen).toContain(best);
  });
});

describe('the Hula-Hoo! hard bot', () => {
  it('goes out when it can, without searching', () => {
    const s = scenario({
      dealer: 1,
      hands: [
        [9, 7],
        [2, 3],
      ],
    });
    const after = play(s, 7, 'lower').state;
    const back = play(after, 2, 'higher').state;
    expect(candidates(game.view(back, 0), randomFrom('c'))).toEqual([
      { t: 'play', card: idOf(back, 0, 9), call: 'higher' },
    ]);
    expect(chooseHard(back)).toMatchObject({ t: 'play', card: idOf(back, 0, 9) });
  });

  it('never leads into a lone joker (HH-9)', () => {
    const s = scenario({
      dealer: 1,
      hands: [
        [5, 7],
        [2, 3, 9, 10, 11],
      ],
      stock: [4, 4],
    });
    expect(chooseHard(s)).toMatchObject({ t: 'play', card: idOf(s, 0, 7) });
  });

  it('makes the same choice from the same view and random stream', () => {
    const state = game.setup(config(), 4, 'same');
    let s = state;
    for (let m = 0; m < 6; m++) {
      const seat = game.toMove(s)[0]!;
      s = ok(game.apply(s, seat, hulahooBot.choose(game.view(s, seat), randomFrom(`m${m}`)))).state;
    }
    expect(chooseHard(s, undefined, 'one')).toEqual(chooseHard(s, undefined, 'one'));
  });
});

describe("the Hula-Hoo! hard bot's valuation", () => {
  const base = scenario({ dealer: 3, hands: [[1], [2], [3], [4]] });
  const at = (phase: State['phase'], points: number[], winner: number | null): State => ({
    ...base,
    phase,
    points,
    roundWinner: winner,
    winners: phase === 'gameOver' && winner !== null ? [winner] : [],
  });

  it('is exact at the end of the game (HH-15)', () => {
    expect(value(at('gameOver', [80, 10, 0, 0], 0), 0)).toBe(1);
    expect(value(at('gameOver', [80, 10, 0, 0], 0), 1)).toBe(0);
  });

  it('rates a round won by the chance of winning the game from the new totals (HH-13)', () => {
    const near = value(at('roundOver', [60, 10, 10, 10], 0), 0);
    const far = value(at('roundOver', [20, 10, 10, 10], 0), 0);
    const lost = value(at('roundOver', [10, 30, 10, 10], 1), 0);
    expect(near).toBeGreaterThan(far);
    expect(far).toBeGreaterThan(lost);
    for (const v of [near, far, lost]) expect(v).toBeGreaterThan(0);
    expect(near).toBeLessThan(1);
  });

  it('gives a seat knocked out nothing, and those still in their share, when cut short', () => {
    const s: State = { ...base, out: [false, true, false, false] };
    expect(value(s, 1)).toBe(0);
    expect(value(s, 0)).toBeCloseTo(1 / 3);
  });
});

/** What a view must show to be matched by a dealt world: opponents' sealed picks are retaken. */
function comparable(view: View): unknown {
  if (view.phase !== 'place') return view;
  return {
    ...view,
    toMove: [],
    players: view.players.map((p, s) => (s === view.you ? p : { ...p, picked: false })),
  };
}

function legalShape(moves: Move[]): string[] {
  return moves.map((m) => JSON.stringify(m)).sort();
}

describe('the Hula-Hoo! determinizer', () => {
  it('counts the cards swapped under the pile as seen, and deals them at its bottom (HH-3)', () => {
    const s = game.setup(config({ firstDealer: 1 }), 3, 'under');
    const under = s.faceUp[2]!.slice(0, 3);
    const swapped = ok(game.apply(s, 2, { t: 'swap', cards: under.map((c) => c.id) })).state;
    const before = unseenCounts(game.view(s, 0));
    const after = unseenCounts(game.view(swapped, 0));
    // The swap shows three new cards face up, and the three it put under the pile, seen before
    // face up, are still known: in nobody's hand.
    const kept = new Set(s.faceUp[2]!.map((c) => c.id));
    const expected = new Array<number>(14).fill(0);
    for (const c of swapped.faceUp[2]!) if (!kept.has(c.id)) expected[c.v]!++;
    expect(before.map((n, v) => n - after[v]!)).toEqual(expected);
    const world = determinize(game.view(swapped, 0), randomFrom('under'));
    expect(world.stock.slice(0, 3)).toEqual(under);
    expect(world.returned).toBe(3);
  });

  it('keeps a seat’s own sealed pick in its hand, once, with nothing face up yet (HH-16a)', () => {
    const s = game.setup(chaos({ chooseFaceUp: true }), 3, 'picked');
    const pick = s.hands[0]!.slice(0, 5).map((c) => c.id);
    const picked = ok(game.apply(s, 0, { t: 'place', cards: pick })).state;
    const view = game.view(picked, 0);
    const world = determinize(view, randomFrom('picked'));
    expect(world.hands[0]).toEqual(picked.hands[0]);
    expect(world.faceUp[0]).toEqual([]);
    expect(world.picks[0]).toEqual(pick);
    expect(game.view(world, 0).players[0]).toEqual(view.players[0]);
  });

  it('deals worlds the engine accepts, which show the seat its own view and hold the whole deck', {
    timeout: 60_000,
  }, () => {
    const deckValues = DECK.map((c) => c.v).sort((a, b) => a - b);
    let checked = 0;
    for (let g = 0; g < 60; g++) {
      const players = 2 + (g % 5);
      const random = randomFrom(`det-${g}`);
      let state = game.setup(CONFIGS[g % CONFIGS.length]!, players, `det-${g}`);
      for (let m = 0; m < 400 && !game.result(state).over; m++) {
        const toMove = game.toMove(state);
        for (const seat of toMove) {
          if (random() > 0.3) continue;
          const view = game.view(state, seat);
          const world = determinize(view, random);
          checked++;
          expect(legalShape(game.legalMoves(world, seat))).toEqual(legalShape(view.legal));
          expect(comparable(game.view(world, seat))).toEqual(comparable(view));
          const cards = [
            ...world.stock,
            ...world.discard,
            ...world.hands.flat(),
            ...world.faceUp.flat(),
          ];
          expect(new Set(cards.map((c) => c.id)).size).toBe(cards.length);
          expect(cards.map((c) => c.v).sort((a, b) => a - b)).toEqual(deckValues);
          for (const move of candidates(view, random))
            expect(game.apply(world, seat, move).ok).toBe(true);
        }
        const seat = toMove[0]!;
        state = ok(
          game.apply(state, seat, hulahooBot.choose(game.view(state, seat), random)),
        ).state;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
