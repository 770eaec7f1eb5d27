/**
 * How to play Hula-Hoo!, in our own words: the goal, a turn, the special cards, the end of a
 * round, and one worked example. Shown in the first-visit dialog and the side panel.
 */
import { For, type JSX } from 'solid-js';
import { defaultConfig } from '../../../../shared/games/hulahoo/config.ts';
import type { Config } from '../../../../shared/games/hulahoo/types.ts';
import { ByLang } from '../../i18n.ts';
import { CardFace } from './card.tsx';
import { RulesDe } from './rules-de.tsx';
import { RulesEn } from './rules-en.tsx';
import { RulesFr } from './rules-fr.tsx';
import type { RulesText } from './rules-text.ts';
import { t, tn } from './strings.ts';

/** The goal as a sentence: the table's own when its config is known, else the default. */
function goalText(config: Config | undefined): string {
  const goal = config?.goal;
  if (goal === undefined) {
    const fallback = defaultConfig(2).goal;
    return t('hh.rules.goal.table', { n: fallback.kind === 'points' ? fallback.points : 0 });
  }
  if (goal.kind === 'points') return t('hh.rules.goal.points', { n: goal.points });
  return tn(goal.consecutive ? 'hh.rules.goal.streak' : 'hh.rules.goal.wins', goal.wins);
}

/** The cards shown beside the example's steps, in order (0: no card, someone drops out). */
const EXAMPLE = [9, 4, 4, 5, 7, 0];

function Example(props: { steps: JSX.Element[] }) {
  return (
    <ol class="hh-example">
      <For each={props.steps}>
        {(step, i) => {
          const v = EXAMPLE[i()] ?? 0;
          return (
            <li>
              <span class="hh-example-card">
                {v > 0 ? (
                  <CardFace card={{ id: `rules-${i()}`, v }} small />
                ) : (
                  <span class="hh-example-out" aria-hidden="true">
                    ✕
                  </span>
                )}
              </span>
              <span>{step}</span>
            </li>
          );
        }}
      </For>
    </ol>
  );
}

/** `config` is the table's; without it the goal names the default and says tables may change it. */
export function Rules(props: { config?: Config }) {
  const text = (): RulesText => ({ goal: goalText(props.config), Example });
  return (
    <div class="rules-text hh-rules">
      <ByLang
        en={<RulesEn {...text()} />}
        fr={<RulesFr {...text()} />}
        de={<RulesDe {...text()} />}
      />
    </div>
  );
}
