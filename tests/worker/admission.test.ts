/**
 * Who gets in, and who is here (CONTRACT §2, Admission): sockets that never join are limited per
 * client and closed after JOIN_WINDOW_MS, closed sockets count toward nothing, a seat's token
 * always gets in, and a seat whose sockets fall silent is away.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { TableSummary } from '../../shared/protocol.ts';
import { CLOSE } from '../../shared/protocol.ts';
import {
  JOIN_WINDOW_MS,
  MAX_SPECTATORS,
  MAX_TABS_PER_SEAT,
  MAX_UNJOINED,
  MAX_UNJOINED_PER_CLIENT,
  SILENCE_MS,
} from '../../worker/table/limits.ts';
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

describe('sockets that never join', () => {
  it.runIf(SOCKETS_SURVIVE)('lock nobody out: the reported repro, from one address', async () => {
    // A started 2-player game; 102 upgrades from one address that never say a word.
    const { table, bob, bobToken } = await twoPlayerGame({ game: 'hulahoo' });
    const opened: WebSocket[] = [];
    const refused: number[] = [];
    await together(table.id, async () => {
      for (let i = 0; i < 102; i++) {
        const got = await idle(table.id, '203.0.113.9');
        if (typeof got === 'number') refused.push(got);
        else opened.push(got);
      }
    });
    expect(opened).toHaveLength(MAX_UNJOINED_PER_CLIENT);
    expect(new Set(refused)).toEqual(new Set([429]));
    // Bob drops, one more idle upgrade, and Bob comes back: in at once, in his seat.
    bob.close();
    await settle();
    expect(typeof (await idle(table.id, '203.0.113.10'))).not.toBe('number');
    const back = await Client.join(table.id, 'Bob', { token: bobToken });
    expect(back.received.find((m) => m.type === 'welcome')).toMatchObject({ seat: 1 });
    // Once their time to join has passed, the table closes them.
    const closes: number[] = [];
    for (const ws of opened) ws.addEventListener('close', (e) => closes.push(e.code));
    await ageSockets(table.id, JOIN_WINDOW_MS);
    expect(await fireAlarm(table.id)).toBe(true);
    await settle(200);
    expect(closes).toHaveLength(MAX_UNJOINED_PER_CLIENT);
    expect(await waiting(table.id)).toBe(0);
    back.send({ type: 'record' });
    expect((await back.next('error')).code).toBe('not-now'); // still heard: it had joined
  });

  it.runIf(SOCKETS_SURVIVE)(
    'from many addresses, only the newest few wait; the rest give way, and joins are not held up',
    async () => {
      const { table, ann, annToken } = await twoPlayerGame({ game: 'hilo' });
      await together(table.id, async () => {
        for (let i = 0; i < 102; i++) await idle(table.id, `203.0.${113 + (i >> 8)}.${i & 255}`);
      });
      expect(await waiting(table.id)).toBe(MAX_UNJOINED);
      ann.close();
      const back = await Client.join(table.id, 'Ann', { token: annToken });
      expect(back.received.find((m) => m.type === 'welcome')).toMatchObject({ seat: 0 });
    },
  );

  it.runIf(SOCKETS_SURVIVE)(
    'sockets the table closed count toward no cap, even when their client ignores the close',
    async () => {
      const table = await createTable({ game: 'hulahoo', players: 2 });
      const watchers: Client[] = [];
      for (let i = 0; i < MAX_SPECTATORS; i++) watchers.push(await Client.join(table.id, `W${i}`));
      // One of them floods and is closed: its place is free at once, whatever its client does.
      const flooder = watchers[0]!;
      await together(table.id, () => {
        for (let i = 0; i < 60; i++) flooder.send({ type: 'record' });
      });
      await settle(300);
      expect(flooder.closed?.code).toBe(1008);
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
      await settle(200);
      expect(ann.closed?.code).toBe(CLOSE.otherTab);
      for (const tab of tabs.slice(1)) {
        expect(tab.closed).toBeNull();
        expect(tab.received.find((m) => m.type === 'welcome')).toMatchObject({ seat: 0 });
      }
      for (const c of [...tabs, ...watchers]) c.close();
    },
  );
});

describe('who is here', () => {
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
      await settle(200);
      expect((await summary(table.id)).seats[1]!.connected).toBe(true);
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
