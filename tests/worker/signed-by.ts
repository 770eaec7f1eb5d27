/** Whether a VAPID token (an ES256 JWT) is signed by the P-256 public key `publicKey` (base64url). */
import { fromBase64url } from '../../shared/push.ts';

export async function signedBy(token: string, publicKey: string): Promise<boolean> {
  const [header = '', claims = '', signature = ''] = token.split('.');
  const key = await crypto.subtle.importKey(
    'raw',
    fromBase64url(publicKey),
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  );
  return crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    fromBase64url(signature),
    new TextEncoder().encode(`${header}.${claims}`),
  );
}
