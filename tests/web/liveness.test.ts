/** When the page gives up on its table socket for a new one (web/src/liveness.ts). */
import { describe, expect, it } from 'vitest';
import { OPEN_MS, PING_MS, PROBE_MS, SILENT_MS, verdict } from '../../web/src/liveness.ts';

const opened = (heardAt: number, probedAt: number | null = null) => ({
  open: true,
  madeAt: 0,
  heardAt,
  probedAt,
});

describe('the table socket’s liveness', () => {
  it('gives a new socket a few seconds to open', () => {
    const opening = { open: false, madeAt: 1000, heardAt: 0, probedAt: null };
    expect(verdict(opening, 1000 + OPEN_MS - 1)).toBe('ok');
    expect(verdict(opening, 1000 + OPEN_MS)).toBe('slow');
  });

  it('keeps a socket that hears a pong every ping, and drops one silent for two pings', () => {
    expect(SILENT_MS).toBeGreaterThan(2 * PING_MS);
    expect(verdict(opened(10_000), 10_000 + PING_MS)).toBe('ok');
    expect(verdict(opened(10_000), 10_000 + 2 * PING_MS)).toBe('ok');
    expect(verdict(opened(10_000), 10_000 + SILENT_MS)).toBe('silent');
  });

  it('after waking up or coming online, wants its check ping answered at once', () => {
    // Asked at 50 s, heard last at 40 s: nothing by 55 s is a dead socket.
    expect(verdict(opened(40_000, 50_000), 50_000 + PROBE_MS - 1)).toBe('ok');
    expect(verdict(opened(40_000, 50_000), 50_000 + PROBE_MS)).toBe('unanswered');
    // An answer came: all is well, however long ago the check was.
    expect(verdict(opened(50_200, 50_000), 50_000 + PROBE_MS * 3)).toBe('ok');
  });
});
