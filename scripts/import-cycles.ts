/**
 * Fails when the relative imports of the modules in some folders run in a circle, naming one
 * circle for each knot of modules that import one another.
 *
 *   node scripts/import-cycles.ts shared worker
 *
 * Modules form layers: a module knows the ones below it, never one above. A type import counts as
 * much as any other, since it is what a module knows even where nothing of it is left at run
 * time; so do a lazy `import()` and a type's `import('./x.ts').T`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const folders = process.argv.slice(2);
if (folders.length === 0) {
  console.error('Usage: node scripts/import-cycles.ts <folder>…');
  process.exit(2);
}

/** `import … from`, `export … from`, a bare `import '…'`, and `import('…')`. */
const IMPORT =
  /^(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]|^import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

const files = folders.flatMap((folder) =>
  readdirSync(resolve(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => resolve(root, folder, name)),
);

const imports = new Map<string, string[]>();
for (const file of files) {
  const specifiers = [...readFileSync(file, 'utf8').matchAll(IMPORT)].map(
    (m) => m[1] ?? m[2] ?? m[3] ?? '',
  );
  const targets = specifiers
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => resolve(dirname(file), spec.replace(/\?.*$/, '')))
    .filter((target) => existsSync(target));
  imports.set(file, [...new Set(targets)]);
}

/** Tarjan's strongly connected components: each knot of modules that reach one another. */
function knots(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.size - 1);
    stack.push(file);
    for (const next of imports.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const knot: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member !== undefined) knot.push(member);
    } while (member !== undefined && member !== file);
    if (knot.length > 1 || imports.get(file)?.includes(file)) found.push(knot);
  };
  for (const file of imports.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** The shortest circle through the knot's first module, found breadth first within the knot. */
function circle(knot: string[]): string[] {
  const [start = ''] = knot.slice().sort();
  const came = new Map<string, string>();
  const queue = [start];
  for (const file of queue) {
    for (const next of imports.get(file) ?? []) {
      if (next === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(came.get(path[0] ?? '') ?? start);
        return [...path, start];
      }
      if (knot.includes(next) && !came.has(next)) {
        came.set(next, file);
        queue.push(next);
      }
    }
  }
  return knot;
}

const found = knots();
for (const knot of found) {
  const names = circle(knot).map((file) => relative(root, file));
  const more = knot.length > names.length - 1 ? ` (a knot of ${knot.length} modules)` : '';
  console.error(`Import cycle: ${names.join(' → ')}${more}`);
}
if (found.length > 0) process.exit(1);
console.log(`No import cycle among ${files.length} modules of ${folders.join(', ')}.`);
