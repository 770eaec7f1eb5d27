/**
 * The table under attack: one seat per token on every path, closed sockets unheard, simultaneous
 * answers accepted, bounded fan-out, names and records as the rules say.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { TableSummary } from '../../shared/protocol.ts';
import { MAX_SPECTATORS, RENAME_FLUSH_MS } from '../../shared/table/limits.ts';
import type { TableObject } from '../../worker/table-object.ts';
import { gameOver } from '../table/support.ts';
import { alterTable, Client, createTable, type Msg, stubOf, twoPlayerGame } from './client.ts';
import { fetchWorker, together } from './cold.ts';
import { moveIfAsked, viewOf } from './play.ts';

const summary = async (id: string) =>
  (await fetchWorker(`http://x/api/tables/${id}`)).json<TableSummary>();
/** Lets whatever is in flight arrive. */
const settle = (ms = 100) => new Promise((r) => setTimeout(r, ms));
const states = (c: Client, from = 0) =>
  c.received.slice(from).filter((m): m is Extract<Msg, { type: 'state' }> => m.type === 'state');

/** A 2-player Hula-Hoo! lobby with a bot on seat 1; Ann holds the host key and sits on seat 0. */
async function lobbyWithAnn() {
  const table = await createTable({
    game: 'hulahoo',
    players: 2,
    bots: [1],
    config: { chaos: { noSwap: true } },
  });
  const ann = await Client.join(table.id, 'Ann', { hostKey: table.hostKey });
  ann.send({ type: 'sit', seat: 0 });
  const { token } = await ann.next('seated');
  return { table, ann, token };
}

describe('one seat per token, on every path', () => {
  it('leave takes the seat from every tab holding it: a second tab cannot act for the next player', async () => {
    const { table, ann, token } = await lobbyWithAnn();
    const tab = await Client.join(table.id, 'Ann', { token });
    expect(tab.received.find((m) => m.type === 'welcome')).toMatchObject({ seat: 0 });
    ann.send({ type: 'leave' });
    expect(await tab.next('unseated', 0)).toEqual({ type: 'unseated', seat: 0, reason: 'left' });
    expect(await ann.next('unseated', 0)).toEqual({ type: 'unseated', seat: 0, reason: 'left' });

    const vic = await Client.join(table.id, 'Vic');
    vic.send({ type: 'sit', seat: 0 });
    await vic.next('seated');
    const from = tab.received.length;
    ann.send({ type: 'start' });
    await vic.stateAtLeast(1);
    await tab.stateAtLeast(1);
    for (const s of states(tab, from)) expect(viewOf(s).you).toBeNull();
    const hand = viewOf(vic.lastState()!).players[0]!.hand!;
    // Quoted: an id as short as "ce" is also a piece of "chooseFaceUp".
    const id = `"${(hand[0] as { id: string }).id}"`;
    for (const text of tab.raw.slice(from)) expect(text).not.toContain(id);

    tab.send({ type: 'move', move: { t: 'play', card: 'c1', call: 'higher' }, version: 1 });
    expect((await tab.next('error')).code).toBe('not-seated');
    tab.send({ type: 'name', name: 'Mallory' });
    await settle();
    expect((await summary(table.id)).seats[0]!.name).toBe('Vic');
  });

  // Thirty races, each a few round trips: time enough on a busy machine.
  it('a rejoin with a token racing a leave never keeps the seat', { timeout: 60_000 }, async () => {
    for (let trial = 0; trial < 30; trial++) {
      const { table, ann, token } = await lobbyWithAnn();
      const tab = await Client.open(table.id);
      // Both at once: the rejoin's token check awaits a hash while the leave goes through.
      tab.send({ type: 'join', name: 'Tab', token });
      ann.send({ type: 'leave' });
      await ann.next('unseated', 0);
      await tab.next('welcome', 0);
      await settle(20);
      const vic = await Client.join(table.id, 'Vic');
      vic.send({ type: 'sit', seat: 0 });
      await vic.next('seated');
      const from = tab.received.length;
      ann.send({ type: 'start' });
      await tab.stateAtLeast(1);
      for (const s of states(tab, from)) expect(viewOf(s).you, `trial ${trial}`).toBeNull();
      for (const c of [ann, tab, vic]) c.close();
    }
  });
});

describe('closed means closed', () => {
  it('a socket closed for flooding is not heard again, even if it ignores the close', async () => {
    const { table, ann } = await lobbyWithAnn();
    // The object's end of Ann's socket, to deliver to it as the runtime does for a client that
    // ignores our Close frame and goes on sending.
    let annSocket: WebSocket | null = null;
    await together(table.id, async () => {
      // Taken in the flood's own wake-up: a cold table's sockets are new objects each time.
      await runInDurableObject(stubOf(table.id), (_, state) => {
        annSocket = state.getWebSockets()[0]!;
      });
      for (let i = 0; i < 60; i++) ann.send({ type: 'record' });
    });
    await expect.poll(() => ann.closed?.code, { timeout: 10_000 }).toBe(1008);
    const answered = await runInDurableObject(stubOf(table.id), async (instance: TableObject) => {
      const ws = annSocket!;
      expect(ws.deserializeAttachment()).toMatchObject({ closed: true });
      const sent: unknown[] = [];
      ws.send = (m: unknown) => sent.push(m);
      await instance.webSocketMessage(ws, JSON.stringify({ type: 'name', name: 'Mallory' }));
      await instance.webSocketMessage(ws, JSON.stringify({ type: 'leave' }));
      return sent;
    });
    expect(answered).toEqual([]);
    expect((await summary(table.id)).seats[0]).toMatchObject({ name: 'Ann', connected: false });
  });
});

describe('simultaneous answers over sockets', () => {
  it('HiLO: both players reveal against the same version and neither is refused', async () => {
    const { ann, bob } = await twoPlayerGame({ game: 'hilo' });
    const a = ann.lastState()!;
    const b = bob.lastState()!;
    expect(a.version).toBe(b.version);
    moveIfAsked(ann);
    moveIfAsked(bob);
    await ann.stateAtLeast(a.version + 2);
    expect(ann.received.filter((m) => m.type === 'error')).toEqual([]);
    expect(bob.received.filter((m) => m.type === 'error')).toEqual([]);
  });
});

describe('bounded fan-out', () => {
  it('caps spectators with a clear refusal, and coalesces the table summaries their joins cause', async () => {
    const { table, ann } = await lobbyWithAnn();
    const from = ann.received.length;
    const watchers: Client[] = [];
    await together(table.id, async () => {
      for (let i = 0; i < MAX_SPECTATORS; i++) watchers.push(await Client.join(table.id, `W${i}`));
    });
    await settle(400);
    const summaries = ann.received.slice(from).filter((m) => m.type === 'table');
    expect(summaries.length).toBeLessThan(MAX_SPECTATORS / 4);
    expect(summaries.at(-1)).toMatchObject({ table: { spectators: MAX_SPECTATORS } });

    const late = await Client.open(table.id);
    late.send({ type: 'join', name: 'Late' });
    expect(await late.next('error', 0)).toMatchObject({ code: 'table-full' });
    await late.waitFor((m): m is never => false, 0, 500).catch(() => undefined);
    expect(late.closed?.code).toBe(1013);
    // A player reclaiming a seat always gets in.
    for (const w of watchers) w.close();
  });

  it('a name that does not change broadcasts nothing', async () => {
    const { table, ann } = await lobbyWithAnn();
    const bob = await Client.join(table.id, 'Bob');
    await settle(400);
    const from = bob.received.length;
    ann.send({ type: 'name', name: 'Ann' });
    await settle(400);
    expect(bob.received.slice(from)).toEqual([]);
  });
});

describe('names', () => {
  it('are normalized, and refused when invisible, disguised or broken', async () => {
    const { table, ann } = await lobbyWithAnn();
    ann.send({ type: 'name', name: 'Zoe\u0308' });
    await settle(RENAME_FLUSH_MS + 200);
    expect((await summary(table.id)).seats[0]!.name).toBe('Zoë');
    for (const bad of [
      '\u200b\u200b', // zero-width spaces only
      'Ann\u202eevil', // a bidi override
      'Ann\u0085', // a C1 control
      'Ann\ud800', // a lone surrogate
      '\u3164', // a filler that shows nothing
      ' \u0301 ', // a combining mark alone
      'Ann\u2028Bob', // a line separator
    ]) {
      ann.send({ type: 'name', name: bad });
      expect((await ann.next('error')).code, JSON.stringify(bad)).toBe('bad-message');
    }
    for (const good of ['李小龍', 'Ann 🎲', 'Éloïse-Marie']) {
      ann.send({ type: 'name', name: good });
      await ann.waitFor((m): m is never => m.type === 'table' && m.table.seats[0]!.name === good);
    }
  });
});

describe('records', () => {
  it('go to the game’s own players only, not to whoever sits in a freed seat afterwards', async () => {
    const { table, ann, bob } = await twoPlayerGame({ game: 'hulahoo' });
    await alterTable(table.id, gameOver);
    bob.close();
    await settle();
    ann.send({ type: 'kick', seat: 1 });
    await ann.waitFor((m): m is never => m.type === 'table' && m.table.seats[1]!.name === null);
    const eve = await Client.join(table.id, 'Eve');
    eve.send({ type: 'sit', seat: 1 });
    await eve.next('seated');
    eve.send({ type: 'record' });
    expect((await eve.next('error')).code).toBe('not-seated');
    ann.send({ type: 'record' });
    expect((await ann.next('record')).record.gameNo).toBe(1);
  });
});
