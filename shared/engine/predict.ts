/**
 * A move's effect on its mover's own view, known before the table answers (Game.predict): the
 * page shows it in the next frame and puts the table's view in its place when that arrives. What
 * only the table can tell (a card drawn from the deck, a face-down card turned up, an answer that
 * others have sealed) is pending: a stand-in stands where it will be.
 */

/** Where a value sits in a view: keys and indexes from its root. */
export type ViewPath = readonly (string | number)[];

export interface Prediction<View> {
  /**
   * The mover's next view as far as the mover can know it. At a pending path a stand-in: a card
   * back (`{ hidden: true }`) for a card, an empty list for moves not yet known.
   */
  view: View;
  /** The parts of `view` the table alone can tell, each replaced whole when its view arrives. */
  pending: ViewPath[];
}

/** What a card the mover will see, but does not know yet, shows as meanwhile. */
export const PENDING_CARD = { hidden: true } as const;

/** `view` with the value at `path` replaced (copies along the path; `view` is left as it was). */
export function setAt<T>(view: T, path: ViewPath, value: unknown): T {
  if (path.length === 0) return value as T;
  const [key, ...rest] = path;
  const node = view as Record<string | number, unknown>;
  const copy = (Array.isArray(node) ? node.slice() : { ...node }) as Record<
    string | number,
    unknown
  >;
  copy[key as string | number] = setAt(node[key as string | number], rest, value);
  return copy as T;
}

/** The value at `path` in `view`, undefined where the path leads nowhere. */
export function valueAt(view: unknown, path: ViewPath): unknown {
  let node = view;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string | number, unknown>)[key as string | number];
  }
  return node;
}
