import type { TableObject } from './table-object.ts';

export interface Env {
  TABLES: DurableObjectNamespace<TableObject>;
  ASSETS: Fetcher;
  /**
   * Workers Rate Limiting: how many tables one client may create (wrangler.toml `ratelimits`).
   * Optional so that a runtime without the binding still serves, with a warning (worker/index.ts).
   */
  TABLE_CREATION?: RateLimit;
  /** Mean delay before a bot moves, in ms (wrangler.toml vars; tests set 0). */
  BOT_DELAY_MS?: string;
}
