/**
 * A seeded PRNG (sfc32) whose whole state is four 32-bit integers, so it lives in the game state
 * as plain JSON and a replay from the same seed gives the same game. Never sent to clients (ALL-1).
 */
export type RngState = [number, number, number, number];

/** Hashes a seed string into a PRNG state (cyrb128), then warms the generator up. */
export function seedRng(seed: string): RngState {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  const state: RngState = [
    (h1 ^ h2 ^ h3 ^ h4) >>> 0,
    (h2 ^ h1) >>> 0,
    (h3 ^ h1) >>> 0,
    (h4 ^ h1) >>> 0,
  ];
  for (let i = 0; i < 15; i++) nextUint32(state);
  return state;
}

/** Advances `state` in place and returns the next 32-bit unsigned integer. */
export function nextUint32(state: RngState): number {
  let [a, b, c, d] = state;
  const t = (((a + b) | 0) + d) | 0;
  d = (d + 1) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) | 0;
  state[0] = a >>> 0;
  state[1] = b >>> 0;
  state[2] = c >>> 0;
  state[3] = d >>> 0;
  return t >>> 0;
}

/** A uniform integer in [0, n), advancing `state` in place. Rejection sampling avoids modulo bias. */
export function nextInt(state: RngState, n: number): number {
  const limit = 0x100000000 - (0x100000000 % n);
  let x = nextUint32(state);
  while (x >= limit) x = nextUint32(state);
  return x % n;
}

/** Fisher–Yates shuffle of `items` in place, advancing `state` in place. */
export function shuffleInPlace<T>(items: T[], state: RngState): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = nextInt(state, i + 1);
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
  return items;
}
