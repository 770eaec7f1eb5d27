/**
 * Choices made with a plain random stream (`() => number` in [0, 1)), as bots and searches use
 * it; the game's own seeded stream is in rng.ts.
 */

/** One of `items`, chosen with `random`; there must be at least one. */
export function randomPick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new RangeError('nothing to pick from');
  return item;
}

/** Shuffles `items` in place with the search's random stream (Fisher–Yates), for dealing worlds. */
export function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const item = items[i] as T;
    items[i] = items[j] as T;
    items[j] = item;
  }
  return items;
}
