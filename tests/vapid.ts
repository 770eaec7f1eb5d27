/**
 * A VAPID key pair for a test server, in the form the Worker reads (worker/push-keys.ts): the public
 * key as the uncompressed P-256 point and the private key as its JWK `d`, both base64url. Made
 * with Node's crypto, synchronously, as a config file needs it.
 */
import { generateKeyPairSync } from 'node:crypto';

export function vapidPair(): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  if (!jwk.x || !jwk.y || !jwk.d) throw new Error('no P-256 key');
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x, 'base64url'),
    Buffer.from(jwk.y, 'base64url'),
  ]);
  return { VAPID_PUBLIC_KEY: point.toString('base64url'), VAPID_PRIVATE_KEY: jwk.d };
}
