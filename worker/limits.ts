/** Per-connection flood control: a token bucket, and a strike count that ends abusive sockets. */
export const RATE_PER_SECOND = 10;
export const BURST = 20;
/** Refused messages in a row after which the socket is closed. */
export const MAX_STRIKES = 20;

export interface Bucket {
  tokens: number;
  at: number;
  strikes: number;
}

export function newBucket(now: number): Bucket {
  return { tokens: BURST, at: now, strikes: 0 };
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
