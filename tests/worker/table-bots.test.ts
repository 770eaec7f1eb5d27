import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, thinkThrough } from '../../shared/engine/bot.ts';
import { type AnyGame, GAME_IDS } from '../../shared/engine/types.ts';
import { botFor } from '../../shared/games/bots.ts';
import { games } from '../../shared/games/index.ts';
import { Client, createTable, newClientIp } from './client.ts';
import { fetchWorker } from './cold.ts';
import { playToEnd, quick } from './play.ts';

describe('bot levels at a table', () => {
  it.each(GAME_IDS)(
    '%s: hard bots play a whole game with a person',
    { timeout: 120_000 },
    async (id) => {
      const table = await createTable({
        game: id,
        players: 3,
        bots: [1, 2],
        botLevel: 'hard',
        config: quick(id),
      });
      const ann = await Client.join(table.id, 'Ann', { hostKey: table.hostKey });
      const welcome = ann.received.find((m) => m.type === 'welcome');
      expect(welcome?.type === 'welcome' && welcome.table.botLevel).toBe('hard');
      ann.send({ type: 'sit', seat: 0 });
      await ann.next('seated');
      ann.send({ type: 'start' });
      await ann.stateAtLeast(1);
      await playToEnd([ann]);
      const view = ann.lastState()!.view;
      expect(view.phase).toBe('gameOver');
      expect(view.winners.length).toBeGreaterThan(0);
    },
  );

  it('refuses a level it does not know, and defaults to normal', async () => {
    const post = (body: unknown) =>
      fetchWorker('http://hoopla.test/api/tables', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': newClientIp() },
        body: JSON.stringify(body),
      });
    const bad = await post({ game: 'hilo', players: 2, bots: [1], botLevel: 'expert' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'bad-request' } });
    const table = await createTable({ game: 'hilo', players: 2, bots: [1] });
    const summary = await (await fetchWorker(`http://hoopla.test/api/tables/${table.id}`)).json();
    expect(summary).toMatchObject({ botLevel: 'normal' });
    for (const level of BOT_LEVELS) {
      const made = await createTable({ game: 'sneak', players: 3, bots: [2], botLevel: level });
      const got = await (await fetchWorker(`http://hoopla.test/api/tables/${made.id}`)).json();
      expect(got).toMatchObject({ botLevel: level });
    }
  });
});

/** Positions from the first rounds of normal play, each at a decision with a real choice. */
function positions(game: AnyGame, count: number): { state: unknown; seat: number }[] {
  const normal = botFor(game.id, 'normal');
  const out: { state: unknown; seat: number }[] = [];
  let seed = 1;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  for (let g = 0; out.length < count; g++) {
    let state = game.setup(game.defaultConfig(4), 4, `workerd-${g}`);
    for (let i = 0; i < 400 && out.length < count && !game.result(state).over; i++) {
      const seat = game.toMove(state)[0]!;
      const view = game.view(state, seat) as { legal: unknown[] };
      if (i % 7 === 3 && view.legal.length > 1) out.push({ state, seat });
      const applied = game.apply(state, seat, normal.choose(view, random));
      if (!applied.ok) throw new Error(applied.error.code);
      state = applied.state;
    }
  }
  return out;
}

describe('a hard decision inside workerd', () => {
  it.each(GAME_IDS)('%s: is legal; its median time is logged', { timeout: 120_000 }, (id) => {
    const game = games[id];
    const hard = botFor(id, 'hard');
    const times: number[] = [];
    for (const { state, seat } of positions(game, 60)) {
      const start = performance.now();
      const { move, searched } = thinkThrough(hard, game.view(state, seat), Math.random);
      if (searched) times.push(performance.now() - start);
      expect(game.apply(state, seat, move).ok).toBe(true);
    }
    expect(times.length).toBeGreaterThan(0);
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.floor(q * times.length)];
    console.log(
      `${id}: ${times.length} searched hard decisions in workerd, median ${at(0.5)} ms, p90 ${at(0.9)} ms`,
    );
  });
});
