/**
 * What the Worker reads of the build and writes into its pages follows GAME_IDS: the build's list
 * of each game's files (and each language's strings) is read only whole, and the site's preview
 * names every game.
 */
import { describe, expect, it } from 'vitest';
import { GAME_IDS } from '../../shared/engine/types.ts';
import { GAME_TITLES } from '../../shared/games/titles.ts';
import { fileTags, OTHER_LANGS, parsePageFiles, sitePreview } from '../../worker/pages.ts';

const files = (name: string) => ({ js: [`/assets/${name}.js`], css: [`/assets/${name}.css`] });
const table = files('table');
const games = Object.fromEntries(GAME_IDS.map((id) => [id, files(`game-${id}`)]));
const langs = Object.fromEntries(OTHER_LANGS.map((l) => [l, files(`strings.${l}`)]));

describe('the build’s list of the files a page may need at once', () => {
  it('is read with every game’s files, and names a game’s with the table page’s', () => {
    const list = parsePageFiles({ table, games, langs });
    expect(list).not.toBeNull();
    for (const id of GAME_IDS) {
      if (!list) break;
      expect(fileTags(list, { game: id, lang: 'en' })).toContain(`/assets/game-${id}.js`);
      expect(fileTags(list, { game: id, lang: 'en' })).toContain('/assets/table.css');
    }
  });

  it('names a language’s strings for its reader, on the start page and at a table', () => {
    const list = parsePageFiles({ table, games, langs });
    if (!list) throw new Error('the list was refused');
    expect(fileTags(list, { lang: 'en' })).toBe('');
    for (const lang of OTHER_LANGS) {
      expect(fileTags(list, { lang })).toContain(`/assets/strings.${lang}.js`);
      expect(fileTags(list, { game: GAME_IDS[0], lang })).toContain(`/assets/strings.${lang}.js`);
      expect(fileTags(list, { lang })).not.toContain('/assets/table.js');
    }
  });

  it('is refused when it lacks a game or a language, or names one this Worker does not know', () => {
    for (const id of GAME_IDS) {
      const { [id]: _, ...others } = games;
      expect(parsePageFiles({ table, games: others, langs }), id).toBeNull();
    }
    expect(
      parsePageFiles({ table, games: { ...games, snap: files('game-snap') }, langs }),
    ).toBeNull();
    for (const lang of OTHER_LANGS) {
      const { [lang]: _, ...others } = langs;
      expect(parsePageFiles({ table, games, langs: others }), lang).toBeNull();
    }
  });
});

it('the site’s preview names every game', () => {
  const { description, imageAlt } = sitePreview('https://hoopla.test');
  for (const id of GAME_IDS) {
    expect(description).toContain(GAME_TITLES[id].name);
    expect(imageAlt).toContain(GAME_TITLES[id].name);
  }
});
