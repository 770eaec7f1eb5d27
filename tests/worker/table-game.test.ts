/** Whole games over real sockets, between humans and bots, checked against the engine's replay. */
import { describe, expect, it } from 'vitest';
import type { AnyGame, Seat } from '../../shared/engine/types.ts';
import { games } from '../../shared/games/index.ts';
import { type GameRecord, MAX_HISTORY_EVENTS } from '../../shared/protocol.ts';
import { cardIds } from '../engine/support/cards.ts';
import { Client, createTable, viewsFrom } from './client.ts';
import { playToEnd, quick } from './play.ts';

/** Replays a record into the state at every version (version 1 = the deal). */
function replay(game: AnyGame, record: GameRecord): unknown[] {
  const states = [game.setup(record.config, record.players, record.seed)];
  for (const { seat, move } of record.moves) {
    const out = game.apply(states[states.length - 1], seat, move);
    if (!out.ok) throw new Error(`the record does not replay: ${out.error.code}`);
    states.push(out.state);
  }
  return states;
}

describe.each(Object.values(games).map((g) => [g.id, g] as const))(
  '%s over sockets',
  (id, game) => {
    it('plays a whole game between two people and bots, and no socket ever sees a hidden card', {
      timeout: 120_000,
    }, async () => {
      const players = Math.min(4, game.maxPlayers);
      const bots = Array.from({ length: players - 2 }, (_, i) => i + 2);
      const table = await createTable({ game: id, players, bots, config: quick(id) });
      const ann = await Client.join(table.id, 'Ann', { hostKey: table.hostKey });
      const bob = await Client.join(table.id, 'Bob');
      const watcher = await Client.join(table.id, 'Eve');
      ann.send({ type: 'sit', seat: 0 });
      const { token } = await ann.next('seated');
      bob.send({ type: 'sit', seat: 1 });
      await bob.next('seated');
      // Ann's second tab and a second spectator take patches: only what changed in their views.
      const annPatched = await Client.join(table.id, 'Ann', { token, patches: true });
      const watcherPatched = await Client.join(table.id, 'Eve', { patches: true });
      ann.send({ type: 'start' });
      await Promise.all([ann, bob, watcher].map((c) => c.stateAtLeast(1)));

      await playToEnd([ann, bob]);

      // Rebuilt from its patches, every view equals the whole one sent to the same seat.
      for (const [patched, whole] of [
        [annPatched, ann],
        [watcherPatched, watcher],
      ] as const) {
        const last = whole.lastState()!.version;
        await patched.waitFor(
          (m): m is never => (m.type === 'patch' || m.type === 'state') && m.version === last,
        );
        const views = viewsFrom(patched);
        expect(patched.received.filter((m) => m.type === 'patch').length).toBeGreaterThan(10);
        for (const msg of whole.received) {
          if (msg.type !== 'state') continue;
          expect(views.get(msg.version), `v${msg.version}`).toEqual(msg.view);
        }
      }

      // A late joiner's history is exactly the events broadcast to everyone, whose every card id
      // is checked below against what a spectator could see when it was sent.
      const late = await Client.join(table.id, 'Lee');
      const history = await late.next('history', 0);
      const broadcast = watcher.received.flatMap((m) => (m.type === 'state' ? m.events : []));
      expect(history).toEqual({
        type: 'history',
        gameNo: 1,
        events: broadcast.slice(-MAX_HISTORY_EVENTS),
      });

      ann.send({ type: 'record' });
      const { record } = await ann.next('record');
      watcher.send({ type: 'record' });
      expect((await watcher.next('error')).code).toBe('not-seated');
      expect(record.moves.length).toBeGreaterThan(10);
      const states = replay(game, record);
      expect(game.result(states[states.length - 1]).over).toBe(true);

      // Every state each socket got is exactly the engine's view for its seat at that version, and no
      // message at all names a card that seat could not see then (or just before, for events).
      for (const [client, seat] of [
        [ann, 0],
        [bob, 1],
        [watcher, null],
      ] as [Client, Seat | null][]) {
        let version = 0;
        for (const [i, msg] of client.received.entries()) {
          if (msg.type === 'state') version = msg.version;
          if (version === 0 || msg.type === 'record') continue;
          const now = game.view(states[version - 1], seat);
          if (msg.type === 'state') expect(msg.view).toEqual(now);
          const allowed = new Set([
            ...cardIds(now),
            ...(version > 1 ? cardIds(game.view(states[version - 2], seat)) : []),
          ]);
          for (const cardId of cardIds(msg).filter((x) => x !== table.id))
            expect(
              allowed.has(cardId),
              `message ${i} to ${seat}: ${cardId} in ${client.raw[i]}`,
            ).toBe(true);
          if (game.result(states[version - 1]).over === false)
            expect(client.raw[i]).not.toContain(record.seed);
        }
      }
    });
  },
);
