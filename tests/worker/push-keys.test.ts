/**
 * The server's own VAPID key pair (worker/push-keys.ts): these Workers run with no VAPID secrets
 * (vitest.config.ts), so the key GET /api/push gives is the one the push-keys object made, kept
 * in its storage across restarts; the notices of tests/worker/push.test.ts are signed with it.
 */
import { env, evictDurableObject, runInDurableObject } from 'cloudflare:test';
import * as v from 'valibot';
import { describe, expect, inject, it, vi } from 'vitest';
import { fromBase64url } from '../../shared/push.ts';
import { send, VapidTokens } from '../../worker/notices.ts';
import { PushKeys, pushKeys } from '../../worker/push-keys.ts';
import { generateVapidKeys } from '../../worker/web-push.ts';
import { fetchWorker } from './cold.ts';
import { signedBy } from './signed-by.ts';

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
    const [, claims = ''] = got.token.split('.');
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
    expect(await signedBy(got.token, publicKey)).toBe(true);
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

  it('makes one pair however many ask at once', async () => {
    await runInDurableObject(pushKeys(env), (_: PushKeys, ctx) => ctx.storage.deleteAll());
    await evictDurableObject(pushKeys(env), { webSockets: 'close' });
    const keys = await Promise.all(Array.from({ length: 8 }, () => keyOf()));
    expect(new Set(keys).size).toBe(1);
    await evictDurableObject(pushKeys(env), { webSockets: 'close' });
    expect(await keyOf()).toBe(keys[0]);
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

  it('gives way to a set pair; a set pair that is not one turns notices off with one log line', async () => {
    const own = await keyOf();
    const set = await generateVapidKeys();
    const other = await generateVapidKeys();
    const withPair = (publicKey: string, privateKey: string) =>
      Object.assign({}, env, { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const got = await runInDurableObject(pushKeys(env), async (_: PushKeys, ctx) => {
        // The same storage, read with other settings: as after `wrangler secret put`.
        const secrets = new PushKeys(ctx, withPair(set.publicKey, set.privateKey));
        const mismatched = new PushKeys(ctx, withPair(set.publicKey, other.privateKey));
        const garbage = new PushKeys(ctx, withPair('not a key', 'nor this'));
        return {
          secrets: await secrets.publicKey(),
          token: (await secrets.token('https://fcm.googleapis.com'))?.publicKey,
          mismatched: [await mismatched.publicKey(), await mismatched.token('https://x.test')],
          garbage: [await garbage.publicKey(), await garbage.publicKey()],
        };
      });
      expect(got.secrets).toBe(set.publicKey);
      expect(got.token).toBe(set.publicKey);
      expect(got.mismatched).toEqual([null, null]);
      expect(got.garbage).toEqual([null, null]);
      // One line for each object that met the malformed pair, however often it was asked.
      const lines = logged.mock.calls.map((call) => String(call[0]));
      expect(lines.filter((line) => line.includes('not a P-256 key pair'))).toHaveLength(2);
    } finally {
      logged.mockRestore();
    }
    // The object's own pair is still there for when the secrets are removed.
    expect(await keyOf()).toBe(own);
  });

  it('falls back to the site’s origin when VAPID_SUBJECT is not a URI it may be', async () => {
    await keyOf();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const token = await runInDurableObject(pushKeys(env), async (_: PushKeys, ctx) =>
        new PushKeys(ctx, Object.assign({}, env, { VAPID_SUBJECT: 'push@example.com' })).token(
          'https://fcm.googleapis.com',
        ),
      );
      if (token === null) throw new Error('no token');
      const claims = token.token.split('.')[1] ?? '';
      const { sub } = v.parse(
        claimsSchema,
        JSON.parse(new TextDecoder().decode(fromBase64url(claims))),
      );
      expect(sub).toBe('https://hoopla.test');
      expect(logged).toHaveBeenCalledTimes(1);
    } finally {
      logged.mockRestore();
    }
  });

  it('signs a notice after a restart that the push service takes with the key from before', async () => {
    const before = await keyOf();
    const service = inject('pushService');
    const res = await fetch(`${service}/subscriptions`, {
      method: 'POST',
      body: JSON.stringify({ applicationServerKey: before }),
    });
    const sub = v.parse(
      v.object({
        id: v.string(),
        endpoint: v.string(),
        keys: v.object({ p256dh: v.string(), auth: v.string() }),
      }),
      await res.json(),
    );
    await evictDurableObject(pushKeys(env), { webSockets: 'close' });
    const device = { tokenHash: 'h', endpoint: sub.endpoint, ...sub.keys };
    const notice = { device, payload: '{"hello":1}', ttl: 60 };
    expect(await send(notice, 'table', new VapidTokens(env))).toBe('sent');
    const got = await (await fetch(`${service}/subscribers/${sub.id}/messages`)).json();
    expect(got).toMatchObject([{ payload: '{"hello":1}' }]);
    expect(await keyOf()).toBe(before);
  });

  it('asks for a token once per push service until shortly before it expires', async () => {
    const asked: string[] = [];
    const now = Date.now();
    const expires = now + 12 * 60 * 60 * 1000;
    const tokens = new VapidTokens(env, async (audience) => {
      asked.push(audience);
      return { token: `t${asked.length}`, expires, publicKey: 'k' };
    });
    const fcm = 'https://fcm.googleapis.com/fcm/send/a';
    expect(await tokens.header(fcm, now)).toBe('vapid t=t1, k=k');
    expect(await tokens.header('https://fcm.googleapis.com/fcm/send/b', now + 1000)).toBe(
      'vapid t=t1, k=k',
    );
    expect(await tokens.header('https://web.push.apple.com/x', now)).toBe('vapid t=t2, k=k');
    expect(await tokens.header(fcm, expires - 2 * 60 * 60 * 1000)).toBe('vapid t=t1, k=k');
    expect(asked).toEqual(['https://fcm.googleapis.com', 'https://web.push.apple.com']);
    // Within the last hour of its life, a token is asked for anew.
    expect(await tokens.header(fcm, expires - 30 * 60 * 1000)).toBe('vapid t=t3, k=k');
  });

  it('sends nothing while notices are off, and asks again only after a while', async () => {
    let asked = 0;
    const tokens = new VapidTokens(env, async () => {
      asked += 1;
      return null;
    });
    const device = {
      tokenHash: 'h',
      endpoint: 'https://fcm.googleapis.com/x',
      p256dh: 'p',
      auth: 'a',
    };
    expect(await send({ device, payload: '{}', ttl: 60 }, 'table', tokens)).toBeNull();
    expect(await send({ device, payload: '{}', ttl: 60 }, 'table', tokens)).toBeNull();
    expect(asked).toBe(1);
    expect(await tokens.header(device.endpoint, Date.now() + 2 * 60 * 60 * 1000)).toBeNull();
    expect(asked).toBe(2);
  });
});
