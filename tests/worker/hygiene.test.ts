/**
 * Hygiene at the table, where the runtime is part of it: names checked as messages arrive, goals
 * checked as tables are made, bots that stop on the alarm when nobody is there (ALL-3), and
 * bodies that cannot be read answered as the client's error. The rules themselves (names that
 * differ, paced renames) are tested against the table's step in tests/table/.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { IDLE_MS, NOBODY_MS, TURN_NOBODY_MS } from '../../shared/table/limits.ts';
import { withMeta } from '../../shared/table/meta.ts';
import { idleAt } from '../../shared/table/schedule.ts';
import {
  alterTable,
  Client,
  createTable,
  newClientIp,
  type StateMsg,
  storedTable,
  stubOf,
  twoPlayerGame,
} from './client.ts';
import { fetchWorker, fireAlarm } from './cold.ts';
import { viewOf } from './play.ts';

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

describe('a turn-based table nobody opens', () => {
  it('pauses a week after its last page closed, and plays on with a fresh clock when a player is back', async () => {
    const clock = 259_200;
    const { table, ann, bob, annToken, bobToken } = await twoPlayerGame({
      game: 'hulahoo',
      pace: 'turn',
      clock,
    });
    ann.send({ type: 'seen', gameNo: 1 });
    bob.send({ type: 'seen', gameNo: 1 });
    const first = await ann.waitFor(
      (m): m is StateMsg => m.type === 'state' && m.deadline !== null,
      0,
    );
    const waiting = viewOf(first).toMove[0];
    ann.close();
    bob.close();
    await settle(200);
    // A week on, nobody has opened it, and the clock ran out long ago.
    let before = 0;
    await alterTable(table.id, (t) => {
      before = t.meta.version;
      return withMeta(t, { lastSeen: Date.now() - TURN_NOBODY_MS, deadline: Date.now() - 1 });
    });
    await fireAlarm(table.id);
    // No time-out: the table is paused, and wakes next for its clean-up.
    const paused = (await storedTable(table.id)).meta;
    expect(paused.version).toBe(before);
    expect(await runInDurableObject(stubOf(table.id), (_, state) => state.storage.getAlarm())).toBe(
      idleAt(paused),
    );
    // The player it waits on comes back: a whole turn of their own, not a time-out.
    const back = await Client.join(table.id, 'Back', {
      token: waiting === 0 ? annToken : bobToken,
    });
    const resumed = await back.stateAtLeast(before + 1);
    expect(resumed.deadline).toBeGreaterThan(Date.now() + clock * 1000 - 60_000);
    await fireAlarm(table.id);
    await settle(100);
    const meta = (await storedTable(table.id)).meta;
    expect(meta.moveCount).toBe(paused.moveCount);
    expect(back.received.some((m) => m.type === 'state' && m.events.length > 0)).toBe(false);
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
