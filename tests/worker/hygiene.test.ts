/**
 * Hygiene at the table: names that show and differ, renames paced per seat across tabs and
 * written together, games that end (ALL-3) and bots that stop when nobody is there, and bodies
 * that cannot be read answered as the client's error.
 */
import { runDurableObjectAlarm, runInDurableObject, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { TableSummary } from '../../shared/protocol.ts';
import { IDLE_MS, NOBODY_MS, RENAME_FLUSH_MS, RENAMES } from '../../worker/table/limits.ts';
import type { Table } from '../../worker/table/meta.ts';
import type { TableObject } from '../../worker/table-object.ts';
import { Client, createTable, newClientIp, stubOf, twoPlayerGame } from './client.ts';

const summary = async (id: string) =>
  (await SELF.fetch(`http://x/api/tables/${id}`)).json<TableSummary>();
const settle = (ms = 100) => new Promise((r) => setTimeout(r, ms));

describe('names', () => {
  it('refuse invisible characters, blanks that look like symbols and lone joiners', async () => {
    const { ann } = await twoPlayerGame({ game: 'hulahoo' });
    for (const bad of ['\u2800', 'a\u034Fb', 'a\u17B4b', 'a\uFE0F', '\u115F\u1160', '---']) {
      ann.send({ type: 'name', name: bad });
      expect((await ann.next('error')).code, JSON.stringify(bad)).toBe('bad-message');
    }
  });

  it('differ at a table, case and compatibility forms aside, and none takes another seat’s default', async () => {
    const { table, ann, bob } = await twoPlayerGame({ game: 'hulahoo' });
    for (const taken of ['ANN', 'ａｎｎ', 'Player 1', 'bot 1']) {
      bob.send({ type: 'name', name: taken });
      expect((await bob.next('error')).code, taken).toBe('name-taken');
    }
    bob.send({ type: 'name', name: 'Player 2' }); // his own seat's
    await settle(RENAME_FLUSH_MS + 200);
    expect((await summary(table.id)).seats.map((s) => s.name)).toEqual(['Ann', 'Player 2']);
    // Sitting down under a name the table has is refused too.
    const table2 = await createTable({ game: 'hilo', players: 2 });
    const a = await Client.join(table2.id, 'Zoë');
    a.send({ type: 'sit', seat: 0 });
    await a.next('seated');
    const b = await Client.join(table2.id, 'ZOË');
    b.send({ type: 'sit', seat: 1 });
    expect((await b.next('error')).code).toBe('name-taken');
    expect(ann.closed).toBeNull();
  });
});

describe('renames', () => {
  it('are paced per seat across all its tabs, and a burst is one write and one summary', async () => {
    const { table, ann, annToken, bob } = await twoPlayerGame({ game: 'hulahoo' });
    const tabs = [ann];
    for (let i = 0; i < 4; i++) tabs.push(await Client.join(table.id, 'Ann', { token: annToken }));
    await settle(RENAME_FLUSH_MS + 200);
    const from = bob.received.length;
    const marks = tabs.map((t) => t.received.length);
    for (let round = 0; round < 5; round++) {
      tabs.forEach((tab, i) => tab.send({ type: 'name', name: `Ann ${round}${i}` }));
    }
    await settle(RENAME_FLUSH_MS + 400);
    const refused = tabs
      .flatMap((t, i) => t.received.slice(marks[i]))
      .filter((m) => m.type === 'error' && m.code === 'rate-limited');
    expect(refused).toHaveLength(25 - RENAMES.count);
    // The accepted renames went out as one summary, with the last of them.
    const names = bob.received
      .slice(from)
      .flatMap((m) => (m.type === 'table' ? [m.table.seats[0]!.name] : []));
    expect(names).toHaveLength(1);
    expect((await summary(table.id)).seats[0]!.name).toBe(names[0]);
  });

  it('by spectators are paced per client', async () => {
    const table = await createTable({ game: 'hulahoo', players: 2 });
    const ip = newClientIp();
    const watchers: Client[] = [];
    for (let i = 0; i < 3; i++) {
      const w = await Client.open(table.id, ip);
      w.send({ type: 'join', name: `W${i}` });
      await w.next('welcome', 0);
      watchers.push(w);
    }
    for (let i = 0; i < 3; i++)
      watchers.forEach((w, k) => w.send({ type: 'name', name: `V${i}${k}` }));
    await settle(300);
    const refused = watchers.flatMap((w) =>
      w.received.filter((m) => m.type === 'error' && m.code === 'rate-limited'),
    );
    expect(refused).toHaveLength(9 - RENAMES.count);
  });
});

describe('every game ends (ALL-3)', () => {
  it('a goal outside the ranges people play is refused when the table is made', async () => {
    for (const [game, config] of [
      ['hulahoo', { goal: { kind: 'wins', wins: 20, consecutive: true } }],
      ['sneak', { target: 10000 }],
      ['hilo', { limit: 10000 }],
    ] as const) {
      const res = await SELF.fetch('http://x/api/tables', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': newClientIp() },
        body: JSON.stringify({ game, players: 2, config }),
      });
      expect(res.status, game).toBe(400);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe('bad-config');
    }
  });

  it('a table of bots stops a day after the last person left, and plays on when someone comes', async () => {
    const table = await createTable({ game: 'hulahoo', players: 2, bots: [0, 1] });
    const host = await Client.join(table.id, 'Host', { hostKey: table.hostKey });
    host.send({ type: 'start' });
    await host.stateAtLeast(1);
    host.close();
    await settle(200);
    const stub = stubOf(table.id);
    const before = await runInDurableObject(stub, async (instance: TableObject, state) => {
      const live = (instance as unknown as { table: Table }).table;
      expect(live.meta.lastSeen).toBeTypeOf('number');
      live.meta = { ...live.meta, lastSeen: Date.now() - NOBODY_MS, botDue: Date.now() };
      return live.meta.version;
    });
    await runDurableObjectAlarm(stub);
    const after = await runInDurableObject(stub, async (instance: TableObject, state) => {
      const meta = (instance as unknown as { table: Table }).table.meta;
      // No move, and the next wake-up is the idle clean-up.
      expect(await state.storage.getAlarm()).toBe(meta.lastActive + IDLE_MS);
      return meta.version;
    });
    expect(after).toBe(before);
    // A spectator arrives: the bots play on.
    const watcher = await Client.join(table.id, 'Watcher');
    await runDurableObjectAlarm(stub);
    expect((await watcher.stateAtLeast(before + 1)).version).toBeGreaterThan(before);
  });
});

describe('bodies', () => {
  it('that cannot be read (a broken chunked encoding) are the client’s error, 400, never 500', async () => {
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"game":'));
        controller.error(new Error('the connection broke'));
      },
    });
    const res = await SELF.fetch('http://x/api/tables', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
        'cf-connecting-ip': newClientIp(),
      },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(400);
    expect((await res.json<{ error: { code: string } }>()).error.code).toBe('bad-request');
  });
});
