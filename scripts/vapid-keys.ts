/**
 * A new VAPID key pair for Web Push (RFC 8292), made by the Worker's own code. Optional: the
 * Worker makes and keeps a pair of its own (worker/push-keys.ts); a pair set as secrets wins.
 *
 *   node scripts/vapid-keys.ts         prints it, with the commands that store it as secrets
 *   node scripts/vapid-keys.ts --dev   writes it into .dev.vars for local development, unless
 *                                      that file already holds VAPID keys
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { generateVapidKeys } from '../worker/web-push.ts';

const NAMES = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'];
const keys = await generateVapidKeys();

if (process.argv.includes('--dev')) {
  const devVars = new URL('../.dev.vars', import.meta.url);
  const text = existsSync(devVars) ? readFileSync(devVars, 'utf8') : '';
  const present = NAMES.filter((name) => new RegExp(`^\\s*${name}\\s*=`, 'm').test(text));
  if (present.length > 0) {
    // A key written here before is kept: browsers subscribed with it. Only half a pair is an error
    // to fix by hand, not to paper over with a new half.
    console.log(`.dev.vars already holds ${present.join(' and ')}; it is left as it was.`);
  } else {
    const lines = `VAPID_PUBLIC_KEY=${keys.publicKey}\nVAPID_PRIVATE_KEY=${keys.privateKey}\n`;
    const separator = text === '' || text.endsWith('\n') ? '' : '\n';
    writeFileSync(devVars, `${text}${separator}${lines}`);
    console.log('Wrote VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY into .dev.vars.');
  }
} else {
  console.log(`A new VAPID key pair for Web Push.

Public key (the applicationServerKey browsers subscribe with; not a secret):
  ${keys.publicKey}

Private key (a secret: keep it out of the repository and of chat):
  ${keys.privateKey}

The Worker needs none: it makes and keeps a pair of its own. To use this one instead, store both
as the Worker's secrets (they win), pasting each value when wrangler asks for it:
  npx wrangler secret put VAPID_PUBLIC_KEY
  npx wrangler secret put VAPID_PRIVATE_KEY

Replacing a pair in use ends every subscription made with the old public key.
For local development, \`node scripts/vapid-keys.ts --dev\` writes a pair into .dev.vars.`);
}
