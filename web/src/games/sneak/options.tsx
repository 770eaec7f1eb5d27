/** Sneak's table options on the start page: one pack or two for four (SN-1), the target (SN-13). */
import { Show } from 'solid-js';
import { defaultTarget, parseConfig } from '../../../../shared/games/sneak/config.ts';
import type { Config } from '../../../../shared/games/sneak/types.ts';
import { addStrings } from '../../i18n.ts';
import type { OptionsProps } from '../types.ts';

const { t } = addStrings({
  en: {
    'sn.opt.packs': 'Packs of cards',
    'sn.opt.target': 'Play to',
    'sn.opt.points': '{n} points',
  },
  fr: {
    'sn.opt.packs': 'Jeux de cartes',
    'sn.opt.target': 'Jouer jusqu’à',
    'sn.opt.points': '{n} points',
  },
  de: {
    'sn.opt.packs': 'Kartenspiele',
    'sn.opt.target': 'Spielen bis',
    'sn.opt.points': '{n} Punkten',
  },
});

/** The targets a table may play to; the rules' own for one pack and for two are among them. */
const TARGETS = [50, 100, 150, 200, 300];

/** SN-1: the packs a table of this size may play with, as the engine allows them. */
const packsFor = (players: number) =>
  ([1, 2] as const).filter((packs) => parseConfig({ packs }, players).ok);

export function Options(props: OptionsProps<Config>) {
  return (
    <>
      <Show when={packsFor(props.players).length > 1}>
        <label class="field">
          <span>{t('sn.opt.packs')}</span>
          <select
            value={String(props.value.packs)}
            onChange={(e) => {
              const packs = e.currentTarget.value === '2' ? 2 : 1;
              props.onChange({ ...props.value, packs, target: defaultTarget(packs) });
            }}
          >
            {packsFor(props.players).map((packs) => (
              <option value={packs}>{packs} × 52</option>
            ))}
          </select>
        </label>
      </Show>
      <label class="field">
        <span>{t('sn.opt.target')}</span>
        <select
          value={String(props.value.target)}
          onChange={(e) =>
            props.onChange({ ...props.value, target: Number(e.currentTarget.value) })
          }
        >
          {TARGETS.map((n) => (
            <option value={n}>{t('sn.opt.points', { n })}</option>
          ))}
        </select>
      </label>
    </>
  );
}

/** The table's options in words, for everyone in its lobby: its target and its packs. */
export const settings = (config: Config): string[] => [
  `${t('sn.opt.target')} ${t('sn.opt.points', { n: config.target })}`,
  `${t('sn.opt.packs')}: ${config.packs} × 52`,
];
