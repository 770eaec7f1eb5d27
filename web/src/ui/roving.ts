/**
 * Roving focus for a row or grid of cards: only one playable card is in the tab order, so Tab
 * goes from the cards to the actions in one step, and the arrow keys (plus Home and End) move
 * between the playable cards. Cards that cannot be played now are skipped, yet stay readable.
 */
import { createMemo, createSignal } from 'solid-js';

export interface Roving {
  /** 0 for the one card that Tab reaches, -1 for every other. */
  tabIndex(key: string): 0 | -1;
  /** Give each card's element, so the arrow keys can move focus to it. */
  register(key: string, el: HTMLElement): void;
  /** Call when a card gains focus (a click counts): Tab comes back to it. */
  focused(key: string): void;
  onKeyDown(e: KeyboardEvent): void;
}

/**
 * The key an arrow press moves to from `from`, among `live` (the playable keys, in reading
 * order), in a grid of `columns` (Infinity for one row), or null to stay.
 */
export function nextKey(
  order: readonly string[],
  live: readonly string[],
  from: string,
  key: string,
  columns: number,
): string | null {
  if (live.length === 0) return null;
  if (key === 'Home') return live[0]!;
  if (key === 'End') return live[live.length - 1]!;
  const at = live.indexOf(from);
  const step = key === 'ArrowLeft' ? -1 : key === 'ArrowRight' ? 1 : 0;
  if (step !== 0) return live[Math.min(live.length - 1, Math.max(0, at + step))] ?? null;
  if (key !== 'ArrowUp' && key !== 'ArrowDown') return null;
  if (!Number.isFinite(columns))
    return live[Math.max(0, at + (key === 'ArrowUp' ? -1 : 1))] ?? null;
  // Up and down keep the column where they can: the nearest playable card above or below, the
  // nearest column first.
  const pos = order.indexOf(from);
  const row = Math.floor(pos / columns);
  const col = pos % columns;
  let best: string | null = null;
  let bestCost = Number.POSITIVE_INFINITY;
  for (const k of live) {
    const p = order.indexOf(k);
    const r = Math.floor(p / columns);
    const down = r - row;
    if (key === 'ArrowUp' ? down >= 0 : down <= 0) continue;
    const cost = Math.abs(down) * 100 + Math.abs((p % columns) - col);
    if (cost < bestCost) {
      best = k;
      bestCost = cost;
    }
  }
  return best;
}

/**
 * `order`: every card's key in reading order; `playable`: which may be played now; `columns`:
 * for a grid, how many cards make a row.
 */
export function createRoving(
  order: () => readonly string[],
  playable: (key: string) => boolean,
  columns: () => number = () => Number.POSITIVE_INFINITY,
): Roving {
  const [last, setLast] = createSignal<string | null>(null);
  const elements = new Map<string, HTMLElement>();
  const live = createMemo(() => order().filter(playable));
  const active = createMemo(() => {
    const keys = live();
    const k = last();
    return k !== null && keys.includes(k) ? k : (keys[0] ?? null);
  });
  return {
    tabIndex: (key) => (active() === key ? 0 : -1),
    register: (key, el) => {
      elements.set(key, el);
    },
    focused: (key) => {
      if (live().includes(key)) setLast(key);
    },
    onKeyDown(e) {
      const from = active();
      if (from === null) return;
      const to = nextKey(order(), live(), from, e.key, columns());
      if (to === null) return;
      e.preventDefault();
      setLast(to);
      elements.get(to)?.focus();
    },
  };
}
