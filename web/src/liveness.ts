/**
 * When the page gives up on its table socket for a new one. A phone that changes networks, or a
 * laptop that sleeps, can leave a socket that looks open but carries nothing: the page hears from
 * the table at least once a ping (the runtime answers every `ping` with `pong`), so a socket silent
 * for two pings and more is dead; a new socket has a few seconds to open; and after the tab comes
 * back into view, or the device back online, one ping must be answered at once.
 */

/**
 * How often the page pings the table (the table answers without waking): two missed pings and a
 * margin are the table's SILENCE_MS (shared/table/limits.ts), after which a seat is away.
 */
export const PING_MS = 20_000;
/** Heard nothing for this long: the socket is dead. */
export const SILENT_MS = 2 * PING_MS + 5_000;
/** A socket that has not opened within this long is given up. */
export const OPEN_MS = 5_000;
/** A check ping (after waking up, or coming online) answered within this long, or a new socket. */
export const PROBE_MS = 5_000;
/** How often the page looks. */
export const WATCH_MS = 2_500;

export interface SocketLife {
  /** Whether the socket has opened. */
  open: boolean;
  /** When it was made, and when anything last came from the table on it. */
  madeAt: number;
  heardAt: number;
  /** When a check ping went out that nothing has answered yet, if one did. */
  probedAt: number | null;
}

export type Verdict = 'ok' | 'slow' | 'silent' | 'unanswered';

/** Whether to keep a socket at `now`, or why to open a new one. */
export function verdict(life: SocketLife, now: number): Verdict {
  if (!life.open) return now - life.madeAt >= OPEN_MS ? 'slow' : 'ok';
  if (now - life.heardAt >= SILENT_MS) return 'silent';
  if (life.probedAt !== null && life.heardAt < life.probedAt && now - life.probedAt >= PROBE_MS)
    return 'unanswered';
  return 'ok';
}
