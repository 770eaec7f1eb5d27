/**
 * A browser's push subscription as its client sends it (`PushSubscription.toJSON()` in the Push
 * API), and the unpadded base64url (RFC 4648 §5) its keys are written in. Both sides use it: the
 * client sends what this accepts, the Worker parses with it before encrypting to those keys
 * (worker/web-push.ts).
 */
import * as v from 'valibot';

/** Real push services' endpoints are a few hundred characters; anything longer is refused. */
export const MAX_ENDPOINT_LENGTH = 1024;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Bytes as unpadded base64url. Written out because this folder sees no platform's `btoa`. */
export function toBase64url(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const group = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    // 1, 2 or 3 bytes left make 2, 3 or 4 characters.
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c++) text += ALPHABET.charAt((group >> (18 - 6 * c)) & 63);
  }
  return text;
}

/** Unpadded base64url back to bytes; throws a RangeError on anything else. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  // One character left over would hold only 6 bits: no byte ends there.
  if (!BASE64URL.test(text) || text.length % 4 === 1) throw new RangeError('Not base64url');
  const bytes = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const char of text) {
    value = ((value << 6) | ALPHABET.indexOf(char)) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (value >> bits) & 255;
    }
  }
  return bytes;
}

/** P-256's prime and curve coefficient b (SEC 2 §2.4.2, FIPS 186-4 D.1.2.3); a is p − 3. */
const P256_P = BigInt('0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff');
const P256_B = BigInt('0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b');

const bigOf = (bytes: Uint8Array) =>
  bytes.reduce((n, byte) => (n << BigInt(8)) | BigInt(byte), BigInt(0));

/** `base` to the power `exp`, modulo `mod`. */
function powMod(base: bigint, exp: bigint, mod: bigint): bigint {
  let out = BigInt(1);
  let b = base % mod;
  for (let e = exp; e > BigInt(0); e >>= BigInt(1)) {
    if (e & BigInt(1)) out = (out * b) % mod;
    b = (b * b) % mod;
  }
  return out;
}

/**
 * Whether `point` is an uncompressed point on P-256 (0x04 || x || y with y² = x³ − 3x + b mod p):
 * the check a push service's encryption makes when it imports the browser's key (RFC 8291 §3.1),
 * made when the key arrives instead, where it can be refused. Plain arithmetic, so that the
 * table's step, which is synchronous and sees no WebCrypto, can make it.
 */
export function onP256(point: Uint8Array): boolean {
  if (point.length !== 65 || point[0] !== 0x04) return false;
  const x = bigOf(point.subarray(1, 33));
  const y = bigOf(point.subarray(33));
  if (x >= P256_P || y >= P256_P) return false;
  const right =
    (powMod(x, BigInt(3), P256_P) + P256_P - ((BigInt(3) * x) % P256_P) + P256_B) % P256_P;
  return (y * y) % P256_P === right;
}

/** A key of `bytes` bytes in unpadded base64url: exactly ceil(bytes × 4 / 3) characters. */
function base64urlKey(bytes: number) {
  const chars = Math.ceil((bytes * 4) / 3);
  return v.pipe(
    v.string('not a string'),
    v.regex(BASE64URL, 'not base64url (A–Z, a–z, 0–9, - and _, no padding)'),
    v.length(chars, `must be ${bytes} bytes (${chars} base64url characters)`),
  );
}

/** The page's languages (web/src/i18n.ts: LANGS), which a device may ask its notices in. */
export const NOTICE_LANGS = ['en', 'fr', 'de'] as const;
export type NoticeLang = (typeof NOTICE_LANGS)[number];

/** A language as a page sends it: one it does not know (a newer page's) is read as English. */
export const noticeLangSchema = v.fallback(v.picklist(NOTICE_LANGS), 'en');

export const pushSubscriptionSchema = v.object({
  endpoint: v.pipe(
    v.string('not a string'),
    v.minLength(1, 'empty'),
    v.maxLength(MAX_ENDPOINT_LENGTH, `longer than ${MAX_ENDPOINT_LENGTH} characters`),
  ),
  // Extra fields (`expirationTime`) are accepted and left out of the result.
  keys: v.object({
    /** The browser's ECDH P-256 public key, uncompressed (X9.62: 0x04 || x || y), RFC 8291 §3.1. */
    p256dh: v.pipe(
      base64urlKey(65),
      // Only once the checks above have passed, so that a bad key reports one problem.
      v.check(
        (text) => !BASE64URL.test(text) || text.length !== 87 || fromBase64url(text)[0] === 0x04,
        'not an uncompressed P-256 point (its first byte must be 0x04)',
      ),
    ),
    /** The browser's 16-byte authentication secret, RFC 8291 §3.2. */
    auth: base64urlKey(16),
  }),
  /**
   * The page's language, which its notices are written in (English without one, as an older
   * page sends it). Here rather than beside the subscription: a table still on the previous code
   * during a deploy drops a field of the subscription it does not know, and takes the rest.
   */
  language: v.optional(noticeLangSchema),
});

export type PushSubscriptionJson = v.InferOutput<typeof pushSubscriptionSchema>;
