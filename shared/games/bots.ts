import type { Bot, BotLevel } from '../engine/bot.ts';
import type { GameId } from '../engine/types.ts';
import { hiloBot, hiloEasyBot } from './hilo/bot.ts';
import { hiloHardBot } from './hilo/search.ts';
import { hulahooBot, hulahooEasyBot } from './hulahoo/bot.ts';
import { hulahooHardBot } from './hulahoo/search.ts';
import { sneakBot, sneakEasyBot } from './sneak/bot.ts';
import { sneakHardBot } from './sneak/search.ts';

// biome-ignore lint/suspicious/noExplicitAny: bots of different games.
type AnyBot = Bot<any, any>;

/**
 * Each game's bots by level: easy slips now and then, normal is a heuristic reading everything
 * public, hard searches the worlds its view allows.
 */
const levels: Record<GameId, Record<BotLevel, AnyBot>> = {
  hulahoo: { easy: hulahooEasyBot, normal: hulahooBot, hard: hulahooHardBot },
  hilo: { easy: hiloEasyBot, normal: hiloBot, hard: hiloHardBot },
  sneak: { easy: sneakEasyBot, normal: sneakBot, hard: sneakHardBot },
};

/** The bot a table seats for `game` at `level`. It plays from its seat's view alone. */
export function botFor(game: GameId, level: BotLevel): AnyBot {
  return levels[game][level];
}
