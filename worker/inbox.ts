/**
 * What a table's sockets send, as the table hears it: paced per socket (a token bucket), parsed,
 * and turned into the step's input with its secrets hashed. The buckets live in memory only, as
 * the object hibernates only when every socket is quiet.
 */
import type { ErrorCode } from '../shared/errors.ts';
import { type ClientMessage, parseClientMessage } from '../shared/protocol.ts';
import type { Conn } from '../shared/table/conns.ts';
import {
  type Bucket,
  MAX_BAD_MESSAGES,
  MAX_STRIKES,
  newBucket,
  take,
} from '../shared/table/limits.ts';
import type { Input } from '../shared/table/step.ts';
import { newSecret, sha256 } from './secrets.ts';

/** What one raw message comes to: a message for the step, or what its socket is told. */
export type Heard = { kind: 'message'; message: ClientMessage } | Refused;

interface Refused {
  kind: 'refused';
  /** The error the socket hears, if any: a flood is told once, then ignored. */
  error: { code: ErrorCode; message: string } | null;
  /** A socket that keeps breaking the limits is closed. */
  close: { code: number; reason: string } | null;
}

const ignored: Refused = { kind: 'refused', error: null, close: null };
const slowDown = { code: 'rate-limited', message: 'Slow down: too many messages.' } as const;

export class Inbox {
  private readonly buckets = new Map<string, Bucket>();

  read(conn: string, raw: string | ArrayBuffer, now: number): Heard {
    const bucket = this.buckets.get(conn) ?? newBucket(now);
    this.buckets.set(conn, bucket);
    if (!take(bucket, now)) {
      if (bucket.strikes >= MAX_STRIKES) {
        return { ...ignored, close: { code: 1008, reason: 'Too many messages' } };
      }
      if (bucket.strikes !== 1) return ignored;
      return { ...ignored, error: slowDown };
    }
    const parsed = parseClientMessage(raw);
    if (parsed.ok) return { kind: 'message', message: parsed.message };
    const { code, message } = parsed.error;
    // No client of ours sends these: a socket that keeps at it is closed.
    let close: { code: number; reason: string } | null = null;
    if (code === 'too-large') close = { code: 1009, reason: 'Message too large' };
    else if (++bucket.bad >= MAX_BAD_MESSAGES) close = { code: 1008, reason: 'Malformed messages' };
    return { kind: 'refused', error: { code, message }, close };
  }

  /** A socket gone: its bucket goes with it. */
  forget(conn: string): void {
    this.buckets.delete(conn);
  }
}

/** The step's input for a parsed message; a token is made only for someone sitting down. */
export async function inputOf(conn: Conn, message: ClientMessage): Promise<Input> {
  if (message.type === 'join') {
    const tokenHash = message.token ? await sha256(message.token) : null;
    const hostKeyHash = message.hostKey ? await sha256(message.hostKey) : null;
    return { kind: 'join', conn: conn.id, message, tokenHash, hostKeyHash };
  }
  const secret = message.type === 'sit' && conn.seat === null ? newSecret() : null;
  const token = secret === null ? null : { token: secret, hash: await sha256(secret) };
  return { kind: 'message', conn: conn.id, message, token };
}
