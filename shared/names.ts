/**
 * Display names: the longest, what a name may hold, and when two names are the same. Apart from
 * the protocol's schemas, so that the page's name field takes them without the schema library.
 */
export const MAX_NAME_LENGTH = 24;

/**
 * Characters a name may never hold: controls (Cc, C0 and C1), format characters (Cf: zero-width
 * spaces, bidi overrides such as U+202E, soft hyphens), lone surrogates (Cs), private use (Co),
 * line or paragraph separators, and the blank braille cell U+2800, a symbol that shows nothing.
 */
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}\u2800]/u;

/**
 * Invisible characters allowed only inside an emoji: the zero-width joiner (which is Cf) between
 * two pictographs, and a variation selector right after one. Anywhere else they, like every other
 * default-ignorable character (Hangul fillers, the combining grapheme joiner, Khmer inherent
 * vowels, the other variation selectors), hide in a name or disguise it.
 */
const EMOJI_JOIN =
  /(?<=\p{Extended_Pictographic}[\u{FE0E}\u{FE0F}\u{1F3FB}-\u{1F3FF}]?)\u200D(?=\p{Extended_Pictographic})/gu;
const EMOJI_STYLE = /(?<=\p{Extended_Pictographic})[\u{FE0E}\u{FE0F}]/gu;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;

/** Something that shows: a letter, a digit, a symbol or an emoji (the blank braille cell aside). */
const VISIBLE = /[\p{L}\p{N}\p{S}\p{Extended_Pictographic}]/u;

/** A name as it is kept and shown: NFC-normalized, trimmed. */
export const normalName = (name: string): string => name.normalize('NFC').trim();

/** Why a (normalized) name cannot be used, or null when it can. */
export function nameProblem(name: string): string | null {
  if (name.length === 0) return 'Enter a name.';
  if (name.length > MAX_NAME_LENGTH) return `Names are at most ${MAX_NAME_LENGTH} characters.`;
  const bare = name.replace(EMOJI_JOIN, '').replace(EMOJI_STYLE, '');
  if (FORBIDDEN.test(bare) || IGNORABLE.test(bare)) {
    return 'Names cannot contain control or invisible characters.';
  }
  if (!VISIBLE.test(bare)) return 'A name needs a visible letter, digit, symbol or emoji.';
  return null;
}

/**
 * What two names must not share at one table: their compatibility form (NFKC: "ﬁ" is "fi", a
 * full-width "Ａ" is "A") in a case-folded form ("ANN", "Ann" and "ann" are one name).
 */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toUpperCase().toLowerCase();
}
