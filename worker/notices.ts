/**
 * The table's notices to players away, sent as Web Push (web-push.ts) with the server's VAPID
 * keys. Push is on where both keys are set (secrets in production, `.dev.vars` locally); a
 * subscription whose push service answers 404 or 410 is gone for good, and is forgotten, as is
 * one whose notices keep failing (notify.ts: MAX_PUSH_FAILURES).
 */
import type { Notice, PushOutcome } from '../shared/table/notify.ts';
import { allowedEndpoint, pushRequest, pushTopic, type Vapid } from './web-push.ts';

/** The VAPID keys and subject, or null: this server sends no notifications. */
export function vapidOf(env: Env): Vapid | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT } = env;
  if (!publicKey || !privateKey) return null;
  return { publicKey, privateKey, subject: VAPID_SUBJECT };
}

/** Which endpoints a device may give, or null where push is off. */
export function endpointRule(env: Env): ((url: string) => boolean) | null {
  if (vapidOf(env) === null) return null;
  const loopback = env.PUSH_ALLOW_LOOPBACK === '1';
  return (url) => allowedEndpoint(url, loopback);
}

/**
 * One notice to one device: 'gone' when its push service says the subscription is no more,
 * 'failed' when it was not taken (the next decision tries again, a few times: notify.ts).
 */
export async function send(notice: Notice, table: string, vapid: Vapid): Promise<PushOutcome> {
  const { device, payload, ttl } = notice;
  const { endpoint, p256dh, auth } = device;
  const topic = await pushTopic(table);
  const { url, init } = await pushRequest(
    { endpoint, keys: { p256dh, auth } },
    payload,
    { ttl, topic, urgency: 'high' },
    vapid,
  );
  const res = await fetch(url, { ...init, redirect: 'manual' });
  // The body is not needed: read it away so the connection is free.
  await res.body?.cancel();
  if (res.status === 404 || res.status === 410) return 'gone';
  return res.ok ? 'sent' : 'failed';
}
