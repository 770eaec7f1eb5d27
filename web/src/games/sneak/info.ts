/**
 * Sneak as the site lists it: its name and line on the start page, its table options, and where
 * its board and rules engine load from when a table needs them.
 */
import { defaultConfig, MAX_PLAYERS, MIN_PLAYERS } from '../../../../shared/games/sneak/config.ts';
import type { Config, Move, SneakEvent, View } from '../../../../shared/games/sneak/types.ts';
import { GAME_TITLES } from '../../../../shared/games/titles.ts';
import { addStrings } from '../../i18n.ts';
import type { GameInfo } from '../types.ts';
import { Options, settings } from './options.tsx';

const { t } = addStrings({
  en: { 'sn.blurb': GAME_TITLES.sneak.blurb },
  fr: { 'sn.blurb': 'Bluffez face cachée ou montrez votre force pour gagner des cartes.' },
  de: { 'sn.blurb': 'Verdeckt bluffen oder offen trumpfen, um Karten zu gewinnen.' },
});

export const sneak: GameInfo<Config, View, Move, SneakEvent> = {
  name: GAME_TITLES.sneak.name,
  blurb: () => t('sn.blurb'),
  min: MIN_PLAYERS,
  max: MAX_PLAYERS,
  defaultConfig,
  Options,
  settings,
  load: () => import('./index.tsx').then((m) => m.default),
  engine: () => import('../../../../shared/games/sneak/index.ts').then((m) => m.sneak),
};
