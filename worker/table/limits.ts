/** What one table accepts from its sockets: rates, sizes and counts, in one place (README: "Hygiene"). */

/** A create-table body is a few hundred bytes; a larger one is refused before it is read. */
export const MAX_CREATE_BODY_BYTES = 4096;

/** Per-connection flood control: a token bucket, and a strike count that ends abusive sockets. */
export const RATE_PER_SECOND = 10;
export const BURST = 20;
/** Refused messages in a row after which the socket is closed. */
export const MAX_STRIKES = 20;
/** Malformed messages (bad JSON, unknown types, binary frames) a socket may send before it is closed. */
export const MAX_BAD_MESSAGES = 20;

/**
 * Admission (CONTRACT §2). A socket says `join` within JOIN_WINDOW_MS of opening or is closed.
 * Until then it counts against its client's few (MAX_UNJOINED_PER_CLIENT: one more is refused)
 * and the table's (MAX_UNJOINED: the oldest gives way); sockets the table has closed count
 * toward nothing. At `join` a token that holds
 * a seat always gets in (its oldest tab gives way past MAX_TABS_PER_SEAT); everyone else is a
 * spectator, MAX_SPECTATORS at most.
 */
export const JOIN_WINDOW_MS = 10_000;
export const MAX_UNJOINED_PER_CLIENT = 4;
export const MAX_UNJOINED = 32;
export const MAX_TABS_PER_SEAT = 6;
export const MAX_SPECTATORS = 100;

/**
 * A socket the table has heard nothing from for this long (no message, no automatic ping answer:
 * more than two of the page's 25 s pings, with room for a background tab's slower timers) is
 * away: shown so, and its seat replaceable by the host.
 */
export const SILENCE_MS = 75_000;

/** A socket's `heardAt` is noted at most this often: its identity is not free to write. */
export const HEARD_GRAIN_MS = 10_000;

/** Tables nobody has touched for this long are deleted, storage and all (README: "Clean-up"). */
export const IDLE_MS = 14 * 24 * 60 * 60 * 1000;

/** ALL-3: a table's bots stop once nobody has been connected for this long. */
export const NOBODY_MS = 24 * 60 * 60 * 1000;

/**
 * Who a client is, for limits: its address as Cloudflare's edge reports it, an IPv6 address by
 * its /64 (one home or phone network holds a whole /64, so the full address is no limit at all).
 */
export function clientKey(address: string | null | undefined): string {
  if (!address) return 'unknown';
  if (!address.includes(':')) return address;
  const last = address.slice(address.lastIndexOf(':') + 1);
  if (last.includes('.')) return last; // an IPv4 address written as IPv6
  const [head = '', tail = ''] = address.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [
        ...front,
        ...new Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'),
        ...back,
      ]
    : front;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

/** Table summaries go out at most this often; changes in between are sent together. */
export const TABLE_BROADCAST_MS = 250;

/** At most `count` in any `windowMs`, and never two closer than `gapMs`. */
export interface Pace {
  count: number;
  windowMs: number;
  gapMs: number;
}

/**
 * Reactions, per seat (all of a player's tabs together). Beyond that they are refused: a table
 * is not a chat.
 */
export const REACTIONS: Pace = { count: 3, windowMs: 10_000, gapMs: 1_000 };

/**
 * Name changes, per seat (all of a player's tabs together) or, for spectators, per client. A
 * seat's new name is written with whatever else changed within RENAME_FLUSH_MS.
 */
export const RENAMES: Pace = { count: 4, windowMs: 10_000, gapMs: 0 };
export const RENAME_FLUSH_MS = 1_000;

/** Whether something done at `times` (oldest first) may be done at `now`; if so, it is noted. */
export function takePace(pace: Pace, times: number[], now: number): boolean {
  while (times[0] !== undefined && now - times[0] >= pace.windowMs) times.shift();
  const last = times[times.length - 1];
  if (times.length >= pace.count || (last !== undefined && now - last < pace.gapMs)) return false;
  times.push(now);
  return true;
}

export interface Bucket {
  tokens: number;
  at: number;
  strikes: number;
  bad: number;
}

export function newBucket(now: number): Bucket {
  return { tokens: BURST, at: now, strikes: 0, bad: 0 };
}

/** Takes one token if there is one; `strikes` counts refusals since the last accepted message. */
export function take(bucket: Bucket, now: number): boolean {
  bucket.tokens = Math.min(BURST, bucket.tokens + ((now - bucket.at) / 1000) * RATE_PER_SECOND);
  bucket.at = now;
  if (bucket.tokens >= 1) {
    bucket.tokens -= 1;
    bucket.strikes = 0;
    return true;
  }
  bucket.strikes += 1;
  return false;
}

/**
 * After a result (a contest decided, a player knocked out) the bots wait this many of their mean
 * delays, at least 2 s at the deployed 900 ms, so that people read it before the next move lands.
 */
export const RESULT_HOLD_DELAYS = 2.5;
