/**
 * How long the browser keeps its solo tables (web/src/solo/keeping.ts): a game in progress for
 * months, a finished one while among the latest ten and for four weeks, the newest finished one
 * (and its replay) whatever its age; a table open in a tab never goes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TableStatus } from '../../shared/protocol.ts';
import type { SoloEntry } from '../../web/src/solo/solo-db.ts';

const stored = vi.hoisted(() => ({
  entries: [] as unknown[],
  dropped: [] as string[],
}));

vi.mock('../../web/src/solo/solo-db.ts', async (original) => ({
  ...(await original<typeof import('../../web/src/solo/solo-db.ts')>()),
  storedEntries: async () => stored.entries,
  dropRows: async (id: string, entry: unknown) => {
    if (entry !== null) throw new Error('a table is dropped whole');
    stored.dropped.push(id);
  },
}));

const { FINISHED_KEPT, keptSoloEntries, toDrop } = await import('../../web/src/solo/keeping.ts');

const DAY = 86_400_000;
const NOW = 1_800_000_000_000;

const idOf = (n: number) => n.toString(16).padStart(32, '0');

/** Table `n`'s entry, `days` since it last changed, at `status` (online: taken to a live table). */
function entry(n: number, days: number, status: TableStatus, online = false): SoloEntry {
  return {
    id: idOf(n),
    seat: 0,
    at: NOW - days * DAY,
    token: 't',
    hostKey: 'h',
    online: online ? 'f'.repeat(64) : null,
    summary: {
      id: '',
      game: 'hilo',
      players: 2,
      config: {},
      clock: null,
      pace: 'live',
      botLevel: 'normal',
      status,
      phase: status,
      seats: [],
      gameNo: 1,
      spectators: 0,
      pause: null,
    },
  };
}

afterEach(() => {
  stored.entries = [];
  stored.dropped = [];
  vi.unstubAllGlobals();
});

describe('the solo tables kept', () => {
  it('keeps the ten latest finished games and drops the older ones', () => {
    // Twelve games finished a day apart, the newest today.
    const finished = Array.from({ length: 12 }, (_, n) => entry(n, n, 'over'));
    expect(FINISHED_KEPT).toBe(10);
    expect(toDrop(finished, NOW)).toEqual([idOf(10), idOf(11)]);
  });

  it('drops a finished game four weeks on, but never the newest, whose replay stays', () => {
    const list = [entry(1, 27, 'over'), entry(2, 29, 'over'), entry(3, 400, 'over')];
    expect(toDrop(list, NOW)).toEqual([idOf(2), idOf(3)]);
    expect(toDrop([entry(3, 400, 'over')], NOW)).toEqual([]);
  });

  it('keeps a game in progress for three months, and an old link’s way online as long', () => {
    const list = [
      entry(1, 89, 'playing'),
      entry(2, 91, 'playing'),
      entry(3, 200, 'lobby'),
      entry(4, 89, 'over', true),
      entry(5, 91, 'over', true),
    ];
    expect(toDrop(list, NOW)).toEqual([idOf(2), idOf(3), idOf(5)]);
  });

  it('a game in progress does not count among the finished ones', () => {
    const list = [
      ...Array.from({ length: 10 }, (_, n) => entry(n, n, 'over')),
      entry(20, 0, 'playing'),
      entry(21, 0, 'over', true),
    ];
    expect(toDrop(list, NOW)).toEqual([]);
  });

  it('drops what is past keeping as it lists the rest, but not a table open in a tab', async () => {
    stored.entries = [
      entry(1, 1, 'playing'),
      entry(2, 100, 'playing'),
      entry(3, 100, 'playing'),
      entry(4, 2, 'over', true),
      entry(5, 3, 'over'),
    ];
    // Table 3 is open in another tab: its worker holds its lock.
    vi.stubGlobal('navigator', {
      locks: { query: async () => ({ held: [{ name: `hoopla-solo:${idOf(3)}` }] }) },
    });
    const listed = await keptSoloEntries(NOW);
    expect(stored.dropped).toEqual([idOf(2)]);
    expect(listed.map((e) => e.id)).toEqual([idOf(1), idOf(5), idOf(3)]);
  });
});
