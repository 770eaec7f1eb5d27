/** HiLO's table options on the start page: the total that ends the game (HL-13). */
import type { Config } from '../../../../shared/games/hilo/types.ts';
import { addStrings } from '../../i18n.ts';
import type { OptionsProps } from '../types.ts';

const { t } = addStrings({
  en: { 'hl.opt.limit': 'The game ends at', 'hl.opt.points': '{n} points' },
  fr: { 'hl.opt.limit': 'La partie s’arrête à', 'hl.opt.points': '{n} points' },
  de: { 'hl.opt.limit': 'Das Spiel endet bei', 'hl.opt.points': '{n} Punkten' },
});

/** The totals a table may play to; the rules' own (HL-13) is among them. */
const LIMITS = [50, 100, 150, 200];

export function Options(props: OptionsProps<Config>) {
  return (
    <label class="field">
      <span>{t('hl.opt.limit')}</span>
      <select
        value={String(props.value.limit)}
        onChange={(e) => props.onChange({ ...props.value, limit: Number(e.currentTarget.value) })}
      >
        {LIMITS.map((n) => (
          <option value={n}>{t('hl.opt.points', { n })}</option>
        ))}
      </select>
    </label>
  );
}

/** The table's options in words, for everyone in its lobby. */
export const settings = (config: Config): string[] => [
  `${t('hl.opt.limit')} ${t('hl.opt.points', { n: config.limit })}`,
];
