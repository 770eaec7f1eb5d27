/**
 * How long this browser keeps its solo tables, read where they are listed ("Your tables"): every
 * game played offline would otherwise stay in IndexedDB for ever. A game in progress is kept the
 * longest, a finished one while it is among the latest (its replay with it), the newest finished
 * game whatever its age; what a table taken online leaves (its old link's way there) for as long
 * as a game in progress. A table open in a tab (its lock held) is never dropped.
 */
import { soloLock } from './lock.ts';
import { dropRows, type SoloEntry, storedEntries } from './solo-db.ts';

const DAY_MS = 86_400_000;

/** Finished games beyond this many of the latest are dropped. */
export const FINISHED_KEPT = 10;
/** A finished game is dropped this long after it ended, the newest excepted. */
export const FINISHED_FOR_MS = 28 * DAY_MS;
/** A game in progress, or an old link's way online, is dropped this long after its last change. */
export const UNFINISHED_FOR_MS = 90 * DAY_MS;

/** The ids of the tables of `entries` to drop at `now` (epoch ms): see the top of this file. */
export function toDrop(entries: readonly SoloEntry[], now: number): string[] {
  const finished = entries
    .filter((e) => e.online === null && e.summary.status === 'over')
    .sort((a, b) => b.at - a.at);
  const stale = finished.filter(
    (e, latest) => latest > 0 && (latest >= FINISHED_KEPT || now - e.at > FINISHED_FOR_MS),
  );
  const abandoned = entries.filter(
    (e) => (e.online !== null || e.summary.status !== 'over') && now - e.at > UNFINISHED_FOR_MS,
  );
  return [...stale, ...abandoned].map((e) => e.id);
}

/** The names of the Web Locks held in this browser now: a solo table's while a tab runs it. */
async function heldLocks(): Promise<Set<string>> {
  if (!('locks' in navigator)) return new Set();
  const { held = [] } = await navigator.locks.query();
  return new Set(held.map((lock) => lock.name ?? ''));
}

/**
 * The solo tables still played here, the newest first, once those past keeping are dropped. A
 * failed drop is tried again on the next listing; the list leaves them out all the same.
 */
export async function keptSoloEntries(now = Date.now()): Promise<SoloEntry[]> {
  const entries = await storedEntries();
  const held = await heldLocks();
  const dropped = new Set(toDrop(entries, now).filter((id) => !held.has(soloLock(id))));
  for (const id of dropped) {
    await dropRows(id, null).catch((e: unknown) => console.warn('A solo table stays kept:', e));
  }
  return entries.filter((e) => e.online === null && !dropped.has(e.id)).sort((a, b) => b.at - a.at);
}
