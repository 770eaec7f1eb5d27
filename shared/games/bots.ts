import type { Bot } from '../engine/bot.ts';
import type { GameId } from '../engine/types.ts';
import { hiloBot } from './hilo/bot.ts';
import { hulahooBot } from './hulahoo/bot.ts';
import { sneakBot } from './sneak/bot.ts';

/** The bot for each game; a table fills empty seats and stands in for timed-out players with it. */
// biome-ignore lint/suspicious/noExplicitAny: bots of different games.
export const bots: Partial<Record<GameId, Bot<any, any>>> = {
  hulahoo: hulahooBot,
  hilo: hiloBot,
  sneak: sneakBot,
};
