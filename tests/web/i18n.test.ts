import './browser-globals.ts';
import { describe, expect, it } from 'vitest';
import '../../web/src/games/hilo/strings.ts';
import '../../web/src/games/hulahoo/strings.ts';
import '../../web/src/games/sneak/strings.ts';
import { LANGS, setLang, t, untranslated } from '../../web/src/i18n.ts';
import { tableIdOf } from '../../web/src/router.ts';
import '../../web/src/strings.ts';

describe('the client’s languages', () => {
  it('has every string in English, French and German', () => {
    for (const lang of LANGS) expect(untranslated(lang), lang).toEqual([]);
  });

  it('fills in parameters and follows the chosen language', () => {
    setLang('en');
    expect(t('turn.wait', { names: 'Ann, Bob' })).toBe('Waiting for Ann, Bob');
    setLang('de');
    expect(t('turn.wait', { names: 'Ann' })).toBe('Warten auf Ann');
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('hoopla:lang')).toBe('de');
    setLang('fr');
    expect(t('hh.call.higher', { v: 9 })).toBe('Plus que 9');
  });

  it('shows the key itself for a string nobody wrote, rather than nothing', () => {
    expect(t('no.such.key')).toBe('no.such.key');
  });
});

describe('share links', () => {
  it('recognises /t/<64 hex digits> and nothing else', () => {
    const id = 'ab'.repeat(32);
    expect(tableIdOf(`/t/${id}`)).toBe(id);
    expect(tableIdOf(`/t/${id}/`)).toBe(id);
    expect(tableIdOf('/t/abc')).toBeNull();
    expect(tableIdOf(`/t/${id.toUpperCase()}`)).toBeNull();
    expect(tableIdOf('/')).toBeNull();
  });
});
