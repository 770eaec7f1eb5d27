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

/** Spectators one table keeps; players reclaiming a seat always get in. */
export const MAX_SPECTATORS = 100;
/** Every socket a table accepts, joined or not: two tabs per player plus the spectators. */
export const maxSockets = (players: number) => players * 2 + MAX_SPECTATORS;

/** Table summaries go out at most this often; changes in between are sent together. */
export const TABLE_BROADCAST_MS = 250;

/**
 * Reactions, per seat (all of a player's tabs together): at most this many in the window, and
 * never two closer than the gap. Beyond that they are refused: a table is not a chat.
 */
export const REACTIONS_PER_WINDOW = 3;
export const REACTION_WINDOW_MS = 10_000;
export const REACTION_GAP_MS = 1_000;

/** Whether a seat that reacted at `times` (oldest first) may react at `now`; if so, it is noted. */
export function takeReaction(times: number[], now: number): boolean {
  while (times.length > 0 && now - times[0]! >= REACTION_WINDOW_MS) times.shift();
  const last = times[times.length - 1];
  if (times.length >= REACTIONS_PER_WINDOW || (last !== undefined && now - last < REACTION_GAP_MS))
    return false;
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
