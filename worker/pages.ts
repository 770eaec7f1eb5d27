/**
 * The pages the Worker writes itself: the start page and a table link (`/t/<id>`), each the app's
 * index.html with a link preview in its head (Open Graph and Twitter card tags with absolute
 * URLs), so that a chat app's crawler, which runs no script, shows the game and its free seats.
 * Previews are cached by the apps that fetch them, so they name no player.
 */
import * as v from 'valibot';
import { GAME_IDS, type GameId } from '../shared/engine/types.ts';
import { GAME_TITLES } from '../shared/games/titles.ts';
import { BOT_DELAY_META } from '../shared/pace.ts';
import type { TableSummary } from '../shared/protocol.ts';
import type { Language } from './error-page.ts';

export const SITE_NAME = 'Hoopla';
const SITE_LINE = 'Card games with friends, one link away.';
const NO_INSTALL = 'nothing to install, no account.';
/** What the link offers: a seat while one is free (or the game is yet to start), else a view. */
const SIT_DOWN = `Open the link and sit down: ${NO_INSTALL}`;
const WATCH = `Open the link to watch: ${NO_INSTALL}`;

/** The images are 1200×630 PNGs in web/public/og/, one per game and one for the site. */
export const PREVIEW_IMAGE = { width: 1200, height: 630 };

export interface Preview {
  title: string;
  description: string;
  /** Absolute. */
  url: string;
  /** Absolute. */
  image: string;
  imageAlt: string;
  /** A table's game, whose files the page names. */
  game?: GameId;
}

/** Every game's name, in one English list: "Hula-Hoo!, HiLO and Sneak". */
const ALL_GAMES = new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(
  GAME_IDS.map((id) => GAME_TITLES[id].name),
);

export function sitePreview(origin: string): Preview {
  return {
    title: `${SITE_NAME} · ${SITE_LINE}`,
    description: `${ALL_GAMES} with friends or bots. ${SIT_DOWN}`,
    url: `${origin}/`,
    image: `${origin}/og/hoopla.png`,
    imageAlt: `Cards of ${ALL_GAMES} on a green table.`,
  };
}

/** What a table link says: its game, and its free seats while there are any. */
export function tablePreview(table: TableSummary, origin: string): Preview {
  const { name, blurb } = GAME_TITLES[table.game];
  const free = table.seats.filter((s) => !s.bot && s.name === null).length;
  const seats = `${table.players} players`;
  const now =
    table.status === 'over'
      ? `${seats} · game over`
      : free > 0
        ? `${free} of ${table.players} ${table.players === 1 ? 'seat' : 'seats'} free · join the table`
        : table.status === 'lobby'
          ? `${seats} · about to start`
          : `${seats} · game on, come and watch`;
  return {
    title: `${name} · ${now}`,
    description: `${blurb} ${free > 0 ? SIT_DOWN : WATCH}`,
    url: `${origin}/t/${table.id}`,
    image: `${origin}/og/${table.game}.png`,
    imageAlt: `Cards of ${name} on a green table.`,
    game: table.game,
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The head's tags for `preview`. */
export function previewTags(preview: Preview): string {
  const meta = (key: 'name' | 'property', id: string, content: string | number) =>
    `<meta ${key}="${id}" content="${escapeHtml(String(content))}" />`;
  return [
    meta('name', 'description', preview.description),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', preview.url),
    meta('property', 'og:image', preview.image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', PREVIEW_IMAGE.width),
    meta('property', 'og:image:height', PREVIEW_IMAGE.height),
    meta('property', 'og:image:alt', preview.imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    `<link rel="canonical" href="${escapeHtml(preview.url)}" />`,
  ].join('\n    ');
}

/** A page's or a game's built files: scripts, and the styles they bring (vite.config.ts). */
const filesSchema = v.object({ js: v.array(v.string()), css: v.array(v.string()) });
type Files = v.InferOutput<typeof filesSchema>;

/** Whether a build's list has every game's files: the build lists each game in GAME_IDS. */
const everyGame = (games: Partial<Record<GameId, Files>>): games is Record<GameId, Files> =>
  GAME_IDS.every((id) => games[id] !== undefined);

/** The page's languages whose strings load apart from its main script, which holds English. */
export const OTHER_LANGS = ['fr', 'de'] as const satisfies readonly Exclude<Language, 'en'>[];
type OtherLang = (typeof OTHER_LANGS)[number];

/** Whether a build's list has every language's strings. */
const everyLang = (langs: Partial<Record<OtherLang, Files>>): langs is Record<OtherLang, Files> =>
  OTHER_LANGS.every((l) => langs[l] !== undefined);

/**
 * dist/client/page-files.json, as the build writes it: the table page's files, each game's, and
 * each language's page strings but English.
 */
const pageFilesSchema = v.object({
  table: filesSchema,
  games: v.pipe(v.record(v.picklist(GAME_IDS), filesSchema), v.guard(everyGame)),
  langs: v.pipe(v.record(v.picklist(OTHER_LANGS), filesSchema), v.guard(everyLang)),
});
export type PageFiles = v.InferOutput<typeof pageFilesSchema>;

/** The build's list read back, or null when it does not fit (the page then loads as it goes). */
export function parsePageFiles(raw: unknown): PageFiles | null {
  const parsed = v.safeParse(pageFilesSchema, raw);
  return parsed.success ? parsed.output : null;
}

/**
 * The tags that fetch what a page will need at once with its first bytes: at a table, the table
 * page's files and its game's; for a reader of another language than English, that language's
 * page strings (the page would otherwise ask for them only once its main script runs, and draw
 * nothing before they come). Scripts as module preloads, styles as the stylesheets they will be
 * (the page finds them already there).
 */
export function fileTags(files: PageFiles, wanted: { game?: GameId; lang: Language }): string {
  const { game, lang } = wanted;
  const named = [
    ...(game ? [files.table, files.games[game]] : []),
    ...(lang === 'en' ? [] : [files.langs[lang]]),
  ];
  const css = named.flatMap((f) => f.css);
  const js = named.flatMap((f) => f.js);
  return [
    ...css.map((f) => `<link rel="stylesheet" crossorigin href="${escapeHtml(f)}" />`),
    ...js.map((f) => `<link rel="modulepreload" crossorigin href="${escapeHtml(f)}" />`),
  ].join('\n    ');
}

/** The id of the data block that holds a table page's first sight (web/src/early-socket.ts). */
const FIRST_SIGHT_ID = 'first-sight';

/**
 * A table page's first sight: the messages a spectator's socket hears on joining, as a JSON data
 * block (no script runs it, so the page's policy need not name it). Every `<` is escaped, so no
 * text in it (a player's name) can end the block.
 */
export function firstSightTag(heard: readonly string[]): string {
  const json = JSON.stringify(heard).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_SIGHT_ID}">${json}</script>`;
}

const DESCRIPTION = /<meta name="description"[^>]*>/;
const TITLE = /<title>[^<]*<\/title>/;
const FIRST_SCRIPT = /<script>/;

/**
 * index.html with `preview` in its head (its title, and its tags in place of the description);
 * at a table, its first sight before the page's inline script (which reads it) and its files'
 * tags at the head's end; and the bots' pace (`botDelay`, ms), for the page's solo tables.
 */
export function withPreview(
  html: string,
  preview: Preview,
  table: { files?: string; firstSight?: string; botDelay?: number } = {},
): string {
  const { files, firstSight, botDelay } = table;
  const pace =
    botDelay === undefined ? '' : `<meta name="${BOT_DELAY_META}" content="${botDelay}" />`;
  const tags = [files, pace].filter((tag) => tag);
  return html
    .replace(TITLE, () => `<title>${escapeHtml(preview.title)}</title>`)
    .replace(DESCRIPTION, () => previewTags(preview))
    .replace(FIRST_SCRIPT, (script) => (firstSight ? `${firstSight}\n    ${script}` : script))
    .replace('</head>', () =>
      tags.length > 0 ? `  ${tags.join('\n    ')}\n  </head>` : '</head>',
    );
}
