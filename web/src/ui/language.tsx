import { For } from 'solid-js';
import { LANGS, type Lang, lang, setLang, t } from '../i18n.ts';

const LABELS: Record<Lang, string> = { en: 'English', fr: 'Français', de: 'Deutsch' };

export function LanguageSwitch() {
  return (
    <label class="lang">
      <span class="sr-only">{t('language')}</span>
      <select value={lang()} onChange={(e) => setLang(e.currentTarget.value as Lang)}>
        <For each={LANGS}>{(l) => <option value={l}>{LABELS[l]}</option>}</For>
      </select>
    </label>
  );
}
