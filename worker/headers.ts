/**
 * The headers the site answers with. Pages get a Content-Security-Policy under which only the
 * site's own files and the page's inline early-socket script (by its hash) run; nothing may frame
 * a page, and no page tells another site where its visitor came from, since a table link is the
 * key to a seat. Files whose names carry their content's hash are cached for a year.
 *
 * Written once, here: the Worker sets them on the pages it answers, and the build writes the
 * same into the static files' `_headers` (vite.config.ts). No Workers API, so both can use it.
 */

/** Files under /assets/ are named by their content's hash: a new build means new names. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The headers of every page and file besides its policy. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  // Only features Chromium knows (it warns of any other, such as `bluetooth`, on every page
  // load); the other browsers ignore the header.
  'Permissions-Policy':
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), browsing-topics=()',
  // For browsers older than `frame-ancestors`.
  'X-Frame-Options': 'DENY',
};

/**
 * The policy of a page whose inline scripts, and styles, have these hashes ('sha256-…'). The
 * app's own page has no inline style: styles it sets from script (a clock's bar, a grid's
 * columns) go through the CSSOM, which the policy allows. Only the server's error page, which
 * stands alone, has one.
 */
export function contentSecurityPolicy(
  scriptHashes: readonly string[],
  styleHashes: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...scriptHashes.map((h) => `'${h}'`)].join(' '),
    ['style-src', "'self'", ...styleHashes.map((h) => `'${h}'`)].join(' '),
    "img-src 'self' data:",
    // The table's WebSocket is on the page's own host.
    "connect-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const INLINE = {
  script: /<script>([\s\S]*?)<\/script>/g,
  style: /<style>([\s\S]*?)<\/style>/g,
};

/** 'sha256-…' of each inline script (or style) in `html`, as the policy names them. */
export async function inlineHashes(
  html: string,
  kind: keyof typeof INLINE = 'script',
): Promise<string[]> {
  const hashes: string[] = [];
  for (const [, body = ''] of html.matchAll(INLINE[kind])) {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
    hashes.push(`sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`);
  }
  return hashes;
}

/** The headers of a page whose HTML is `html`. */
export async function pageHeaders(html: string): Promise<Record<string, string>> {
  return {
    ...COMMON_HEADERS,
    'Content-Security-Policy': contentSecurityPolicy(await inlineHashes(html)),
  };
}

/**
 * The static files' `_headers` (the Workers assets format): the page headers on everything, and
 * a year's caching for the hashed files.
 */
export async function headersFile(indexHtml: string): Promise<string> {
  const lines = ['/*'];
  for (const [name, value] of Object.entries(await pageHeaders(indexHtml))) {
    lines.push(`  ${name}: ${value}`);
  }
  lines.push('/assets/*', `  Cache-Control: ${IMMUTABLE}`);
  return `${lines.join('\n')}\n`;
}
