/**
 * How to play HiLO, in our own words and short sections: the goal, the opening, a turn, HILO
 * lines, the end of a round with its scoring, and a worked example. Shown in the first-visit
 * dialog and the side panel.
 */
import { defaultConfig } from '../../../../shared/games/hilo/config.ts';
import type { Config } from '../../../../shared/games/hilo/types.ts';
import { ByLang } from '../../i18n.ts';
import { RulesDe } from './rules-de.tsx';
import { RulesEn } from './rules-en.tsx';
import { RulesFr } from './rules-fr.tsx';
import type { RulesText } from './rules-text.ts';

/** `config` is the table's; without it the text gives the defaults, which tables may change. */
export function Rules(props: { config?: Config }) {
  const text = (): RulesText => {
    const config = props.config ?? defaultConfig(2);
    return { limit: config.limit, turns: config.maxTurns, table: props.config !== undefined };
  };
  return (
    <div class="rules-text hl-rules">
      <ByLang
        en={<RulesEn {...text()} />}
        fr={<RulesFr {...text()} />}
        de={<RulesDe {...text()} />}
      />
    </div>
  );
}
