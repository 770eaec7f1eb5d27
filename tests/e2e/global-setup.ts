/**
 * Global setup of the `e2e` project: builds the app, serves it from the local Workers runtime on a
 * free localhost port with fresh storage and quick bots, and hands the base URL to the tests
 * (`inject('baseUrl')`). Teardown ends the server.
 *
 * The tests run in vitest's worker processes and the server lives in this one, so a test that
 * puts a table to sleep asks here: `POST /evict/<id>?webSockets=hibernate|close` on a control
 * server on 127.0.0.1 (`inject('controlUrl')`, `evictTable` in suite.ts).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { BUILT_CONFIG, buildApp, type Server, serveApp } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `http://127.0.0.1:<port>` of the app under test. */
    baseUrl: string;
    /** `http://127.0.0.1:<port>` of the control server that evicts tables. */
    controlUrl: string;
  }
}

/** Serves `POST /evict/<table id>?webSockets=hibernate|close` (204) for `server`. */
async function serveControl(server: Server): Promise<{ url: string; close: () => Promise<void> }> {
  const control = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const id = /^\/evict\/([0-9a-f]{64})$/.exec(url.pathname)?.[1];
    const webSockets = url.searchParams.get('webSockets') ?? 'hibernate';
    if (req.method !== 'POST' || !id || (webSockets !== 'hibernate' && webSockets !== 'close')) {
      res.writeHead(400).end('POST /evict/<table id>?webSockets=hibernate|close');
      return;
    }
    server.evict(id, webSockets).then(
      () => res.writeHead(204).end(),
      (e: unknown) => res.writeHead(500).end(String(e)),
    );
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const { port } = control.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => control.close(() => resolve())),
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Two browser lanes serve one build (scripts/test-lanes.ts): the first makes it and says so in
  // `E2E_BUILT_STAMP`; the second, `E2E_BUILT`, starts only then. Building again under a page the
  // first lane is serving would take its files away.
  if (!process.env.E2E_BUILT || !existsSync(BUILT_CONFIG)) await buildApp();
  if (process.env.E2E_BUILT_STAMP) writeFileSync(process.env.E2E_BUILT_STAMP, '');
  const server = await serveApp({ botDelayMs: 150 });
  const control = await serveControl(server);
  project.provide('baseUrl', server.url);
  project.provide('controlUrl', control.url);
  return async () => {
    await control.close();
    await server.stop();
  };
}
