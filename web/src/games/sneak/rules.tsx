import { ByLang } from '../../i18n.ts';
import { RulesDe } from './rules-de.tsx';
import { RulesEn } from './rules-en.tsx';
import { RulesFr } from './rules-fr.tsx';

/** How to play Sneak, in our own words, in short sections (a dialog or the side panel). */
export function Rules() {
  return (
    <div class="rules-text sn-rules">
      <ByLang en={<RulesEn />} fr={<RulesFr />} de={<RulesDe />} />
    </div>
  );
}
