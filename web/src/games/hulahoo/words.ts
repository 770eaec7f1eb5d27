/** The board's words for what selection.ts decides: prompts, the call, the choice buttons. */
import type { View } from '../../../../shared/games/hulahoo/types.ts';
import type { Choice, Prompt } from './selection.ts';
import { t, tn } from './strings.ts';

export function promptText(p: Prompt): string {
  return p.n === undefined ? t(p.key, p.params) : tn(p.key, p.n, p.params);
}

/** The call in force, with the value it is measured against. */
export function callText(view: View): string {
  const v = view.discard[view.discard.length - 1]?.v ?? '';
  return view.call === null ? t('hh.call.none') : t(`hh.call.${view.call}`, { v });
}

export function choiceText(choice: Choice, names: readonly string[]): string {
  const call = t(`hh.choice.${choice.call}`);
  return choice.target === null
    ? call
    : t('hh.choice.to', { call, name: names[choice.target] ?? '' });
}
