/**
 * English, French and German: the games' own languages. The page follows the browser until the
 * player picks one.
 *
 * Strings come in dictionaries. The page's own (strings.ts) is always here in English, its French
 * and German fetched only for those who read them; every other one comes with the feature that
 * uses it (a game's board brings its own). A dictionary's English defines its keys, the other
 * languages must have exactly those, and its `t` and `tn` take those keys and the page's: any
 * other key is a type error.
 */
import { createSignal, type JSX } from 'solid-js';
import { CLOCK_MAX_SECONDS } from '../../shared/pace.ts';
import { load, store } from './saved.ts';
import page, { type PageKey, type Translation } from './strings.ts';

export const LANGS = ['en', 'fr', 'de'] as const;
export type Lang = (typeof LANGS)[number];

export type { PageKey, Translation };

type Params = Record<string, string | number>;

/** What a module may say: the keys of its dictionary and the page's. */
export interface Translator<Key extends string> {
  /** The string for `key` in the current language (English if missing), with `{name}` filled in. */
  t(key: Key, params?: Params): string;
  /**
   * A string that depends on a count, with `{n}` and `params` filled in: `key` is the general
   * form, and `key.one` (or any other form Intl.PluralRules names for the language and count:
   * French counts 0 as "one") the form for those counts, where the language needs one.
   */
  tn(key: Key, n: number, params?: Params): string;
}

const dicts: Record<Lang, Record<string, string>> = { en: { ...page }, fr: {}, de: {} };

/** `value` as one of the page's languages, or undefined when it is none of them. */
const langOf = (value: unknown): Lang | undefined => LANGS.find((l) => l === value);

/**
 * The language chosen here before, else the browser's first one the page has, else English. A
 * stored value that is no language (written by hand, or by a page that had more) is passed over.
 */
function initial(): Lang {
  const saved = langOf(load('lang'));
  if (saved) return saved;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = langOf(tag.slice(0, 2).toLowerCase());
    if (base) return base;
  }
  return 'en';
}

const [lang, setLangSignal] = createSignal<Lang>(initial());

export { lang };

/** The page's own strings in a language other than English, fetched the first time it is used. */
const LOADERS: Record<Exclude<Lang, 'en'>, () => Promise<{ default: Translation<PageKey> }>> = {
  fr: () => import('./strings.fr.ts'),
  de: () => import('./strings.de.ts'),
};
const loading = new Map<Lang, Promise<void>>();

/** Makes the page's strings in `l` ready; English always is. */
export function loadLang(l: Lang): Promise<void> {
  if (l === 'en') return Promise.resolve();
  let done = loading.get(l);
  if (!done) {
    done = LOADERS[l]().then((m) => {
      Object.assign(dicts[l], m.default);
    });
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
  const en = new Set(Object.keys(dicts.en));
  const other = new Set(Object.keys(dicts[l]));
  return [...[...en].filter((k) => !other.has(k)), ...[...other].filter((k) => !en.has(k))];
}

/**
 * Whether the page is used with a finger (phones, tablets): a string with a `key.touch` form says
 * "tap" there, and its general form says "select" for a mouse or a keyboard. Asked once.
 */
export const touch: boolean =
  typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

function lookup(l: Lang, key: string): string | undefined {
  return (touch ? dicts[l][`${key}.touch`] : undefined) ?? dicts[l][key];
}

function translate(key: string, params?: Params): string {
  const text = lookup(lang(), key) ?? lookup('en', key) ?? key;
  return params ? text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? '')) : text;
}

function count(key: string, n: number, params?: Params): string {
  const form = `${key}.${plurals(lang()).select(n)}`;
  return translate(dicts[lang()][form] === undefined ? key : form, { ...params, n });
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

/** The page's own strings: `t` and `tn` for the keys of strings.ts. */
export const { t, tn }: Translator<PageKey> = { t: translate, tn: count };

/**
 * Adds a feature's dictionary (a game's board, its options): its English defines the keys, none of
 * them the page's, and French and German must have exactly those. Returns the `t` and `tn` that
 * know its keys and the page's, for the feature's own modules.
 */
export function addStrings<Key extends string>(strings: {
  en: Translation<Key> & { [K in PageKey]?: never };
  fr: Translation<NoInfer<Key>>;
  de: Translation<NoInfer<Key>>;
}): Translator<Key | PageKey> {
  for (const l of LANGS) Object.assign(dicts[l], strings[l]);
  return { t: translate, tn: count };
}

/**
 * Prose written out in each language (too long for a string table), shown in the current one.
 * A component returning an accessor: Solid re-renders it when the language changes.
 */
export function ByLang(props: Record<Lang, JSX.Element>): JSX.Element {
  return (() => props[lang()]) as unknown as JSX.Element;
}

/** A score as the page writes it: a negative one with a true minus sign (−2), as cards show it. */
export function score(n: number): string {
  return n < 0 ? `\u2212${-n}` : String(n);
}

/**
 * A live table's longest clock in seconds. A longer time, a turn-based table's, is said in hours
 * and minutes (`timeLeft`).
 */
export const LONG_CLOCK_SECONDS = CLOCK_MAX_SECONDS;

/** A move clock's setting as the page writes it: "30 s", or a turn-based table's "24 h". */
export function clockText(seconds: number): string {
  return seconds >= 3600 && seconds % 3600 === 0
    ? t('clock.hours', { n: seconds / 3600 })
    : t('clock.short', { s: seconds });
}

/**
 * The time left on a long clock (a turn-based table's): whole hours while an hour or more is left,
 * else minutes, rounded up so that "0 min" never shows while any time is left. `left`: "23 h
 * left", "45 min left"; `short`: "23 h", "45 min".
 */
export function timeLeft(ms: number, form: 'left' | 'short' = 'left'): string {
  const minutes = Math.max(0, Math.ceil(ms / 60_000));
  if (form === 'left' && minutes === 0) return t('left.none');
  const [key, n] =
    minutes >= 60
      ? (['hours', Math.floor(minutes / 60)] as const)
      : (['minutes', minutes] as const);
  return t(form === 'left' ? `left.${key}` : `clock.${key}`, { n });
}
