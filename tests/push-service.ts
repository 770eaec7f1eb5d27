/// <reference types="node" />
/**
 * A push service for tests, on 127.0.0.1: it makes subscriptions whose keys it holds, as a browser
 * would, and takes pushes the way a real push service does (RFC 8030), checking the VAPID token
 * (RFC 8292) and the headers and decrypting the message (RFC 8291) before it keeps it. It shares
 * no code with worker/web-push.ts, so that a misreading of the RFCs there shows up here.
 *
 *   POST /subscriptions               {applicationServerKey?} → {id, endpoint, keys}
 *   POST /push/<id>                   a push message → 201, or why not
 *   POST /subscribers/<id>/respond    {status: 404 | 410 | 500} → later pushes get that status
 *   GET  /subscribers/<id>/messages   → what was delivered: [{headers, payload}]
 *
 * Plain JSON over fetch, so that a test inside workerd can read it too.
 */
import type { webcrypto } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import * as v from 'valibot';

export interface Delivered {
  headers: { ttl: number; topic: string | null; urgency: string | null };
  payload: string;
}

/** What decrypts a subscriber's messages: its ECDH key pair and auth secret. */
export interface Receiver {
  privateKey: webcrypto.CryptoKey;
  /** Uncompressed point, 65 bytes. */
  publicKey: Uint8Array;
  auth: Uint8Array;
}

interface Subscriber extends Receiver {
  /** RFC 8292 §4: a subscription made for one application server's key takes only its pushes. */
  applicationServerKey: string | undefined;
  status: number | undefined;
  messages: Delivered[];
}

type Answer = { status: number; json?: unknown; text?: string };

/** RFC 8030 §7.2: a push service need take no more than 4096 bytes of body. */
const MAX_BODY = 4096;
const DAY_SECONDS = 24 * 60 * 60;
const URGENCIES = ['very-low', 'low', 'normal', 'high'];
const ECDH = { name: 'ECDH', namedCurve: 'P-256' };
const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' };

const bytes = (base64url: string) => Buffer.from(base64url, 'base64url');
const base64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');
const refuse = (status: number, text: string): Answer => ({ status, text });

/** A copy on an ArrayBuffer of its own: what the DOM's WebCrypto types take (the e2e tests' too). */
const own = (data: ArrayBuffer | Uint8Array) => new Uint8Array(data);

async function hkdf(
  salt: Uint8Array,
  ikm: ArrayBuffer | Uint8Array,
  info: Uint8Array,
  length: number,
) {
  const key = await crypto.subtle.importKey('raw', own(ikm), 'HKDF', false, ['deriveBits']);
  const params = { name: 'HKDF', hash: 'SHA-256', salt: own(salt), info: own(info) };
  return crypto.subtle.deriveBits(params, key, length * 8);
}

/**
 * The user agent's side of RFC 8291: the header (RFC 8188 §2.1), the keys from it, one record,
 * its padding stripped (the last non-zero byte must be the last-record delimiter 0x02). Throws
 * when the body is not a message to this receiver.
 */
export async function decryptPushMessage(body: Uint8Array, receiver: Receiver): Promise<string> {
  const data = Buffer.from(body);
  const salt = data.subarray(0, 16);
  const recordSize = data.readUInt32BE(16);
  const keyIdLength = data.readUInt8(20);
  const senderKey = data.subarray(21, 21 + keyIdLength);
  const record = data.subarray(21 + keyIdLength);
  if (keyIdLength !== 65 || record.length < 17 || record.length > recordSize) {
    throw new Error('Not one aes128gcm record with a P-256 key id');
  }
  const sender = await crypto.subtle.importKey('raw', senderKey, ECDH, false, []);
  const secret = await crypto.subtle.deriveBits(
    { name: 'ECDH', public: sender },
    receiver.privateKey,
    256,
  );
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.publicKey, senderKey]);
  const ikm = await hkdf(receiver.auth, secret, info, 32);
  const cek = await hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const plain = new Uint8Array(
    await crypto.subtle.decrypt({ name: 'AES-GCM', iv: new Uint8Array(nonce) }, key, record),
  );
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 0x02) throw new Error('No last-record delimiter');
  return new TextDecoder('utf-8', { fatal: true }).decode(plain.subarray(0, end));
}

const jwtHeaderSchema = v.object({ alg: v.literal('ES256') });
const claimsSchema = v.object({
  aud: v.string(),
  exp: v.pipe(v.number(), v.integer()),
  sub: v.pipe(v.string(), v.regex(/^(mailto:|https:\/\/)./)),
});

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const jsonPart = (part: string | undefined) => parseJson(bytes(part ?? '').toString('utf8'));

/** RFC 8292: `vapid t=<JWT>, k=<key>`, the JWT signed by k, for this origin, not expired. */
async function vapidProblem(
  authorization: string | undefined,
  origin: string,
  subscriber: Subscriber,
): Promise<Answer | null> {
  const scheme = /^vapid\s+(.*)$/i.exec(authorization ?? '');
  if (!scheme?.[1]) return refuse(401, 'No vapid Authorization');
  const params = new Map(
    scheme[1].split(',').map((param) => {
      const [name = '', ...value] = param.trim().split('=');
      return [name.toLowerCase(), value.join('=')];
    }),
  );
  const token = params.get('t') ?? '';
  const publicKey = params.get('k') ?? '';
  const [header, claims, signature, ...rest] = token.split('.');
  if (!v.is(jwtHeaderSchema, jsonPart(header)) || signature === undefined || rest.length > 0) {
    return refuse(401, 't is not an ES256 JWT');
  }
  let verified = false;
  try {
    const key = await crypto.subtle.importKey('raw', bytes(publicKey), ECDSA, false, ['verify']);
    verified = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      key,
      bytes(signature),
      Buffer.from(`${header}.${claims}`),
    );
  } catch {
    return refuse(401, 'k is not a P-256 public key');
  }
  if (!verified) return refuse(401, 'The JWT is not signed by k');
  const parsed = v.safeParse(claimsSchema, jsonPart(claims));
  if (!parsed.success) return refuse(401, 'The JWT lacks aud, exp or a mailto:/https: sub');
  const now = Math.floor(Date.now() / 1000);
  if (parsed.output.aud !== origin) return refuse(401, `aud is not ${origin}`);
  if (parsed.output.exp <= now) return refuse(401, 'The JWT has expired');
  if (parsed.output.exp > now + DAY_SECONDS) return refuse(401, 'exp is more than 24 hours away');
  if (
    subscriber.applicationServerKey !== undefined &&
    publicKey !== subscriber.applicationServerKey
  ) {
    return refuse(403, 'k is not the key this subscription was made for');
  }
  return null;
}

/** Node gives a header it does not know as a string (repeats joined with commas). */
function pushHeaders(request: IncomingMessage) {
  const one = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  return { ttl: one('ttl'), topic: one('topic'), urgency: one('urgency') };
}

/** RFC 8030 §5.2–5.4 and RFC 8291 §4: what a push message's headers must say. */
function headerProblem(request: IncomingMessage): Answer | null {
  const { ttl, topic, urgency } = pushHeaders(request);
  if (request.headers['content-encoding'] !== 'aes128gcm') {
    return refuse(400, 'Content-Encoding is not aes128gcm');
  }
  if (ttl === undefined || !/^\d+$/.test(ttl)) return refuse(400, 'No TTL');
  if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) return refuse(400, 'Bad Topic');
  if (urgency !== undefined && !URGENCIES.includes(urgency)) return refuse(400, 'Bad Urgency');
  return null;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const readJson = (body: Buffer) => (body.length === 0 ? {} : parseJson(body.toString('utf8')));

const subscriptionRequest = v.object({ applicationServerKey: v.optional(v.string()) });
const respondRequest = v.object({ status: v.picklist([404, 410, 500]) });

export async function startPushService(): Promise<{ url: string; close(): Promise<void> }> {
  const subscribers = new Map<string, Subscriber>();
  let origin = '';

  async function subscribe(body: Buffer): Promise<Answer> {
    const parsed = v.safeParse(subscriptionRequest, readJson(body));
    if (!parsed.success) return refuse(400, 'Bad subscription request');
    const pair = await crypto.subtle.generateKey(ECDH, false, ['deriveBits']);
    const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
    const auth = crypto.getRandomValues(new Uint8Array(16));
    const id = crypto.randomUUID();
    subscribers.set(id, {
      privateKey: pair.privateKey,
      publicKey,
      auth,
      applicationServerKey: parsed.output.applicationServerKey,
      status: undefined,
      messages: [],
    });
    const keys = { p256dh: base64url(publicKey), auth: base64url(auth) };
    return { status: 201, json: { id, endpoint: `${origin}/push/${id}`, keys } };
  }

  async function push(request: IncomingMessage, subscriber: Subscriber, body: Buffer) {
    if (subscriber.status !== undefined) return refuse(subscriber.status, 'Told to');
    const problem =
      (await vapidProblem(request.headers.authorization, origin, subscriber)) ??
      headerProblem(request);
    if (problem) return problem;
    if (body.length > MAX_BODY) return refuse(413, 'Over 4096 bytes');
    let payload: string;
    try {
      payload = await decryptPushMessage(body, subscriber);
    } catch {
      return refuse(400, 'Cannot decrypt the message');
    }
    const { ttl, topic, urgency } = pushHeaders(request);
    subscriber.messages.push({
      headers: { ttl: Number(ttl), topic: topic ?? null, urgency: urgency ?? null },
      payload,
    });
    return { status: 201 };
  }

  async function answer(request: IncomingMessage): Promise<Answer> {
    const body = await readBody(request);
    const path = new URL(request.url ?? '/', origin).pathname;
    if (request.method === 'POST' && path === '/subscriptions') return subscribe(body);
    const [, kind = '', id = '', action = ''] = path.split('/');
    const subscriber = subscribers.get(id);
    if (subscriber === undefined) return refuse(404, 'No such subscriber');
    const route = `${request.method} ${kind}/${action}`;
    if (route === 'POST push/') return push(request, subscriber, body);
    if (route === 'GET subscribers/messages') return { status: 200, json: subscriber.messages };
    if (route === 'POST subscribers/respond') {
      const parsed = v.safeParse(respondRequest, readJson(body));
      if (!parsed.success) return refuse(400, 'status is 404, 410 or 500');
      subscriber.status = parsed.output.status;
      return { status: 204 };
    }
    return refuse(404, 'No such route');
  }

  const server = createServer((request, response) => {
    answer(request)
      .catch((error: unknown) => refuse(500, String(error)))
      .then(({ status, json, text }) => {
        if (json !== undefined) response.setHeader('Content-Type', 'application/json');
        response.writeHead(status).end(json === undefined ? text : JSON.stringify(json));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('No port');
  origin = `http://127.0.0.1:${address.port}`;
  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
