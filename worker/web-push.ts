/**
 * Web Push from the Worker with WebCrypto alone (no Node crypto), so the same code runs in workerd
 * and in Node: the message encrypted to the browser's keys (RFC 8291, with the `aes128gcm` content
 * coding of RFC 8188), the application server identified by a signed token (VAPID, RFC 8292), and
 * the request to the push service (RFC 8030).
 *
 * Keys are written the way browsers and secrets want them: a P-256 public key is its uncompressed
 * point (0x04 || x || y, 65 bytes) in base64url, which is what `applicationServerKey` takes; a
 * private key is its JWK `d` (32 bytes) in base64url.
 */
import * as v from 'valibot';
import {
  fromBase64url,
  MAX_ENDPOINT_LENGTH,
  type PushSubscriptionJson,
  toBase64url,
} from '../shared/push.ts';

/** A P-256 key pair: the public point and the private `d`, both base64url. */
export interface P256Keys {
  publicKey: string;
  privateKey: string;
}

/** The application server's VAPID keys and whom the push service can contact about it. */
export interface Vapid extends P256Keys {
  /** A `mailto:` or `https:` URI (RFC 8292 §2.1). */
  subject: string;
}

export type Urgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushOptions {
  /** How many seconds the push service may keep an undelivered message (RFC 8030 §5.2). */
  ttl: number;
  /** A newer message with the same topic replaces an undelivered older one (RFC 8030 §5.4). */
  topic?: string;
  /** Left out means `normal` (RFC 8030 §5.3). */
  urgency?: Urgency;
}

export interface EncryptOptions {
  /** Zero bytes after the delimiter, so that the length says less about the content. */
  padding?: number;
  /** Only to reproduce a known message (RFC 8291 §5); by default 16 random bytes, as it must be. */
  salt?: Uint8Array;
  /** Only to reproduce a known message; by default a fresh key pair for every message. */
  serverKeys?: P256Keys;
}

/**
 * The message is one record of this size (RFC 8188 §2.1). A push service need accept no more than
 * 4096 bytes of body (RFC 8030 §7.2), so the header (86 bytes), the delimiter (1) and the AES-GCM
 * tag (16) leave 3993 bytes for the plaintext and its padding (RFC 8291 §4).
 */
const RECORD_SIZE = 4096;
const HEADER_BYTES = 16 + 4 + 1 + 65;
export const MAX_PLAINTEXT_BYTES = RECORD_SIZE - HEADER_BYTES - 1 - 16;

/** RFC 8030 §5.4: at most 32 characters of the URL-safe base64 alphabet. */
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

/** A token may be valid for up to 24 hours (RFC 8292 §2); half that leaves room for clock skew. */
const TOKEN_SECONDS = 12 * 60 * 60;

const P256_ECDH = { name: 'ECDH', namedCurve: 'P-256' };
const P256_ECDSA = { name: 'ECDSA', namedCurve: 'P-256' };

const utf8 = (text: string) => new TextEncoder().encode(text);

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A point's coordinates as a JWK holds them: each the full 32 bytes (RFC 7518 §6.2.1.2). */
const coordinate = v.pipe(v.string(), v.length(43));
const jwkSchema = v.object({ x: coordinate, y: coordinate, d: v.optional(coordinate) });

function uncompressedPoint(jwk: { x: string; y: string }): Uint8Array<ArrayBuffer> {
  return concat(Uint8Array.of(0x04), fromBase64url(jwk.x), fromBase64url(jwk.y));
}

/** WebCrypto takes a private key as a JWK, which wants the public x and y beside `d`. */
function importPrivateKey(keys: P256Keys, use: 'sign' | 'deriveBits') {
  const point = fromBase64url(keys.publicKey);
  if (point.length !== 65 || point[0] !== 0x04) {
    throw new RangeError('A public key must be an uncompressed P-256 point');
  }
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: toBase64url(point.subarray(1, 33)),
    y: toBase64url(point.subarray(33)),
    d: keys.privateKey,
  };
  return use === 'sign'
    ? crypto.subtle.importKey('jwk', jwk, P256_ECDSA, false, ['sign'])
    : crypto.subtle.importKey('jwk', jwk, P256_ECDH, false, ['deriveBits']);
}

/** A new VAPID key pair, for `scripts/vapid-keys.ts` and the Worker's own (push-keys.ts). */
export async function generateVapidKeys(): Promise<P256Keys> {
  const pair = await crypto.subtle.generateKey(P256_ECDSA, true, ['sign', 'verify']);
  if (!('privateKey' in pair)) throw new TypeError('ECDSA gave no key pair');
  const jwk = v.parse(jwkSchema, await crypto.subtle.exportKey('jwk', pair.privateKey));
  if (jwk.d === undefined) throw new TypeError('The private key was exported without d');
  return { publicKey: toBase64url(uncompressedPoint(jwk)), privateKey: jwk.d };
}

/** The application server's side of one message: a fresh ECDH key pair (RFC 8291 §3.1). */
async function ephemeralKeys() {
  const pair = await crypto.subtle.generateKey(P256_ECDH, false, ['deriveBits']);
  if (!('privateKey' in pair)) throw new TypeError('ECDH gave no key pair');
  const jwk = v.parse(jwkSchema, await crypto.subtle.exportKey('jwk', pair.publicKey));
  return { privateKey: pair.privateKey, publicKey: uncompressedPoint(jwk) };
}

/** HKDF-SHA-256 (RFC 5869), extract and expand in one call. */
async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bytes: number) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt, info },
    key,
    bytes * 8,
  );
  return new Uint8Array(bits);
}

/**
 * The body of a push message: `plaintext` encrypted to the subscription's keys as one `aes128gcm`
 * record. Throws a RangeError when the plaintext and padding exceed `MAX_PLAINTEXT_BYTES`.
 */
export async function encryptPayload(
  plaintext: Uint8Array,
  keys: PushSubscriptionJson['keys'],
  options: EncryptOptions = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const padding = options.padding ?? 0;
  if (plaintext.length + padding > MAX_PLAINTEXT_BYTES) {
    throw new RangeError(
      `A push message holds at most ${MAX_PLAINTEXT_BYTES} bytes; this one has ${plaintext.length + padding}`,
    );
  }
  const auth = fromBase64url(keys.auth);
  const salt = options.salt ?? crypto.getRandomValues(new Uint8Array(16));
  if (auth.length !== 16 || salt.length !== 16) throw new RangeError('auth and salt are 16 bytes');

  // RFC 8291 §3.1: ECDH between a key pair of our own and the browser's public key. Importing that
  // key checks that it is a point on P-256, as the RFC's security considerations require.
  const uaPublic = fromBase64url(keys.p256dh);
  const server = options.serverKeys
    ? {
        privateKey: await importPrivateKey(options.serverKeys, 'deriveBits'),
        publicKey: fromBase64url(options.serverKeys.publicKey),
      }
    : await ephemeralKeys();
  // A variable, not a literal: workers-types spell the `public` member `$public`.
  const ecdh = {
    name: 'ECDH',
    public: await crypto.subtle.importKey('raw', uaPublic, P256_ECDH, false, []),
  };
  const secret = new Uint8Array(await crypto.subtle.deriveBits(ecdh, server.privateKey, 256));

  // RFC 8291 §3.3: the auth secret and both public keys go into the input keying material; from
  // it and the salt, RFC 8188 §2.2 and §2.3 derive the key and the nonce.
  const info = concat(utf8('WebPush: info\0'), uaPublic, server.publicKey);
  const ikm = await hkdf(auth, secret, info, 32);
  const cek = await hkdf(salt, ikm, utf8('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, utf8('Content-Encoding: nonce\0'), 12);

  // One record, so the last: the plaintext, the delimiter 0x02, then zeros (RFC 8188 §2).
  const record = new Uint8Array(plaintext.length + 1 + padding);
  record.set(plaintext);
  record[plaintext.length] = 0x02;
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt']);
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, key, record);

  // RFC 8188 §2.1: salt, record size (uint32, big-endian), key id length, key id; RFC 8291 §4
  // makes the key id our public key.
  const header = new Uint8Array(HEADER_BYTES);
  header.set(salt);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = server.publicKey.length;
  header.set(server.publicKey, 21);
  return concat(header, new Uint8Array(sealed));
}

const jsonPart = (value: object) => toBase64url(utf8(JSON.stringify(value)));

/** A signed VAPID token and when it stops being valid (ms since the epoch). */
export interface VapidToken {
  token: string;
  expires: number;
}

/**
 * A VAPID token (RFC 8292 §2): a JWT signed with ES256 for the push service at `audience` (an
 * origin), valid for 12 hours from `now`.
 */
export async function vapidToken(
  audience: string,
  vapid: Vapid,
  now = Date.now(),
): Promise<VapidToken> {
  if (!/^(mailto:|https:\/\/)/.test(vapid.subject)) {
    throw new RangeError('The VAPID subject is a mailto: or https: URI');
  }
  const exp = Math.floor(now / 1000) + TOKEN_SECONDS;
  const header = jsonPart({ typ: 'JWT', alg: 'ES256' });
  const claims = jsonPart({ aud: audience, exp, sub: vapid.subject });
  const key = await importPrivateKey(vapid, 'sign');
  // WebCrypto's ECDSA signature is r || s, 64 bytes: the form JWS wants (RFC 7518 §3.4).
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    utf8(`${header}.${claims}`),
  );
  return {
    token: `${header}.${claims}.${toBase64url(new Uint8Array(signature))}`,
    expires: exp * 1000,
  };
}

/** The `Authorization` header (RFC 8292 §3) made of a token and the public key it was signed for. */
export const authorizationOf = (token: string, publicKey: string) =>
  `vapid t=${token}, k=${publicKey}`;

/**
 * The `Authorization` header for a request to `endpoint` (RFC 8292 §3): a JWT signed with ES256,
 * for the push service's origin, valid for 12 hours from `now`.
 */
export async function vapidAuthorization(
  endpoint: string,
  vapid: Vapid,
  now = Date.now(),
): Promise<string> {
  const { token } = await vapidToken(new URL(endpoint).origin, vapid, now);
  return authorizationOf(token, vapid.publicKey);
}

/**
 * Whether `keys` are a P-256 key pair: the private key signs what the public key verifies. A
 * secret set by hand can be anything.
 */
export async function isP256Pair(keys: P256Keys): Promise<boolean> {
  try {
    const data = utf8('hoopla');
    const signature = await crypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      await importPrivateKey(keys, 'sign'),
      data,
    );
    const point = fromBase64url(keys.publicKey);
    const verifier = await crypto.subtle.importKey('raw', point, P256_ECDSA, false, ['verify']);
    return await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      verifier,
      signature,
      data,
    );
  } catch {
    return false;
  }
}

/** Gives the `Authorization` header for a request to an endpoint. */
export type Signer = (endpoint: string) => Promise<string>;

/**
 * The request that delivers `payload` to one subscription, ready for `fetch(url, init)`. The
 * caller checks the endpoint with `allowedEndpoint` first.
 */
export async function pushRequest(
  subscription: PushSubscriptionJson,
  payload: string,
  options: PushOptions,
  vapid: Vapid | Signer,
): Promise<{ url: string; init: RequestInit }> {
  if (!Number.isSafeInteger(options.ttl) || options.ttl < 0) {
    throw new RangeError('TTL is a whole number of seconds');
  }
  if (options.topic !== undefined && !TOPIC.test(options.topic)) {
    throw new RangeError('A topic is 1–32 characters of base64url (see pushTopic)');
  }
  const headers: Record<string, string> = {
    'Content-Encoding': 'aes128gcm',
    'Content-Type': 'application/octet-stream',
    TTL: String(options.ttl),
    Authorization:
      typeof vapid === 'function'
        ? await vapid(subscription.endpoint)
        : await vapidAuthorization(subscription.endpoint, vapid),
  };
  if (options.topic !== undefined) headers.Topic = options.topic;
  if (options.urgency !== undefined) headers.Urgency = options.urgency;
  const body = await encryptPayload(utf8(payload), subscription.keys);
  return { url: subscription.endpoint, init: { method: 'POST', headers, body } };
}

/** A valid topic for a table: its id if that already is one, else 32 characters of its hash. */
export async function pushTopic(id: string): Promise<string> {
  if (TOPIC.test(id)) return id;
  const digest = await crypto.subtle.digest('SHA-256', utf8(id));
  return toBase64url(new Uint8Array(digest)).slice(0, 32);
}

/** The Web Push services of Chrome and Android (FCM) and of Firefox (autopush). */
const PUSH_HOSTS = new Set(['fcm.googleapis.com', 'updates.push.services.mozilla.com']);
/** Safari's (web.push.apple.com; Apple asks for all of *.push.apple.com) and Edge's (WNS). */
const PUSH_HOST_SUFFIXES = ['.push.apple.com', '.notify.windows.com'];
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost']);

/**
 * Whether the Worker may send to `endpoint`. A subscription's endpoint comes from a client, and
 * the Worker would POST to it: only the known push services over https on the default port, or
 * (for tests and local development, with `allowLoopback`) plain http on this machine.
 */
export function allowedEndpoint(endpoint: string, allowLoopback: boolean): boolean {
  if (endpoint.length > MAX_ENDPOINT_LENGTH) return false;
  const url = URL.parse(endpoint);
  if (url === null || url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'http:') return allowLoopback && LOOPBACK_HOSTS.has(url.hostname);
  return (
    url.protocol === 'https:' &&
    url.port === '' &&
    (PUSH_HOSTS.has(url.hostname) ||
      PUSH_HOST_SUFFIXES.some((suffix) => url.hostname.endsWith(suffix)))
  );
}
