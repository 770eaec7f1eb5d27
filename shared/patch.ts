/**
 * Compact patches between two JSON values, for sending a seat only what changed in its view since
 * the previous version. An op sets the value at a path (an empty path replaces the whole value) or,
 * without a value, deletes an object key. Arrays whose length changed are sent whole: views hold
 * short arrays (hands, rows, lists of moves), and a whole hand is smaller than its edit script.
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
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    for (let i = 0; i < after.length; i++) diff(before[i], after[i], [...at, i], ops);
    return ops;
  }
  if (isObject(before) && isObject(after)) {
    // Own keys only: a key such as "toString" is data here, not something inherited.
    for (const key of Object.keys(before)) if (!Object.hasOwn(after, key)) ops.push([[...at, key]]);
    for (const key of Object.keys(after)) {
      const old = Object.hasOwn(before, key) ? before[key] : undefined;
      diff(old, after[key], [...at, key], ops);
    }
    return ops;
  }
  if (
    typeof before !== 'object' ||
    typeof after !== 'object' ||
    before === null ||
    after === null
  ) {
    if (before !== after) ops.push([at, after]);
    return ops;
  }
  ops.push([at, after]);
  return ops;
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
