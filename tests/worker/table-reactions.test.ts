/** Reactions: a seated player's preset reaction reaches everyone at the table, a few at a time. */
import { describe, expect, it } from 'vitest';
import { REACTIONS } from '../../worker/table/limits.ts';
import { Client, twoPlayerGame } from './client.ts';

describe('reactions', () => {
  it('reach every socket at the table, the sender and spectators too, with the sender’s seat', async () => {
    const { table, ann, bob } = await twoPlayerGame({ game: 'hilo' });
    const eve = await Client.join(table.id, 'Eve');
    bob.send({ type: 'react', reaction: 'wow' });
    for (const c of [ann, bob, eve]) {
      expect(await c.next('reaction', 0)).toEqual({ type: 'reaction', seat: 1, reaction: 'wow' });
    }
  });

  it('are refused to spectators, and anything but a preset is a bad message', async () => {
    const { table, ann } = await twoPlayerGame({ game: 'hilo' });
    const eve = await Client.join(table.id, 'Eve');
    eve.send({ type: 'react', reaction: 'gg' });
    expect((await eve.next('error')).code).toBe('not-seated');
    ann.send({ type: 'react', reaction: 'you are all terrible' });
    expect((await ann.next('error')).code).toBe('bad-message');
    ann.send({ type: 'react', reaction: 'gg', extra: 1 });
    expect((await ann.next('error')).code).toBe('bad-message');
    expect(eve.received.some((m) => m.type === 'reaction')).toBe(false);
  });

  it('are limited per seat, across the player’s tabs', async () => {
    const { table, ann, annToken } = await twoPlayerGame({ game: 'sneak' });
    const tab = await Client.join(table.id, 'Ann', { token: annToken });
    for (let i = 0; i < REACTIONS.count; i++) {
      const from = i % 2 === 0 ? ann : tab;
      from.send({ type: 'react', reaction: 'nice' });
      await ann.waitFor(
        (m): m is Extract<typeof m, { type: 'reaction' }> => m.type === 'reaction',
        ann.received.length,
      );
      // Past the minimum gap between two reactions, still inside the window.
      await new Promise((r) => setTimeout(r, 1050));
    }
    tab.send({ type: 'react', reaction: 'nice' });
    expect(await tab.next('error')).toMatchObject({ code: 'rate-limited' });
    expect(ann.received.filter((m) => m.type === 'reaction')).toHaveLength(REACTIONS.count);
  });
});
