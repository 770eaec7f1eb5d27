/** Seats, tokens, the host's powers, restarts, bots, clocks and clean-up, over real sockets. */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import type { TableSummary } from '../../shared/protocol.ts';
import { withMeta } from '../../shared/table/meta.ts';
import { gameOver } from '../table/support.ts';
import {
  alterTable,
  Client,
  createTable,
  type Msg,
  twoPlayerGame as startedGame,
  storedRecordText,
  storedTable,
  stubOf,
} from './client.ts';
import { fetchWorker, fireAlarm, together } from './cold.ts';
import { moveIfAsked, viewOf } from './play.ts';

/** A 2-player Hula-Hoo! table with Ann (host, seat 0) and Bob (seat 1), started. */
const twoPlayerGame = (extra: Record<string, unknown> = {}) =>
  startedGame({ game: 'hulahoo', config: { chaos: { noSwap: true } }, ...extra });

describe('seats and identity', () => {
  it('a reload reclaims the seat with its token, and the token is stored only as a hash', async () => {
    const { table, bob, bobToken } = await twoPlayerGame();
    const before = bob.lastState()!;
    bob.close();
    const again = await Client.join(table.id, 'Bobby', { token: bobToken });
    const welcome = again.received.find((m) => m.type === 'welcome');
    expect(welcome).toMatchObject({ seat: 1, host: false });
    expect((await again.stateAtLeast(before.version)).view).toEqual(before.view);
    const summary = await (
      await fetchWorker(`http://x/api/tables/${table.id}`)
    ).json<TableSummary>();
    expect(summary.seats[1]).toMatchObject({ name: 'Bobby', connected: true });
    expect(await storedRecordText(table.id)).not.toContain(bobToken);
    const stored = (await storedTable(table.id)).meta;
    expect(stored.seats[1]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a player can change their name, and everyone sees it', async () => {
    const { ann, bob } = await twoPlayerGame();
    bob.send({ type: 'name', name: '  Robert ' });
    await ann.waitFor((m): m is never => m.type === 'table' && m.table.seats[1]!.name === 'Robert');
    bob.send({ type: 'name', name: '\u0007' });
    expect((await bob.next('error')).code).toBe('bad-message');
  });

  it('an unknown token leaves you watching, with a typed error', async () => {
    const { table } = await twoPlayerGame();
    const eve = await Client.open(table.id);
    eve.send({ type: 'join', name: 'Eve', token: 'x'.repeat(32) });
    expect((await eve.next('error', 0)).code).toBe('bad-token');
    expect(await eve.next('welcome', 0)).toMatchObject({ seat: null });
    expect(viewOf(await eve.stateAtLeast(1)).you).toBeNull();
  });

  it('a taken seat cannot be taken again, and only the host starts the game', async () => {
    const table = await createTable({ game: 'hulahoo', players: 2 });
    const ann = await Client.join(table.id, 'Ann', { hostKey: table.hostKey });
    const bob = await Client.join(table.id, 'Bob');
    ann.send({ type: 'sit', seat: 0 });
    await ann.next('seated');
    bob.send({ type: 'sit', seat: 0 });
    expect((await bob.next('error')).code).toBe('seat-taken');
    bob.send({ type: 'sit', seat: 5 });
    expect((await bob.next('error')).code).toBe('no-such-seat');
    bob.send({ type: 'start' });
    expect((await bob.next('error')).code).toBe('not-host');
    ann.send({ type: 'start' });
    expect((await ann.next('error')).code).toBe('not-now'); // seat 1 is empty
    ann.send({ type: 'bot', seat: 1, on: true });
    const update = await ann.next('table');
    expect(update.table.seats[1]).toMatchObject({ bot: true });
    ann.send({ type: 'start' });
    expect((await ann.stateAtLeast(1)).version).toBe(1);
  });

  it('the host can replace an absent player with a bot, but not one who is here', async () => {
    const { table, ann, bob } = await twoPlayerGame();
    ann.send({ type: 'bot', seat: 1, on: true });
    expect((await ann.next('error')).code).toBe('not-absent');
    const from = ann.received.length;
    bob.close();
    await ann.waitFor((m): m is never => m.type === 'table' && !m.table.seats[1]!.connected, from);
    ann.send({ type: 'kick', seat: 1 });
    const update = await ann.next('table');
    expect(update.table.seats[1]).toMatchObject({ bot: true, name: null });
    // The bot now plays seat 1 whenever it is asked.
    const version = ann.lastState()!.version;
    if (viewOf(ann.lastState()!).toMove.includes(0)) moveIfAsked(ann);
    else await fireAlarm(table.id);
    await ann.stateAtLeast(version + 1);
  });
});

describe('moves that must be refused, leaving the table as it was', () => {
  it('refuses other seats, stale versions, spectators, malformed, oversized and binary messages', async () => {
    const { table, ann, bob } = await twoPlayerGame();
    const start = ann.lastState()!;
    const view = viewOf(start);
    const [mover, waiter] = view.toMove.includes(0) ? [ann, bob] : [bob, ann];
    const moverView = viewOf(mover.lastState()!);
    const legal = moverView.legal[0];

    waiter.send({ type: 'move', move: legal, version: start.version });
    expect((await waiter.next('error')).code).toBe('not-your-turn');
    // A seat number in the message changes nothing: a socket only ever acts for its own seat.
    waiter.send({ type: 'move', move: legal, version: start.version, seat: moverView.you });
    expect((await waiter.next('error')).code).toBe('bad-message');
    mover.send({ type: 'move', move: legal, version: start.version - 1 });
    expect((await mover.next('error')).code).toBe('stale');
    const eve = await Client.join(table.id, 'Eve');
    eve.send({ type: 'move', move: legal, version: start.version });
    expect((await eve.next('error')).code).toBe('not-seated');
    for (const bad of ['{', '[]', '{"type":"dance"}', '{"type":"move","version":-1,"move":{}}']) {
      mover.send(bad);
      expect((await mover.next('error')).code).toBe('bad-message');
    }
    mover.ws.send(new Uint8Array([1, 2, 3]));
    expect((await mover.next('error')).code).toBe('bad-message');
    // Over 4 KB in UTF-8 bytes, though under 4,096 UTF-16 units: refused, and the socket closed.
    const from = mover.received.length;
    mover.send({ type: 'name', name: 'Bob', pad: 'é'.repeat(2100) });
    await mover.waitFor((m): m is never => false, from, 1000).catch(() => undefined);
    expect(mover.received.slice(from)).toEqual([
      expect.objectContaining({ type: 'error', code: 'too-large' }),
    ]);
    expect(mover.closed?.code).toBe(1009);

    const now = await (await fetchWorker(`http://x/api/tables/${table.id}`)).json<TableSummary>();
    expect(now.status).toBe('playing');
    const stored = (await storedTable(table.id)).meta;
    expect(stored.version).toBe(start.version);
    expect(stored.moveCount).toBe(0);
  });

  it('answers a flood with a rate-limit error, then closes the socket', async () => {
    const { table, ann } = await twoPlayerGame();
    // Far past the burst, so that even a slow machine's refills leave strikes enough in a row.
    await together(table.id, () => {
      for (let i = 0; i < 200; i++) ann.send({ type: 'record' });
    });
    await ann.waitFor((m): m is never => m.type === 'error' && m.code === 'rate-limited');
    await vi.waitFor(() => expect(ann.closed).not.toBeNull(), { timeout: 5_000 });
    expect(ann.closed?.code).toBe(1008);
  });
});

describe('durability', () => {
  it('goes on exactly after the Durable Object is restarted mid-game', async () => {
    const { table, ann, bob, annToken, bobToken } = await twoPlayerGame();
    for (let i = 0; i < 4; i++) {
      const v = Math.max(ann.lastState()!.version, bob.lastState()!.version);
      // Everyone asked at the latest version moves: after a quick knock-out, one "next round"
      // only says that player is ready, and the round starts with the other's.
      for (const client of [ann, bob]) if (client.lastState()!.version === v) moveIfAsked(client);
      await ann.stateAtLeast(v + 1);
      await bob.stateAtLeast(v + 1);
    }
    const before = { ann: ann.lastState()!, bob: bob.lastState()! };
    await evictDurableObject(stubOf(table.id), { webSockets: 'close' });
    const ann2 = await Client.join(table.id, 'Ann', { token: annToken });
    const bob2 = await Client.join(table.id, 'Bob', { token: bobToken });
    const after = {
      ann: await ann2.stateAtLeast(before.ann.version),
      bob: await bob2.stateAtLeast(before.bob.version),
    };
    expect(after.ann.version).toBe(before.ann.version);
    expect(after.ann.view).toEqual(before.ann.view);
    expect(after.bob.view).toEqual(before.bob.view);
    // Everyone asked answers: between rounds (a quick knock-out) one "next round" is not enough.
    const moved = [moveIfAsked(ann2), moveIfAsked(bob2)];
    expect(moved).toContain(before.ann.version);
    await ann2.stateAtLeast(before.ann.version + 1);
  });

  it('keeps hibernated sockets working after the object loses its memory', async () => {
    const { table, ann, bob } = await twoPlayerGame();
    const before = ann.lastState()!;
    await evictDurableObject(stubOf(table.id), { webSockets: 'hibernate' });
    const mover = viewOf(before).toMove.includes(0) ? ann : bob;
    expect(moveIfAsked(mover)).toBe(before.version);
    const after = await ann.stateAtLeast(before.version + 1);
    expect(after.version).toBe(before.version + 1);
  });
});

describe('bots, clocks and clean-up on the alarm', () => {
  it('bots move on the alarm after a human move', async () => {
    const table = await createTable({
      game: 'hulahoo',
      players: 3,
      bots: [1, 2],
      config: { chaos: { noSwap: true } },
    });
    const ann = await Client.join(table.id, 'Ann', { hostKey: table.hostKey });
    ann.send({ type: 'sit', seat: 0 });
    await ann.next('seated');
    ann.send({ type: 'start' });
    await ann.stateAtLeast(1);
    // Seat 1 leads (dealer 0): the bots move by themselves until it is Ann's turn again.
    const mine = await ann.waitFor(
      (m): m is never => m.type === 'state' && viewOf(m as never).toMove.includes(0),
    );
    expect((mine as unknown as { version: number }).version).toBeGreaterThan(1);
    const events = ann.received.flatMap((m) => (m.type === 'state' ? m.events : []));
    expect(events.some((e) => e.type === 'played' && e.seat === 1)).toBe(true);
  });

  it('when a player’s clock runs out, the bot moves for them', async () => {
    const { table, ann, bob } = await twoPlayerGame({ clock: 30 });
    // No clock runs before both pages have shown the deal.
    const dealt = ann.lastState()!;
    expect(dealt.deadline).toBeNull();
    ann.send({ type: 'seen', gameNo: 1 });
    bob.send({ type: 'seen', gameNo: 1 });
    const state = await ann.stateAtLeast(dealt.version + 1);
    expect(state.deadline).toBeGreaterThan(Date.now() + 20_000);
    const waiting = viewOf(state).toMove[0]!;
    await alterTable(table.id, (t) => withMeta(t, { deadline: Date.now() - 1 }));
    expect(await fireAlarm(table.id)).toBe(true);
    const next = await ann.stateAtLeast(state.version + 1);
    const [timedOut, played] = next.events.filter((e) => e.type !== 'sitting');
    expect(timedOut).toEqual({ type: 'timedOut', seat: waiting });
    expect(played).toMatchObject({ type: 'played', seat: waiting });
    await bob.stateAtLeast(state.version + 1);
  });

  it('an idle table deletes its storage, and is then unknown', async () => {
    const { table, ann, bob } = await twoPlayerGame();
    ann.close();
    bob.close();
    // Both closes handled (and written) before the table is aged, however slow the machine.
    await vi.waitFor(async () => {
      const res = await fetchWorker(`http://x/api/tables/${table.id}`);
      const summary = await res.json<TableSummary>();
      expect(summary.seats.some((s) => s.connected)).toBe(false);
    });
    await alterTable(table.id, (t) => withMeta(t, { lastActive: 0, lastSeen: 0 }));
    // The alarm is fired here, and waited for: one set for now would also ring by itself, and
    // when the runtime's ring came first the test read the storage while the erase was under way.
    await runInDurableObject(stubOf(table.id), (_, state) =>
      state.storage.setAlarm(Date.now() + 60_000),
    );
    expect(await fireAlarm(table.id)).toBe(true);
    const left = await runInDurableObject(stubOf(table.id), async (_, state) => ({
      keys: (await state.storage.list()).size,
      tables: state.storage.sql
        .exec(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'",
        )
        .toArray().length,
    }));
    expect(left).toEqual({ keys: 0, tables: 0 });
    expect((await fetchWorker(`http://x/api/tables/${table.id}`)).status).toBe(404);
  });
});

describe('after the game', () => {
  it('a rematch starts a new game at the same table with the same seats once both agree', async () => {
    const { table, ann, bob } = await twoPlayerGame();
    ann.send({ type: 'rematch' });
    expect((await ann.next('error')).code).toBe('not-now');
    await alterTable(table.id, gameOver);
    const version = ann.lastState()!.version;
    const from = bob.received.length;
    ann.send({ type: 'rematch' });
    const asked = await bob.waitFor(
      (m): m is Extract<Msg, { type: 'table' }> => m.type === 'table' && m.table.rematch != null,
      from,
    );
    expect(asked.table.rematch).toEqual({ agreed: [0], waitingFor: [1], startsAt: null });
    expect(asked.table).toMatchObject({ status: 'over', gameNo: 1 });
    bob.send({ type: 'rematch' });
    const fresh = await ann.stateAtLeast(version + 1);
    expect(fresh.events).toEqual([{ type: 'gameStarted', gameNo: 2 }]);
    const summary = await (
      await fetchWorker(`http://x/api/tables/${table.id}`)
    ).json<TableSummary>();
    expect(summary).toMatchObject({ gameNo: 2, status: 'playing' });
    expect(summary.seats.map((s) => s.name)).toEqual(['Ann', 'Bob']);
  });
});
