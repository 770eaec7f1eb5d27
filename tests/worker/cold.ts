/**
 * How the worker tests meet a table: warm, as a table still in memory, or cold, evicted before
 * every input a test gives it, as the runtime evicts an idle table. Cold comes in two kinds: its
 * sockets hibernate (the runtime keeps them open), or, in the `close` run, every RESTART_EVERY-th
 * eviction closes them (a restart) and their clients open new ones and join again before the
 * input goes in, as the page does. The vitest project says which (`eviction`,
 * vitest.config.ts); every file runs warm, and the life-cycle files (`LIFE` there) cold too.
 */
import {
  env,
  evictDurableObject,
  runDurableObjectAlarm,
  runInDurableObject,
  SELF,
} from 'cloudflare:test';
import { inject } from 'vitest';

export type Eviction = 'none' | 'hibernate' | 'close';

declare module 'vitest' {
  export interface ProvidedContext {
    eviction: Eviction;
    /** The VAPID secrets the project's Worker runs with (none but in worker-secrets). */
    secrets: Record<string, string>;
    /** `http://127.0.0.1:<port>` of the tests' push service (global-setup.ts). */
    pushService: string;
  }
}

export const EVICTION: Eviction = inject('eviction') ?? 'none';

/** The Durable Object of a table, for the tests that reach inside it. */
export const stubOf = (id: string) => env.TABLES.get(env.TABLES.idFromString(id));

/** A client that comes back after a restart: told before its socket closes, then asked back. */
export interface Restartable {
  /** Its socket is about to close: not a close the test should see. */
  expectRestart(): void;
  /** Opens a new socket and joins again as itself. */
  reopen(): Promise<void>;
  /** Once every client is back: drops what it heard again only because of the restart. */
  settle(): Promise<void>;
}

const clients = new Map<string, Set<Restartable>>();

/** Registers a client of a table for restarts; gives the way to forget it. */
export function onRestart(tableId: string, client: Restartable): () => void {
  let set = clients.get(tableId);
  if (!set) {
    set = new Set();
    clients.set(tableId, set);
  }
  set.add(client);
  return () => set.delete(client);
}

/**
 * How often the `close` run restarts the table rather than let its sockets hibernate: a restart
 * costs each client a rejoin and the table a summary's round trip, and whole games take hundreds
 * of inputs.
 */
const RESTART_EVERY = 4;
let evictions = 0;

/** Cold runs give a table one input at a time, each after the eviction before it. */
let queue: Promise<unknown> = Promise.resolve();

/** Tables taking a burst of inputs (together), not evicted between them. */
const bursting = new Set<string>();

/**
 * Gives the table of `tableId` an input: at once when warm; when cold, in turn, once the table
 * has been evicted (and, if its sockets closed, once its clients are back).
 */
export function input<T>(tableId: string | null, give: () => T | Promise<T>): Promise<T> {
  if (EVICTION === 'none' || tableId === null || bursting.has(tableId)) {
    return Promise.resolve().then(give);
  }
  const next = queue.then(async () => {
    await evict(tableId);
    return give();
  });
  queue = next.catch(() => undefined);
  return next;
}

/**
 * Inputs that reach a table together, as a flood or a crowd does: a cold table is evicted once,
 * before them all. (The runtime evicts only a table left idle, so a burst always meets the table
 * it woke.)
 */
export function together<T>(tableId: string, burst: () => T | Promise<T>): Promise<T> {
  return input(tableId, async () => {
    bursting.add(tableId);
    try {
      return await burst();
    } finally {
      bursting.delete(tableId);
    }
  });
}

async function evict(tableId: string): Promise<void> {
  if (EVICTION === 'none') return;
  let stub: ReturnType<typeof stubOf>;
  try {
    stub = stubOf(tableId);
  } catch {
    return; // not an id of this namespace: no table to evict
  }
  // A timer in memory still set (bots playing on, or a bots' turn a little later) keeps the
  // table in memory, as the runtime keeps it; an alarm due alone does not.
  await untilIdle(stub);
  if ((await stub.pending()).wakeAt !== null) return;
  const webSockets =
    EVICTION === 'close' && evictions++ % RESTART_EVERY === 0 ? 'close' : 'hibernate';
  const restarting = webSockets === 'close' ? [...(clients.get(tableId) ?? [])] : [];
  for (const client of restarting) client.expectRestart();
  await evictNow(stub, webSockets);
  await Promise.all(restarting.map((client) => client.reopen()));
  await Promise.all(restarting.map((client) => client.settle()));
}

async function evictNow(
  stub: ReturnType<typeof stubOf>,
  webSockets: 'close' | 'hibernate',
): Promise<void> {
  try {
    await evictDurableObject(stub, { webSockets });
  } catch (err) {
    // Not in memory now: as cold as it gets.
    if (!String(err).includes('not currently running')) throw err;
  }
}

/**
 * Evicts a table once it has nothing left to do now, its sockets hibernating, whatever the run:
 * for a test that changed its storage or its sockets' attachments behind its back, so that it
 * reads them again.
 */
export async function evictIdle(stub: ReturnType<typeof stubOf>): Promise<void> {
  await untilIdle(stub);
  await evictNow(stub, 'hibernate');
}

/**
 * Waits until the table has nothing left to do now, as the runtime does before it evicts an
 * object: a summary, a rename or a notice still waiting on its timer, or a wake-up due now (a bot
 * about to move, on the alarm or a timer), keeps a table in memory.
 */
async function untilIdle(stub: ReturnType<typeof stubOf>): Promise<void> {
  const due = (at: number | null) => at !== null && at <= Date.now() + 100;
  for (let i = 0; i < 40; i++) {
    const { holding, wakeAt } = await stub.pending();
    const alarm = await runInDurableObject(stub, (_, state) => state.storage.getAlarm());
    if (holding === 0 && !due(alarm) && !due(wakeAt)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const TABLE_IN_PATH = /\/(?:api\/tables|t)\/([0-9a-f]{64})/;

/** A request to the Worker, an input to the table its path names. */
export function fetchWorker(url: string, init?: RequestInit): Promise<Response> {
  const tableId = TABLE_IN_PATH.exec(url)?.[1] ?? null;
  return input(tableId, () => SELF.fetch(url, init));
}

/** The table's alarm, run now if one is set (an input like any other). */
export function fireAlarm(tableId: string): Promise<boolean> {
  return input(tableId, () => runDurableObjectAlarm(stubOf(tableId)));
}
