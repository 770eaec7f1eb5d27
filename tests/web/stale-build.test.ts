/** When a chunk that fails to load reloads the page (web/src/stale-build.ts). */
import { describe, expect, it } from 'vitest';
import { parseReload, RETRY_MS, shouldReload } from '../../web/src/stale-build.ts';

const OLD = 'https://hoopla.example/assets/index-0ld.js';
const NEW = 'https://hoopla.example/assets/index-n3w.js';
const at = 1_000_000;

describe('a chunk that fails to load', () => {
  it('reloads a page that has not reloaded for one yet', () => {
    expect(shouldReload(null, OLD, at, true)).toBe(true);
  });

  it('does not reload again when the reload brought the same build: the chunk is gone', () => {
    const last = { build: OLD, at };
    expect(shouldReload(last, OLD, at + 1, true)).toBe(false);
    expect(shouldReload(last, OLD, at + RETRY_MS - 1, true)).toBe(false);
    // Long after, the same failure may have been a passing one: one more try.
    expect(shouldReload(last, OLD, at + RETRY_MS, true)).toBe(true);
    // A clock set back is no reason to stop for good.
    expect(shouldReload(last, OLD, at - 1, true)).toBe(true);
  });

  it('reloads a page that came onto a new build, whenever the next deploy leaves it behind', () => {
    expect(shouldReload({ build: OLD, at }, NEW, at + 1, true)).toBe(true);
  });

  it('never reloads offline, where a reload would lose the page', () => {
    expect(shouldReload(null, OLD, at, false)).toBe(false);
    expect(shouldReload({ build: OLD, at }, NEW, at + RETRY_MS, false)).toBe(false);
  });

  it('reads back what it wrote, and nothing else', () => {
    expect(parseReload(JSON.stringify({ build: OLD, at }))).toEqual({ build: OLD, at });
    for (const raw of [null, '', 'null', '{', '42', '{"build":1,"at":2}', '{"build":"x"}']) {
      expect(parseReload(raw), String(raw)).toBeNull();
    }
  });
});
