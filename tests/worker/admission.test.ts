/**
 * Who gets in, and who is here (CONTRACT §2, Admission): sockets that never join are limited per
 * client and closed after JOIN_WINDOW_MS, closed sockets count toward nothing, a seat's token
 * always gets in, and a seat whose sockets fall silent is away.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import type { TableSummary } from '../../shared/protocol.ts';
import { CLOSE, SUBPROTOCOL } from '../../shared/protocol.ts';
import {
  JOIN_WINDOW_MS,
  MAX_SPECTATORS,
  MAX_SPECTATORS_PER_CLIENT,
  MAX_TABS_PER_SEAT,
  MAX_UNJOINED,
  SILENCE_MS,
} from '../../shared/table/limits.ts';
import { ageSockets, Client, createTable, stubOf, twoPlayerGame } from './client.ts';
import { EVICTION, fetchWorker, fireAlarm, together } from './cold.ts';

/**
 * A restart closes every socket, and their clients open new ones at once: what most of these
 * tests count (sockets waiting at the door, a crowd at the caps, a socket's silence) does not
 * outlive one, so the restarted run leaves them out. The warm and cold runs have them all.
 */
const SOCKETS_SURVIVE = EVICTION !== 'close';

const summary = async (id: string) =>
  (await fetchWorker(`http://x/api/tables/${id}`)).json<TableSummary>();
const settle = (ms = 100) => new Promise((r) => setTimeout(r, ms));

/** An upgrade that never joins, from `ip`: the socket, or the refusal's status. */
async function idle(tableId: string, ip: string): Promise<WebSocket | number> {
  const res = await fetchWorker(`http://x/api/tables/${tableId}/ws`, {
    headers: { Upgrade: 'websocket', 'cf-connecting-ip': ip },
  });
  if (!res.webSocket) {
    await res.body?.cancel(); // a body left unread keeps the request open
    return res.status;
  }
  res.webSocket.accept();
  return res.webSocket;
}

/** How many sockets the table holds open that have not joined. */
const waiting = (tableId: string) =>
  runInDurableObject(stubOf(tableId), (_, state) =>
    state.getWebSockets().filter((ws) => {
      const att = ws.deserializeAttachment() as { joined: boolean; closed?: boolean };
      return ws.readyState === WebSocket.OPEN && !att.joined && !att.closed;
    }),
  ).then((list) => list.length);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A visitor from `ip` who opens a socket (offering `protocols`) and joins `joinAfter` ms later
 * (`said` is called then); resolves once welcomed.
 */
async function arrive(
  tableId: string,
  ip: string,
  name: string,
  joinAfter: number,
  extra: { token?: string; protocols?: string[]; said?: () => void } = {},
): Promise<Client> {
  const client = await Client.open(tableId, ip, extra.protocols);
  await sleep(joinAfter);
  client.send({ type: 'join', name, ...(extra.token ? { token: extra.token } : {}) });
  extra.said?.();
  await client.next('welcome', 0);
  return client;
}

/** An IPv6 address in one of 40 /64s of the /56 2001:db8:1:100::/56. */
const floodAddress = (i: number) => `2001:db8:1:${(0x100 + (i % 40)).toString(16)}::${i}`;

describe('sockets that never join', () => {
  // The reported repro: six loops opening sockets from 40 /64s of one /56 that never join, while
  // visitors from elsewhere, and a seated player coming back, join a round trip after opening.
  for (const joinAfter of [150, 500]) {
    it.runIf(SOCKETS_SURVIVE)(
      `a flood from one network closes only its own: all who join ${joinAfter} ms after opening get in`,
      async () => {
        const { table, bob, bobToken } = await twoPlayerGame({ game: 'hulahoo' });
        bob.close();
        await settle();
        const flood: WebSocket[] = [];
        const evicted: number[] = [];
        // Ten visitors and Bob. The flood goes on until each has said `join`, and not until each
        // is welcomed: workerd hands the table the flood's upgrades ahead of the sockets' messages
        // (a welcome took 0.8–1.9 s here with six loops flooding, 2 ms with one), so a flood that
        // lasted until the welcomes came would only put them off further, the more the busier the
        // machine. What this test holds the table to is who it closes, not how soon it answers.
        const joining = 11;
        let said = 0;
        const visitors = await together(table.id, async () => {
          const loops = Array.from({ length: 6 }, async (_, loop) => {
            for (let i = loop; said < joining; i += 6) {
              const got = await idle(table.id, floodAddress(i));
              if (typeof got === 'number') throw new Error(`refused ${got}`);
              got.addEventListener('close', (e) => {
                evicted.push(e.code);
              });
              flood.push(got);
            }
          });
          // The visitors come once the flood has filled the door, however fast this machine opens
          // sockets.
          await vi.waitFor(
            () => {
              if (flood.length <= MAX_UNJOINED) throw new Error('still flooding');
            },
            { timeout: 20_000, interval: 10 },
          );
          const arriving: Promise<Client>[] = [];
          for (let i = 0; i < 10; i++) {
            const ip = i % 2 ? `198.51.100.${200 + i}` : `2001:db8:${i + 2}::1`;
            const say = () => said++;
            arriving.push(arrive(table.id, ip, `V${i}`, joinAfter, { said: say }));
            if (i === 5) {
              // Bob's page presents his token with the upgrade, from inside the flooded /56.
              const protocols = [SUBPROTOCOL, bobToken];
              arriving.push(
                arrive(table.id, floodAddress(7), 'Bob', joinAfter, { protocols, said: say }),
              );
            }
            await sleep(80);
          }
          expect(arriving).toHaveLength(joining);
          const all = await Promise.allSettled(arriving);
          await Promise.all(loops);
          return all;
        });
        // Past the door's cap, the flood's own oldest sockets were closed.
        await vi.waitFor(() => expect(evicted.length).toBeGreaterThan(0), { timeout: 5_000 });
        expect(new Set(evicted)).toEqual(new Set([CLOSE.noJoin]));
        expect(visitors.filter((v) => v.status === 'rejected')).toEqual([]);
        const welcomed = visitors.flatMap((v) => (v.status === 'fulfilled' ? [v.value] : []));
        expect(welcomed.map((c) => c.received.find((m) => m.type === 'welcome'))).toContainEqual(
          expect.objectContaining({ seat: 1 }),
        );
        for (const ws of flood) ws.close();
        for (const c of welcomed) c.close();
      },
      30_000,
    );
  }

  it.runIf(SOCKETS_SURVIVE)('100 visitors opening within one second are all welcomed', async () => {
    const table = await createTable({ game: 'hilo', players: 2 });
    const visitors = await together(table.id, async () => {
      const arriving: Promise<Client>[] = [];
      for (let i = 0; i < 100; i++) {
        arriving.push(arrive(table.id, `203.0.113.${i}`, `V${i}`, 150 + (i % 5) * 100));
        await sleep(10);
      }
      return Promise.allSettled(arriving);
    });
    expect(visitors.filter((v) => v.status === 'rejected')).toEqual([]);
    expect((await summary(table.id)).spectators).toBe(100);
    for (const v of visitors) if (v.status === 'fulfilled') v.value.close();
  });

  it.runIf(SOCKETS_SURVIVE)(
    'a seat holder behind a busy address is never refused: its token goes with the upgrade',
    async () => {
      const { table, ann, annToken } = await twoPlayerGame({ game: 'hilo' });
      ann.close();
      const busy = '203.0.113.9';
      const { idlers, back } = await together(table.id, async () => {
        const idlers: WebSocket[] = [];
        for (let i = 0; i < MAX_UNJOINED / 2; i++) {
          const got = await idle(table.id, busy);
          if (typeof got === 'number') throw new Error(`refused ${got}`);
          idlers.push(got);
        }
        const coming = arrive(table.id, busy, 'Ann', 500, { protocols: [SUBPROTOCOL, annToken] });
        for (let i = 0; i < MAX_UNJOINED; i++) {
          const got = await idle(table.id, busy);
          if (typeof got === 'number') throw new Error(`refused ${got}`);
          idlers.push(got);
        }
        return { idlers, back: await coming };
      });
      expect(back.received.find((m) => m.type === 'welcome')).toMatchObject({ seat: 0 });
      expect(await waiting(table.id)).toBe(MAX_UNJOINED);
      for (const ws of idlers) ws.close();
      // Once their time to join has passed, the table closes the rest.
      await ageSockets(table.id, JOIN_WINDOW_MS);
      expect(await fireAlarm(table.id)).toBe(true);
      expect(await waiting(table.id)).toBe(0);
      back.send({ type: 'record' });
      expect((await back.next('error')).code).toBe('not-now'); // still heard: it had joined
    },
  );

  it.runIf(SOCKETS_SURVIVE)(
    'sockets the table closed count toward no cap, even when their client ignores the close',
    async () => {
      const { table } = await twoPlayerGame({ game: 'hulahoo' });
      const watchers: Client[] = [];
      for (let i = 0; i < MAX_SPECTATORS; i++) watchers.push(await Client.join(table.id, `W${i}`));
      // One of them floods and is closed: its place is free at once, whatever its client does.
      const flooder = watchers[0]!;
      await together(table.id, () => {
        for (let i = 0; i < 60; i++) flooder.send({ type: 'record' });
      });
      await vi.waitFor(() => expect(flooder.closed?.code).toBe(1008), { timeout: 5_000 });
      const late = await Client.join(table.id, 'Late');
      expect(late.received.some((m) => m.type === 'error')).toBe(false);
      const later = await Client.open(table.id);
      later.send({ type: 'join', name: 'Later' });
      expect(await later.next('error', 0)).toMatchObject({ code: 'table-full' });
      for (const w of [...watchers, late]) w.close();
    },
  );

  it.runIf(SOCKETS_SURVIVE)(
    'a seat’s token gets in whatever the caps; past its tabs, the oldest tab gives way',
    async () => {
      const table = await createTable({ game: 'hulahoo', players: 2 });
      const ann = await Client.join(table.id, 'Ann', { hostKey: table.hostKey });
      ann.send({ type: 'sit', seat: 0 });
      const { token } = await ann.next('seated');
      const watchers: Client[] = [];
      for (let i = 0; i < MAX_SPECTATORS; i++) watchers.push(await Client.join(table.id, `W${i}`));
      const tabs = [ann];
      for (let i = 1; i <= MAX_TABS_PER_SEAT; i++) {
        tabs.push(await Client.join(table.id, 'Ann', { token }));
      }
      await vi.waitFor(() => expect(ann.closed?.code).toBe(CLOSE.otherTab), { timeout: 5_000 });
      for (const tab of tabs.slice(1)) {
        expect(tab.closed).toBeNull();
        expect(tab.received.find((m) => m.type === 'welcome')).toMatchObject({ seat: 0 });
      }
      for (const c of [...tabs, ...watchers]) c.close();
    },
  );
});

describe('spectators', () => {
  it.runIf(SOCKETS_SURVIVE)(
    'seats before spectators: with every place taken, a visitor sits in a free seat, and the host key gets in',
    async () => {
      const table = await createTable({ game: 'hulahoo', players: 2 });
      const watchers = await together(table.id, async () => {
        const joining: Promise<Client>[] = [];
        for (let i = 0; i < MAX_SPECTATORS; i++) joining.push(Client.join(table.id, `W${i}`));
        return Promise.all(joining);
      });
      expect((await summary(table.id)).spectators).toBe(MAX_SPECTATORS);
      const zoe = await Client.join(table.id, 'Zoe');
      zoe.send({ type: 'sit', seat: 1 });
      expect(await zoe.next('seated')).toMatchObject({ seat: 1 });
      const host = await Client.join(table.id, 'Host', { hostKey: table.hostKey });
      expect(host.received.find((m) => m.type === 'welcome')).toMatchObject({ host: true });
      host.send({ type: 'sit', seat: 0 });
      expect(await host.next('seated')).toMatchObject({ seat: 0 });
      // No seat left and no place: the next visitor is told so.
      const late = await Client.open(table.id);
      late.send({ type: 'join', name: 'Late' });
      expect(await late.next('error', 0)).toMatchObject({ code: 'table-full' });
      for (const c of [...watchers, zoe, host]) c.close();
    },
  );

  it.runIf(SOCKETS_SURVIVE)(
    'one address holds half the places at most, and gives one up to a newcomer from elsewhere',
    async () => {
      const { table } = await twoPlayerGame({ game: 'hilo' });
      const from = (ip: string, n: number) =>
        together(table.id, () =>
          Promise.allSettled(
            Array.from({ length: n }, async (_, i) => {
              const c = await Client.open(table.id, ip);
              c.send({ type: 'join', name: `${ip}-${i}` });
              await c.next('welcome', 0);
              return c;
            }),
          ),
        );
      const one = await from('203.0.113.1', MAX_SPECTATORS);
      const two = await from('203.0.113.2', MAX_SPECTATORS);
      const inside = (list: typeof one) => list.filter((r) => r.status === 'fulfilled').length;
      expect(inside(one)).toBe(MAX_SPECTATORS_PER_CLIENT);
      expect(inside(two)).toBe(MAX_SPECTATORS - MAX_SPECTATORS_PER_CLIENT);
      const newcomer = await Client.join(table.id, 'New');
      expect(newcomer.closed).toBeNull();
      expect((await summary(table.id)).spectators).toBe(MAX_SPECTATORS);
      for (const r of [...one, ...two]) if (r.status === 'fulfilled') r.value.close();
    },
  );
});

describe('who is here', () => {
  it.runIf(SOCKETS_SURVIVE)(
    'a seat silent for 55 s is away, and the table looks within 60 s of last hearing from it',
    async () => {
      const { table, ann } = await twoPlayerGame({ game: 'hulahoo' });
      const heardAt = Date.now();
      const alarm = await runInDurableObject(stubOf(table.id), (_, state) =>
        state.storage.getAlarm(),
      );
      expect(alarm).not.toBeNull();
      expect(alarm! - heardAt).toBeLessThanOrEqual(60_000);
      await ageSockets(table.id, 55_000, 1);
      ann.send({ type: 'bot', seat: 1, on: true });
      expect(await ann.next('table')).toMatchObject({ table: { seats: [{}, { bot: true }] } });
    },
  );

  it.runIf(SOCKETS_SURVIVE)(
    'a seat whose sockets fall silent is shown away, and back once heard, a ping included',
    async () => {
      const { table, ann, bob } = await twoPlayerGame({ game: 'hulahoo' });
      // A phone that lost its network without a word: its socket stays open, but says nothing.
      await ageSockets(table.id, SILENCE_MS, 1);
      const from = ann.received.length;
      expect(await fireAlarm(table.id)).toBe(true);
      const away = await ann.waitFor(
        (m): m is Extract<typeof m, { type: 'table' }> =>
          m.type === 'table' && !m.table.seats[1]!.connected,
        from,
      );
      expect(away.table.seats[0]!.connected).toBe(true);
      // The runtime's answer to a ping counts as hearing from it.
      bob.send('ping');
      await vi.waitFor(
        async () => expect((await summary(table.id)).seats[1]!.connected).toBe(true),
        { timeout: 5_000 },
      );
      expect(await fireAlarm(table.id)).toBe(true);
      await ann.waitFor(
        (m): m is never => m.type === 'table' && m.table.seats[1]!.connected,
        ann.received.indexOf(away) + 1,
      );
    },
  );

  it.runIf(SOCKETS_SURVIVE)(
    'the host may give a silent seat to a bot, which keeps it until its player is heard again',
    async () => {
      const { table, ann, bob } = await twoPlayerGame({ game: 'hulahoo' });
      ann.send({ type: 'bot', seat: 1, on: true });
      expect((await ann.next('error')).code).toBe('not-absent');
      await ageSockets(table.id, SILENCE_MS, 1);
      ann.send({ type: 'kick', seat: 1 });
      expect(await bob.next('unseated')).toMatchObject({ seat: 1, reason: 'bot' });
      expect((await summary(table.id)).seats[1]).toMatchObject({ bot: true });
      // Bob's page joins again with the same token, as it does on this message: his seat, at once.
      bob.close();
      const back = await Client.join(table.id, 'Bob', { token: bobTokenOf(bob) });
      expect(back.received.find((m) => m.type === 'welcome')).toMatchObject({ seat: 1 });
      expect((await summary(table.id)).seats[1]).toMatchObject({ bot: false, name: 'Bob' });
    },
  );
});

/** The seat token a client was given. */
function bobTokenOf(client: Client): string {
  const seated = client.received.find((m) => m.type === 'seated');
  if (seated?.type !== 'seated') throw new Error('never seated');
  return seated.token;
}
