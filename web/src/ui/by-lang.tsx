import type { JSX } from 'solid-js';
import { type Lang, lang } from '../i18n.ts';

/** Prose written out in each language (too long for a string table), shown in the current one. */
export function ByLang(props: Record<Lang, JSX.Element>) {
  return <>{props[lang()]}</>;
}
