/** Every game has its link preview image (web/public/og/<id>.png, drawn by `npm run images`). */
import { expect, it } from 'vitest';
import { GAME_IDS } from '../../shared/engine/types.ts';

/** The preview images in web/public/og/, by path (none is loaded). */
const IMAGES = Object.keys(import.meta.glob('../../web/public/og/*.png'));

it('has a link preview image for each game, and one for the site', () => {
  const names = IMAGES.map((path) => path.slice(path.lastIndexOf('/') + 1));
  expect(names.sort()).toEqual([...GAME_IDS, 'hoopla'].map((id) => `${id}.png`).sort());
});
