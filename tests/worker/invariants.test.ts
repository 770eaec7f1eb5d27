/**
 * The table's invariants (shared/table/invariants.ts) hold of the Durable Object itself, on real
 * sockets, warm and cold: each moment below is looked at as the object holds it (its stored table
 * and its sockets' identities, read in one go) and as each client heard it. The moments are the
 * ones that froze a table: a friend who took a bot's seat in the pause, replaced by a bot, and
 * back after the next round was dealt to it.
 */
import { runInDurableObject } from 'cloudflare:test';
import { expect, it } from 'vitest';
import type { ImportedTable } from '../../shared/api.ts';
import { GAME_IDS } from '../../shared/engine/types.ts';
import { hear, type Observed, toldNothing, violations } from '../../shared/table/invariants.ts';
import type { Table } from '../../shared/table/meta.ts';
import { botsStopped } from '../../shared/table/schedule.ts';
import { loadTable, parseAttachment } from '../../shared/table/stored.ts';
import { SqlRows } from '../../worker/store.ts';
import { soloUpload } from '../table/support.ts';
import { Client, newClientIp, storedTable, stubOf } from './client.ts';
import { fetchWorker } from './cold.ts';

/** The object's table and joined sockets, read in one go, with what each client heard up to it. */
async function observed(
  id: string,
  pages: Record<string, Client>,
  before: Table,
): Promise<Observed> {
  const held = await runInDurableObject(stubOf(id), (_, state) => {
    const out = loadTable(id, new SqlRows(state.storage.sql));
    if (!out.ok || !out.loaded) throw new Error('no table stored');
    const conns = state.getWebSockets().flatMap((ws) => {
      const conn = parseAttachment(ws.deserializeAttachment());
      return conn ? [conn] : [];
    });
    return { table: out.loaded.table, conns };
  });
  const { table, conns } = held;
  const { version } = table.meta;
  // Each client's messages up to the table's version (bots may play on meanwhile).
  await Promise.all(Object.values(pages).map((c) => c.stateAtLeast(version)));
  const sockets = conns.flatMap((conn) => {
    const client = conn.name === null ? undefined : pages[conn.name];
    if (!client) return [];
    let told = toldNothing();
    for (const m of client.received) {
      if ((m.type === 'state' || m.type === 'patch') && m.version > version) break;
      told = hear(told, m);
    }
    return [{ conn, told }];
  });
  return {
    before,
    table,
    sockets,
    loaded: table,
    written: table,
    botsStopped: botsStopped(table.meta, conns.length, Date.now()),
    message: null,
  };
}

it.each(GAME_IDS)(
  '%s: a friend away and back keeps every invariant, on real sockets',
  {
    timeout: 60_000,
  },
  async (game) => {
    const { body } = soloUpload(game, 'roundOver');
    const res = await fetchWorker('http://hoopla.test/api/tables/import', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': newClientIp() },
    });
    const created = await res.json<ImportedTable>();
    const { id } = created;
    const ann = await Client.join(id, 'Ann', { token: created.token, hostKey: created.hostKey });
    const first = await ann.stateAtLeast(body.moves.length + 1);
    let before = await storedTable(id);
    const check = async (pages: Record<string, Client>, moment: string) => {
      const o = await observed(id, pages, before);
      expect(violations(o), moment).toEqual([]);
      before = o.table;
      return o;
    };

    // Bob takes a bot's seat in the pause, and says he is ready.
    let bob = await Client.join(id, 'Bob');
    bob.send({ type: 'sit', seat: 1 });
    const { token } = await bob.next('seated');
    bob.send({ type: 'move', move: { t: 'nextRound' }, version: first.version });
    await ann.waitFor((m): m is never => m.type === 'table' && m.table.pause?.ready.join() === '1');
    await check({ Ann: ann, Bob: bob }, 'Bob sat down in the pause');

    // Away, replaced by a bot, and the next round is dealt to his seat.
    bob.close();
    await ann.waitFor((m): m is never => m.type === 'table' && !m.table.seats[1]?.connected);
    ann.send({ type: 'bot', seat: 1, on: true });
    await ann.waitFor((m): m is never => m.type === 'table' && m.table.seats[1]?.bot === true);
    ann.send({ type: 'move', move: { t: 'nextRound' }, version: first.version });
    await ann.stateAtLeast(first.version + 1);
    await check({ Ann: ann }, 'the round dealt to his stand-in');

    // Back with his token: his seat, and its view.
    bob = await Client.join(id, 'Bob', { token });
    expect((await bob.next('welcome', 0)).seat).toBe(1);
    const o = await check({ Ann: ann, Bob: bob }, 'Bob back after the deal');
    expect(o.table.meta.seats[1]).toMatchObject({ bot: false });
  },
);
