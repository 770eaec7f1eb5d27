import { chacha20 } from '@noble/ciphers/chacha.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The game's random generator: the ChaCha20 keystream (RFC 8439) under a key hashed from the
 * game's seed, read as little-endian 32-bit words. Why a cipher: ALL-1 says nothing about hidden
 * cards may reach a client, and that includes the generator's state. Every player sees many of
 * its outputs through the cards dealt and drawn; with a non-cryptographic generator (sfc32 before
 * this) those outputs can give away its state, and with it the order of the stock and every
 * other hand. A keystream reveals nothing of its key or of the words not yet seen.
 *
 * The state is plain JSON that lives in the game state (never in a view), so a replay from the
 * same seed, or from a JSON copy taken at any point, draws the same numbers:
 * - `key`: the ChaCha20 key, 64 hex digits (SHA-256 of the seed);
 * - `counter`: how many words have been drawn; word i is word i mod 16 of keystream block ⌊i/16⌋.
 * The nonce is all zeros: each key is one game's own stream.
 */
export type RngState = { key: string; counter: number };

/** Words made per call of the cipher: 4 blocks, as its fixed cost per call is that of ~4 blocks. */
const CHUNK_WORDS = 64;
const BLOCKS_PER_CHUNK = CHUNK_WORDS / 16;
const NONCE = new Uint8Array(12);
const ZEROS = new Uint8Array(CHUNK_WORDS * 4);
/** RFC 8439's block counter is 32 bits, and noble refuses its last value. */
const MAX_CHUNKS = Math.floor((2 ** 32 - 1) / BLOCKS_PER_CHUNK);

/** Keystream words already made: word i of `words` is word chunk * 64 + i of the key's stream. */
interface Chunk {
  key: string;
  keyBytes: Uint8Array;
  chunk: number;
  bytes: Uint8Array;
  words: Uint32Array;
}

function emptyChunk(): Chunk {
  const words = new Uint32Array(CHUNK_WORDS);
  return { key: '', keyBytes: new Uint8Array(32), chunk: -1, bytes: new Uint8Array(64 * 4), words };
}

/**
 * A shuffle reads words one after another, so the words made last are kept: consecutive draws
 * cost one cipher call per 64 numbers, not one each. Two entries, most recent first, so that two
 * generators drawn in turn (a game's and a bot's or a test's) do not evict each other. A cached
 * chunk is only ever what (key, chunk) determine, so sharing the cache between games is safe.
 */
const cache: [Chunk, Chunk] = [emptyChunk(), emptyChunk()];

function keystream(key: string, chunk: number): Uint32Array {
  const [first, second] = cache;
  if (first.chunk === chunk && first.key === key) return first.words;
  if (second.chunk === chunk && second.key === key) {
    cache[0] = second;
    cache[1] = first;
    return second.words;
  }
  // A miss: a game moving on refills its own entry, else the least recently used one goes.
  const entry = first.key === key ? first : second;
  if (chunk >= MAX_CHUNKS || chunk < 0) throw new Error('rng: the stream is used up');
  if (entry.key !== key) {
    entry.keyBytes = hexToBytes(key);
    entry.key = key;
  }
  chacha20(entry.keyBytes, NONCE, ZEROS, entry.bytes, chunk * BLOCKS_PER_CHUNK);
  // Little-endian words whatever the platform's byte order, as RFC 8439 serializes them.
  const { bytes, words } = entry;
  for (let i = 0, b = 0; i < CHUNK_WORDS; i++, b += 4) {
    words[i] =
      (bytes[b]! | (bytes[b + 1]! << 8) | (bytes[b + 2]! << 16) | (bytes[b + 3]! << 24)) >>> 0;
  }
  entry.chunk = chunk;
  cache[0] = entry;
  cache[1] = entry === first ? second : first;
  return words;
}

/** A fresh generator for one game: the key is the SHA-256 of the seed string (UTF-8). */
export function seedRng(seed: string): RngState {
  const keyBytes = sha256(utf8ToBytes(seed));
  const key = bytesToHex(keyBytes);
  // The new game draws next: its key goes into the older entry, saving the hex decoding.
  const entry = cache[1];
  entry.key = key;
  entry.keyBytes = keyBytes;
  entry.chunk = -1;
  return { key, counter: 0 };
}

/** A copy to advance, for code that must not mutate the state it was given. */
export function cloneRng(state: RngState): RngState {
  return { key: state.key, counter: state.counter };
}

/** Advances `state` in place and returns the next 32-bit unsigned integer. */
export function nextUint32(state: RngState): number {
  const n = state.counter;
  const word = keystream(state.key, Math.floor(n / CHUNK_WORDS))[n % CHUNK_WORDS]!;
  state.counter = n + 1;
  return word;
}

/**
 * A plain random stream in [0, 1) from a seed (random.ts's kind), for choices that must come out
 * the same every time from the same seed, such as a review of a finished game.
 */
export function seededRandom(seed: string): () => number {
  const state = seedRng(seed);
  return () => nextUint32(state) / 0x100000000;
}

/** A uniform integer in [0, n), advancing `state` in place. Rejection sampling avoids modulo bias. */
export function nextInt(state: RngState, n: number): number {
  const limit = 0x100000000 - (0x100000000 % n);
  let x = nextUint32(state);
  while (x >= limit) x = nextUint32(state);
  return x % n;
}

/**
 * Fisher–Yates shuffle of `items` in place, advancing `state` in place. Each word of the stream
 * makes several swaps (Lemire and Brackett's batched draws): the ranges i+1, i, … of successive
 * swaps are multiplied while the product fits in 32 bits, one uniform number below the product is
 * drawn, and its mixed-radix digits are the swap indices, each uniform and independent. A deck of
 * 84 takes about 16 words instead of 83.
 */
export function shuffleInPlace<T>(items: T[], state: RngState): T[] {
  let i = items.length - 1;
  while (i > 0) {
    let product = i + 1;
    let last = i; // the lowest index this word decides
    while (last > 1 && product * last <= 0x100000000) product *= last--;
    let x = nextInt(state, product);
    for (; i >= last && i > 0; i--) {
      // x % (i + 1) without %, which V8 computes slowly on numbers past 2^31; exact below 2^53.
      const q = Math.floor(x / (i + 1));
      const j = x - q * (i + 1);
      x = q;
      const tmp = items[i] as T;
      items[i] = items[j] as T;
      items[j] = tmp;
    }
  }
  return items;
}
