/**
 * Notices to players away (shared/table/notify.ts): who is told, when, and only once per decision.
 * The shell pushes what the step gives it (tests/worker/push.test.ts sends them for real).
 */
import { describe, expect, it } from 'vitest';
import { fromBase64url, toBase64url } from '../../shared/push.ts';
import { MAX_PUSH_FAILURES } from '../../shared/table/notify.ts';
import { TestTable } from './harness.ts';
import { gameOver } from './support.ts';

/** A point on P-256 (RFC 8291 §5's user agent key), as a browser's `p256dh` is. */
const P256_POINT =
  'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4';

/** A subscription of the shape browsers give (the push service on loopback, as in tests). */
const device = (n: number) => ({
  endpoint: `http://127.0.0.1:9/push/${n}`,
  keys: { p256dh: P256_POINT, auth: 'A'.repeat(22) },
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
      body: expect.stringMatching(/^(Ann .+\.|The table waits for you\.) You have 60 min\.$/),
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

  it('nudges tell a player away once per decision, however often they come', () => {
    const { t, ann, bob, token } = table();
    t.close(bob);
    untilBob(t);
    t.later(1000);
    // A nudge a minute for a day: one notice besides the turn's.
    for (let minute = 0; minute < 24 * 60; minute++) {
      t.send(ann, { type: 'nudge', seat: 1 });
      t.later(60_000);
    }
    expect(t.errors(ann)).toEqual([]);
    expect(t.pushed.map((n) => JSON.parse(n.payload).body)).toEqual([
      expect.stringMatching(/^Ann .+\.|^The table waits/),
      expect.stringMatching(/^Ann nudged you/),
    ]);
    // What was told is stored: a table woken afresh does not nudge by notice again.
    t.reload();
    t.send(ann, { type: 'nudge', seat: 1 });
    expect(t.pushed).toHaveLength(2);
    // Bob's next decision may be nudged again.
    const back = t.person('Bob', { token });
    const [move] = t.legal(1);
    t.send(back, { type: 'move', move, version: t.table.meta.version });
    t.close(back);
    untilBob(t);
    t.later(1000);
    t.later(60_000);
    t.send(ann, { type: 'nudge', seat: 1 });
    expect(t.pushed.map((n) => JSON.parse(n.payload).body).slice(2)).toEqual([
      expect.stringMatching(/^Ann .+\.|^The table waits/),
      expect.stringMatching(/^Ann nudged you/),
    ]);
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

  it('refuses a key that is not a point on P-256, and keeps no device for it', () => {
    const t = new TestTable({ players: 2, clock: 3600, pace: 'turn' });
    const bob = t.person('Bob');
    t.sit(bob, 1);
    // The right length and first byte (the schema's checks), but x = y = 1 is not on the curve;
    // nor is a point with the last bit of its y flipped.
    const point = new Uint8Array(65);
    point.set([0x04]);
    point.set([1], 32);
    point.set([1], 64);
    const ones = toBase64url(point);
    const bent = fromBase64url(P256_POINT);
    bent[64]! ^= 1;
    const flipped = toBase64url(bent);
    for (const p256dh of [ones, flipped]) {
      t.send(bob, {
        type: 'push',
        subscription: { ...device(1), keys: { ...device(1).keys, p256dh } },
      });
    }
    expect(t.errors(bob)).toEqual(['bad-key', 'bad-key']);
    expect(t.messages(bob, 'push')).toEqual([]);
    expect(t.memory.devices).toEqual([]);
  });

  it('forgets a device whose notices fail three times in a row, or that is gone, at once', () => {
    const { t, bob } = table();
    t.send(bob, { type: 'push', subscription: device(2) });
    const failures = () => t.memory.devices.map((d) => d.failures ?? 0);
    const [one, two] = [device(1).endpoint, device(2).endpoint];
    for (let i = 1; i < MAX_PUSH_FAILURES; i++)
      t.run({ kind: 'pushed', endpoint: one, outcome: 'failed' });
    expect(failures()).toEqual([MAX_PUSH_FAILURES - 1, 0]);
    // Stored, so that a table woken later goes on counting.
    expect(t.storage.devices()).toEqual([
      expect.objectContaining({ endpoint: one, failures: MAX_PUSH_FAILURES - 1 }),
      expect.not.objectContaining({ failures: expect.anything() }),
    ]);
    // One notice taken starts the count again.
    t.run({ kind: 'pushed', endpoint: one, outcome: 'sent' });
    expect(failures()).toEqual([0, 0]);
    for (let i = 0; i < MAX_PUSH_FAILURES; i++)
      t.run({ kind: 'pushed', endpoint: one, outcome: 'failed' });
    expect(t.memory.devices.map((d) => d.endpoint)).toEqual([two]);
    t.run({ kind: 'pushed', endpoint: two, outcome: 'gone' });
    expect(t.memory.devices).toEqual([]);
    expect(t.storage.devices()).toEqual([]);
  });

  it('says what the last move was, in the language the device’s page gave', () => {
    const t = new TestTable({ players: 2, clock: 3600, pace: 'turn' });
    const ann = t.person('Ann', { host: true });
    const bob = t.person('Bob');
    t.sit(ann, 0);
    t.sit(bob, 1);
    t.send(bob, { type: 'push', subscription: { ...device(1), language: 'de' } });
    // An older page's subscription, without a language: English.
    t.send(bob, { type: 'push', subscription: device(2) });
    t.send(ann, { type: 'start' });
    // Bob moves until it is Ann's turn, and closes his page; Ann moves until it is his.
    for (let i = 0; i < 50 && !t.awaited().includes(0); i++) {
      t.send(bob, { type: 'move', move: t.legal(1)[0], version: t.table.meta.version });
    }
    t.close(bob);
    untilBob(t);
    t.later(1000);
    // Ann's last move: she kept her cards in the swap (HH-3).
    expect(t.memory.log.entries.at(-1)?.move).toEqual({ t: 'swap', cards: [] });
    expect(t.pushed.map((n) => JSON.parse(n.payload))).toEqual([
      {
        table: 't',
        url: '/t/t',
        title: 'Du bist dran bei Hula-Hoo!',
        body: 'Ann hat die Karten behalten. Du hast 60 Min.',
      },
      {
        table: 't',
        url: '/t/t',
        title: 'Your turn at Hula-Hoo!',
        body: 'Ann kept their cards. You have 60 min.',
      },
    ]);
    expect(t.storage.devices()).toEqual([
      expect.objectContaining({ language: 'de' }),
      expect.not.objectContaining({ language: expect.anything() }),
    ]);
  });

  it('tells a player away that a new game is called, once', () => {
    const { t, ann, bob } = table();
    t.table = gameOver(t.table);
    // The last move started every seat's decision anew (play.ts), as it ends a game.
    t.table.meta.decisions = t.table.meta.decisions.map(() => t.table.meta.version + 1);
    t.table.meta.version += 1;
    t.close(bob);
    t.later(60_000);
    expect(t.pushed).toEqual([]);
    t.send(ann, { type: 'rematch', gameNo: 1 });
    t.later(1000);
    t.alarm();
    t.later(1000);
    expect(t.pushed.map((n) => JSON.parse(n.payload))).toEqual([
      {
        table: 't',
        url: '/t/t',
        title: 'A new game at Hula-Hoo!',
        body: 'Ann wants to play again. Are you in?',
      },
    ]);
    expect(t.pushed[0]!.ttl).toBe(24 * 60 * 60);
  });
});
