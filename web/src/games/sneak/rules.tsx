import type { Config } from '../../../../shared/games/sneak/types.ts';
import { ByLang } from '../../i18n.ts';
import { RulesDe } from './rules-de.tsx';
import { RulesEn } from './rules-en.tsx';
import { RulesFr } from './rules-fr.tsx';
import type { RulesText } from './rules-text.ts';

/**
 * How to play Sneak, in our own words, in short sections (a dialog or the side panel). `config`
 * is the table's: the goal is then its own target; without it the text gives the defaults.
 */
export function Rules(props: { config?: Config }) {
  const text = (): RulesText => ({ target: props.config?.target ?? null });
  return (
    <div class="rules-text sn-rules">
      <ByLang
        en={<RulesEn {...text()} />}
        fr={<RulesFr {...text()} />}
        de={<RulesDe {...text()} />}
      />
    </div>
  );
}
