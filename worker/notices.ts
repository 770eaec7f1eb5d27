/**
 * The table's notices to players away, sent as Web Push (web-push.ts) with the server's VAPID
 * keys, which the push-keys object holds (push-keys.ts: its own pair, or the secrets where set).
 * A subscription whose push service answers 404 or 410 is gone for good, and is forgotten, as is
 * one whose notices keep failing (notify.ts: MAX_PUSH_FAILURES).
 */
import type { Notice, PushOutcome } from '../shared/table/notify.ts';
import { pushKeys } from './push-keys.ts';
import {
  allowedEndpoint,
  authorizationOf,
  pushRequest,
  pushTopic,
  type Signer,
  type VapidToken,
} from './web-push.ts';

/** Which endpoints a device may give. */
export function endpointRule(env: Env): (url: string) => boolean {
  const loopback = env.PUSH_ALLOW_LOOPBACK === '1';
  return (url) => allowedEndpoint(url, loopback);
}

/** Asks the push-keys object for a token for one push service (push-keys.ts: PushKeys.token). */
export type Ask = (audience: string) => Promise<(VapidToken & { publicKey: string }) | null>;

/** A token is asked for anew this long before it expires. */
const RENEW_MS = 60 * 60 * 1000;

/**
 * The `Authorization` headers of one table, asked of the push-keys object once per push service
 * and kept until an hour before they expire. Null: notices are off (the object logged why).
 */
export class VapidTokens {
  private readonly held = new Map<string, { header: string | null; renew: number }>();
  private readonly ask: Ask;

  /** `ask` reaches the push-keys object (by default `env`'s); tests count its calls. */
  constructor(env: Env, ask: Ask = (audience) => pushKeys(env).token(audience)) {
    this.ask = ask;
  }

  async header(endpoint: string, now = Date.now()): Promise<string | null> {
    const audience = new URL(endpoint).origin;
    const kept = this.held.get(audience);
    if (kept && kept.renew > now) return kept.header;
    const got = await this.ask(audience);
    // Off: asked again in a while, in case the secrets were fixed (a deploy restarts the table).
    const entry = got
      ? { header: authorizationOf(got.token, got.publicKey), renew: got.expires - RENEW_MS }
      : { header: null, renew: now + RENEW_MS };
    this.held.set(audience, entry);
    return entry.header;
  }
}

/**
 * One notice to one device: 'gone' when its push service says the subscription is no more,
 * 'failed' when it was not taken (the next decision tries again, a few times: notify.ts). Null:
 * notices are off, nothing was sent.
 */
export async function send(
  notice: Notice,
  table: string,
  tokens: VapidTokens,
): Promise<PushOutcome | null> {
  const { device, payload, ttl } = notice;
  const { endpoint, p256dh, auth } = device;
  const header = await tokens.header(endpoint);
  if (header === null) return null;
  const sign: Signer = async () => header;
  const topic = await pushTopic(table);
  const { url, init } = await pushRequest(
    { endpoint, keys: { p256dh, auth } },
    payload,
    { ttl, topic, urgency: 'high' },
    sign,
  );
  const res = await fetch(url, { ...init, redirect: 'manual' });
  // The body is not needed: read it away so the connection is free.
  await res.body?.cancel();
  if (res.status === 404 || res.status === 410) return 'gone';
  return res.ok ? 'sent' : 'failed';
}
