/**
 * Builds the app and serves the built Worker from the local Workers runtime (the same workerd as
 * `npm start`), through wrangler's test harness on the dist/hoopla/wrangler.json that deploys use,
 * on a free localhost port with fresh storage (in memory, gone with the server). The harness can
 * also put a table to sleep as the platform does with an idle one (`evict`), so that tests and
 * the web bench meet a table that starts cold.
 * Used by the e2e global setup and by `npm run bench:web`. Node only: no DOM here.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTestHarness } from 'wrangler';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const VITE = path.join(ROOT, 'node_modules/vite/bin/vite.js');

/** What a build leaves for the harness to serve, relative to ROOT. */
const BUILT = 'dist/hoopla/wrangler.json';
/** The same, as a path. */
export const BUILT_CONFIG = path.join(ROOT, BUILT);

/** `vite build` into dist/ (on the Node running this script, the project's Node 22). */
export async function buildApp(): Promise<void> {
  try {
    await promisify(execFile)(process.execPath, [VITE, 'build', '--logLevel', 'warn'], {
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`vite build failed: ${err.message}\n${err.stdout ?? ''}${err.stderr ?? ''}`);
  }
}

/**
 * What happens to a sleeping table's sockets: `hibernate` keeps them open, as the platform does
 * with an idle table's, and the next message wakes the table; `close` closes them.
 */
export type Sockets = 'hibernate' | 'close';

export type Server = {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  /** Everything the Worker and workerd logged so far. */
  output: () => string;
  /**
   * Evicts table `tableId` from memory, its storage kept: the next request or socket message
   * starts it cold, as after the platform evicted it.
   */
  evict: (tableId: string, webSockets?: Sockets) => Promise<void>;
  /** Ends workerd; the storage goes with it. */
  stop: () => Promise<void>;
};

export type ServeOptions = {
  /** Mean bot delay (the `BOT_DELAY_MS` var); a short one keeps bot games quick. */
  botDelayMs?: number;
};

/** Serves the built app (run {@link buildApp} first) and resolves once `/api/health` answers. */
export async function serveApp(options: ServeOptions = {}): Promise<Server> {
  const { botDelayMs = 150 } = options;
  // No `Request.cf` fetched from Cloudflare: the app reads none of it, and offline it fails loudly.
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
  process.env.WRANGLER_SEND_METRICS = 'false';
  const harness = createTestHarness({
    root: ROOT,
    workers: [
      {
        configPath: BUILT,
        // Notices are on, signed with the key pair the Worker makes itself (no secrets, as on a
        // first deploy), sent soon after a decision and to a push service of the tests' own on
        // loopback (tests/push-service.ts).
        vars: {
          BOT_DELAY_MS: String(botDelayMs),
          NOTICE_DELAY_MS: '300',
          PUSH_ALLOW_LOOPBACK: '1',
        },
      },
    ],
  });
  const output = () =>
    harness
      .getLogs()
      .map((log) => `${log.level}: ${log.message}\n`)
      .join('');
  let url: string;
  try {
    url = (await harness.listen()).url.origin;
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`/api/health answered ${res.status}`);
  } catch (e) {
    await harness.close().catch(() => {});
    throw new Error(`the test harness did not serve the app: ${String(e)}\n${output()}`);
  }
  return {
    url,
    output,
    evict: (tableId, webSockets = 'hibernate') =>
      harness.getWorker().evictDurableObject('TableObject', { id: tableId, webSockets }),
    stop: () => harness.close(),
  };
}
