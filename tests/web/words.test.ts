/**
 * Words a first evening tripped on: "tap" said to a mouse, and counts of one written as many
 * ("after 1 round wins").
 */
import './browser-globals.ts';
import { describe, expect, it } from 'vitest';
import { hulahoo as hulahooRules } from '../../shared/games/hulahoo/index.ts';
import type { Config } from '../../shared/games/hulahoo/types.ts';
import * as hilo from '../../web/src/games/hilo/strings.ts';
import { settings } from '../../web/src/games/hulahoo/options-words.ts';
import * as hulahoo from '../../web/src/games/hulahoo/strings.ts';
import * as sneak from '../../web/src/games/sneak/strings.ts';
import { LANGS, setLang, touch } from '../../web/src/i18n.ts';

describe('with a mouse or a keyboard', () => {
  it('says select, never tap, in every language', async () => {
    expect(touch).toBe(false);
    for (const lang of LANGS) {
      await setLang(lang);
      const prompts = [
        hulahoo.t('hh.lead'),
        hulahoo.t('hh.swap.title', { max: 3 }),
        hilo.tn('hl.prompt.hilos', 2),
      ];
      for (const text of prompts) expect(text, lang).not.toMatch(/\btap|touchez|tippe/i);
    }
    await setLang('en');
    expect(hulahoo.t('hh.lead')).toBe('You lead: select any card, then call higher or lower.');
  });
});

describe('counts of one', () => {
  const withGoal = (goal: Config['goal']): Config => ({
    ...hulahooRules.defaultConfig(3),
    goal,
  });

  it('a Hula-Hoo! table that ends after one round win says so in the singular', async () => {
    const one = withGoal({ kind: 'wins', wins: 1, consecutive: false });
    const row = withGoal({ kind: 'wins', wins: 1, consecutive: true });
    const three = withGoal({ kind: 'wins', wins: 3, consecutive: false });
    await setLang('en');
    expect(settings(one)[0]).toBe('The game ends after 1 round win');
    expect(settings(row)[0]).toBe('The game ends after 1 round win');
    expect(settings(three)[0]).toBe('The game ends after 3 round wins');
    await setLang('fr');
    expect(settings(one)[0]).toBe('La partie s’arrête après 1 manche gagnée');
    expect(settings(three)[0]).toBe('La partie s’arrête après 3 manches gagnées');
    await setLang('de');
    expect(settings(one)[0]).toBe('Das Spiel endet nach 1 gewonnenen Runde');
    expect(settings(three)[0]).toBe('Das Spiel endet nach 3 gewonnenen Runden');
    await setLang('en');
  });

  it('log lines and notes with a count of one', async () => {
    await setLang('en');
    expect(hilo.tn('hl.log.reshuffled', 1)).toBe(
      'The discard pile becomes a new draw pile (1 card).',
    );
    expect(hilo.tn('hl.log.reshuffled', 12)).toMatch(/\(12 cards\)/);
    expect(hulahoo.tn('hh.log.wonOut', 1, { name: 'Ann' })).toMatch(/: 1 point\.$/);
    expect(hulahoo.tn('hh.log.wonLast', 4, { name: 'Ann' })).toMatch(/: 4 points\.$/);
    expect(sneak.tn('sn.sel.cap', 1)).toMatch(/^Nobody else holds more than 1 card:/);
    for (const lang of LANGS) {
      await setLang(lang);
      for (const text of [
        hilo.tn('hl.log.reshuffled', 1),
        hulahoo.tn('hh.log.wonOut', 1, { name: 'A' }),
        sneak.tn('sn.sel.cap', 1),
      ]) {
        expect(text, lang).not.toMatch(/\b1 (cards|cartes|Karten|points|Punkte)\b/);
      }
    }
    await setLang('en');
  });
});
