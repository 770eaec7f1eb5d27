/**
 * Hygiene at the table, where the runtime is part of it: names checked as messages arrive, goals
 * checked as tables are made, bots that stop on the alarm when nobody is there (ALL-3), and
 * bodies that cannot be read answered as the client's error. The rules themselves (names that
 * differ, paced renames) are tested against the table's step in tests/table/.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { IDLE_MS, NOBODY_MS } from '../../shared/table/limits.ts';
import { withMeta } from '../../shared/table/meta.ts';
import {
  alterTable,
  Client,
  createTable,
  newClientIp,
  storedTable,
  stubOf,
  twoPlayerGame,
} from './client.ts';
import { fetchWorker, fireAlarm } from './cold.ts';

const settle = (ms = 100) => new Promise((r) => setTimeout(r, ms));

describe('names', () => {
  it('refuse invisible characters, blanks that look like symbols and lone joiners', async () => {
    const { ann } = await twoPlayerGame({ game: 'hulahoo' });
    for (const bad of ['\u2800', 'a\u034Fb', 'a\u17B4b', 'a\uFE0F', '\u115F\u1160', '---']) {
      ann.send({ type: 'name', name: bad });
      expect((await ann.next('error')).code, JSON.stringify(bad)).toBe('bad-message');
    }
  });
});

describe('every game ends (ALL-3)', () => {
  it('a goal outside the ranges people play is refused when the table is made', async () => {
    for (const [game, config] of [
      ['hulahoo', { goal: { kind: 'wins', wins: 20, consecutive: true } }],
      ['sneak', { target: 10000 }],
      ['hilo', { limit: 10000 }],
    ] as const) {
      const res = await fetchWorker('http://x/api/tables', {
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
    let before = 0;
    await alterTable(table.id, (t) => {
      expect(t.meta.lastSeen).toBeTypeOf('number');
      before = t.meta.version;
      return withMeta(t, { lastSeen: Date.now() - NOBODY_MS, botDue: Date.now() });
    });
    await fireAlarm(table.id);
    // No move, and the next wake-up is the idle clean-up.
    const { meta } = await storedTable(table.id);
    expect(meta.version).toBe(before);
    expect(await runInDurableObject(stub, (_, state) => state.storage.getAlarm())).toBe(
      meta.lastActive + IDLE_MS,
    );
    // A spectator arrives: the bots play on.
    const watcher = await Client.join(table.id, 'Watcher');
    await fireAlarm(table.id);
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
    const res = await fetchWorker('http://x/api/tables', {
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
