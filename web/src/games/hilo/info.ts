/**
 * HiLO as the site lists it: its name and line on the start page, its table options, and where
 * its board and rules engine load from when a table needs them.
 */
import { defaultConfig, MAX_PLAYERS, MIN_PLAYERS } from '../../../../shared/games/hilo/config.ts';
import type { Config, HiloEvent, Move, View } from '../../../../shared/games/hilo/types.ts';
import { GAME_TITLES } from '../../../../shared/games/titles.ts';
import { addStrings } from '../../i18n.ts';
import type { GameInfo } from '../types.ts';
import { Options, settings } from './options.tsx';

const { t } = addStrings({
  en: { 'hl.blurb': GAME_TITLES.hilo.blurb },
  fr: { 'hl.blurb': 'Gardez votre grille 3×3 basse et videz les lignes d’une couleur.' },
  de: { 'hl.blurb': 'Halte dein 3×3-Raster niedrig und räume Reihen einer Farbe ab.' },
});

export const hilo: GameInfo<Config, View, Move, HiloEvent> = {
  name: GAME_TITLES.hilo.name,
  blurb: () => t('hl.blurb'),
  min: MIN_PLAYERS,
  max: MAX_PLAYERS,
  defaultConfig,
  Options,
  settings,
  load: () => import('./index.tsx').then((m) => m.default),
  engine: () => import('../../../../shared/games/hilo/index.ts').then((m) => m.hilo),
};
