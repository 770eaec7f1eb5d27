/** What one table accepts from its sockets: rates, sizes and counts, in one place (README: "Hygiene"). */

/** A create-table body is a few hundred bytes; a larger one is refused before it is read. */
export const MAX_CREATE_BODY_BYTES = 4096;

/**
 * An imported game (`POST /api/tables/import`) carries every move played in the browser: a long
 * game of a hundred rounds runs to a few thousand moves of a few dozen bytes each. The Worker
 * replays them all through the engine, so both are capped.
 */
export const MAX_IMPORT_BODY_BYTES = 256 * 1024;
export const MAX_IMPORT_MOVES = 5000;

/** Per-connection flood control: a token bucket, and a strike count that ends abusive sockets. */
export const RATE_PER_SECOND = 10;
export const BURST = 20;
/** Refused messages in a row after which the socket is closed. */
export const MAX_STRIKES = 20;
/** Malformed messages (bad JSON, unknown types, binary frames) a socket may send before it is closed. */
export const MAX_BAD_MESSAGES = 20;

/**
 * Admission (CONTRACT §2; README: "Who gets in"). A socket says `join` within JOIN_WINDOW_MS of
 * opening or is closed. A socket that presented a seat's token or the host key at the upgrade is
 * let in at once and counts toward no cap (past MAX_TABS_PER_SEAT of its own still to join, its
 * oldest gives way). Any other socket waits among at most MAX_UNJOINED; past that, the client
 * with the most waiting (`giveWay`) loses its own oldest, so a flood only ever closes its own
 * sockets. Sockets the table has closed count toward nothing.
 *
 * At `join`, a seat's token always gets in (its oldest tab gives way past MAX_TABS_PER_SEAT), and
 * so does the host key; everyone else watches, in MAX_SPECTATORS places, at most
 * MAX_SPECTATORS_PER_CLIENT of them per client. With the places full, a client holding more of
 * them than the newcomer's gives up its oldest; failing that, a newcomer still gets in while a
 * seat is free for them to take (one place more per free seat), and otherwise is closed.
 */
export const JOIN_WINDOW_MS = 10_000;
/** Enough for a crowd at once (a link on a stream, a code on a TV) to wait for its joins. */
export const MAX_UNJOINED = 256;
export const MAX_TABS_PER_SEAT = 6;
export const MAX_SPECTATORS = 100;
/** Half the places: a room on one network can watch together, and never fill a table alone. */
export const MAX_SPECTATORS_PER_CLIENT = 50;

/**
 * A socket the table has heard nothing from for this long is away: shown so, and its seat
 * replaceable by the host. The page pings every 20 s (web/src/liveness.ts), so this is two missed
 * pings with room for a slow network; the alarm looks at once, so silence is noticed within 60 s.
 */
export const SILENCE_MS = 50_000;

/** A socket's `heardAt` is noted at most this often: its identity is not free to write. */
export const HEARD_GRAIN_MS = 10_000;

/**
 * Tables nobody has touched for this long (no person's move or change, no page open) are
 * deleted, storage and all (docs/pacing.md: "Clean-up").
 */
export const IDLE_MS = 14 * 24 * 60 * 60 * 1000;

/** ALL-3: a live table's bots stop once nobody has been connected for this long. */
export const NOBODY_MS = 24 * 60 * 60 * 1000;

/**
 * A turn-based table pauses (no bot's move, no time-out) once nobody has had it open for this
 * long: its people are away by design, but not for a week on end.
 */
export const TURN_NOBODY_MS = 7 * 24 * 60 * 60 * 1000;

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

/**
 * The networks a client (clientKey) belongs to, widest first: an IPv6 /64 lies in a /56 (what a
 * home is commonly given) and a /48 (a site, or a mobile customer); an IPv4 address is itself.
 */
export function networksOf(client: string): string[] {
  const m = /^([0-9a-f]+):([0-9a-f]+):([0-9a-f]+):([0-9a-f]+)::\/64$/.exec(client);
  if (!m) return [client];
  const [, a, b, c, d = '0'] = m;
  const d56 = (Number.parseInt(d, 16) & 0xff00).toString(16);
  return [`${a}:${b}:${c}::/48`, `${a}:${b}:${c}:${d56}::/56`, client];
}

/** How many widths of network `networkAt` tells apart: /48, /56, /64 (IPv4: the address). */
export const NETWORK_LEVELS = 3;

/** A client's network at `level`, widest first (an IPv4 address is its own at every level). */
export function networkAt(client: string, level: number): string {
  const networks = networksOf(client);
  return networks[Math.min(level, networks.length - 1)] ?? client;
}

/** Whatever holds the most of `items` by `keyOf`; ties go to the one whose first item is first. */
function mostOf<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  let most: T[] = [];
  for (const group of groups.values()) if (group.length > most.length) most = group;
  return most;
}

/**
 * Which of `items` (oldest first) gives way when there are too many: the /48 (or IPv4 address)
 * holding the most, within it the /56 holding the most, within that the /64 holding the most,
 * and of those its oldest. A flood from one network closes only its own, however many
 * addresses it spreads over.
 */
export function giveWay<T>(items: readonly T[], clientOf: (item: T) => string): T | undefined {
  let group = items;
  for (let level = 0; level < NETWORK_LEVELS; level++) {
    group = mostOf(group, (item) => networkAt(clientOf(item), level));
  }
  return group[0];
}

/** Table summaries go out at most this often; changes in between are sent together. */
export const TABLE_BROADCAST_MS = 250;

/** At most `count` in any `windowMs`, and never two closer than `gapMs`. */
export interface Quota {
  count: number;
  windowMs: number;
  gapMs: number;
}

/**
 * Reactions, per seat (all of a player's tabs together). Beyond that they are refused: a table
 * is not a chat.
 */
export const REACTIONS: Quota = { count: 3, windowMs: 10_000, gapMs: 1_000 };
/** Nudges, per player nudged, whoever nudges: a reminder, not an alarm clock. */
export const NUDGES: Quota = { count: 1, windowMs: 60_000, gapMs: 0 };

/**
 * Name changes, per seat (all of a player's tabs together) or, for spectators, per client. A
 * seat's new name is written with whatever else changed within RENAME_FLUSH_MS.
 */
export const RENAMES: Quota = { count: 4, windowMs: 10_000, gapMs: 0 };
export const RENAME_FLUSH_MS = 1_000;

/** Whether something done at `times` (oldest first) may be done at `now`; if so, it is noted. */
export function takeQuota(quota: Quota, times: number[], now: number): boolean {
  while (times[0] !== undefined && now - times[0] >= quota.windowMs) times.shift();
  const last = times[times.length - 1];
  if (times.length >= quota.count || (last !== undefined && now - last < quota.gapMs)) return false;
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

/**
 * The bots' delays for one input, from their mean delay (ms): this decision's human-feeling delay,
 * somewhere from 0.6 to 1.4 times the mean (`random` in [0, 1)), and the hold after a result.
 */
export function botDelays(mean: number, random: number): { botDelay: number; resultHold: number } {
  return {
    botDelay: Math.round(mean * (0.6 + random * 0.8)),
    resultHold: RESULT_HOLD_DELAYS * mean,
  };
}
