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

describe('the wish to be notified', () => {
  it('is kept per table, and goes with the seat', () => {
    saved.holdSeat('a', 0, 'token-a');
    saved.holdSeat('b', 1, 'token-b');
    saved.setNotify('a', true);
    saved.setNotify('b', true);
    saved.setNotify('b', true);
    expect(saved.notify('a')).toBe(true);
    expect(saved.notifying()).toEqual(['b', 'a']);
    saved.setNotify('b', false);
    expect(saved.notify('b')).toBe(false);
    // Leaving the seat (or losing it) ends the wish: the next player there is someone else.
    saved.forgetSeat('a');
    expect(saved.notify('a')).toBe(false);
    expect(load('notify')).toBeNull();
    saved.forgetSeat('b');
  });

  it('is let go with the oldest tables past twelve', () => {
    saved.holdSeat('t0', 0, 'token-0');
    saved.setNotify('t0', true);
    for (let i = 1; i < 13; i++) saved.holdSeat(`t${i}`, 0, `token-${i}`);
    expect(saved.notify('t0')).toBe(false);
    for (const h of saved.heldSeats()) saved.forgetSeat(h.id);
  });

  it('survives a list written by hand', () => {
    store('notify', '{"a":1}');
    expect(saved.notifying()).toEqual([]);
    store('notify', '["x", 3, null]');
    expect(saved.notifying()).toEqual(['x']);
    store('notify', null);
  });
});
