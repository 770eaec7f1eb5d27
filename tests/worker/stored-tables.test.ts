/**
 * Tables stored by an earlier server, which kept a table under keys (its record, its game's state,
 * a key per move): one of each game, mid-game, as that server wrote them (tests/worker/stored/,
 * taken from a table played over sockets). Each loads, is carried over to rows once (its keys
 * deleted), shows its players the game where it was, and plays on.
 */
import { env, evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { TableSummary } from '../../shared/protocol.ts';
import { sha256 } from '../../worker/secrets.ts';
import { Client, storedTable, stubOf } from './client.ts';
import { fetchWorker } from './cold.ts';
import { moveIfAsked, viewOf } from './play.ts';
import hilo from './stored/hilo.json' with { type: 'json' };
import hulahoo from './stored/hulahoo.json' with { type: 'json' };
import sneak from './stored/sneak.json' with { type: 'json' };

type Stored = { id: string; storage: Record<string, unknown> };

/**
 * The stored table under a new table's id, with two known tokens for its people's seats (0 and
 * 1): the hashes stored for them replaced wherever they appear, as a token's hash does.
 */
async function restore(stored: Stored): Promise<{ id: string; tokens: [string, string] }> {
  const id = env.TABLES.newUniqueId().toString();
  const meta = stored.storage.meta as { seats: { tokenHash: string | null }[] };
  const tokens: [string, string] = [`ann-${id.slice(0, 24)}`, `bob-${id.slice(0, 24)}`];
  let text = JSON.stringify(stored.storage).replaceAll(stored.id, id);
  for (const [seat, token] of tokens.entries()) {
    const old = meta.seats[seat]?.tokenHash;
    if (old) text = text.replaceAll(old, await sha256(token));
  }
  const records = JSON.parse(text) as Record<string, unknown>;
  // As if stored a moment ago: its times moved on by the time since (a clock still running).
  const stamped = records.meta as Record<string, number | null>;
  const since = Date.now() - (stamped.lastActive ?? 0);
  for (const key of ['createdAt', 'lastActive', 'deadline', 'botDue', 'lastSeen']) {
    const at = stamped[key];
    if (typeof at === 'number') stamped[key] = at + since;
  }
  await runInDurableObject(stubOf(id), async (_, state) => {
    await state.storage.put(records);
  });
  return { id, tokens };
}

const tables: [string, Stored][] = [
  ['hulahoo', hulahoo],
  ['hilo', hilo],
  ['sneak', sneak],
];

describe('a table stored by the server before rows', () => {
  it.each(tables)('%s: loads, is carried over to rows, and plays on', async (_game, stored) => {
    const meta = stored.storage.meta as { version: number; moveCount: number; game: string };
    const { id, tokens } = await restore(stored);
    // Its keys are read once the object wakes again.
    await evictDurableObject(stubOf(id));

    const res = await fetchWorker(`http://x/api/tables/${id}`);
    expect(res.status).toBe(200);
    const summary = await res.json<TableSummary>();
    expect(summary).toMatchObject({ status: 'playing', game: meta.game });

    const ann = await Client.join(id, 'Ann', { token: tokens[0] });
    const bob = await Client.join(id, 'Bob', { token: tokens[1] });
    expect(ann.received.find((m) => m.type === 'welcome')).toMatchObject({ seat: 0 });
    const before = await ann.stateAtLeast(meta.version);
    expect(before.version).toBe(meta.version);
    await bob.stateAtLeast(meta.version);
    // Its history is the stored log's.
    const history = ann.received.find((m) => m.type === 'history');
    expect(history && 'events' in history ? history.events.length : 0).toBeGreaterThan(
      meta.moveCount,
    );

    // Everyone asked moves until the game has gone on by two versions (bots included).
    for (let i = 0; i < 40 && (ann.lastState()?.version ?? 0) < meta.version + 2; i++) {
      const latest = Math.max(ann.lastState()!.version, bob.lastState()!.version);
      const moved = [ann, bob].filter(
        (c) => c.lastState()!.version === latest && moveIfAsked(c) !== null,
      );
      if (moved.length === 0 && !viewOf(ann.lastState()!).toMove.length) break;
      await ann.stateAtLeast(latest + 1);
      await bob.stateAtLeast(latest + 1);
    }
    expect(ann.lastState()!.version).toBeGreaterThanOrEqual(meta.version + 2);

    // Kept as rows now: the keys are gone, and the rows read back as the table is.
    const keys = await runInDurableObject(stubOf(id), async (_, state) => [
      ...(await state.storage.list()).keys(),
    ]);
    expect(keys).toEqual([]);
    const table = await storedTable(id);
    expect(table.meta.version).toBe(ann.lastState()!.version);
    expect(table.meta.moveCount).toBeGreaterThanOrEqual(meta.moveCount + 2);
    ann.close();
    bob.close();
  });
});
