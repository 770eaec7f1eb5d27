/**
 * The page a visitor gets when the server cannot answer a page request: what happened, in the
 * site's colours, with a way to try again. It stands alone (its style inline, allowed by its
 * hash; no script, no other file), so it shows whatever else is failing, even the static files.
 */
import { COMMON_HEADERS, contentSecurityPolicy, inlineHashes } from './headers.ts';

/** The site's languages (web/src/i18n.ts: LANGS). */
export type Language = 'en' | 'fr' | 'de';

/** When a table that cannot be loaded is worth asking for again, in seconds (`Retry-After`). */
export const RETRY_AFTER_S = '60';

/** Why the page is shown: a table whose record cannot be loaded now, or anything else. */
export type PageError = 'unavailable' | 'internal';

interface Words {
  title: Record<PageError, string>;
  body: Record<PageError, string>;
  again: string;
  home: string;
}

const WORDS: Record<Language, Words> = {
  en: {
    title: {
      unavailable: 'This table can’t be opened right now',
      internal: 'Something went wrong on our side',
    },
    body: {
      unavailable:
        'The server could not read this table. It has been noted; try again in a minute.',
      internal: 'The page could not be made. Try again; if it keeps happening, come back later.',
    },
    again: 'Try again',
    home: 'Back to the games',
  },
  fr: {
    title: {
      unavailable: 'Impossible d’ouvrir cette table pour le moment',
      internal: 'Un problème est survenu de notre côté',
    },
    body: {
      unavailable:
        'Le serveur n’a pas pu lire cette table. C’est noté ; réessayez dans une minute.',
      internal:
        'La page n’a pas pu être préparée. Réessayez ; si cela continue, revenez plus tard.',
    },
    again: 'Réessayer',
    home: 'Retour aux jeux',
  },
  de: {
    title: {
      unavailable: 'Dieser Tisch lässt sich gerade nicht öffnen',
      internal: 'Bei uns ist etwas schiefgegangen',
    },
    body: {
      unavailable:
        'Der Server konnte diesen Tisch nicht lesen. Das ist vermerkt; versuch es in einer Minute noch einmal.',
      internal:
        'Die Seite konnte nicht erstellt werden. Versuch es noch einmal; wenn es so bleibt, komm später wieder.',
    },
    again: 'Noch einmal versuchen',
    home: 'Zurück zu den Spielen',
  },
};

/** The first of the site's languages the visitor's browser asks for, English otherwise. */
export function languageOf(acceptLanguage: string | null | undefined): Language {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase().slice(0, 2);
    if (tag === 'en' || tag === 'fr' || tag === 'de') return tag;
  }
  return 'en';
}

/** The site's look (web/src/styles.css): its paper, its ink, its blue bar and 44 px targets. */
const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  line-height: 1.45; color: #1d2433; background: #f6f3ec; }
body { margin: 0; }
header { padding: 0.15rem 0.75rem; background: #1f3a5f; }
header a { display: inline-flex; align-items: center; min-height: 2.75rem; color: #fff;
  font-weight: 800; font-size: 1.2rem; text-decoration: none; letter-spacing: 0.02em; }
main { max-width: 34rem; margin: 1.5rem 0.75rem; padding: 1.25rem; background: #fff;
  border: 1px solid #d9d4c7; border-radius: 0.5rem; }
@media (min-width: 36rem) { main { margin: 2rem auto; } }
h1 { font-size: 1.3rem; margin: 0 0 0.5rem; }
p { margin: 0 0 1rem; }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin: 0; }
.actions a { display: inline-flex; align-items: center; min-height: 2.75rem; padding: 0 1rem;
  border-radius: 0.5rem; border: 1px solid #1f3a5f; color: #1f3a5f; text-decoration: none;
  font-weight: 600; }
.actions a.primary { background: #1f3a5f; color: #fff; }
a:focus-visible { outline: 3px solid #f2b705; outline-offset: 2px; }
`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page's HTML: `again` is the address to try again (the page that failed). */
export function errorHtml(error: PageError, language: Language, again: string): string {
  const w = WORDS[language];
  return `<!doctype html>
<html lang="${language}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>${escapeHtml(w.title[error])} · Hoopla</title>
    <style>${STYLE}</style>
  </head>
  <body>
    <header><a href="/">Hoopla</a></header>
    <main>
      <h1>${escapeHtml(w.title[error])}</h1>
      <p>${escapeHtml(w.body[error])}</p>
      <p class="actions">
        <a class="primary" href="${escapeHtml(again)}">${escapeHtml(w.again)}</a>
        <a href="/">${escapeHtml(w.home)}</a>
      </p>
    </main>
  </body>
</html>
`;
}

/**
 * The response: 503 with `Retry-After` for a table that cannot be loaded, 500 otherwise; never
 * cached, so trying again asks the server again.
 */
export async function errorPage(
  error: PageError,
  request: { url: string; acceptLanguage: string | null | undefined },
): Promise<Response> {
  const url = new URL(request.url);
  const html = errorHtml(error, languageOf(request.acceptLanguage), url.pathname + url.search);
  const status = error === 'unavailable' ? 503 : 500;
  return new Response(html, {
    status,
    headers: {
      ...COMMON_HEADERS,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': contentSecurityPolicy([], await inlineHashes(html, 'style')),
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
      ...(status === 503 ? { 'Retry-After': RETRY_AFTER_S } : {}),
    },
  });
}
