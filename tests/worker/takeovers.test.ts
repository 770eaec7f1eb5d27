/**
 * ALL-4 at the table: mid-round, a seat a bot took over stays with that bot until the round ends,
 * unless its own player comes back with the same token; between rounds seats change hands, and
 * whoever sits down sees the round's end as a spectator does until the next deal.
 */
import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { TableSummary } from '../../shared/protocol.ts';
import { Client, twoPlayerGame } from './client.ts';
import { playTo, viewOf } from './play.ts';

const summary = async (id: string) =>
  (await SELF.fetch(`http://x/api/tables/${id}`)).json<TableSummary>();
const settle = (ms = 100) => new Promise((r) => setTimeout(r, ms));
const tableWhere = (pred: (t: TableSummary) => boolean) => (m: { type: string }) =>
  m.type === 'table' && pred((m as unknown as { table: TableSummary }).table);

/** A 2-player game in which Bob left and the host gave his seat to a bot. */
async function bobReplaced(game: 'hulahoo' | 'hilo', config?: unknown) {
  const started = await twoPlayerGame({ game, ...(config ? { config } : {}) });
  const { table, ann, bob } = started;
  bob.close();
  await settle();
  const from = ann.received.length;
  ann.send({ type: 'kick', seat: 1 });
  await ann.waitFor((m): m is never => tableWhere((t) => t.seats[1]!.bot)(m), from);
  return started;
}

describe('a seat a bot took over mid-round (ALL-4)', () => {
  it('stays with the bot: the host cannot free it, nobody else can sit there', async () => {
    const { table, ann } = await bobReplaced('hulahoo', { chaos: { noSwap: true } });
    ann.send({ type: 'bot', seat: 1, on: false });
    expect((await ann.next('error')).code).toBe('not-now');
    const eve = await Client.join(table.id, 'Eve');
    eve.send({ type: 'sit', seat: 1 });
    expect((await eve.next('error')).code).toBe('seat-taken');
    expect(viewOf(eve.lastState()!).you).toBeNull();
    expect((await summary(table.id)).seats[1]).toMatchObject({ bot: true });
  });

  it('goes back to its own player at once, mid-round, with the hand the bot has been playing', async () => {
    const { table, bobToken } = await bobReplaced('hulahoo', { chaos: { noSwap: true } });
    const back = await Client.join(table.id, 'Bob', { token: bobToken });
    expect(back.received.find((m) => m.type === 'welcome')).toMatchObject({ seat: 1 });
    const view = viewOf(await back.stateAtLeast(1));
    expect(view.you).toBe(1);
    expect(view.players[1]!.hand!.every((c) => 'id' in c)).toBe(true);
    expect((await summary(table.id)).seats[1]).toMatchObject({ bot: false, name: 'Bob' });
  });
});

describe('between rounds (ALL-4)', () => {
  it('the host frees the seat, a newcomer sits and watches the round’s end, then plays the next deal', async () => {
    const { table, ann, bobToken } = await bobReplaced('hilo', { maxTurns: 1 });
    await playTo([ann], 'roundOver');
    ann.send({ type: 'bot', seat: 1, on: false });
    await ann.waitFor((m): m is never => tableWhere((t) => !t.seats[1]!.bot)(m), 0);
    const eve = await Client.join(table.id, 'Eve');
    eve.send({ type: 'sit', seat: 1 });
    await eve.next('seated');
    // What Eve is shown of the round she did not play is what a spectator sees.
    await settle(200);
    const ended = viewOf(eve.lastState()!);
    expect(ended.phase).toBe('roundOver');
    expect(ended.you).toBeNull();
    // The pause does not wait for her: Ann alone is asked, and her "ready" deals.
    const from = eve.received.length;
    ann.send({ type: 'move', move: { t: 'nextRound' }, version: ann.lastState()!.version });
    const dealt = await eve.waitFor(
      (m): m is Extract<typeof m, { type: 'state' }> =>
        m.type === 'state' && viewOf(m as never).phase === 'opening',
      from,
    );
    expect(viewOf(dealt).you).toBe(1);
    // Bob, back with his old token, is told the seat was freed and watches.
    const bob = await Client.open(table.id);
    bob.send({ type: 'join', name: 'Bob', token: bobToken });
    expect(await bob.next('unseated', 0)).toMatchObject({ seat: 1, reason: 'freed' });
  });

  it('a seat left free when the next round is dealt is dealt to a bot', async () => {
    const { table, ann } = await bobReplaced('hilo', { maxTurns: 1 });
    await playTo([ann], 'roundOver');
    ann.send({ type: 'bot', seat: 1, on: false });
    await ann.waitFor((m): m is never => tableWhere((t) => !t.seats[1]!.bot)(m), 0);
    ann.send({ type: 'move', move: { t: 'nextRound' }, version: ann.lastState()!.version });
    await ann.waitFor(
      (m): m is never => tableWhere((t) => t.seats[1]!.bot)(m),
      ann.received.length,
    );
    expect((await summary(table.id)).seats[1]).toMatchObject({ bot: true, name: null });
  });
});
