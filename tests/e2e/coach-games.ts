/**
 * Finished games for the coach's browser tests and bench, as their upload to a live table (`POST
 * /api/tables/import`): played by normal bots, or with a careless player at seat 0 (the first
 * move offered, every time: turning points for the coach to find).
 */
import type { ImportTable } from '../../shared/api.ts';
import type { BotLevel } from '../../shared/engine/bot.ts';
import type { GameId } from '../../shared/engine/types.ts';
import { botFor } from '../../shared/games/bots.ts';
import { games } from '../../shared/games/index.ts';
import { quickConfig } from '../engine/adapters.ts';
import { randomFrom } from '../table/support.ts';

export interface Shape {
  players: number;
  config: unknown;
  /** How seat 0 plays: the first move offered (careless), or as a bot of that level. */
  you: 'careless' | BotLevel;
}

/** A finished game of `id` from `seed`, the bots at normal level, as its upload. */
export function finishedGame(
  id: GameId,
  seed: string,
  shape: Shape = { players: 3, config: quickConfig(id), you: 'careless' },
): ImportTable {
  const game = games[id];
  const parsed = game.parseConfig(shape.config, shape.players);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const random = randomFrom(`${seed}:bots`);
  const normal = botFor(id, 'normal');
  const yours = shape.you === 'careless' ? null : botFor(id, shape.you);
  let state = game.setup(parsed.config, shape.players, seed);
  const moves: ImportTable['moves'] = [];
  while (state.phase !== 'gameOver') {
    if (moves.length > 20_000) throw new Error('the game did not end');
    const seat = game.toMove(state)[0]!;
    const view = game.view(state, seat);
    const move =
      seat !== 0
        ? normal.choose(view, random)
        : yours
          ? yours.choose(view, random)
          : firstReal(view.legal, normal, view, random);
    const out = game.apply(state, seat, move);
    if (!out.ok) throw new Error(out.error.message);
    moves.push({ seat, move });
    state = out.state;
  }
  return {
    game: id,
    players: shape.players,
    config: shape.config,
    seed,
    moves,
    totals: game.result(state).totals,
    you: { seat: 0, name: 'Ann' },
    levels: Array.from({ length: shape.players }, (_, s) => (s === 0 ? null : 'normal')),
  };
}

/**
 * The first legal move where it is a real one; where the list holds a stand-in (Sneak's "any N
 * cards"), the bot's own choice, which names real cards.
 */
function firstReal(
  legal: { t: string; cards?: unknown[]; count?: number }[],
  bot: ReturnType<typeof botFor>,
  view: unknown,
  random: () => number,
): unknown {
  const first = legal[0]!;
  return first.count !== undefined && Array.isArray(first.cards) && first.cards.length === 0
    ? bot.choose(view, random)
    : first;
}
