/**
 * Notices to players away (shared/table/notify.ts): who is told, when, and only once per decision.
 * The shell pushes what the step gives it (tests/worker/push.test.ts sends them for real).
 */
import { describe, expect, it } from 'vitest';
import { TestTable } from './harness.ts';

/** A subscription of the shape browsers give (the push service on loopback, as in tests). */
const device = (n: number) => ({
  endpoint: `http://127.0.0.1:9/push/${n}`,
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
});

/** Ann and Bob at a turn-based Hula-Hoo! table, Bob's phone subscribed; dealt. */
function table() {
  const t = new TestTable({ players: 2, clock: 3600, pace: 'turn' });
  const ann = t.person('Ann', { host: true });
  const bob = t.person('Bob');
  t.sit(ann, 0);
  const token = t.sit(bob, 1);
  t.send(bob, { type: 'push', subscription: device(1) });
  t.send(ann, { type: 'start' });
  return { t, ann, bob, token };
}

/** Plays Ann's first legal moves until the game waits on Bob. */
function untilBob(t: TestTable): void {
  for (let i = 0; i < 50 && !t.awaited().includes(1); i++) {
    const [move] = t.legal(0);
    t.run({
      kind: 'message',
      conn: [...t.sockets.values()].find((s) => s.conn.seat === 0)!.conn.id,
      message: { type: 'move', move, version: t.table.meta.version },
      token: null,
    });
  }
  expect(t.awaited()).toContain(1);
}

describe('notices to players away', () => {
  it('a seat the game waits on, with no page open, is told once, after the delay', () => {
    const { t, bob } = table();
    expect(t.messages(bob, 'push')).toEqual([{ type: 'push', on: true }]);
    t.close(bob);
    untilBob(t);
    expect(t.pushed).toEqual([]);
    t.later(1000);
    expect(t.pushed).toHaveLength(1);
    const [notice] = t.pushed;
    expect(notice!.device.endpoint).toBe(device(1).endpoint);
    expect(JSON.parse(notice!.payload)).toEqual({
      table: 't',
      url: '/t/t',
      title: 'Your turn at Hula-Hoo!',
      body: expect.stringMatching(
        /^(Ann has moved\.|The table waits for you\.) You have 60 min\.$/,
      ),
    });
    // The time left on the clock, a second after the turn came.
    expect(notice!.ttl).toBe(3599);
    // Woken again for the same decision, nothing more; the decision told of is stored.
    t.alarm();
    t.later(1000);
    expect(t.pushed).toHaveLength(1);
    expect(t.stored.meta.notified[1]).toBe(t.table.meta.decisions[1]);
  });

  it('a player whose page opens again within the delay is not told', () => {
    const { t, bob, token } = table();
    t.close(bob);
    untilBob(t);
    t.person('Bob', { token });
    t.later(1000);
    expect(t.pushed).toEqual([]);
  });

  it('a nudge tells a player away one more time, at once', () => {
    const { t, ann, bob } = table();
    t.close(bob);
    untilBob(t);
    t.later(1000);
    t.later(60_000);
    t.send(ann, { type: 'nudge', seat: 1 });
    expect(t.pushed).toHaveLength(2);
    expect(JSON.parse(t.pushed[1]!.payload).body).toMatch(/^Ann nudged you/);
  });

  it('a fourth device replaces its player’s oldest; null forgets this socket’s own', () => {
    const { t, bob } = table();
    for (const n of [2, 3, 4]) t.send(bob, { type: 'push', subscription: device(n) });
    const endpoints = () => t.memory.devices.map((d) => d.endpoint);
    expect(endpoints()).toEqual([2, 3, 4].map((n) => device(n).endpoint));
    t.send(bob, { type: 'push', subscription: null });
    expect(endpoints()).toEqual([2, 3].map((n) => device(n).endpoint));
  });

  it('a player who gives up the seat is told nothing more', () => {
    const t = new TestTable({ players: 2, clock: 3600, pace: 'turn' });
    const bob = t.person('Bob');
    t.sit(bob, 1);
    t.send(bob, { type: 'push', subscription: device(1) });
    expect(t.memory.devices).toHaveLength(1);
    t.send(bob, { type: 'leave' });
    expect(t.memory.devices).toEqual([]);
    expect(t.storage.devices()).toEqual([]);
  });

  it('refuses a spectator, and an endpoint that is no push service', () => {
    const { t, bob } = table();
    const eve = t.person('Eve');
    t.send(eve, { type: 'push', subscription: device(5) });
    expect(t.errors(eve)).toEqual(['not-seated']);
    t.send(bob, {
      type: 'push',
      subscription: { ...device(6), endpoint: 'https://evil.example/p' },
    });
    expect(t.errors(bob)).toEqual(['bad-endpoint']);
    t.pushEndpoint = null;
    t.send(bob, { type: 'push', subscription: device(7) });
    expect(t.errors(bob)).toEqual(['bad-endpoint', 'push-off']);
  });
});
