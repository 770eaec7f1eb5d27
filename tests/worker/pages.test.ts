/**
 * What the Worker reads of the build and writes into its pages follows GAME_IDS: the build's list
 * of each game's files is read only whole, and the site's preview names every game.
 */
import { describe, expect, it } from 'vitest';
import { GAME_IDS } from '../../shared/engine/types.ts';
import { GAME_TITLES } from '../../shared/games/titles.ts';
import { fileTags, parseTableFiles, sitePreview } from '../../worker/pages.ts';

const files = (name: string) => ({ js: [`/assets/${name}.js`], css: [`/assets/${name}.css`] });
const page = files('table');
const games = Object.fromEntries(GAME_IDS.map((id) => [id, files(`game-${id}`)]));

describe('the build’s list of a table page’s files', () => {
  it('is read with every game’s files, and names a game’s with the page’s', () => {
    const list = parseTableFiles({ page, games });
    expect(list).not.toBeNull();
    for (const id of GAME_IDS) {
      if (!list) break;
      expect(fileTags(list, id)).toContain(`/assets/game-${id}.js`);
      expect(fileTags(list, id)).toContain('/assets/table.css');
    }
  });

  it('is refused when it lacks a game, or names one this Worker does not know', () => {
    for (const id of GAME_IDS) {
      const { [id]: _, ...others } = games;
      expect(parseTableFiles({ page, games: others }), id).toBeNull();
    }
    expect(parseTableFiles({ page, games: { ...games, snap: files('game-snap') } })).toBeNull();
  });
});

it('the site’s preview names every game', () => {
  const { description, imageAlt } = sitePreview('https://hoopla.test');
  for (const id of GAME_IDS) {
    expect(description).toContain(GAME_TITLES[id].name);
    expect(imageAlt).toContain(GAME_TITLES[id].name);
  }
});
