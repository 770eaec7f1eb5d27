/**
 * Hula-Hoo! as the site lists it: its name and line on the start page, its table options, and where
 * its board and rules engine load from when a table needs them.
 */
import {
  defaultConfig,
  MAX_PLAYERS,
  MIN_PLAYERS,
} from '../../../../shared/games/hulahoo/config.ts';
import type { Config, HulaEvent, Move, View } from '../../../../shared/games/hulahoo/types.ts';
import { GAME_TITLES } from '../../../../shared/games/titles.ts';
import { addStrings } from '../../i18n.ts';
import type { GameInfo } from '../types.ts';
import { Options } from './options.tsx';
import { settings } from './options-words.ts';

const { t } = addStrings({
  en: { 'hh.blurb': GAME_TITLES.hulahoo.blurb },
  fr: { 'hh.blurb': 'Plus haut ou plus bas, doublez, gardez votre cerceau en l’air.' },
  de: { 'hh.blurb': 'Höher oder tiefer, doppeln, den Reifen am Laufen halten.' },
});

export const hulahoo: GameInfo<Config, View, Move, HulaEvent> = {
  name: GAME_TITLES.hulahoo.name,
  blurb: () => t('hh.blurb'),
  min: MIN_PLAYERS,
  max: MAX_PLAYERS,
  defaultConfig,
  Options,
  settings,
  load: () => import('./index.tsx').then((m) => m.default),
  engine: () => import('../../../../shared/games/hulahoo/index.ts').then((m) => m.hulahoo),
};
