/** A game stored by the older server (sfc32 generator, no card labels) plays on after a deploy. */
import { describe, expect, it } from 'vitest';
import { plainLabels } from '../../shared/engine/cards.ts';
import { randomPick } from '../../shared/engine/random.ts';
import { nextInt, seedRng } from '../../shared/engine/rng.ts';
import type { GameId } from '../../shared/engine/types.ts';
import { games } from '../../shared/games/index.ts';
import { parseState } from '../../shared/games/states.ts';
import { newTable, type TableMeta } from '../../shared/table/meta.ts';
import { upgradeState } from '../../shared/table/upgrade.ts';
import { fillStandIn } from '../engine/support/cards.ts';

const hiloDefault = games.hilo.defaultConfig(3);

/** A three-seat table of `game`, its secret seed "seed". */
const tableOf = (game: GameId, config: unknown) => ({
  ...newTable({
    id: 't',
    game,
    players: 3,
    config,
    bots: [],
    botLevel: 'normal',
    pace: 'live',
    clock: null,
    hostKeyHash: 'h',
    now: 0,
  }),
  seed: 'seed',
});

describe('states from before the ChaCha20 generator', () => {
  for (const id of ['hulahoo', 'hilo', 'sneak'] as const) {
    it(`${id}: loads, keeps its cards, and deals its next rounds`, () => {
      const game = games[id];
      // The highest goal, so that the game lasts the two rounds looked at.
      const meta = tableOf(
        id,
        id === 'hilo' ? { ...hiloDefault, limit: 300 } : game.defaultConfig(3),
      );
      const fresh = game.setup(meta.config, 3, 'seed') as Record<string, unknown>;
      const { labels: _, ...rest } = fresh;
      const legacy = { ...rest, rng: [1, 2, 3, 4] };
      let state = upgradeState(meta, legacy) as unknown as Record<string, unknown>;
      expect(state.rng).toMatchObject({ counter: expect.any(Number) });
      expect(upgradeState(meta, state)).toBe(state);
      const rng = seedRng(`upgrade/${id}`);
      const random = () => nextInt(rng, 2 ** 30) / 2 ** 30;
      let rounds = 0;
      for (let step = 0; step < 5000 && rounds < 2; step++) {
        const seat = game.toMove(state)[0];
        if (seat === undefined) break;
        const view = game.view(state, seat) as never;
        const legal = game.legalMoves(state, seat) as Record<string, unknown>[];
        const move = fillStandIn(randomPick(legal, random), () => view, random);
        const out = game.apply(state, seat, move);
        expect(out.ok).toBe(true);
        if (!out.ok) return;
        if (out.events.some((e) => e.type === 'dealt')) rounds++;
        state = out.state;
      }
      expect(rounds).toBe(2);
    });
  }
});

describe('Hula-Hoo! states from before the cards under the draw pile were counted (HH-3)', () => {
  it('count none, show none, and count the swaps still to come', () => {
    const meta = tableOf('hulahoo', games.hulahoo.defaultConfig(3));
    const fresh = games.hulahoo.setup(meta.config, 3, 'seed');
    expect(upgradeState(meta, fresh)).toBe(fresh);
    const { returned: _, ...older } = fresh;
    const state = upgradeState(meta, older) as typeof fresh;
    expect(state.returned).toBe(0);
    expect(games.hulahoo.view(state, null).returned).toEqual([]);
    // The next swap is counted as ever.
    const seat = games.hulahoo.toMove(state)[0]!;
    const card = state.faceUp[seat]![0]!;
    const out = games.hulahoo.apply(state, seat, { t: 'swap', cards: [card.id] });
    expect(out.ok && games.hulahoo.view(out.state, null).returned).toEqual([card]);
  });
});

describe('what an older state is brought to', () => {
  /** A fresh state of `meta`'s game, as the older server stored it. */
  const legacyOf = (meta: TableMeta) => {
    const { labels: _, ...rest } = games[meta.game].setup(meta.config, meta.players, 'seed');
    return { ...rest, rng: [1, 2, 3, 4] };
  };

  it('a generator keyed by the game’s secret seed and its moves so far, or the table’s id', () => {
    const meta: TableMeta = { ...tableOf('hilo', hiloDefault), moveCount: 7 };
    const at = (m: TableMeta) => (upgradeState(m, legacyOf(m)) as { rng: unknown }).rng;
    expect(at(meta)).toEqual(seedRng('seed:7'));
    expect(at({ ...meta, seed: null })).toEqual(seedRng('t:7'));
  });

  it('Sneak: the labels of one pack or both, as its options say', () => {
    for (const [players, packs] of [
      [3, 1],
      [6, 2],
    ] as const) {
      const parsed = games.sneak.parseConfig({ packs }, players);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const meta = { ...tableOf('sneak', parsed.config), players };
      const state = upgradeState(meta, legacyOf(meta)) as { labels: number[] };
      expect(state.labels).toEqual(plainLabels(52 * packs));
      expect(parseState('sneak', state).ok).toBe(true);
    }
  });
});
