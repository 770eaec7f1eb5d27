/**
 * The server's VAPID key pair (RFC 8292), kept by one Durable Object of its own so that a first
 * deploy needs no secrets: the pair is made with WebCrypto the first time it is asked for, kept in
 * the object's storage, and its private key never leaves it. Where the secrets VAPID_PUBLIC_KEY
 * and VAPID_PRIVATE_KEY are both set, they win; a pair set but malformed turns notices off, with
 * one log line. Tables ask for a signed token per push service, which they keep until shortly
 * before it expires (notices.ts).
 */
import { DurableObject } from 'cloudflare:workers';
import * as v from 'valibot';
import {
  generateVapidKeys,
  isP256Pair,
  type P256Keys,
  type VapidToken,
  vapidToken,
} from './web-push.ts';

/** The one instance's name. */
export const PUSH_KEYS_NAME = 'vapid';

/** A base64url P-256 uncompressed point (65 bytes) and private scalar (32 bytes). */
const keysSchema = v.object({
  publicKey: v.pipe(v.string(), v.length(87), v.regex(/^[A-Za-z0-9_-]+$/)),
  privateKey: v.pipe(v.string(), v.length(43), v.regex(/^[A-Za-z0-9_-]+$/)),
});
const originSchema = v.pipe(v.string(), v.url(), v.startsWith('https://'));

/** The settings this object reads, none of them required (secrets are not in Env's type). */
const settingsSchema = v.object({
  VAPID_PUBLIC_KEY: v.optional(v.string()),
  VAPID_PRIVATE_KEY: v.optional(v.string()),
  VAPID_SUBJECT: v.optional(v.string()),
});

/** What RFC 8292 §2.1 allows as a subject, as web-push.ts checks it. */
const SUBJECT = /^(mailto:|https:\/\/)./;

/** A subject for a site served from a loopback or plain http origin (tests, local development). */
const FALLBACK_SUBJECT = 'mailto:push@localhost';

/** The instance every caller talks to. */
export function pushKeys(env: Env): DurableObjectStub<PushKeys> {
  return env.PUSH_KEYS.get(env.PUSH_KEYS.idFromName(PUSH_KEYS_NAME));
}

export class PushKeys extends DurableObject<Env> {
  /** The keys in use, once asked for; null where set secrets are malformed (notices are off). */
  private keys: Promise<P256Keys | null> | undefined;
  /** Whether a malformed VAPID_SUBJECT was logged (once per wake). */
  private toldSubject = false;

  /**
   * The public key browsers subscribe with, or null where notices are off. `origin` is the site's
   * own, as the request that asks saw it: an https one becomes the default VAPID subject.
   */
  async publicKey(origin?: string): Promise<string | null> {
    if (origin !== undefined && v.is(originSchema, origin)) {
      if ((await this.ctx.storage.get('origin')) !== origin) {
        await this.ctx.storage.put('origin', origin);
      }
    }
    return (await this.current())?.publicKey ?? null;
  }

  /** A signed token for the push service at `audience` (an origin), or null where notices are off. */
  async token(audience: string): Promise<(VapidToken & { publicKey: string }) | null> {
    const keys = await this.current();
    if (keys === null) return null;
    const { token, expires } = await vapidToken(audience, {
      ...keys,
      subject: await this.subject(),
    });
    return { token, expires, publicKey: keys.publicKey };
  }

  private async subject(): Promise<string> {
    const set = v.parse(settingsSchema, this.env).VAPID_SUBJECT;
    if (set && SUBJECT.test(set)) return set;
    if (set && !this.toldSubject) {
      this.toldSubject = true;
      console.error(
        'push: VAPID_SUBJECT is not a mailto: or https: URI; the site’s origin is used',
      );
    }
    const origin = await this.ctx.storage.get('origin');
    return v.is(originSchema, origin) ? origin : FALLBACK_SUBJECT;
  }

  private current(): Promise<P256Keys | null> {
    // Loaded once, by whichever caller comes first, and the others wait for that same load: two
    // first callers must not each make a pair (one would overwrite the other's).
    this.keys ??= this.ctx.blockConcurrencyWhile(() => this.load());
    return this.keys;
  }

  private async load(): Promise<P256Keys | null> {
    const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = v.parse(
      settingsSchema,
      this.env,
    );
    if (publicKey && privateKey) {
      if (await isP256Pair({ publicKey, privateKey })) return { publicKey, privateKey };
      console.error(
        'push: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set but are not a P-256 key pair; no notices are sent until they are fixed or removed',
      );
      return null;
    }
    // Storage is untrusted: what does not read back as a pair is replaced by a new one.
    const stored = v.safeParse(keysSchema, await this.ctx.storage.get('keys'));
    if (stored.success && (await isP256Pair(stored.output))) return stored.output;
    if (stored.success || (await this.ctx.storage.get('keys')) !== undefined) {
      console.error('push: the stored VAPID key pair cannot be read; a new one is made');
    }
    const keys = await generateVapidKeys();
    await this.ctx.storage.put('keys', keys);
    return keys;
  }
}
