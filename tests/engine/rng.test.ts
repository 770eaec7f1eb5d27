/**
 * The game generator (ChaCha20 keystream, shared/engine/rng.ts): known answers that pin the
 * stream, so that a change of library or of seeding cannot silently change every deal; exact
 * replays from JSON; and uniform draws.
 */
import { chacha20 } from '@noble/ciphers/chacha.js';
import { describe, expect, it } from 'vitest';
import {
  cloneRng,
  nextInt,
  nextUint32,
  type RngState,
  seedRng,
  shuffleInPlace,
} from '../../shared/engine/rng.ts';

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The generator's words as bytes, little-endian, as RFC 8439 writes the keystream. */
function streamBytes(state: RngState, words: number): string {
  const bytes = new Uint8Array(words * 4);
  for (let i = 0; i < words; i++) {
    const w = nextUint32(state);
    for (let b = 0; b < 4; b++) bytes[i * 4 + b] = (w >>> (8 * b)) & 0xff;
  }
  return hex(bytes);
}

/** shuffleInPlace([0 … 29], seedRng('hoopla')), pinned when the generator was introduced. */
const SHUFFLED = [
  5, 14, 4, 23, 19, 22, 27, 9, 15, 29, 20, 21, 25, 18, 10, 8, 24, 28, 26, 1, 3, 2, 12, 0, 7, 17, 16,
  11, 6, 13,
];

const draws = (state: RngState, n: number) => Array.from({ length: n }, () => nextUint32(state));

describe('the generator: known answers', () => {
  it('is the ChaCha20 keystream of RFC 8439 (A.1, test vectors #1 and #2: zero key and nonce)', () => {
    const state: RngState = { key: '00'.repeat(32), counter: 0 };
    // Block 0, then block 1: the second 16 words come from the next block.
    expect(streamBytes(state, 32)).toBe(
      '76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7' +
        'da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586' +
        '9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed' +
        '29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f',
    );
    expect(state.counter).toBe(32);
  });

  it('reads the keystream word after word, across the blocks and chunks it is made in', () => {
    const key = Uint8Array.from({ length: 32 }, (_, i) => 255 - i);
    const stream = chacha20(key, new Uint8Array(12), new Uint8Array(300 * 4));
    const state: RngState = { key: hex(key), counter: 0 };
    expect(streamBytes(state, 300)).toBe(hex(stream));
  });

  it('uses a library that still encrypts RFC 8439 §2.4.2 as the RFC does', () => {
    const key = Uint8Array.from({ length: 32 }, (_, i) => i);
    const nonce = Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0x4a, 0, 0, 0, 0]);
    const text =
      "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.";
    const plain = Uint8Array.from(text, (ch) => ch.charCodeAt(0));
    expect(hex(chacha20(key, nonce, plain, undefined, 1))).toBe(
      '6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b' +
        'f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8' +
        '07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736' +
        '5af90bbf74a35be6b40b8eedf2785e42874d',
    );
  });

  it('keys a game with the SHA-256 of its seed, and deals from it as it always has', () => {
    const state = seedRng('hoopla');
    expect(state).toEqual({
      key: 'c5beba6dd9a4d5635f940618c885818b5abf0fc837349b9271f653abb0b05737',
      counter: 0,
    });
    expect(draws(state, 4)).toEqual([3978947803, 2407719408, 714716863, 4192054487]);
    const deck = Array.from({ length: 30 }, (_, i) => i);
    const rng = seedRng('hoopla');
    expect(shuffleInPlace(deck, rng)).toEqual(SHUFFLED);
    expect(rng.counter).toBe(4); // several swaps per word (see shuffleInPlace)
  });
});

describe('the generator: replays', () => {
  it('is plain JSON, and a JSON copy taken mid-stream goes on with the same numbers', () => {
    const state = seedRng('replay');
    draws(state, 37); // past two block boundaries
    const json = JSON.stringify(state);
    expect(JSON.parse(json)).toEqual(state);
    const copy = JSON.parse(json) as RngState;
    expect(draws(copy, 100)).toEqual(draws(state, 100));
    expect(copy).toEqual(state);
  });

  it('gives the same numbers from the same seed, however other games interleave their draws', () => {
    const alone = draws(seedRng('game A'), 300);
    const [a, b, c] = ['game A', 'game B', 'game C'].map(seedRng) as [RngState, RngState, RngState];
    const interleaved: number[] = [];
    for (let i = 0; i < 300; i++) {
      interleaved.push(nextUint32(a));
      for (let k = 0; k < i % 5; k++) nextUint32(b);
      if (i % 7 === 0) draws(c, 70); // more than the cache holds at once
    }
    expect(interleaved).toEqual(alone);
  });

  it('advances a clone without touching the original', () => {
    const state = seedRng('clone');
    draws(state, 5);
    const copy = cloneRng(state);
    const next = draws(copy, 20);
    expect(state.counter).toBe(5);
    expect(draws(state, 20)).toEqual(next);
  });

  it('differs from seed to seed', () => {
    const seen = new Set<string>();
    for (const seed of ['a', 'b', 'A', 'a ', 'ab', 'ba', '', 'é']) {
      const state = seedRng(seed);
      expect(state.key).toMatch(/^[0-9a-f]{64}$/);
      seen.add(state.key);
      seen.add(draws(state, 4).join());
    }
    expect(seen.size).toBe(16);
  });

  it('refuses to go past the end of the stream rather than repeat it', () => {
    const state: RngState = { key: seedRng('end').key, counter: (2 ** 30 - 1) * 64 - 1 };
    expect(() => nextUint32(state)).not.toThrow();
    expect(() => nextUint32(state)).toThrow(/used up/);
  });
});

describe('the generator: nextInt', () => {
  it('stays within [0, n) for small, awkward and huge n', () => {
    const state = seedRng('range');
    for (const n of [1, 2, 3, 7, 52, 84, 104, 1000, 2 ** 31 + 1, 3 * 2 ** 30, 2 ** 32]) {
      for (let i = 0; i < 2000; i++) {
        const x = nextInt(state, n);
        expect(Number.isInteger(x) && x >= 0 && x < n).toBe(true);
      }
    }
  });

  /**
   * Pearson's chi-square statistic of `count` draws of nextInt(n), in `k` equal bins, against the
   * uniform law.
   */
  function chiSquare(seed: string, n: number, k: number, count: number): number {
    const state = seedRng(seed);
    const bins = new Array<number>(k).fill(0);
    for (let i = 0; i < count; i++) bins[Math.floor(nextInt(state, n) / (n / k))]!++;
    const expected = count / k;
    return bins.reduce((sum, o) => sum + (o - expected) ** 2 / expected, 0);
  }

  it('is roughly uniform (chi-square, fixed seeds, below the 0.1% critical values)', () => {
    expect(chiSquare('uniform 10', 10, 10, 100_000)).toBeLessThan(27.88); // 9 degrees of freedom
    expect(chiSquare('uniform 52', 52, 52, 104_000)).toBeLessThan(86.66); // 51
    // A quarter of all words is rejected for this n, which tests the rejection sampling.
    expect(chiSquare('uniform 3·2^30', 3 * 2 ** 30, 3, 30_000)).toBeLessThan(13.82); // 2
  });

  it('puts every card in every place about equally often, across the words a shuffle uses', () => {
    const n = 30; // several swaps per word: a shuffle takes about four words
    const state = seedRng('places');
    const counts = new Array<number>(n * n).fill(0);
    for (let k = 0; k < 30_000; k++) {
      const cards = shuffleInPlace(
        Array.from({ length: n }, (_, i) => i),
        state,
      );
      for (let place = 0; place < n; place++) counts[cards[place]! * n + place]!++;
    }
    const chi = counts.reduce((sum, o) => sum + (o - 1000) ** 2 / 1000, 0);
    expect(chi).toBeLessThan(973.5); // (30 - 1)² degrees of freedom, 0.1%
  });

  it('shuffles every arrangement about equally often', () => {
    const state = seedRng('arrangements');
    const counts = new Map<string, number>();
    for (let i = 0; i < 24_000; i++) {
      const key = shuffleInPlace(['a', 'b', 'c', 'd'], state).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(24);
    let chi = 0;
    for (const c of counts.values()) chi += (c - 1000) ** 2 / 1000;
    expect(chi).toBeLessThan(49.73); // 23 degrees of freedom, 0.1%
  });
});
