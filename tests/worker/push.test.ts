/**
 * Turn-based tables and their notices (CONTRACT, Extensions (turn 4)): a seated player's device
 * subscribes, and when the game waits on that seat and no socket of it is open, the table sends
 * one Web Push per decision to the tests' own push service (tests/push-service.ts), which checks
 * its VAPID signature and decrypts it as a real one would.
 */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, inject, it } from 'vitest';
import { withMeta } from '../../shared/table/meta.ts';
import type { TableObject } from '../../worker/table-object.ts';
import { alterTable, Client, createTable, type StateMsg, stubOf, twoPlayerGame } from './client.ts';
import { fetchWorker, fireAlarm } from './cold.ts';
import { moveIfAsked, viewOf } from './play.ts';

const SERVICE = inject('pushService');
/** How long a table waits before telling a player away (NOTICE_DELAY_MS in vitest.config.ts). */
const NOTICE_DELAY = 3000;
const TURN = { game: 'hulahoo', pace: 'turn', clock: 3600 };

interface Subscriber {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

interface Delivered {
  headers: { ttl: number; topic: string | null; urgency: string | null };
  payload: string;
}

async function subscriber(): Promise<Subscriber> {
  const publicKey = (await (await fetchWorker('https://hoopla.test/api/push')).json()) as {
    publicKey: string;
  };
  const res = await fetch(`${SERVICE}/subscriptions`, {
    method: 'POST',
    body: JSON.stringify({ applicationServerKey: publicKey.publicKey }),
  });
  return (await res.json()) as Subscriber;
}

const delivered = async (sub: Subscriber): Promise<Delivered[]> =>
  (await (await fetch(`${SERVICE}/subscribers/${sub.id}/messages`)).json()) as Delivered[];

/** What the push service has for `sub` once `count` notices arrived (or, after a while, what it has). */
async function deliveredAtLeast(sub: Subscriber, count: number): Promise<Delivered[]> {
  for (let i = 0; i < 200; i++) {
    const got = await delivered(sub);
    if (got.length >= count) return got;
    await new Promise((r) => setTimeout(r, 50));
  }
  return delivered(sub);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Makes the push service answer every notice to `sub` with `status` from now on. */
async function answerWith(sub: Subscriber, status: number): Promise<void> {
  await fetch(`${SERVICE}/subscribers/${sub.id}/respond`, {
    method: 'POST',
    body: JSON.stringify({ status }),
  });
}

/** The devices table `id` keeps for its one subscribed seat, as stored. */
async function devicesOf(id: string): Promise<{ failures?: number }[]> {
  const rows = await runInDurableObject(stubOf(id), async (_: TableObject, ctx) =>
    ctx.storage.sql.exec<{ list: string }>('SELECT list FROM devices').toArray(),
  );
  return rows[0] ? JSON.parse(rows[0].list) : [];
}

/** Ann moves until the game waits on Bob; the state that does. */
async function untilBobsTurn(ann: Client): Promise<StateMsg> {
  for (let i = 0; i < 50; i++) {
    const state = ann.lastState();
    if (state && viewOf(state).toMove.includes(1)) return state;
    const version = moveIfAsked(ann);
    if (version === null) throw new Error('neither Ann nor Bob is asked');
    await ann.stateAtLeast(version + 1);
  }
  throw new Error('the turn never came to Bob');
}

describe('turn-based tables', () => {
  it('are created with a pace and a turn clock of hours; other clocks are refused', async () => {
    const table = await createTable({ ...TURN, players: 2 });
    const summary = (await (
      await fetchWorker(`https://hoopla.test/api/tables/${table.id}`)
    ).json()) as {
      pace: string;
      clock: number;
    };
    expect(summary).toMatchObject({ pace: 'turn', clock: 3600 });
    const refused = await fetchWorker('https://hoopla.test/api/tables', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...TURN, players: 2, clock: 30 }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^clock: A turn-based table's clock is one of 3600, 43200, 86400, 259200 seconds/,
    );
  });

  it('a turn-based clock runs out from the alarm after the table was evicted', async () => {
    const { table, ann, bob } = await twoPlayerGame(TURN);
    // Both have seen the deal: the clock runs (rematch.ts, the first look).
    ann.send({ type: 'seen', gameNo: 1 });
    bob.send({ type: 'seen', gameNo: 1 });
    const state = await ann.waitFor(
      (m): m is StateMsg => m.type === 'state' && m.deadline !== null,
      0,
    );
    expect(state.deadline).toBeGreaterThan(Date.now() + 3_500_000);
    const waiting = viewOf(state).toMove[0]!;
    // The hour has passed, and the table was evicted long ago.
    await alterTable(table.id, (t) => withMeta(t, { deadline: Date.now() - 1 }));
    await evictDurableObject(stubOf(table.id));
    await fireAlarm(table.id);
    const next = await ann.stateAtLeast(state.version + 1);
    // After the word on who sits where that the game's first move carries.
    expect(next.events.find((e) => e.type !== 'sitting')).toEqual({
      type: 'timedOut',
      seat: waiting,
    });
  });
});

describe('notices to players away', () => {
  it('a turn that comes to a seat with no socket open sends one push, naming the table', {
    timeout: 40_000,
  }, async () => {
    const { table, ann, bob } = await twoPlayerGame(TURN);
    const sub = await subscriber();
    bob.send({ type: 'push', subscription: { endpoint: sub.endpoint, keys: sub.keys } });
    expect(await bob.next('push')).toEqual({ type: 'push', on: true });
    bob.close();
    await untilBobsTurn(ann);
    const [notice, ...more] = await deliveredAtLeast(sub, 1);
    expect(JSON.parse(notice!.payload)).toMatchObject({
      table: table.id,
      url: `/t/${table.id}`,
      title: 'Your turn at Hula-Hoo!',
    });
    expect(notice!.headers.ttl).toBeGreaterThan(3000);
    expect(notice!.headers.ttl).toBeLessThanOrEqual(3600);
    expect(notice!.headers.urgency).toBe('high');
    expect(notice!.headers.topic).toMatch(/^[\w-]{1,32}$/);
    expect(more).toEqual([]);
    // The table woken again for the same decision says nothing more.
    await fireAlarm(table.id);
    await sleep(NOTICE_DELAY + 500);
    expect(await delivered(sub)).toHaveLength(1);
  });

  it('sends nothing while a socket of the seat is open', { timeout: 40_000 }, async () => {
    const { ann, bob } = await twoPlayerGame(TURN);
    const sub = await subscriber();
    bob.send({ type: 'push', subscription: { endpoint: sub.endpoint, keys: sub.keys } });
    await bob.next('push');
    await untilBobsTurn(ann);
    await sleep(NOTICE_DELAY + 500);
    expect(await delivered(sub)).toEqual([]);
    // Null: this device is told nothing more, even once Bob is away.
    const from = bob.received.length;
    bob.send({ type: 'push', subscription: null });
    expect(await bob.next('push', from)).toEqual({ type: 'push', on: false });
    bob.close();
    await sleep(NOTICE_DELAY + 500);
    expect(await delivered(sub)).toEqual([]);
  });

  it('after a game, a player away is told in their page’s language that a new game is called', {
    timeout: 40_000,
  }, async () => {
    const { table, ann, bob } = await twoPlayerGame(TURN);
    const sub = await subscriber();
    // The language inside the subscription: a table on the previous code takes it all the same.
    const subscription = { endpoint: sub.endpoint, keys: sub.keys, language: 'fr' };
    bob.send({ type: 'push', subscription });
    await bob.next('push');
    bob.close();
    // The game ended with a move that started every seat's decision anew.
    await alterTable(table.id, (t) => {
      const version = t.meta.version + 1;
      const decisions = t.meta.seats.map(() => version);
      return t.state
        ? { meta: { ...t.meta, status: 'over', version, decisions }, state: t.state }
        : t;
    });
    await evictDurableObject(stubOf(table.id));
    const from = ann.received.length;
    ann.send({ type: 'rematch', gameNo: 1 });
    await ann.next('table', from);
    const [notice, ...more] = await deliveredAtLeast(sub, 1);
    expect(JSON.parse(notice!.payload)).toMatchObject({
      title: 'Une nouvelle partie de Hula-Hoo!',
      body: 'Ann veut rejouer. Vous en êtes ?',
    });
    expect(more).toEqual([]);
  });

  it('a subscription the push service says is gone (410) is forgotten', {
    timeout: 40_000,
  }, async () => {
    const { table, ann, bob } = await twoPlayerGame(TURN);
    const sub = await subscriber();
    await answerWith(sub, 410);
    bob.send({ type: 'push', subscription: { endpoint: sub.endpoint, keys: sub.keys } });
    await bob.next('push');
    expect(await devicesOf(table.id)).toHaveLength(1);
    bob.close();
    await untilBobsTurn(ann);
    // The notice goes NOTICE_DELAY after Bob's turn came; its 410 comes back to the table.
    for (let i = 0; i < 200 && (await devicesOf(table.id)).length > 0; i++) await sleep(50);
    expect(await devicesOf(table.id)).toEqual([]);
  });

  it('a device whose notice fails is counted, and forgotten after a few in a row', {
    timeout: 40_000,
  }, async () => {
    const { table, ann, bob } = await twoPlayerGame(TURN);
    const sub = await subscriber();
    await answerWith(sub, 500);
    bob.send({ type: 'push', subscription: { endpoint: sub.endpoint, keys: sub.keys } });
    await bob.next('push');
    const failures = async () => (await devicesOf(table.id))[0]?.failures;
    bob.close();
    await untilBobsTurn(ann);
    for (let i = 0; i < 200 && (await failures()) === undefined; i++) await sleep(50);
    expect(await devicesOf(table.id)).toEqual([expect.objectContaining({ failures: 1 })]);
  });

  it('refuses a push key that is not a point on P-256', async () => {
    const table = await createTable({ ...TURN, players: 2 });
    const ann = await Client.join(table.id, 'Ann');
    ann.send({ type: 'sit', seat: 0 });
    await ann.next('seated');
    const { endpoint, keys } = await subscriber();
    // 0x04, then x = 0 and y = 0: the shape of a key, and no point of the curve.
    const p256dh = `BA${'A'.repeat(85)}`;
    ann.send({ type: 'push', subscription: { endpoint, keys: { ...keys, p256dh } } });
    expect(await ann.next('error')).toMatchObject({ code: 'bad-key' });
  });

  it('refuses an endpoint outside the known push services', async () => {
    const table = await createTable({ ...TURN, players: 2 });
    const ann = await Client.join(table.id, 'Ann');
    ann.send({ type: 'sit', seat: 0 });
    await ann.next('seated');
    const keys = (await subscriber()).keys;
    // Another host, and a push service's host on a port of someone else's choosing.
    for (const endpoint of ['http://10.0.0.1/push/1', 'https://fcm.googleapis.com:8443/fcm/1']) {
      const from = ann.received.length;
      ann.send({ type: 'push', subscription: { endpoint, keys } });
      expect((await ann.next('error', from)).code).toBe('bad-endpoint');
    }
  });

  it('tells only seated players', async () => {
    const table = await createTable({ ...TURN, players: 2 });
    const eve = await Client.join(table.id, 'Eve');
    const { keys } = await subscriber();
    eve.send({ type: 'push', subscription: { endpoint: `${SERVICE}/push/x`, keys } });
    expect((await eve.next('error', 0)).code).toBe('not-seated');
  });
});
