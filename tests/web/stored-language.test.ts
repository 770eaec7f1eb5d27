/** The language the page starts in: the one chosen here before, if it is one the page has. */
import './browser-globals.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The page's language as a fresh page reads it, with `stored` remembered and `browser`'s list. */
async function startingLanguage(stored: string | null, browser: string[]): Promise<string> {
  if (stored === null) localStorage.removeItem('hoopla:lang');
  else localStorage.setItem('hoopla:lang', stored);
  vi.stubGlobal('navigator', { languages: browser, language: browser[0] });
  vi.resetModules();
  const { lang } = await import('../../web/src/i18n.ts');
  return lang();
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.removeItem('hoopla:lang');
});

describe('the starting language', () => {
  it('is the one chosen here before', async () => {
    expect(await startingLanguage('fr', ['de-AT'])).toBe('fr');
  });

  it('else the browser’s first one the page has, else English', async () => {
    expect(await startingLanguage(null, ['ja', 'de-AT', 'fr'])).toBe('de');
    expect(await startingLanguage(null, ['ja'])).toBe('en');
  });

  it('passes over a stored value that is no language of the page', async () => {
    for (const stored of ['klingon', 'FR', '', '"fr"']) {
      expect(await startingLanguage(stored, ['de-AT']), stored).toBe('de');
    }
  });
});
