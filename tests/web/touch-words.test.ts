/** On a touch screen the prompts say "tap" (the page asks the pointer once, as it loads). */
import './browser-globals.ts';
import './coarse-pointer.ts';
import { expect, it } from 'vitest';
import * as hilo from '../../web/src/games/hilo/strings.ts';
import * as hulahoo from '../../web/src/games/hulahoo/strings.ts';
import { setLang, touch } from '../../web/src/i18n.ts';

it('says tap, touchez, tippe on a touch screen', async () => {
  expect(touch).toBe(true);
  await setLang('en');
  expect(hulahoo.t('hh.lead')).toBe('You lead: tap any card, then call higher or lower.');
  expect(hulahoo.t('hh.swap.title', { max: 3 })).toMatch(/^Tap up to 3 /);
  expect(hilo.tn('hl.prompt.hilos', 2)).toMatch(/\(or tap its cards\)/);
  await setLang('fr');
  expect(hulahoo.t('hh.lead')).toMatch(/touchez une carte/);
  await setLang('de');
  expect(hulahoo.t('hh.lead')).toMatch(/tippe eine Karte an/);
  // A string with no touch form reads the same everywhere.
  expect(hulahoo.t('hh.call.higher', { v: 9 })).toBe('Höher als 9');
  await setLang('en');
});
