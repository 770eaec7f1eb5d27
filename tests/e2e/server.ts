/**
 * Builds the app and serves the built Worker from the local Workers runtime (the same workerd as
 * `npm start`), with `wrangler dev` on the dist/hoopla/wrangler.json that deploys use, on a free
 * localhost port with fresh storage.
 * Used by the e2e global setup and by `npm run bench:web`. Node only: no DOM here.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const VITE = path.join(ROOT, 'node_modules/vite/bin/vite.js');
const WRANGLER = path.join(ROOT, 'node_modules/wrangler/bin/wrangler.js');

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

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export type Server = {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  /** Everything wrangler and workerd printed so far. */
  output: () => string;
  /** Ends wrangler and workerd (the whole process group) and deletes the storage. */
  stop: () => Promise<void>;
};

export type ServeOptions = {
  /** Mean bot delay (the `BOT_DELAY_MS` var); 150 ms keeps bot games quick. */
  botDelayMs?: number;
  /** How long to wait for `/api/health`. */
  readyTimeoutMs?: number;
};

/** Serves the built app (run {@link buildApp} first) and resolves once `/api/health` answers. */
export async function serveApp(options: ServeOptions = {}): Promise<Server> {
  const { botDelayMs = 150, readyTimeoutMs = 60_000 } = options;
  const port = await freePort();
  const inspectorPort = await freePort();
  const persistTo = mkdtempSync(path.join(os.tmpdir(), 'hoopla-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const args = [
    WRANGLER,
    'dev',
    '--config',
    'dist/hoopla/wrangler.json',
    '--port',
    String(port),
    '--ip',
    '127.0.0.1',
    '--inspector-port',
    String(inspectorPort),
    '--persist-to',
    persistTo,
    '--var',
    `BOT_DELAY_MS:${botDelayMs}`,
    '--show-interactive-dev-session=false',
  ];
  // detached: wrangler leads its own process group, so one signal ends it and its workerd.
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // No `Request.cf` fetched from Cloudflare: the app reads none of it, and offline it fails loudly.
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      CI: 'true',
      FORCE_COLOR: '0',
    },
  });
  let log = '';
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => {
    running = false;
  });

  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // The group is gone already.
    }
  };
  // Should this process end without calling stop() (an interrupted run), take the group along.
  const onExit = () => signalGroup('SIGKILL');
  process.once('exit', onExit);
  const stop = async () => {
    process.off('exit', onExit);
    if (running) {
      signalGroup('SIGTERM');
      const timeout = new Promise<'timeout'>((r) => setTimeout(r, 5000, 'timeout').unref());
      if ((await Promise.race([exited, timeout])) === 'timeout') signalGroup('SIGKILL');
    }
    signalGroup('SIGKILL'); // anything in the group that outlived wrangler itself
    rmSync(persistTo, { recursive: true, force: true });
  };

  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (!running) {
      await stop();
      throw new Error(`wrangler dev exited before serving ${url}:\n${log}`);
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `wrangler dev did not answer ${url}/api/health in ${readyTimeoutMs} ms:\n${log}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, output: () => log, stop };
}
