/**
 * VAPID secrets win (worker/push-keys.ts): where VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set
 * (the worker-secrets project, vitest.config.ts), GET /api/push gives that key, tokens are signed
 * with it, and the push-keys object makes no pair of its own.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import * as v from 'valibot';
import { describe, expect, inject, it } from 'vitest';
import { type PushKeys, pushKeys } from '../../../worker/push-keys.ts';
import { fetchWorker } from '../cold.ts';
import { signedBy } from '../signed-by.ts';

const { VAPID_PUBLIC_KEY: secretKey } = v.parse(
  v.object({ VAPID_PUBLIC_KEY: v.string() }),
  inject('secrets'),
);

describe('VAPID secrets', () => {
  it('win over the server’s own pair, which is never made', async () => {
    const res = await fetchWorker('https://hoopla.test/api/push');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ publicKey: secretKey });

    const got = await pushKeys(env).token('https://fcm.googleapis.com');
    if (got === null) throw new Error('no token');
    expect(got.publicKey).toBe(secretKey);
    expect(await signedBy(got.token, secretKey)).toBe(true);

    const stored = await runInDurableObject(pushKeys(env), (_: PushKeys, ctx) =>
      ctx.storage.get('keys'),
    );
    expect(stored).toBeUndefined();
  });
});
