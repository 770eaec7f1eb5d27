import './browser-globals.ts';
import { describe, expect, it } from 'vitest';
import '../../web/src/games/hilo/strings.ts';
import '../../web/src/games/hulahoo/strings.ts';
import '../../web/src/games/sneak/strings.ts';
import { LANGS, loadLang, setLang, t, tn, untranslated } from '../../web/src/i18n.ts';
import { tableIdOf } from '../../web/src/router.ts';
import '../../web/src/strings.ts';

describe('the client’s languages', () => {
  it('has every string in English, French and German', async () => {
    for (const lang of LANGS) await loadLang(lang);
    for (const lang of LANGS) expect(untranslated(lang), lang).toEqual([]);
  });

  it('fills in parameters and follows the chosen language, fetching its strings first', async () => {
    await setLang('en');
    expect(t('turn.wait', { names: 'Ann, Bob' })).toBe('Waiting for Ann, Bob');
    await setLang('de');
    expect(t('turn.wait', { names: 'Ann' })).toBe('Warten auf Ann');
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('hoopla:lang')).toBe('de');
    await setLang('fr');
    expect(t('hh.call.higher', { v: 9 })).toBe('Plus que 9');
  });

  it('writes counts in each language’s plural forms, never "card(s)"', async () => {
    await setLang('en');
    expect(tn('hl.cards', 1)).toBe('1 card');
    expect(tn('hl.cards', 0)).toBe('0 cards');
    expect(tn('hh.log.swapped', 3, { name: 'Ann' })).toBe('Ann swapped 3 cards.');
    await setLang('fr');
    expect(tn('hl.cards', 0)).toBe('0 carte'); // French counts 0 as singular
    expect(tn('hl.cards', 2)).toBe('2 cartes');
    await setLang('de');
    expect(tn('sn.log.dealt', 2, { round: 1, name: 'Ann' })).toBe(
      'Runde 1: Ann mischt 2 Spiele zum Stapel.',
    );
    expect(tn('sn.log.dealt', 1, { round: 1, name: 'Ann' })).toBe(
      'Runde 1: Ann mischt das Spiel zum Stapel.',
    );
    for (const lang of LANGS) {
      await setLang(lang);
      for (const key of ['hl.cards', 'hh.discard', 'sn.cards', 'sn.log.won'])
        for (const n of [0, 1, 2, 5]) expect(tn(key, n, { name: 'A' })).not.toMatch(/\(|\{/);
    }
    await setLang('en');
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
