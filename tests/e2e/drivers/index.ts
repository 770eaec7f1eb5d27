/** Each game's driver: how a person plays its board in the browser tests. */
import type { PerGame } from '../../engine/support/per-game.ts';
import { hilo } from './hilo.ts';
import { hulahoo } from './hulahoo.ts';
import { sneak } from './sneak.ts';
import type { Driver } from './types.ts';

export const DRIVERS: PerGame<Driver> = { hulahoo, hilo, sneak };

/** What a test over every game names when a game has no driver. */
export const DRIVER = 'browser driver (tests/e2e/drivers/<game>.ts, listed in DRIVERS)';
