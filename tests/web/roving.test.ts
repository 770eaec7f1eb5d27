import { createRoot } from 'solid-js';
import { describe, expect, it } from 'vitest';
import { createRoving, nextKey } from '../../web/src/ui/roving.ts';

const grid = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];

describe('nextKey', () => {
  it('moves along a row among playable cards only, stopping at the ends', () => {
    const live = ['a', 'c', 'e'];
    expect(nextKey(grid, live, 'a', 'ArrowRight', Infinity)).toBe('c');
    expect(nextKey(grid, live, 'c', 'ArrowLeft', Infinity)).toBe('a');
    expect(nextKey(grid, live, 'a', 'ArrowLeft', Infinity)).toBe('a');
    expect(nextKey(grid, live, 'e', 'ArrowRight', Infinity)).toBe('e');
    expect(nextKey(grid, live, 'c', 'End', Infinity)).toBe('e');
    expect(nextKey(grid, live, 'e', 'Home', Infinity)).toBe('a');
    expect(nextKey(grid, live, 'a', 'Enter', Infinity)).toBeNull();
    expect(nextKey(grid, [], 'a', 'Home', Infinity)).toBeNull();
  });

  it('keeps the column going up and down a grid, else takes the nearest one', () => {
    // a b c
    // d e f
    // g h i
    expect(nextKey(grid, grid, 'b', 'ArrowDown', 3)).toBe('e');
    expect(nextKey(grid, grid, 'h', 'ArrowUp', 3)).toBe('e');
    expect(nextKey(grid, ['b', 'd', 'i'], 'b', 'ArrowDown', 3)).toBe('d');
    expect(nextKey(grid, ['b', 'd', 'g'], 'd', 'ArrowDown', 3)).toBe('g');
    expect(nextKey(grid, ['b', 'd'], 'b', 'ArrowUp', 3)).toBeNull();
  });
});

describe('createRoving', () => {
  it('puts exactly one playable card in the tab order and follows focus', () => {
    createRoot((dispose) => {
      let playable = new Set(['b', 'c']);
      const r = createRoving(
        () => ['a', 'b', 'c'],
        (k) => playable.has(k),
      );
      expect(['a', 'b', 'c'].map(r.tabIndex)).toEqual([-1, 0, -1]);
      r.focused('c');
      expect(['a', 'b', 'c'].map(r.tabIndex)).toEqual([-1, -1, 0]);
      r.focused('a'); // not playable: Tab stays where it was
      expect(r.tabIndex('c')).toBe(0);
      playable = new Set();
      dispose();
    });
  });

  it('takes no card into the tab order when none can be played', () => {
    createRoot((dispose) => {
      const r = createRoving(
        () => ['a', 'b'],
        () => false,
      );
      expect(['a', 'b'].map(r.tabIndex)).toEqual([-1, -1]);
      dispose();
    });
  });
});
