/**
 * A move's identity, whatever form it came in: two moves are the same when their keys are. A
 * move's fields may come in any order (a page writes them in its own), and the cards it names,
 * or a HiLO opening's cells, are a set: the same cards in another order are the same move
 * (CONTRACT §1 compares legal moves so).
 */

/** The fields whose lists are sets. */
const SETS = new Set(['cards', 'cells']);

/** The canonical text of `move`: fields sorted by name, sets sorted, nothing undefined. */
export function moveKey(move: unknown): string {
  return keyOf(move, false);
}

/** Whether `a` and `b` are the same move. */
export const sameMove = (a: unknown, b: unknown): boolean => moveKey(a) === moveKey(b);

function keyOf(x: unknown, set: boolean): string {
  if (Array.isArray(x)) {
    const items = x.map((item) => keyOf(item, false));
    if (set) items.sort();
    return `[${items.join(',')}]`;
  }
  if (typeof x === 'object' && x !== null) {
    const fields = Object.entries(x)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => `${JSON.stringify(name)}:${keyOf(value, SETS.has(name))}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(x);
}
