/** Random secrets (seat tokens, host keys, seeds) and the hashes the table stores instead. */
import { toBase64url } from '../shared/push.ts';

/** 192 random bits, URL-safe. */
export function newSecret(): string {
  return toBase64url(crypto.getRandomValues(new Uint8Array(24)));
}

export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
