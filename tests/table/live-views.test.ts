/**
 * What the table sends each seat during play is its live view: the others' hands and every
 * face-down card stay hidden. The open view, which turns them up, and the open events, which
 * tell an unchallenged sneak's cards, are for replays only.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GAME_IDS } from '../../shared/engine/types.ts';
import { games as registry } from '../../shared/games/index.ts';
import { stateMessage } from '../../shared/table/messages.ts';
import { applyMove, awaited } from '../../shared/table/play.ts';
import { legal, started, type Table } from './support.ts';

afterEach(() => vi.restoreAllMocks());

describe.each(GAME_IDS)('%s at a table', (id) => {
  it('sends each seat a view that hides cards, and never asks for the open view or events', () => {
    const open = vi.spyOn(registry[id], 'openView');
    // Only Sneak's events keep something secret (an unchallenged sneak's cards).
    const events = registry[id].openEvents ? vi.spyOn(registry[id], 'openEvents') : null;
    let t: Table = started(id, 3);
    let hidden = 0;
    for (let step = 0; step < 40 && awaited(t).length > 0; step++) {
      for (let seat = 0; seat < 3; seat++) {
        const sent = stateMessage(t, seat, [], new Map());
        hidden += (sent.match(/"hidden":true/g) ?? []).length;
      }
      const seat = awaited(t)[0]!;
      // The first legal move that is no stand-in (Sneak lists `{ cards: [], count }` for any N).
      const move = legal(t, seat).find((m) => !('count' in m)) ?? legal(t, seat)[0];
      const out = applyMove(t, seat, move);
      if (!out.ok) throw new Error(out.error.message);
      t = { meta: out.meta, state: out.state };
    }
    expect(hidden).toBeGreaterThan(0);
    expect(open).not.toHaveBeenCalled();
    if (events) expect(events).not.toHaveBeenCalled();
  });
});
