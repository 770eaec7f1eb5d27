/** What the browser remembers of the tables it sits at, for the home page's "Your tables". */
import './browser-globals.ts';
import { describe, expect, it } from 'vitest';
import { load, saved, store } from '../../web/src/saved.ts';

describe('held seats', () => {
  it('are listed newest first, one per table, and forgotten with their token', () => {
    saved.holdSeat('a', 0, 'token-a');
    saved.holdSeat('b', 2, 'token-b');
    saved.holdSeat('a', 1, 'token-a2');
    expect(saved.heldSeats().map((h) => [h.id, h.seat])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(saved.token('a')).toBe('token-a2');
    saved.forgetSeat('a');
    expect(saved.token('a')).toBeNull();
    expect(saved.heldSeats().map((h) => h.id)).toEqual(['b']);
    saved.forgetSeat('b');
    expect(load('tables')).toBeNull();
  });

  it('keep the twelve newest tables, and let the others’ tokens go', () => {
    for (let i = 0; i < 14; i++) saved.holdSeat(`t${i}`, 0, `token-${i}`);
    const ids = saved.heldSeats().map((h) => h.id);
    expect(ids).toHaveLength(12);
    expect(ids[0]).toBe('t13');
    expect(ids).not.toContain('t1');
    expect(saved.token('t0')).toBeNull();
    expect(saved.token('t2')).toBe('token-2');
    for (const id of ids) saved.forgetSeat(id);
  });

  it('survive a list written by hand or by an older page', () => {
    store('tables', '{not json');
    expect(saved.heldSeats()).toEqual([]);
    store(
      'tables',
      JSON.stringify([
        { id: 'x', seat: 'one', at: 1 },
        { id: 'y', seat: 1, at: 2 },
      ]),
    );
    expect(saved.heldSeats().map((h) => h.id)).toEqual(['y']);
    store('tables', null);
  });
});
