/**
 * A finished game kept in a browser as a solo table, without playing it there: the rows its worker
 * would have written (web/src/solo/solo-rows.ts), made as the server makes an imported game's
 * (shared/table/imported.ts), written into the page's IndexedDB.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { ImportTable } from '../../shared/api.ts';
import { importedTable } from '../../shared/table/imported.ts';
import { publicSummary } from '../../shared/table/step.ts';
import { runsOf } from '../../shared/table/stored.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Keeps the finished game `body` in the page's browser as a solo table, with Ann at seat 0, and
 * returns its id: the rows its worker would have written (record, snapshot, moves) and its entry.
 * The page must be on the site (its IndexedDB is the origin's).
 */
export async function keepAsSolo(page: Page, body: ImportTable): Promise<string> {
  const id = randomBytes(16).toString('hex');
  const token = randomBytes(24).toString('base64url');
  const hostKey = randomBytes(24).toString('base64url');
  const now = Date.now();
  const made = importedTable({
    body,
    id,
    tokenHash: sha256(token),
    hostKeyHash: sha256(hostKey),
    serverSeed: randomBytes(16).toString('hex'),
    now,
  });
  if (!made.ok) throw new Error(made.error.message);
  const { table, log } = made;
  const { meta, state } = table;
  const rows = {
    record: meta,
    snapshot: { game: meta.gameNo, n: meta.moveCount, state },
    runs: runsOf(meta.gameNo, log).map((run) => ({
      key: [id, run.game, run.n],
      value: { run: run.entries },
    })),
    entry: {
      id,
      seat: 0,
      summary: publicSummary(table, { now, sockets: [] }),
      at: now,
      token,
      hostKey,
      online: null,
    },
  };
  await page.evaluate(
    async ({ id, rows }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('hoopla-solo', 1);
        request.onupgradeneeded = () => {
          for (const name of ['entries', 'records', 'snapshots', 'moves']) {
            if (!request.result.objectStoreNames.contains(name)) {
              request.result.createObjectStore(name);
            }
          }
        };
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = db.transaction(['entries', 'records', 'snapshots', 'moves'], 'readwrite');
      tx.objectStore('records').put(rows.record, id);
      tx.objectStore('snapshots').put(rows.snapshot, id);
      for (const run of rows.runs) tx.objectStore('moves').put(run.value, run.key);
      tx.objectStore('entries').put(rows.entry, id);
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { id, rows },
  );
  return id;
}
