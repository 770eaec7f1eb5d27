/** Patches between JSON values (shared/patch.ts): applying the diff of two values gives the second. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPatch, diff } from '../../shared/patch.ts';
import { hiloAdapter } from './hilo/adapter.ts';
import { deepFreeze, playGame } from './support/properties.ts';

/** JSON as views hold it: objects, arrays, strings, numbers, booleans and null. */
const json = fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);

describe('patches', () => {
  it('turn any JSON value into any other, leaving the first as it was', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        const before = deepFreeze(JSON.parse(JSON.stringify(a)) as unknown);
        expect(applyPatch(before, diff(before, b))).toEqual(b);
      }),
      { numRuns: 2000 },
    );
  });

  it('turn a value into a small change of itself with a small patch', () => {
    const a = {
      players: [
        { hand: [1, 2, 3], score: 4 },
        { hand: [5], score: 6 },
      ],
      phase: 'play',
    };
    const b = {
      players: [
        { hand: [1, 2, 3], score: 5 },
        { hand: [5], score: 6 },
      ],
      phase: 'play',
    };
    expect(diff(a, b)).toEqual([[['players', 0, 'score'], 5]]);
    expect(diff(a, a)).toEqual([]);
    expect(diff({ a: 1, b: 2 }, { a: 1 })).toEqual([[['b']]]);
    expect(applyPatch({ a: 1, b: 2 }, [[['b']]])).toEqual({ a: 1 });
    expect(applyPatch(a, [[[], 7]])).toBe(7);
  });

  it('send only the new items of an array that grew at its end', () => {
    const pile = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `c${i}`, v: i }));
    expect(diff({ discard: pile(5) }, { discard: pile(7) })).toEqual([
      [['discard', 5], { id: 'c5', v: 5 }],
      [['discard', 6], { id: 'c6', v: 6 }],
    ]);
    expect(
      applyPatch({ discard: pile(5) }, diff({ discard: pile(5) }, { discard: pile(7) })),
    ).toEqual({
      discard: pile(7),
    });
    // Changed within, shrunk, or more than doubled: whole.
    const changed = [{ id: 'x', v: 9 }, ...pile(6).slice(1)];
    expect(diff({ d: pile(5) }, { d: changed })).toEqual([[['d'], changed]]);
    expect(diff({ d: pile(5) }, { d: pile(4) })).toEqual([[['d'], pile(4)]]);
    expect(diff({ d: pile(2) }, { d: pile(5) })).toEqual([[['d'], pile(5)]]);
    expect(diff({ d: [] }, { d: pile(1) })).toEqual([[['d'], pile(1)]]);
  });

  it('send a card turned face up in one op', () => {
    const before = { layout: [[{ hidden: true }, { id: 'a', v: 3 }]] };
    const after = {
      layout: [
        [
          { id: 'b', v: 7, c: 'red' },
          { id: 'a', v: 3 },
        ],
      ],
    };
    expect(diff(before, after)).toEqual([[['layout', 0, 0], { id: 'b', v: 7, c: 'red' }]]);
    expect(diff(after, before)).toEqual([[['layout', 0, 0], { hidden: true }]]);
  });

  it('treat keys named like inherited properties as plain data', () => {
    for (const text of ['{"toString":1}', '{"valueOf":{}}', '{"__proto__":{"x":1}}']) {
      const b = JSON.parse(text) as unknown;
      const patched = applyPatch({}, diff({}, b));
      expect(JSON.stringify(patched)).toBe(text);
      expect(Object.getPrototypeOf(patched)).toBe(Object.prototype);
      expect(applyPatch(b, diff(b, {}))).toEqual({});
    }
  });

  it('carry each seat from one view of a real game to the next', () => {
    let checked = 0;
    playGame(hiloAdapter, { seed: 'p', players: 3, config: undefined, picks: 'p' }, (step) => {
      for (const seat of [null, 0, 1, 2]) {
        const before = hiloAdapter.game.view(step.before, seat);
        const after = hiloAdapter.game.view(step.after, seat);
        expect(applyPatch(before, diff(before, after))).toEqual(after);
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(100);
  });
});
