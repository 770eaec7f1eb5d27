import './browser-globals.ts';
import { describe, expect, it } from 'vitest';
// The coach's words, checked with the rest.
import '../../web/src/coach/strings.ts';
import * as hilo from '../../web/src/games/hilo/strings.ts';
import * as hulahoo from '../../web/src/games/hulahoo/strings.ts';
import * as sneak from '../../web/src/games/sneak/strings.ts';
import { LANGS, loadLang, setLang, t, untranslated } from '../../web/src/i18n.ts';
import { tableIdOf } from '../../web/src/router.ts';

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
    expect(hulahoo.t('hh.call.higher', { v: 9 })).toBe('Plus que 9');
  });

  it('writes counts in each language’s plural forms, never "card(s)"', async () => {
    await setLang('en');
    expect(hilo.tn('hl.cards', 1)).toBe('1 card');
    expect(hilo.tn('hl.cards', 0)).toBe('0 cards');
    expect(hulahoo.tn('hh.log.swapped', 3, { name: 'Ann' })).toBe('Ann swapped 3 cards.');
    await setLang('fr');
    expect(hilo.tn('hl.cards', 0)).toBe('0 carte'); // French counts 0 as singular
    expect(hilo.tn('hl.cards', 2)).toBe('2 cartes');
    expect(sneak.tn('sn.opp.won', 1)).toBe('1 gagnée');
    expect(sneak.tn('sn.opp.won', 2)).toBe('2 gagnées');
    await setLang('de');
    expect(sneak.tn('sn.log.dealt', 2, { round: 1, name: 'Ann' })).toBe(
      'Runde 1: Ann mischt 2 Spiele zum Stapel.',
    );
    expect(sneak.tn('sn.log.dealt', 1, { round: 1, name: 'Ann' })).toBe(
      'Runde 1: Ann mischt das Spiel zum Stapel.',
    );
    for (const lang of LANGS) {
      await setLang(lang);
      for (const n of [0, 1, 2, 5]) {
        const counted = [
          hilo.tn('hl.cards', n),
          hulahoo.tn('hh.discard', n),
          sneak.tn('sn.cards', n),
          sneak.tn('sn.log.won', n, { name: 'A' }),
        ];
        for (const text of counted) expect(text).not.toMatch(/\(|\{/);
      }
    }
    await setLang('en');
  });

  it('lets each module use the page’s keys, and a game’s own in its folder only', () => {
    expect(hilo.t('turn.you')).toBe('Your turn');
    // @ts-expect-error: the page's own `t` knows no game's keys.
    const outside = t('hl.cards.one', { n: 1 });
    expect(outside).toBe('1 card');
    // @ts-expect-error: nor does one game's `t` know another's.
    const other = hilo.t('sn.stock');
    expect(other).toBe('Stock');
  });

  it('shows the key itself for a string nobody wrote, rather than nothing', () => {
    // @ts-expect-error: a key no dictionary has does not type-check.
    const missing = t('no.such.key');
    expect(missing).toBe('no.such.key');
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
