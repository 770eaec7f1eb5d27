/**
 * What every e2e file sets up: the app's address and one browser, launched once per file; and
 * a way to put a table to sleep.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { CreatedTable, ImportedTable, ImportTable } from '../../shared/api.ts';
import { asHost, launchBrowser } from './browser.ts';
import { ownClientAddress } from './client-address.ts';
import type { Sockets } from './server.ts';

export const baseUrl = inject('baseUrl');
const controlUrl = inject('controlUrl');

/** A browser for this file's tests, closed after them; call at the file's top level. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/**
 * Headers for a table made over the API as if by a client of its own (an address drawn from
 * 10.0.0.0/8): the browser tests make and import more tables a minute than one client may, and
 * the budgets themselves are tested in tests/worker.
 */
const fromOwnClient = () => ({
  'content-type': 'application/json',
  'cf-connecting-ip': ownClientAddress(),
});

/**
 * A table made over the API (`body` as POST /api/tables takes it), opened in `page` by its host:
 * the host key in the browser, and, when given, the seat it sits in at once and the name it uses;
 * through `origin` (a proxy's) rather than the server's own.
 */
export async function openAsHost(
  page: Page,
  body: Record<string, unknown>,
  as: { seat?: number; name?: string; origin?: string } = {},
): Promise<CreatedTable> {
  const res = await fetch(`${baseUrl}/api/tables`, {
    method: 'POST',
    headers: fromOwnClient(),
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  const table = (await res.json()) as CreatedTable;
  await asHost(page, table, as);
  await page.goto(`${as.origin ?? baseUrl}/t/${table.id}`);
  return table;
}

/**
 * A game played elsewhere taken to a live table (`POST /api/tables/import`); kept in `browser`,
 * when given, as the page's own import keeps it: the uploader's seat token, the host key and
 * their name.
 */
export async function importTable(
  body: ImportTable,
  browser?: BrowserContext | Page,
  name = 'Ann',
): Promise<ImportedTable> {
  const res = await fetch(`${baseUrl}/api/tables/import`, {
    method: 'POST',
    headers: fromOwnClient(),
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  const table = (await res.json()) as ImportedTable;
  await browser?.addInitScript(
    ({ id, hostKey, token, name }) => {
      localStorage.setItem(`hoopla:host:${id}`, hostKey);
      localStorage.setItem(`hoopla:token:${id}`, token);
      localStorage.setItem('hoopla:name', name);
    },
    { id: table.id, hostKey: table.hostKey, token: table.token, name },
  );
  return table;
}

/**
 * Puts table `id` to sleep as the platform does with an idle table: out of memory, its storage
 * kept, its sockets hibernating (still open) or closed. The next request starts it cold.
 */
export async function evictTable(id: string, webSockets: Sockets = 'hibernate'): Promise<void> {
  const res = await fetch(`${controlUrl}/evict/${id}?webSockets=${webSockets}`, { method: 'POST' });
  if (res.status !== 204)
    throw new Error(`evicting table ${id}: ${res.status} ${await res.text()}`);
}
