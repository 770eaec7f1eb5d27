/**
 * The client's chunks (web/chunks.ts) follow GAME_IDS: every game's folder goes in its own board
 * and rules chunks, and what its board takes of its engine goes with the board.
 */
import { describe, expect, it } from 'vitest';
import { GAME_IDS } from '../../shared/engine/types.ts';
import { chunkOf, type ModuleGraph } from '../../web/chunks.ts';

/** A module graph in which each module listed is imported by the ones beside it. */
const graph = (importers: Record<string, string[]> = {}): ModuleGraph => ({
  getModuleInfo: (id) => ({ importers: importers[id] ?? [] }),
});

/** Every file in the games' web folders, by path (none is loaded). */
const GAME_FILES = Object.keys(import.meta.glob('../../web/src/games/*/**'));

const folderOf = (file: string) => /\/web\/src\/games\/([^/]+)\//.exec(file)?.[1];

describe('the client’s chunks', () => {
  it('know a web folder for each game, and each game has one', () => {
    const folders = new Set(GAME_FILES.map(folderOf).filter((id) => id !== undefined));
    expect([...folders].sort()).toEqual([...GAME_IDS].sort());
  });

  it('put every file of a game’s folder in its board, its rules or the start page', () => {
    for (const file of GAME_FILES) {
      const id = folderOf(file);
      if (id === undefined) continue;
      expect([`game-${id}`, `rules-${id}`, 'index'], file).toContain(chunkOf(file, graph()));
    }
  });

  describe.each(GAME_IDS)('%s', (id) => {
    const web = `/hoopla/web/src/games/${id}`;
    const engine = `/hoopla/shared/games/${id}`;

    it('has its board, its rules and its entry each in their chunk', () => {
      expect(chunkOf(`${web}/index.tsx`, graph())).toBe(`game-${id}`);
      expect(chunkOf(`${web}/board.css`, graph())).toBe(`game-${id}`);
      expect(chunkOf(`${web}/rules.tsx`, graph())).toBe(`rules-${id}`);
      expect(chunkOf(`${web}/rules-de.tsx`, graph())).toBe(`rules-${id}`);
      expect(chunkOf(`${web}/info.ts`, graph())).toBe('index');
    });

    it('puts what its board takes of its engine with the board, and leaves the rest', () => {
      const shared = `${engine}/layout.ts`;
      const own = graph({ [shared]: [`${engine}/index.ts`, `${web}/card.tsx`] });
      expect(chunkOf(shared, own)).toBe(`game-${id}`);
      expect(chunkOf(shared, graph({ [shared]: [`${engine}/index.ts`] }))).toBeNull();
      const other = GAME_IDS.find((g) => g !== id);
      const theirs = graph({ [shared]: [`/hoopla/web/src/games/${other}/card.tsx`] });
      expect(chunkOf(shared, theirs)).toBeNull();
      // Its options go with the start page, whoever imports them.
      expect(
        chunkOf(`${engine}/config.ts`, graph({ [`${engine}/config.ts`]: [`${web}/options.tsx`] })),
      ).toBe('index');
    });
  });
});
