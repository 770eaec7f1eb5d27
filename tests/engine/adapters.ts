/** Each game's property adapter: what the tests over every game need to know of it. */
import type { GameId } from '../../shared/engine/types.ts';
import { hiloAdapter } from './hilo/adapter.ts';
import { hulahooAdapter } from './hulahoo/adapter.ts';
import { sneakAdapter } from './sneak/adapter.ts';
import type { PerGame } from './support/per-game.ts';
import type { PropertyAdapter } from './support/properties.ts';

export const ADAPTERS: PerGame<PropertyAdapter<unknown>> = {
  hulahoo: hulahooAdapter as PropertyAdapter<unknown>,
  hilo: hiloAdapter as PropertyAdapter<unknown>,
  sneak: sneakAdapter as PropertyAdapter<unknown>,
};

/** A short game's options for `id` (its adapter's `quick`), or none: its defaults. */
export const quickConfig = (id: GameId): unknown => ADAPTERS[id]?.quick ?? {};

/** What a test over every game names when a game has no adapter. */
export const ADAPTER = 'property adapter (tests/engine/<game>/adapter.ts, listed in ADAPTERS)';
