/**
 * The server's own VAPID key pair (worker/push-keys.ts): these Workers run with no VAPID secrets
 * (vitest.config.ts), so the key GET /api/push gives is the one the push-keys object made, kept
 * in its storage across restarts; the notices of tests/worker/push.test.ts are signed with it.
 */
import { env, evictDurableObject, runInDurableObject } from 'cloudflare:test';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fromBase64url } from '../../shared/push.ts';
import { type PushKeys, pushKeys } from '../../worker/push-keys.ts';
import { fetchWorker } from './cold.ts';

const keyOf = async (): Promise<string> => {
  const res = await fetchWorker('https://hoopla.test/api/push');
  expect(res.status).toBe(200);
  return v.parse(v.object({ publicKey: v.string() }), await res.json()).publicKey;
};

const claimsSchema = v.object({ aud: v.string(), exp: v.number(), sub: v.string() });

describe('the server’s own VAPID key pair', () => {
  it('has no secrets to read here', () => {
    expect(Object.keys(env)).not.toContain('VAPID_PUBLIC_KEY');
    expect(Object.keys(env)).not.toContain('VAPID_PRIVATE_KEY');
  });

  it('is made on first use, a P-256 point, and the same after a restart', async () => {
    const first = await keyOf();
    const point = fromBase64url(first);
    expect(point.length).toBe(65);
    expect(point[0]).toBe(4);
    expect(await keyOf()).toBe(first);
    await evictDurableObject(pushKeys(env), { webSockets: 'close' });
    expect(await keyOf()).toBe(first);
  });

  it('signs a token for a push service that its public key verifies, valid for at most a day', async () => {
    const publicKey = await keyOf();
    const before = Date.now();
    const got = await pushKeys(env).token('https://fcm.googleapis.com');
    if (got === null) throw new Error('no token');
    expect(got.publicKey).toBe(publicKey);
    const [header = '', claims = '', signature = ''] = got.token.split('.');
    const decoded = v.parse(
      claimsSchema,
      JSON.parse(new TextDecoder().decode(fromBase64url(claims))),
    );
    expect(decoded.aud).toBe('https://fcm.googleapis.com');
    // The site's own origin, as GET /api/push saw it: no VAPID_SUBJECT is set.
    expect(decoded.sub).toBe('https://hoopla.test');
    expect(decoded.exp * 1000).toBe(got.expires);
    expect(got.expires).toBeGreaterThan(before);
    expect(got.expires).toBeLessThanOrEqual(before + 24 * 60 * 60 * 1000);
    const key = await crypto.subtle.importKey(
      'raw',
      fromBase64url(publicKey),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    const ok = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      key,
      fromBase64url(signature),
      new TextEncoder().encode(`${header}.${claims}`),
    );
    expect(ok).toBe(true);
  });

  it('keeps its private key to itself: neither answer holds it', async () => {
    const stored = await runInDurableObject(pushKeys(env), (_: PushKeys, ctx) =>
      ctx.storage.get('keys'),
    );
    const { privateKey } = v.parse(v.object({ privateKey: v.string() }), stored);
    const token = await pushKeys(env).token('https://fcm.googleapis.com');
    expect(JSON.stringify(token)).not.toContain(privateKey);
    expect(await keyOf()).not.toContain(privateKey);
  });

  it('makes a new pair when what its storage holds is not one', async () => {
    const first = await keyOf();
    await runInDurableObject(pushKeys(env), (_: PushKeys, ctx) =>
      ctx.storage.put('keys', { publicKey: 'x', privateKey: 42 }),
    );
    await evictDurableObject(pushKeys(env), { webSockets: 'close' });
    const second = await keyOf();
    expect(second).not.toBe(first);
    expect(fromBase64url(second).length).toBe(65);
    await evictDurableObject(pushKeys(env), { webSockets: 'close' });
    expect(await keyOf()).toBe(second);
  });
});
