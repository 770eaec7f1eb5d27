/**
 * What every bot of every game and level must do: play whole games legally, and decide from its
 * seat's view alone, so that cards hidden from its seat cannot change its decision (ALL-1).
 */
import { expect, it } from 'vitest';
import { BOT_LEVELS, type BotLevel } from '../../shared/engine/bot.ts';
import type { AnyGame, GameId, Seat } from '../../shared/engine/types.ts';
import { botFor } from '../../shared/games/bots.ts';
import { games } from '../../shared/games/index.ts';
import { ADAPTER, ADAPTERS } from './adapters.ts';
import { describeEachGame } from './support/per-game.ts';
import { randomFrom } from './support/properties.ts';

type Phased = { phase: string };

function setup(id: GameId, players: number, config: unknown, seed: string) {
  const game: AnyGame = games[id];
  const parsed = game.parseConfig(config, players);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return { game, state: game.setup(parsed.config, players, seed) };
}

/** Plays with `level` at seat 0 and normal bots elsewhere; every move must be accepted. */
function play(
  id: GameId,
  level: BotLevel,
  players: number,
  config: unknown,
  seed: string,
  rounds: number,
) {
  let { game, state } = setup(id, players, config, seed);
  const random = randomFrom(seed);
  const bot = botFor(id, level);
  const normal = botFor(id, 'normal');
  let roundsLeft = rounds;
  for (let moves = 0; !game.result(state).over && roundsLeft > 0; moves++) {
    expect(moves).toBeLessThan(20_000);
    if ((state as Phased).phase === 'roundOver') roundsLeft--;
    const seat = game.toMove(state)[0]!;
    const move = (seat === 0 ? bot : normal).choose(game.view(state, seat), random);
    const out = game.apply(state, seat, move);
    if (!out.ok)
      throw new Error(`${id} ${level} seat ${seat}: ${out.error.code} for ${JSON.stringify(move)}`);
    state = out.state;
  }
}

describeEachGame(ADAPTERS, ADAPTER, '%s bots', (id, adapter) => {
  it.each(['easy', 'normal'] as const)(
    '%s plays whole games with every option, legally',
    (level) => {
      adapter.variants.forEach((config, i) => {
        for (let players = adapter.minPlayers; players <= adapter.maxPlayers; players += 2) {
          play(id, level, players, config, `${level}-${i}-${players}`, Number.POSITIVE_INFINITY);
        }
      });
    },
    120_000,
  );

  it('hard plays rounds with every option, legally', () => {
    adapter.variants.forEach((config, i) => {
      play(id, 'hard', 3, config, `hard-${i}`, 1);
    });
  }, 120_000);

  it.each(BOT_LEVELS)(
    '%s decides alike in two deals that differ only in cards hidden from its seat',
    (level) => {
      const bot = botFor(id, level);
      const normal = botFor(id, 'normal');
      let decisions = 0;
      for (let g = 0; decisions < 12; g++) {
        const players = 2 + (g % 3);
        let { game, state } = setup(id, players, {}, `hidden-${g}`);
        const random = randomFrom(`walk-${g}`);
        // A position somewhere in the first rounds, reached by normal play.
        const steps = Math.floor(random() * 60);
        for (let i = 0; i < steps && !game.result(state).over; i++) {
          const seat = game.toMove(state)[0]!;
          const out = game.apply(state, seat, normal.choose(game.view(state, seat), random));
          if (!out.ok) throw new Error(out.error.code);
          state = out.state;
        }
        if ((state as Phased).phase === 'roundOver' || game.result(state).over) continue;
        const seat: Seat = game.toMove(state)[0]!;
        if (game.legalMoves(state, seat).length < 2) continue;
        const other = adapter.shuffleHidden(state, seat, randomFrom(`shuffle-${g}`));
        expect(other).not.toEqual(state);
        expect(game.view(other, seat)).toEqual(game.view(state, seat));
        const here = bot.choose(game.view(state, seat), randomFrom(`decide-${g}`));
        const there = bot.choose(game.view(other, seat), randomFrom(`decide-${g}`));
        expect(there).toEqual(here);
        decisions++;
      }
    },
    120_000,
  );
});
