/**
 * Few files on the way to a table's board. The browser fetches at most six at once from a host
 * (the table's socket among them), so a dozen small chunks arrive in two waves, and each file
 * costs the page something on its own, whatever its size. Each module goes in one of a few
 * chunks: `index`, what the start page shows and every page needs, the page's entry and its
 * styles with it (an entry of its own would be one more file; it keeps the start page within its
 * size budget); `table`, the table page's own code; `game-<id>`, a game's board; `rules-<id>`,
 * its rules for players, loaded when first asked for. What none of them claims (the engines a
 * replay loads, the lazy end-of-game panels and what only they use, the other languages) is split
 * as the bundler sees fit. A table link then names six files or fewer (the bundler's runtime
 * helpers are one); `tests/e2e/links.test.ts` checks that, and that the start page names none of
 * a table's. vite.config.ts hands `chunkOf` to the bundler. The games' chunks follow GAME_IDS, so
 * a new game needs nothing here.
 */
import { GAME_IDS } from '../shared/engine/types.ts';

/** What the start page shows and every page needs. */
const HOME =
  /node_modules\/solid-js\/(?:dist|web)\/|vite\/(?:preload-helper|modulepreload-polyfill)|\/web\/src\/styles\.css$|\/web\/src\/(?:main|app|router|i18n|saved|strings|early-socket|stale-build|service-worker|home|api|seat-names|solo\/lock|ui\/(?:after-paint|home-link|language|name-field|update-banner|your-tables)|games\/(?:registry|types|[a-z]+\/(?:info|options|options-words)))\.tsx?$|\/shared\/(?:engine\/(?:types|bot|reject|config|random)|games\/(?:titles|[a-z]+\/config)|api|names|pace)\.ts$/;

const ids = GAME_IDS.join('|');
/** A game's rules for its players, loaded when they are first asked for. */
const RULES = new RegExp(`/web/src/games/(${ids})/rules`);
/** A game's board: its web folder. */
const BOARD = new RegExp(`/web/src/games/(${ids})/`);
/** A game's rules engine, of which its board shares a few modules (HiLO's layout, say). */
const ENGINE = new RegExp(`/shared/games/(${ids})/`);

/**
 * The rest of the client's own code (the table page), but for the lazy parts and what only they
 * use (the rematch call, of a game's end and its replay; "Play from here" and the coach's review,
 * of the replay).
 */
const TABLE =
  /node_modules\/(?:valibot|solid-js\/store)|\/web\/src\/(?!strings\.|main\.tsx|styles\.css|replay\.ts|replies\.ts|play-from-here\.ts|coach\/|solo\/(?:solo-db|keeping)\.ts|ui\/(?:qr-code|game-over|replay|score-chart|rematch-call|play-from-here)\.tsx)|\/shared\/(?:protocol|patch|reactions|errors|issues|push|table\/limits)\.ts$/;

/** What `chunkOf` asks of the bundler's module graph: which modules import a module. */
export interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

/**
 * A module of a game's engine that its board imports goes with the board: the engine itself, a
 * replay's, loads only when asked for.
 */
function boardShares(id: string, graph: ModuleGraph): string | undefined {
  const game = ENGINE.exec(id)?.[1];
  if (!game) return undefined;
  const importers = graph.getModuleInfo(id)?.importers ?? [];
  return importers.some((by) => BOARD.exec(by)?.[1] === game) ? game : undefined;
}

/** The chunk a module of the client goes in, or null for the bundler's own choice. */
export function chunkOf(id: string, graph: ModuleGraph): string | null {
  if (HOME.test(id)) return 'index';
  const rules = RULES.exec(id)?.[1];
  if (rules) return `rules-${rules}`;
  const game = BOARD.exec(id)?.[1] ?? boardShares(id, graph);
  if (game) return `game-${game}`;
  if (TABLE.test(id)) return 'table';
  return null;
}
