/**
 * A table through every moment of its life — its lobby, seats taken, a rename, the start, moves,
 * a round's end, game over, a rematch — looked at as a newcomer does: the first sight a table
 * link's page is written with, the summary over HTTP and a spectator's socket. In the cold runs
 * the table is evicted before each look, as it is when a friend opens the link later on. And a
 * table whose stored record cannot be read says so, and waits, rather than crash on every visit.
 */
import {
  evictDurableObject,
  runDurableObjectAlarm,
  runInDurableObject,
  SELF,
} from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GAME_IDS } from '../../shared/engine/types.ts';
import { parseServerMessage, type TableSummary } from '../../shared/protocol.ts';
import { Client, createTable, stubOf } from './client.ts';
import { fetchWorker, input, together } from './cold.ts';
import { playTo, playToEnd, quick } from './play.ts';

/** What the table's first sight holds, and what a spectator joining now hears first. */
async function look(tableId: string) {
  const sight = await input(tableId, () => stubOf(tableId).firstSight());
  if (!sight) throw new Error('no first sight');
  const heard = sight.map((text) => {
    const parsed = parseServerMessage(text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return parsed.message;
  });
  const res = await fetchWorker(`http://x/api/tables/${tableId}`);
  expect(res.status).toBe(200);
  const summary: TableSummary = await res.json();
  const watcher = await Client.join(tableId, 'Watcher');
  const welcome = await watcher.next('welcome', 0);
  const state = heard[1] ? await watcher.next('state', 0) : undefined;
  watcher.close();
  return { heard, summary, welcome, state };
}

/** The first sight is what a spectator's socket hears on joining, the page's newcomer aside. */
async function looksAlike(tableId: string): Promise<TableSummary> {
  const { heard, summary, welcome, state } = await look(tableId);
  const [first, second] = heard;
  if (first?.type !== 'welcome') throw new Error('the first sight starts with a welcome');
  expect(first).toMatchObject({ seat: null, host: false });
  expect({ ...first.table, spectators: welcome.table.spectators }).toEqual(welcome.table);
  expect(welcome).toMatchObject({ seat: null, host: false });
  const { toMove: _, deadline: _d, ...public_ } = summary;
  expect(public_).toEqual({ ...first.table, spectators: public_.spectators });
  if (first.table.status === 'lobby') expect(second).toBeUndefined();
  else expect(second).toEqual(state);
  return first.table;
}

describe.each(GAME_IDS)('%s: a newcomer sees the table as it is, at every moment', (game) => {
  it('lobby, seats, a rename, the start, a round’s end, game over and a rematch', {
    timeout: 120_000,
  }, async () => {
    // Two people and no bot, no clock: nothing moves between a look and the socket that checks it.
    const table = await createTable({ game, players: 2, config: quick(game) });
    expect((await looksAlike(table.id)).seats.map((s) => s.name)).toEqual([null, null]);

    const ann = await Client.join(table.id, 'Ann', { hostKey: table.hostKey });
    ann.send({ type: 'sit', seat: 0 });
    await ann.next('seated');
    const bob = await Client.join(table.id, 'Bob');
    bob.send({ type: 'sit', seat: 1 });
    await bob.next('seated');
    expect((await looksAlike(table.id)).seats.map((s) => s.name)).toEqual(['Ann', 'Bob']);

    bob.send({ type: 'name', name: 'Robert' });
    await ann.waitFor((m): m is never => m.type === 'table' && m.table.seats[1]?.name === 'Robert');
    expect((await looksAlike(table.id)).seats[1]?.name).toBe('Robert');

    ann.send({ type: 'start' });
    await Promise.all([ann.stateAtLeast(1), bob.stateAtLeast(1)]);
    expect(await looksAlike(table.id)).toMatchObject({ status: 'playing', gameNo: 1 });

    // The moves between the looks are played warm (one burst, in the cold runs too): what each
    // look meets is a table evicted after them.
    await together(table.id, () => playTo([ann, bob], 'roundOver'));
    const between = await looksAlike(table.id);
    if (between.status === 'playing') expect(between.phase).toBe('roundOver');

    await together(table.id, () => playToEnd([ann, bob]));
    expect(await looksAlike(table.id)).toMatchObject({ status: 'over', gameNo: 1 });

    const version = ann.lastState()?.version ?? 0;
    ann.send({ type: 'rematch', gameNo: 1 });
    await ann.waitFor((m): m is never => m.type === 'table' && m.table.rematch != null);
    expect(await looksAlike(table.id)).toMatchObject({ status: 'over', gameNo: 1 });
    bob.send({ type: 'rematch', gameNo: 1 });
    await ann.stateAtLeast(version + 1);
    expect(await looksAlike(table.id)).toMatchObject({ status: 'playing', gameNo: 2 });
  });
});

describe('a table whose stored record cannot be read', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('answers 503 to its link, its summary and its socket, logs why with its id, and waits', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const table = await createTable({ game: 'hulahoo', players: 2 });
    const ann = await Client.join(table.id, 'Ann', { hostKey: table.hostKey });
    const stub = stubOf(table.id);
    // A record an older or broken server might have left: a game this one does not know.
    await runInDurableObject(stub, async (_, state) => {
      const { meta } = state.storage.sql.exec<{ meta: string }>('SELECT meta FROM record').one();
      const poker = JSON.stringify({ ...JSON.parse(meta), game: 'poker' });
      state.storage.sql.exec('UPDATE record SET meta = ?', poker);
      await state.storage.setAlarm(Date.now() + 60_000);
    });
    // Read back cold, whichever run this is; a broken table stays as it is, so nothing below
    // goes through the runs' evictions.
    await evictDurableObject(stub);

    const page = await SELF.fetch(`http://x/t/${table.id}`, {
      headers: { 'sec-fetch-dest': 'document', 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('retry-after')).toBe('60');
    expect(page.headers.get('cache-control')).toBe('no-store');
    // Its one style is allowed by its hash, and nothing else runs.
    expect(page.headers.get('content-security-policy')).toMatch(/style-src 'self' 'sha256-/);
    const html = await page.text();
    expect(html).toContain('lang="fr"');
    expect(html).toContain(`href="/t/${table.id}"`); // try again
    expect(html).not.toMatch(/<script/);

    const api = await SELF.fetch(`http://x/api/tables/${table.id}`);
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({
      error: { code: 'unavailable', message: expect.any(String) },
    });
    const upgrade = await SELF.fetch(`http://x/api/tables/${table.id}/ws`, {
      headers: { Upgrade: 'websocket' },
    });
    expect(upgrade.status).toBe(503);
    await upgrade.body?.cancel();

    // A socket still open from before is closed, and the alarm is not tried again and again.
    // Over the socket itself: a restart of the run's own would reopen it, and be refused.
    ann.ws.send(JSON.stringify({ type: 'record' }));
    await vi.waitFor(() => expect(ann.closed?.code).toBe(1011));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await runInDurableObject(stub, (_, state) => state.storage.getAlarm())).toBeNull();
    expect(errors).toHaveBeenCalledWith(
      expect.stringMatching(
        new RegExp(`^table ${table.id}: its stored record cannot be loaded: meta\\.game: `),
      ),
    );
  });
});
