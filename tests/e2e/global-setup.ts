/**
 * Global setup of the `e2e` project: builds the app, serves it from the local Workers runtime on a
 * free localhost port with fresh storage and quick bots, and hands the base URL to the tests
 * (`inject('baseUrl')`). Teardown ends wrangler and workerd.
 */
import type { TestProject } from 'vitest/node';
import { buildApp, serveApp } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `http://127.0.0.1:<port>` of the app under test. */
    baseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await buildApp();
  const server = await serveApp({ botDelayMs: 150 });
  project.provide('baseUrl', server.url);
  return async () => {
    await server.stop();
  };
}
