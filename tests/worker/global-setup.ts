/**
 * Global setup of the worker projects: a push service of our own on loopback (tests/push-service.ts),
 * which checks each notice's VAPID signature and decrypts it as a real one would. Its URL goes to
 * the tests (`inject('pushService')`), which make subscribers there and read what arrived.
 */
import type { TestProject } from 'vitest/node';
import { startPushService } from '../push-service.ts';

declare module 'vitest' {
  // As the worker tests declare them (cold.ts), for the config that provides them.
  export interface ProvidedContext {
    eviction: 'none' | 'hibernate' | 'close';
    pushService: string;
    secrets: Record<string, string>;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const service = await startPushService();
  project.provide('pushService', service.url);
  return () => service.close();
}
