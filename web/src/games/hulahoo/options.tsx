/** Hula-Hoo!'s table options on the start page: the game's end (HH-15), the chaos rules (HH-16). */

import { CHAOS_RULES } from '../../../../shared/games/hulahoo/config.ts';
import type { Config } from '../../../../shared/games/hulahoo/types.ts';
import type { OptionsProps } from '../types.ts';
import { choiceOf, GOALS, goalFor, goalNumber, t, tn } from './options-words.ts';

export function Options(props: OptionsProps<Config>) {
  const set = (patch: Partial<Config>) => props.onChange({ ...props.value, ...patch });
  return (
    <>
      <label class="field">
        <span>{t('hh.opt.goal')}</span>
        <select
          value={choiceOf(props.value.goal)}
          onChange={(e) => {
            const choice = GOALS.find((g) => g === e.currentTarget.value);
            if (choice) set({ goal: goalFor(choice) });
          }}
        >
          {GOALS.map((choice) => (
            <option value={choice}>
              {tn(`hh.opt.goal.${choice}`, goalNumber(goalFor(choice)))}
            </option>
          ))}
        </select>
      </label>
      <fieldset class="checks">
        <legend>{t('hh.opt.chaos')}</legend>
        {CHAOS_RULES.map((rule) => (
          <label>
            <input
              type="checkbox"
              checked={props.value.chaos[rule]}
              onChange={(e) =>
                set({ chaos: { ...props.value.chaos, [rule]: e.currentTarget.checked } })
              }
            />
            {t(`hh.opt.${rule}`)}
          </label>
        ))}
      </fieldset>
    </>
  );
}
