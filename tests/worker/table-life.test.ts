/**
 * A table's life cycle over real sockets: rounds that wait for people, the history a joiner gets,
 * time-outs that say so, players told why they lost a seat, a rematch asked for twice.
 */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../shared/engine/types.ts';
import type { TableSummary } from '../../shared/protocol.ts';
import { type Table, withMeta } from '../../shared/table/meta.ts';
import type { TableObject } from '../../worker/table-object.ts';
import { gameOver } from '../table/support.ts';
import {
  alterTable,
  Client,
  createTable,
  type Msg,
  type StateMsg,
  stubOf,
  twoPlayerGame,
} from './client.ts';
import { EVICTION, fetchWorker, fireAlarm } from './cold.ts';
import { moveIfAsked, viewOf } from './play.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const summary = async (id: string) =>
  (await fetchWorker(`http://x/api/tables/${id}`)).json<TableSummary>();

/** Hula-Hoo! without the swap, to 77 points: a round ends in a few dozen moves, the game does not. */
const HULA = { game: 'hulahoo', config: { chaos: { noSwap: true } } };

/** Moves the people (each answering each version once) until the round is over. */
async function untilRoundOver(people: Client[]): Promise<StateMsg> {
  const answered = new Map<Client, number>();
  for (let step = 0; step < 500; step++) {
    const latest = Math.max(...people.map((p) => p.lastState()?.version ?? 0));
    const last = people.map((p) => p.lastState()).find((s) => s?.version === latest)!;
    if (viewOf(last).phase === 'roundOver') return last;
    // Everyone has heard the latest version before anyone answers it: one who had not would
    // never be asked, and the round would wait on them.
    await Promise.all(people.map((p) => p.stateAtLeast(latest)));
    for (const p of people) {
      if (p.lastState()?.version !== latest || answered.get(p) === latest) continue;
      if (moveIfAsked(p) !== null) {
        answered.set(p, latest);
        await sleep(110); // within the table's flood limit
      }
    }
    await people[0]!.stateAtLeast(latest + 1, 10_000);
  }
  throw new Error('the round did not end');
}

/** A started table with Ann (host) in seat 0 and bots elsewhere, or people where `people` says. */
async function tableWith(players: number, people: number, extra: Record<string, unknown> = {}) {
  const bots = Array.from({ length: players - people }, (_, i) => i + people);
  const table = await createTable({ ...HULA, players, bots, ...extra });
  const clients: Client[] = [];
  for (let seat = 0; seat < people; seat++) {
    const c = await Client.join(table.id, `P${seat}`, seat === 0 ? { hostKey: table.hostKey } : {});
    c.send({ type: 'sit', seat });
    await c.next('seated');
    clients.push(c);
  }
  clients[0]!.send({ type: 'start' });
  await Promise.all(clients.map((c) => c.stateAtLeast(1)));
  return { table, clients };
}

describe('rounds wait for people', () => {
  it('a bot never starts the next round; the one person’s nextRound does', async () => {
    const { table, clients } = await tableWith(2, 1);
    const [ann] = clients as [Client];
    const over = await untilRoundOver([ann]);
    // The alarm fires (bots, clock, anything due): the round's end stays on the table.
    await fireAlarm(table.id);
    await sleep(300);
    expect(ann.lastState()!.version).toBe(over.version);
    const pause = (await summary(table.id)).pause!;
    expect(pause).toMatchObject({ ready: [], waitingFor: [0] });
    expect(pause.until).toBeGreaterThan(Date.now() + 15_000);
    expect(over.deadline).toBe(pause.until);

    ann.send({ type: 'move', move: { t: 'nextRound' }, version: over.version });
    const next = await ann.firstStateFrom(over.version + 1);
    expect(viewOf(next).phase).not.toBe('roundOver');
    // The new round's deal, after the word on who sits where that it carries.
    expect(next.events.map((e) => e.type).slice(0, 2)).toEqual(['sitting', 'dealt']);
  }, 60_000);

  it('with two people, the first is shown ready and the second starts the round', async () => {
    const { clients } = await tableWith(3, 2);
    const [ann, bob] = clients as [Client, Client];
    const over = await untilRoundOver([ann, bob]);
    await bob.stateAtLeast(over.version);
    const from = bob.received.length;
    ann.send({ type: 'move', move: { t: 'nextRound' }, version: over.version });
    const told = await bob.waitFor(
      (m): m is Extract<typeof m, { type: 'table' }> =>
        m.type === 'table' && (m.table.pause?.ready.length ?? 0) > 0,
      from,
    );
    expect(told.table.pause).toMatchObject({ ready: [0], waitingFor: [1] });
    expect(ann.lastState()!.version).toBe(over.version);
    // Ann's second tab saying it again changes nothing.
    ann.send({ type: 'move', move: { t: 'nextRound' }, version: over.version });
    await sleep(200);
    expect(ann.lastState()!.version).toBe(over.version);
    bob.send({ type: 'move', move: { t: 'nextRound' }, version: over.version });
    const next = await ann.stateAtLeast(over.version + 1);
    expect(viewOf(next).phase, JSON.stringify(next.events)).not.toBe('roundOver');
    // (The bots may end the new round at once, eliminating both people: so nothing more is sure.)
  }, 60_000);

  it('when the pause is over, the table starts the round, and nobody’s move is made for them', async () => {
    const { table, clients } = await tableWith(2, 1, { clock: 30 });
    const [ann] = clients as [Client];
    const over = await untilRoundOver([ann]);
    expect(over.deadline).toBeGreaterThan(Date.now() + 25_000); // the clock's 30 s, over 20 s
    await alterTable(table.id, (t) => withMeta(t, { deadline: Date.now() - 1 }));
    await fireAlarm(table.id);
    const next = await ann.firstStateFrom(over.version + 1);
    expect(next.version).toBe(over.version + 1);
    expect(next.events.some((e) => e.type === 'timedOut')).toBe(false);
    // A fresh clock for the new round when Ann is asked first, none while the bot leads.
    if (viewOf(next).toMove.includes(0)) expect(next.deadline).toBeGreaterThan(Date.now() + 25_000);
    else expect(next.deadline).toBeNull();
  }, 60_000);
});

describe('history', () => {
  it('a late joiner, and a joiner after a restart, get every event of the game so far', async () => {
    const { table, clients } = await tableWith(3, 1);
    const [ann] = clients as [Client];
    await untilRoundOver([ann]);
    const seen = ann.received.flatMap((m) => (m.type === 'state' ? m.events : []));
    expect(seen[0]).toEqual({ type: 'gameStarted', gameNo: 1 });

    const eve = await Client.join(table.id, 'Eve');
    const history = await eve.next('history', 0);
    // Right after the first state, and the whole game's events as they were broadcast.
    const first = eve.received.findIndex((m) => m.type === 'state');
    expect(eve.received[first + 1]).toBe(history);
    expect(history).toEqual({ type: 'history', gameNo: 1, events: seen });

    await evictDurableObject(stubOf(table.id), { webSockets: 'close' });
    const dee = await Client.join(table.id, 'Dee');
    expect((await dee.next('history', 0)).events).toEqual(seen);
  }, 60_000);

  it('a move made by the clock is in the history with its time-out', async () => {
    const { table, ann } = await twoPlayerGame({ ...HULA, clock: 30 });
    const state = ann.lastState()!;
    const waiting = viewOf(state).toMove[0]!;
    await alterTable(table.id, (t) => withMeta(t, { deadline: Date.now() - 1 }));
    await fireAlarm(table.id);
    const next = await ann.stateAtLeast(state.version + 1);
    expect(next.events.find((e) => e.type !== 'sitting')).toEqual({
      type: 'timedOut',
      seat: waiting,
    });
    const eve = await Client.join(table.id, 'Eve');
    const events: GameEvent[] = (await eve.next('history', 0)).events;
    expect(events.slice(-next.events.length)).toEqual(next.events);
  });
});

describe('being told', () => {
  it('a player whose seat a bot kept while they were away has it back on coming back (ALL-4)', async () => {
    const { table, ann, bob, bobToken } = await twoPlayerGame(HULA);
    const from = ann.received.length;
    bob.close();
    await ann.waitFor((m): m is never => m.type === 'table' && !m.table.seats[1]!.connected, from);
    ann.send({ type: 'kick', seat: 1 });
    await ann.waitFor((m): m is never => m.type === 'table' && m.table.seats[1]!.bot, from);
    const back = await Client.open(table.id);
    back.send({ type: 'join', name: 'Bob', token: bobToken });
    expect((await back.next('welcome', 0)).seat).toBe(1);
    expect(back.received.some((m) => m.type === 'unseated' || m.type === 'error')).toBe(false);
    await ann.waitFor(
      (m): m is never =>
        m.type === 'table' && !m.table.seats[1]!.bot && m.table.seats[1]!.connected,
      from,
    );
  });

  it('in the lobby, a freed seat is told as freed, and its player can sit down again', async () => {
    const table = await createTable({ game: 'hilo', players: 2 });
    const ann = await Client.join(table.id, 'Ann', { hostKey: table.hostKey });
    const bob = await Client.join(table.id, 'Bob');
    bob.send({ type: 'sit', seat: 1 });
    const { token } = await bob.next('seated');
    bob.close();
    await sleep(100);
    ann.send({ type: 'kick', seat: 1 });
    await ann.next('table');
    const back = await Client.open(table.id);
    back.send({ type: 'join', name: 'Bob', token });
    expect(await back.next('unseated', 0)).toMatchObject({ seat: 1, reason: 'freed' });
    back.send({ type: 'sit', seat: 1 });
    expect((await back.next('seated')).seat).toBe(1);
  });

  it('someone who joins without a name and sits down is called by their seat', async () => {
    const table = await createTable({ game: 'hilo', players: 2 });
    const guest = await Client.open(table.id);
    guest.send({ type: 'join' });
    await guest.next('welcome');
    guest.send({ type: 'sit', seat: 1 });
    await guest.next('seated');
    await sleep(300);
    expect((await summary(table.id)).seats[1]!.name).toBe('Player 2');
  });
});

describe('after the game', () => {
  it('a rematch agreed twice starts one game, and a request after it began gets the state', async () => {
    const { table, ann, bob } = await twoPlayerGame(HULA);
    await alterTable(table.id, gameOver);
    const version = ann.lastState()!.version;
    ann.send({ type: 'rematch', gameNo: 1 });
    ann.send({ type: 'rematch', gameNo: 1 });
    bob.send({ type: 'rematch', gameNo: 1 });
    await bob.stateAtLeast(version + 1);
    const from = bob.received.length;
    bob.send({ type: 'rematch', gameNo: 1 });
    const again = await bob.next('state', from);
    expect(again.version).toBe(version + 1);
    expect(bob.received.slice(from).some((m) => m.type === 'error')).toBe(false);
    expect((await summary(table.id)).gameNo).toBe(2);
  });

  it('the host’s countdown starts the next game when the alarm rings, for everyone', async () => {
    const { table, ann, bob } = await twoPlayerGame(HULA);
    await alterTable(table.id, gameOver);
    const version = ann.lastState()!.version;
    const from = bob.received.length;
    ann.send({ type: 'start' });
    const counting = await bob.waitFor(
      (m): m is Extract<Msg, { type: 'table' }> =>
        m.type === 'table' && m.table.rematch?.startsAt != null,
      from,
    );
    expect(counting.table.rematch!.startsAt).toBeGreaterThan(Date.now() + 5_000);
    await alterTable(table.id, (t) =>
      withMeta(t, { rematch: { agreed: [], startsAt: Date.now() - 1 } }),
    );
    await fireAlarm(table.id);
    const fresh = await bob.stateAtLeast(version + 1);
    expect(fresh.events).toEqual([{ type: 'gameStarted', gameNo: 2 }]);
  });
});

describe('a table never waits on itself', () => {
  // Warm only: the fault is planted in the object's memory, which a cold table does not have
  // (what a cold table makes of a state it cannot read is in table-statuses.test.ts).
  it.runIf(EVICTION === 'none')(
    'a failing alarm is tried again soon, and then the table goes on',
    async () => {
      const { table, clients } = await tableWith(2, 1);
      const [ann] = clients as [Client];
      const stub = stubOf(table.id);
      // A state the table cannot read: working out who is awaited throws.
      const good = await runInDurableObject(stub, async (instance: TableObject, state) => {
        const live = (instance as unknown as { table: Table }).table;
        const kept = live.state;
        live.state = {
          ...(kept as object),
          phase: 'place',
          picks: null,
        } as unknown as Table['state'];
        await state.storage.setAlarm(Date.now() + 60_000); // fired below, not by the clock
        return kept;
      });
      expect(await fireAlarm(table.id)).toBe(true); // logged, not thrown
      const retry = await runInDurableObject(stub, (_, state) => state.storage.getAlarm());
      expect(retry).toBeGreaterThan(Date.now() + 3000);
      expect(retry).toBeLessThan(Date.now() + 6000);
      await runInDurableObject(stub, (instance: TableObject) => {
        (instance as unknown as { table: Table }).table.state = good;
      });
      expect(await fireAlarm(table.id)).toBe(true);
      const from = ann.received.length;
      ann.send({ type: 'record' });
      expect((await ann.next('error', from)).code).toBe('not-now'); // the table still answers
      const after = await runInDurableObject(stub, (_, state) => state.storage.getAlarm());
      expect(after).not.toBeNull();
    },
  );
});
