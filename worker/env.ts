import type { TableObject } from './table-object.ts';

export interface Env {
  TABLES: DurableObjectNamespace<TableObject>;
  ASSETS: Fetcher;
  /** Mean delay before a bot moves, in ms (wrangler.toml vars; tests set 0). */
  BOT_DELAY_MS?: string;
}
