/**
 * The README's map against the repository, both ways, and the docs' links. The map is the fenced
 * block under "## The map": one line per path, the path first (a folder ends with `/`), then two
 * spaces or more and what it holds.
 *
 * The repository's files are what git lists in the working tree: tracked files that still exist,
 * and new files not ignored (`git ls-files --cached --others --exclude-standard`), so that build
 * output, local state and test artifacts never count, and a new folder counts before its first
 * commit. What the map must name:
 * - every top-level file;
 * - every top-level folder that holds a file;
 * - every folder that holds a file, directly inside `shared/`, `worker/`, `web/`, `web/src/` and
 *   `tests/` (the folders whose parts a newcomer needs told apart). Deeper folders, such as each
 *   game's under `shared/games/` or `web/src/games/`, are their parent's line.
 * Every path the map names must be one of those files, or a folder holding one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The folders whose subfolders each have a line of the map. */
const EXPANDED = ['shared/', 'worker/', 'web/', 'web/src/', 'tests/'];

/** Tracked files and new ones git does not ignore, NUL-separated. */
const LS_FILES = ['ls-files', '-z', '--cached', '--others', '--exclude-standard'];

/** The repository's files, as paths from its root with `/` between folders. */
function repositoryFiles(): string[] {
  const out = execFileSync('git', LS_FILES, {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return out.split('\0').filter((file) => file !== '' && existsSync(path.join(ROOT, file)));
}

const files = repositoryFiles();
const fileSet = new Set(files);
/** Every folder that holds a file, at any depth, as `a/b/`. */
const folders = new Set(
  files.flatMap((file) => {
    const parts = file.split('/').slice(0, -1);
    return parts.map((_, i) => `${parts.slice(0, i + 1).join('/')}/`);
  }),
);

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const readme = read('README.md');

/** The map's lines: its path and what it holds. */
function mapLines(markdown: string): { path: string; holds: string; line: string }[] {
  const section = markdown.split(/^## The map$/m)[1];
  if (section === undefined) throw new Error('README.md has no "## The map" section');
  const block = /^```text\n([\s\S]*?)^```$/m.exec(section);
  if (!block?.[1]) throw new Error('"## The map" has no ```text block');
  return block[1]
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const match = /^(\S+) {2,}(\S.*)$/.exec(line);
      return { path: match?.[1] ?? '', holds: match?.[2] ?? '', line };
    });
}

/** What the map must name (see the top of this file). */
function mustBeNamed(): string[] {
  const topFiles = files.filter((file) => !file.includes('/'));
  const topFolders = [...folders].filter((folder) => folder.split('/').length === 2);
  const inner = [...folders].filter((folder) =>
    EXPANDED.some(
      (parent) =>
        folder.startsWith(parent) &&
        folder !== parent &&
        !folder.slice(parent.length, -1).includes('/'),
    ),
  );
  return [...topFiles, ...topFolders, ...inner].sort();
}

const map = mapLines(readme);
const named = map.map((entry) => entry.path);

describe("the README's map", () => {
  it('is one path and one line of what it holds per line', () => {
    const malformed = map.filter((entry) => entry.path === '').map((entry) => entry.line);
    expect(malformed, 'map lines that are not `path  what it holds`').toEqual([]);
    expect(map.length).toBeGreaterThan(0);
  });

  it('names each path once', () => {
    const twice = named.filter((p, i) => named.indexOf(p) !== i);
    expect(twice).toEqual([]);
  });

  it('names only files and folders that exist', () => {
    const missing = named.filter((p) => (p.endsWith('/') ? !folders.has(p) : !fileSet.has(p)));
    expect(missing, 'named in the map but not in the repository').toEqual([]);
  });

  it('names every top-level file and every source folder', () => {
    const unnamed = mustBeNamed().filter((p) => !named.includes(p));
    expect(unnamed, 'in the repository but not in the map: add a line for each').toEqual([]);
  });
});

/** The docs' pages: the README and every page under docs/. */
const pages = ['README.md', ...files.filter((f) => /^docs\/.*\.md$/.test(f)).sort()];

/** Markdown without its fenced blocks, where brackets and paths are not links. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```$/gm, '');

/** The anchors of a page's headings, as GitHub makes them. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading = ''] of prose(markdown).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Every link target of a page but those to other sites. */
const links = (markdown: string) =>
  [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] ?? '')
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));

describe('the docs', () => {
  it('are each linked from the README', () => {
    const linked = new Set(links(readme).map((target) => target.split('#')[0]));
    const unlinked = pages.filter((page) => /^docs\/[^/]+$/.test(page) && !linked.has(page));
    expect(unlinked, 'pages of docs/ the README does not link to').toEqual([]);
  });

  it('link only to files, folders and headings that exist', () => {
    const broken: string[] = [];
    for (const page of pages) {
      const markdown = read(page);
      for (const target of links(markdown)) {
        const [file = '', anchor] = target.split('#');
        const resolved = file === '' ? page : path.posix.join(path.posix.dirname(page), file);
        const onDisk = path.join(ROOT, resolved);
        if (!existsSync(onDisk)) {
          broken.push(`${page}: ${target}`);
          continue;
        }
        const isPage = resolved.endsWith('.md') && statSync(onDisk).isFile();
        if (anchor !== undefined && isPage && !anchors(read(resolved)).has(anchor)) {
          broken.push(`${page}: ${target} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('name only files and folders that exist', () => {
    // A path in backticks that starts at a source folder, with no placeholder (`<id>`, `*`) in
    // it, is a claim about the tree; test artifacts are made by the tests and are not checked.
    const top = [...folders].filter((folder) => folder.split('/').length === 2);
    const wrong: string[] = [];
    for (const page of pages) {
      for (const [, code = ''] of prose(read(page)).matchAll(/`([^`]+)`/g)) {
        if (!top.some((folder) => code.startsWith(folder)) || /[<>*\s]/.test(code)) continue;
        if (code.startsWith('tests/artifacts/')) continue;
        const exists = code.endsWith('/') ? folders.has(code) : fileSet.has(code);
        if (!exists) wrong.push(`${page}: ${code}`);
      }
    }
    expect(wrong, 'paths the docs name that are not in the repository').toEqual([]);
  });
});
