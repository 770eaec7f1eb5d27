/**
 * Who is away at a turn-based table (summary.ts: notAway): everyone closes the page between turns
 * there, so a player is away only once their clock ran out on them, until they move or open the
 * table again. The host replaces or removes only a player away; a live table keeps its sockets'
 * rule (SILENCE_MS).
 */
import { describe, expect, it } from 'vitest';
import { TestTable } from './harness.ts';

const HOUR = 3_600_000;

/** Ann (host, seat 0) and Bob (seat 1) at a two-player Hula-Hoo! table, dealt, both looking. */
function started(pace: 'turn' | 'live') {
  const t = new TestTable({
    game: 'hulahoo',
    config: { chaos: { noSwap: true } },
    ...(pace === 'turn' ? { pace, clock: 3600 } : {}),
  });
  const ann = t.person('Ann', { host: true });
  t.sit(ann, 0);
  const bob = t.person('Bob');
  const bobToken = t.sit(bob, 1);
  t.send(ann, { type: 'start' });
  for (const id of [ann, bob]) t.send(id, { type: 'seen', gameNo: 1 });
  return { t, ann, bob, bobToken };
}

/** Ann's first legal moves until the game waits on Bob. */
function untilBob(t: TestTable, ann: string): void {
  for (let i = 0; i < 50 && !t.awaited().includes(1); i++) {
    const [move] = t.legal(0);
    t.send(ann, { type: 'move', move, version: t.table.meta.version });
  }
  expect(t.awaited()).toEqual([1]);
}

const bobAway = (t: TestTable) => !t.summary().seats[1]!.connected;

describe('away at a turn-based table', () => {
  it('a player who closed the page is not away, and the host may not replace them', () => {
    const { t, ann, bob } = started('turn');
    t.close(bob);
    untilBob(t, ann);
    t.later(HOUR / 2);
    t.alarm();
    expect(bobAway(t)).toBe(false);
    t.send(ann, { type: 'bot', seat: 1, on: true });
    t.send(ann, { type: 'kick', seat: 1 });
    expect(t.errors(ann)).toEqual(['not-absent', 'not-absent']);
  });

  it('is away once the clock ran out on them, and the host may replace them then', () => {
    const { t, ann, bob } = started('turn');
    t.close(bob);
    untilBob(t, ann);
    t.later(HOUR);
    t.alarm();
    expect(t.table.meta.outOfTime).toEqual([1]);
    expect(bobAway(t)).toBe(true);
    t.send(ann, { type: 'bot', seat: 1, on: true });
    expect(t.errors(ann)).toEqual([]);
    expect(t.summary().seats[1]).toMatchObject({ bot: true, standIn: 'Bob' });
  });

  it('is back once they open the table again, and stays back when they close it', () => {
    const { t, ann, bob, bobToken } = started('turn');
    t.close(bob);
    untilBob(t, ann);
    t.later(HOUR);
    t.alarm();
    expect(bobAway(t)).toBe(true);
    const again = t.person('Bob', { token: bobToken });
    t.close(again);
    expect(bobAway(t)).toBe(false);
    expect(t.stored.meta.outOfTime).toEqual([]);
  });

  it('the list outlives a restart', () => {
    const { t, ann, bob } = started('turn');
    t.close(bob);
    untilBob(t, ann);
    t.later(HOUR);
    t.alarm();
    t.reload();
    expect(bobAway(t)).toBe(true);
  });

  it('a player whose clock ran out with the page open is back once they move', () => {
    const { t, ann, bob } = started('turn');
    untilBob(t, ann);
    // Bob's time runs out with his page open, then the game comes back to him.
    t.later(HOUR);
    t.pinged(bob);
    t.alarm();
    expect(t.table.meta.outOfTime).toEqual([1]);
    expect(bobAway(t)).toBe(false);
    untilBob(t, ann);
    const [move] = t.legal(1);
    t.send(bob, { type: 'move', move, version: t.table.meta.version });
    expect(t.errors(bob)).toEqual([]);
    t.close(bob);
    expect(bobAway(t)).toBe(false);
  });
});

describe('away in a turn-based lobby', () => {
  it('a player who left before the game is dealt may be removed, as no clock runs there', () => {
    const t = new TestTable({ game: 'hulahoo', pace: 'turn', clock: 3600 });
    const ann = t.person('Ann', { host: true });
    t.sit(ann, 0);
    const bob = t.person('Bob');
    t.sit(bob, 1);
    t.close(bob);
    expect(bobAway(t)).toBe(true);
    t.send(ann, { type: 'kick', seat: 1 });
    expect(t.errors(ann)).toEqual([]);
    expect(t.summary().seats[1]).toMatchObject({ name: null, bot: false });
  });
});

describe('away at a live table', () => {
  it('a player who closed the page is away at once, and the host may replace them', () => {
    const { t, ann, bob } = started('live');
    t.close(bob);
    expect(bobAway(t)).toBe(true);
    t.send(ann, { type: 'bot', seat: 1, on: true });
    expect(t.errors(ann)).toEqual([]);
    expect(t.table.meta.outOfTime).toEqual([]);
  });
});
