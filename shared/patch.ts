/**
 * Compact patches between two JSON values, for sending a seat only what changed in its view since
 * the previous version. An op sets the value at a path (an empty path replaces the whole value) or,
 * without a value, deletes an object key. What a move typically does to a view is cheap to say:
 * - an array that grew at its end (a discard pile, a log) by no more than it held sets only its
 *   new items, by index;
 * - an array that shrank or changed within is sent whole: views hold short arrays (hands, rows,
 *   lists of moves), and a whole hand is smaller than its edit script;
 * - an object that kept none of its keys (a card turned face up: `{ hidden: true }` becoming
 *   `{ id, v, c }`) is sent whole, in one op rather than one per key.
 * Every op is one a plain "set this path" or "delete this key" applier understands.
 */
export type Path = (string | number)[];
export type PatchOp = [path: Path, value: unknown] | [path: Path];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The ops that turn `before` into `after` (both plain JSON). */
export function diff(
  before: unknown,
  after: unknown,
  at: Path = [],
  ops: PatchOp[] = [],
): PatchOp[] {
  if (before === after) return ops;
  if (Array.isArray(before) && Array.isArray(after)) {
    if (before.length === after.length) {
      for (let i = 0; i < after.length; i++) diff(before[i], after[i], [...at, i], ops);
      return ops;
    }
    const added = after.length - before.length;
    if (added > 0 && added <= before.length && isPrefix(before, after)) {
      for (let i = before.length; i < after.length; i++) ops.push([[...at, i], after[i]]);
      return ops;
    }
    ops.push([at, after]);
    return ops;
  }
  if (isObject(before) && isObject(after)) {
    const keys = Object.keys(before);
    // Own keys only: a key such as "toString" is data here, not something inherited.
    if (keys.length > 0 && !keys.some((key) => Object.hasOwn(after, key))) {
      ops.push([at, after]);
      return ops;
    }
    for (const key of keys) if (!Object.hasOwn(after, key)) ops.push([[...at, key]]);
    for (const key of Object.keys(after)) {
      const old = Object.hasOwn(before, key) ? before[key] : undefined;
      diff(old, after[key], [...at, key], ops);
    }
    return ops;
  }
  if (before !== after) ops.push([at, after]);
  return ops;
}

/** Whether two JSON values are the same value (objects compared by their keys, in any order). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
}

/** Whether `after` begins with every item of `before`, unchanged. */
function isPrefix(before: readonly unknown[], after: readonly unknown[]): boolean {
  for (let i = 0; i < before.length; i++) if (diff(before[i], after[i]).length > 0) return false;
  return true;
}

/** `value` with the ops applied; `value` itself is left as it was (changed paths are copied). */
export function applyPatch(value: unknown, ops: readonly PatchOp[]): unknown {
  let root = value;
  for (const op of ops) root = applyOp(root, op[0], 0, op);
  return root;
}

function applyOp(node: unknown, path: Path, depth: number, op: PatchOp): unknown {
  if (depth === path.length) return op[1];
  const key = path[depth]!;
  const copy: Record<string | number, unknown> = Array.isArray(node)
    ? (node.slice() as unknown as Record<number, unknown>)
    : { ...(node as Record<string, unknown>) };
  if (depth === path.length - 1 && op.length === 1) {
    delete copy[key];
    return copy;
  }
  const child = Object.hasOwn(copy, key) ? copy[key] : undefined;
  // Defined, not assigned: a key named "__proto__" is data, never the object's prototype.
  Object.defineProperty(copy, key, {
    value: applyOp(child, path, depth + 1, op),
    writable: true,
    enumerable: true,
    configurable: true,
  });
  return copy;
}
