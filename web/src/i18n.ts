/**
 * English, French and German: the games' own languages. The page follows the browser until the
 * player picks one; strings come in per feature (a game's board adds its own when it loads), and
 * the page's own French and German only for those who read them.
 */
import { createSignal, type JSX } from 'solid-js';
import { load, store } from './saved.ts';

export const LANGS = ['en', 'fr', 'de'] as const;
export type Lang = (typeof LANGS)[number];
export type Strings = Record<string, string>;

const dicts: Record<Lang, Strings> = { en: {}, fr: {}, de: {} };

function initial(): Lang {
  const saved = load('lang');
  if (LANGS.includes(saved as Lang)) return saved as Lang;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.slice(0, 2).toLowerCase();
    if (LANGS.includes(base as Lang)) return base as Lang;
  }
  return 'en';
}

const [lang, setLangSignal] = createSignal<Lang>(initial());

export { lang };

/** The page's own strings in a language other than English, fetched the first time it is used. */
const LOADERS: Record<Exclude<Lang, 'en'>, () => Promise<{ default: Strings }>> = {
  fr: () => import('./strings.fr.ts'),
  de: () => import('./strings.de.ts'),
};
const loading = new Map<Lang, Promise<void>>();

/** Makes the page's strings in `l` ready; English always is. */
export function loadLang(l: Lang): Promise<void> {
  if (l === 'en') return Promise.resolve();
  let done = loading.get(l);
  if (!done) {
    done = LOADERS[l]().then((m) => addStrings({ [l]: m.default }));
    loading.set(l, done);
  }
  return done;
}

/** Switches the page to `next` once its strings are there (at once for English). */
export async function setLang(next: Lang): Promise<void> {
  store('lang', next);
  await loadLang(next);
  document.documentElement.lang = next;
  setLangSignal(next);
}

/** The keys one language has and English lacks, or English has and it lacks (for tests). */
export function untranslated(l: Lang): string[] {
  const keys = (d: Strings) => new Set(Object.keys(d));
  const en = keys(dicts.en);
  const other = keys(dicts[l]);
  return [...[...en].filter((k) => !other.has(k)), ...[...other].filter((k) => !en.has(k))];
}

export function addStrings(strings: Partial<Record<Lang, Strings>>): void {
  for (const l of LANGS) Object.assign(dicts[l], strings[l]);
}

/** The string for `key` in the current language (English if missing), with `{name}` filled in. */
export function t(key: string, params?: Record<string, string | number>): string {
  const text = dicts[lang()][key] ?? dicts.en[key] ?? key;
  return params ? text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? '')) : text;
}

/**
 * A string that depends on a count, with `{n}` and `params` filled in: `key` is the general form,
 * and `key.one` (or any other form Intl.PluralRules names for the language and count: French
 * counts 0 as "one") the form for those counts, where the language needs one.
 */
export function tn(key: string, n: number, params?: Record<string, string | number>): string {
  const form = `${key}.${plurals(lang()).select(n)}`;
  return t(dicts[lang()][form] === undefined ? key : form, { ...params, n });
}

const pluralRules = new Map<Lang, Intl.PluralRules>();
function plurals(l: Lang): Intl.PluralRules {
  let rules = pluralRules.get(l);
  if (!rules) {
    rules = new Intl.PluralRules(l);
    pluralRules.set(l, rules);
  }
  return rules;
}

/**
 * Prose written out in each language (too long for a string table), shown in the current one.
 * A component returning an accessor: Solid re-renders it when the language changes.
 */
export function ByLang(props: Record<Lang, JSX.Element>): JSX.Element {
  return (() => props[lang()]) as unknown as JSX.Element;
}
