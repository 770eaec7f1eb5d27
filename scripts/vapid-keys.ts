/**
 * A new VAPID key pair for Web Push (RFC 8292), made by the Worker's own code. Optional: the
 * Worker makes and keeps a pair of its own (worker/push-keys.ts); a pair set as secrets wins.
 *
 *   node scripts/vapid-keys.ts   prints it, with the commands that store it as secrets
 */
import { generateVapidKeys } from '../worker/web-push.ts';

const keys = await generateVapidKeys();

console.log(`A new VAPID key pair for Web Push.

Public key (the applicationServerKey browsers subscribe with; not a secret):
  ${keys.publicKey}

Private key (a secret: keep it out of the repository and of chat):
  ${keys.privateKey}

The Worker needs none: it makes and keeps a pair of its own. To use this one instead, store both
as the Worker's secrets (they win), pasting each value when wrangler asks for it:
  npx wrangler secret put VAPID_PUBLIC_KEY
  npx wrangler secret put VAPID_PRIVATE_KEY

Replacing a pair in use ends every subscription made with the old public key.`);
