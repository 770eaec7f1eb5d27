/**
 * Web Push with WebCrypto alone (worker/web-push.ts): the RFC 8291 example byte for byte, real
 * requests to a push service that checks and decrypts them (tests/push-service.ts), the endpoints
 * the Worker may send to, and the subscription a client sends (shared/push.ts).
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueText } from '../../shared/issues.ts';
import {
  fromBase64url,
  onP256,
  type PushSubscriptionJson,
  pushSubscriptionSchema,
  toBase64url,
} from '../../shared/push.ts';
import {
  allowedEndpoint,
  encryptPayload,
  generateVapidKeys,
  isP256Pair,
  MAX_PLAINTEXT_BYTES,
  type PushOptions,
  pushRequest,
  pushTopic,
  type Vapid,
  vapidAuthorization,
  vapidToken,
} from '../../worker/web-push.ts';
import { decryptPushMessage, startPushService } from '../push-service.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** RFC 8291 §5 and Appendix A, the line breaks of the RFC's text removed. */
const RFC8291 = {
  plaintext: 'When I grow up, I want to be a watermelon',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  uaPublic:
    'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  asPublic:
    'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  header:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  ciphertext: '8pfeW0KbunFT06SuDKoJH9Ql87S1QUrdirN6GcG7sFz1y1sqLgVi1VhjVkHsUoEsbI_0LpXMuGvnzQ',
  message:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

describe('RFC 8291 §5: the example message', () => {
  const encrypt = () =>
    encryptPayload(
      utf8(RFC8291.plaintext),
      { p256dh: RFC8291.uaPublic, auth: RFC8291.auth },
      {
        salt: fromBase64url(RFC8291.salt),
        serverKeys: { publicKey: RFC8291.asPublic, privateKey: RFC8291.asPrivate },
      },
    );

  it("encrypts to exactly the RFC's header and ciphertext", async () => {
    const body = await encrypt();
    expect(toBase64url(body.subarray(0, 86))).toBe(RFC8291.header);
    expect(toBase64url(body.subarray(86))).toBe(RFC8291.ciphertext);
    expect(toBase64url(body)).toBe(RFC8291.message);
  });

  it("is read back by the test push service's receiver with the user agent's key", async () => {
    const point = fromBase64url(RFC8291.uaPublic);
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      d: RFC8291.uaPrivate,
      x: toBase64url(point.subarray(1, 33)),
      y: toBase64url(point.subarray(33)),
    };
    const privateKey = await crypto.subtle.importKey(
      'jwk',
      jwk,
      { name: 'ECDH', namedCurve: 'P-256' },
      false,
      ['deriveBits'],
    );
    const receiver = { privateKey, publicKey: point, auth: fromBase64url(RFC8291.auth) };
    expect(await decryptPushMessage(fromBase64url(RFC8291.message), receiver)).toBe(
      RFC8291.plaintext,
    );
  });

  it('makes a new salt and key pair for every message', async () => {
    const keys = { p256dh: RFC8291.uaPublic, auth: RFC8291.auth };
    const [a, b] = await Promise.all([
      encryptPayload(utf8('same'), keys),
      encryptPayload(utf8('same'), keys),
    ]);
    expect(a.length).toBe(86 + 4 + 1 + 16);
    const salt = (body: Uint8Array) => toBase64url(body.subarray(0, 16));
    const serverKey = (body: Uint8Array) => toBase64url(body.subarray(21, 86));
    expect(salt(a)).not.toBe(salt(b));
    expect(serverKey(a)).not.toBe(serverKey(b));
  });
});

describe('VAPID (RFC 8292)', () => {
  it('signs a token for the endpoint origin, valid for 12 hours, with the public key beside it', async () => {
    const keys = await generateVapidKeys();
    expect(keys.publicKey).toMatch(/^B[A-P][A-Za-z0-9_-]{85}$/); // 0x04 || x || y, 65 bytes
    expect(keys.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const now = Date.UTC(2026, 0, 1, 12, 0, 0, 500);
    const vapid = { ...keys, subject: 'mailto:push@example.com' };
    const authorization = await vapidAuthorization(
      'https://fcm.googleapis.com/fcm/send/abc:def',
      vapid,
      now,
    );
    const match = /^vapid t=([^.]+)\.([^.]+)\.([A-Za-z0-9_-]{86}), k=(.+)$/.exec(authorization);
    expect(match?.[4]).toBe(keys.publicKey);
    const part = (text = '') => JSON.parse(Buffer.from(text, 'base64url').toString());
    expect(part(match?.[1])).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(part(match?.[2])).toEqual({
      aud: 'https://fcm.googleapis.com',
      exp: Math.floor(now / 1000) + 12 * 60 * 60,
      sub: 'mailto:push@example.com',
    });
    await expect(
      vapidAuthorization('https://fcm.googleapis.com/x', { ...vapid, subject: 'push@example.com' }),
    ).rejects.toThrow(/mailto/);
  });

  it('gives a token with when it expires, for the tables to keep until then', async () => {
    const vapid = { ...(await generateVapidKeys()), subject: 'https://hoopla.example' };
    const now = Date.UTC(2026, 0, 1, 12, 0, 0, 500);
    const { token, expires } = await vapidToken('https://web.push.apple.com', vapid, now);
    expect(expires).toBe((Math.floor(now / 1000) + 12 * 60 * 60) * 1000);
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    expect(claims).toEqual({
      aud: 'https://web.push.apple.com',
      exp: expires / 1000,
      sub: 'https://hoopla.example',
    });
  });

  it('tells a P-256 key pair from a mismatched or malformed one', async () => {
    const a = await generateVapidKeys();
    const b = await generateVapidKeys();
    expect(await isP256Pair(a)).toBe(true);
    expect(await isP256Pair({ publicKey: a.publicKey, privateKey: b.privateKey })).toBe(false);
    expect(await isP256Pair({ publicKey: a.publicKey, privateKey: 'nope' })).toBe(false);
    expect(await isP256Pair({ publicKey: 'BAAA', privateKey: a.privateKey })).toBe(false);
    expect(await isP256Pair({ publicKey: '', privateKey: '' })).toBe(false);
  });
});

describe('pushing through a push service', () => {
  let service: Awaited<ReturnType<typeof startPushService>>;
  let vapid: Vapid;
  const options: PushOptions = { ttl: 60, topic: 'table-abc', urgency: 'high' };

  beforeAll(async () => {
    service = await startPushService();
    vapid = { ...(await generateVapidKeys()), subject: 'mailto:push@example.com' };
  });
  afterAll(() => service.close());

  /** A browser's subscription, made for our key unless said otherwise. */
  async function subscribe(applicationServerKey: string | undefined = vapid.publicKey) {
    const response = await fetch(`${service.url}/subscriptions`, {
      method: 'POST',
      body: JSON.stringify({ applicationServerKey }),
    });
    expect(response.status).toBe(201);
    const json: unknown = await response.json();
    const id = v.parse(v.object({ id: v.string() }), json).id;
    return { id, subscription: v.parse(pushSubscriptionSchema, json) };
  }

  async function messages(id: string): Promise<unknown> {
    return (await fetch(`${service.url}/subscribers/${id}/messages`)).json();
  }

  async function send(subscription: PushSubscriptionJson, payload: string, keys = vapid) {
    const { url, init } = await pushRequest(subscription, payload, options, keys);
    return fetch(url, init);
  }

  it('delivers a JSON payload that the service decrypts, with its TTL, topic and urgency', async () => {
    const { id, subscription } = await subscribe();
    expect(allowedEndpoint(subscription.endpoint, true)).toBe(true);
    const payload = JSON.stringify({ table: 'abc', title: 'Your turn', body: 'Ada played ♥7' });
    const response = await send(subscription, payload);
    expect(response.status).toBe(201);
    const topic = await pushTopic('a table id that is not a topic: ♠');
    expect(topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const second = await pushRequest(subscription, '{}', { ttl: 0, topic }, vapid);
    expect((await fetch(second.url, second.init)).status).toBe(201);
    // Padding is zeros after the delimiter, which the receiver strips.
    const padded = await encryptPayload(utf8('{"padded":true}'), subscription.keys, {
      padding: 300,
    });
    expect(padded.length).toBe(86 + 15 + 1 + 300 + 16);
    expect((await fetch(second.url, { ...second.init, body: padded })).status).toBe(201);
    expect(await messages(id)).toEqual([
      { headers: { ttl: 60, topic: 'table-abc', urgency: 'high' }, payload },
      { headers: { ttl: 0, topic, urgency: null }, payload: '{}' },
      { headers: { ttl: 0, topic, urgency: null }, payload: '{"padded":true}' },
    ]);
  });

  it('refuses a token signed with another key, and keeps nothing', async () => {
    const { id, subscription } = await subscribe();
    const other = { ...(await generateVapidKeys()), subject: vapid.subject };
    // Another application server's own token: valid, but not for this subscription.
    const theirs = await send(subscription, '{"n":1}', other);
    expect(theirs.status).toBe(403);
    expect(await theirs.text()).toMatch(/not the key this subscription/);
    // Another key's signature presented as ours.
    const { url, init } = await pushRequest(subscription, '{"n":2}', options, other);
    const headers = new Headers(init.headers);
    const forged = headers.get('Authorization')?.replace(other.publicKey, vapid.publicKey) ?? '';
    headers.set('Authorization', forged);
    const response = await fetch(url, { ...init, headers });
    expect(response.status).toBe(401);
    expect(await response.text()).toMatch(/not signed by k/);
    expect(await messages(id)).toEqual([]);
  });

  it('refuses what a real push service refuses', async () => {
    const { id, subscription } = await subscribe(undefined);
    const refused = async (change: (init: RequestInit, headers: Headers) => Promise<void>) => {
      const { url, init } = await pushRequest(subscription, '{}', options, vapid);
      const headers = new Headers(init.headers);
      await change(init, headers);
      const response = await fetch(url, { ...init, headers });
      return `${response.status} ${await response.text()}`;
    };
    const authorization = (token: Promise<string>) => async (_: RequestInit, headers: Headers) => {
      headers.set('Authorization', await token);
    };
    const endpoint = subscription.endpoint;
    const day = 24 * 60 * 60 * 1000;
    expect(await refused(async (_, headers) => headers.delete('TTL'))).toBe('400 No TTL');
    expect(await refused(async (_, headers) => headers.set('Content-Encoding', 'aesgcm'))).toMatch(
      /^400/,
    );
    expect(await refused(async (_, headers) => headers.set('Topic', 'a/b'))).toMatch(/^400/);
    expect(await refused(async (_, headers) => headers.delete('Authorization'))).toMatch(/^401/);
    const elsewhere = vapidAuthorization('https://fcm.googleapis.com/x', vapid);
    expect(await refused(authorization(elsewhere))).toMatch(/^401 aud is not/);
    const expired = vapidAuthorization(endpoint, vapid, Date.now() - day);
    expect(await refused(authorization(expired))).toBe('401 The JWT has expired');
    const tooLong = vapidAuthorization(endpoint, vapid, Date.now() + day);
    expect(await refused(authorization(tooLong))).toBe('401 exp is more than 24 hours away');
    // Encrypted to another subscriber's keys.
    const stranger = (await subscribe(undefined)).subscription;
    const body = await encryptPayload(utf8('{}'), stranger.keys);
    const otherBody = async (init: RequestInit) => {
      init.body = body;
    };
    expect(await refused(otherBody)).toBe('400 Cannot decrypt the message');
    expect(await messages(id)).toEqual([]);
  });

  it('answers 410 once the subscription is gone, and keeps nothing', async () => {
    const { id, subscription } = await subscribe();
    const told = await fetch(`${service.url}/subscribers/${id}/respond`, {
      method: 'POST',
      body: JSON.stringify({ status: 410 }),
    });
    expect(told.status).toBe(204);
    expect((await send(subscription, '{}')).status).toBe(410);
    expect(await messages(id)).toEqual([]);
    expect((await fetch(`${service.url}/subscribers/nobody/messages`)).status).toBe(404);
  });

  it('sends the largest payload that fits one record, and refuses a larger one unsent', async () => {
    const { id, subscription } = await subscribe();
    const largest = 'x'.repeat(MAX_PLAINTEXT_BYTES);
    expect((await send(subscription, largest)).status).toBe(201);
    await expect(send(subscription, `${largest}x`)).rejects.toThrow(RangeError);
    await expect(
      encryptPayload(utf8('{}'), subscription.keys, { padding: MAX_PLAINTEXT_BYTES - 1 }),
    ).rejects.toThrow(/at most 3993 bytes/);
    expect(await messages(id)).toEqual([{ headers: expect.anything(), payload: largest }]);
  });
});

describe('allowedEndpoint', () => {
  it('takes the push services of Chrome, Firefox, Safari and Edge over https', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dXbM2:APA91bGx',
      'https://fcm.googleapis.com/wp/dXbM2:APA91bGx',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QGuQyavXutnMH9',
      'https://api.push.apple.com/3/device/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
      'https://FCM.googleapis.com:443/fcm/send/x', // the default port, written out
    ]) {
      expect(allowedEndpoint(endpoint, false), endpoint).toBe(true);
    }
  });

  it('refuses other schemes, hosts, credentials, IP literals and ports', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'ftp://fcm.googleapis.com/x',
      'https://example.com/push/x',
      'https://fcm.googleapis.com.example.com/x',
      'https://evilpush.apple.com/x',
      'https://push.apple.com.example.com/x',
      'https://notify.windows.com.example.com/x',
      'https://push.services.mozilla.com/x',
      'https://user:secret@fcm.googleapis.com/fcm/send/x',
      'https://user@web.push.apple.com/x',
      'https://142.250.180.10/fcm/send/x',
      'https://[2a00:1450:4007:80e::200a]/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://web.push.apple.com./x',
      `https://fcm.googleapis.com/fcm/send/${'a'.repeat(1024)}`,
      'fcm.googleapis.com/fcm/send/x',
      '',
    ]) {
      expect(allowedEndpoint(endpoint, false), endpoint).toBe(false);
      expect(allowedEndpoint(endpoint, true), endpoint).toBe(false);
    }
  });

  it('takes plain http on this machine only when loopback is allowed', () => {
    for (const endpoint of ['http://127.0.0.1:8787/push/1', 'http://localhost:9000/push/1']) {
      expect(allowedEndpoint(endpoint, true), endpoint).toBe(true);
      expect(allowedEndpoint(endpoint, false), endpoint).toBe(false);
    }
    for (const endpoint of [
      'http://10.0.0.1:8787/push/1',
      'http://127.0.0.1.nip.io/push/1',
      'http://user:secret@127.0.0.1:8787/push/1',
    ]) {
      expect(allowedEndpoint(endpoint, true), endpoint).toBe(false);
    }
  });
});

describe('pushSubscriptionSchema', () => {
  const good = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/x',
    expirationTime: null,
    keys: { p256dh: RFC8291.uaPublic, auth: RFC8291.auth },
  };
  const problem = (keys: object) => {
    const parsed = v.safeParse(pushSubscriptionSchema, { ...good, keys });
    return parsed.success ? 'accepted' : issueText(parsed.issues);
  };

  it('takes what a browser sends, and keeps only the endpoint and keys', () => {
    expect(v.parse(pushSubscriptionSchema, good)).toEqual({
      endpoint: good.endpoint,
      keys: good.keys,
    });
  });

  it('keeps the page’s language, reads one it does not know as English', () => {
    expect(v.parse(pushSubscriptionSchema, { ...good, language: 'de' })).toMatchObject({
      language: 'de',
    });
    expect(v.parse(pushSubscriptionSchema, { ...good, language: 'es' })).toMatchObject({
      language: 'en',
    });
  });

  it('tells a key on P-256 from one of the right shape that is not', () => {
    expect(onP256(fromBase64url(RFC8291.uaPublic))).toBe(true);
    expect(onP256(fromBase64url(RFC8291.asPublic))).toBe(true);
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 64, maxLength: 64 }), (xy) => {
        // A random x and y are on the curve with a chance of about 2^-256.
        expect(onP256(Uint8Array.of(0x04, ...xy))).toBe(false);
      }),
    );
  });

  it('says what is wrong with a short key, one not in base64url, a missing auth', () => {
    expect(problem({ ...good.keys, p256dh: RFC8291.uaPublic.slice(0, 86) })).toBe(
      'keys.p256dh: must be 65 bytes (87 base64url characters)',
    );
    expect(problem({ ...good.keys, auth: `${RFC8291.auth}==` })).toMatch(
      /^keys\.auth: not base64url/,
    );
    const standard = Buffer.from(RFC8291.uaPublic, 'base64url').toString('base64');
    expect(problem({ ...good.keys, p256dh: standard })).toMatch(/^keys\.p256dh: not base64url/);
    expect(problem({ p256dh: RFC8291.uaPublic })).toBe(
      'keys.auth: Invalid key: Expected "auth" but received undefined',
    );
    expect(problem({ ...good.keys, auth: 16 })).toBe('keys.auth: not a string');
    const compressed = `C${RFC8291.uaPublic.slice(1)}`; // first byte 0x09
    expect(problem({ ...good.keys, p256dh: compressed })).toBe(
      'keys.p256dh: not an uncompressed P-256 point (its first byte must be 0x04)',
    );
  });

  it('writes and reads base64url as Node does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 70 }), (bytes) => {
        const text = Buffer.from(bytes).toString('base64url');
        expect(toBase64url(bytes)).toBe(text);
        expect([...fromBase64url(text)]).toEqual([...bytes]);
      }),
    );
    expect(() => fromBase64url('abcde')).toThrow(RangeError);
    expect(() => fromBase64url('ab+/')).toThrow(RangeError);
  });
});
