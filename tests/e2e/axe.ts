/**
 * axe-core inside the page: every rule of WCAG 2.x A and AA and axe's best practices, on what the
 * page shows now. The test fails on any violation, whatever its impact; each is listed with the
 * elements it names.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { atRest } from './layout.ts';

/**
 * axe's source, run in the page as the browser's tools run a script: a script tag would be an
 * inline script, which the site's Content-Security-Policy refuses, as it should.
 */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** The page's accessibility violations now, each as "rule (impact): help — elements". */
export async function axeViolations(page: Page): Promise<string[]> {
  // The page at rest: a card still fading in is checked where it lands, not half-way.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => {})),
      ),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${AXE_SOURCE}\n;0`);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      resultTypes: ['violations'],
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
    })) as { violations: unknown[] };
    return result.violations;
  });
  return (violations as Violation[]).map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
}

/**
 * Fails, naming `where`, if axe finds anything on the page as it is. At a live table a bot may
 * move while axe runs, and a card caught half-way through its glide is not how the page looks:
 * what axe finds is looked at once more with the page at rest, and what stays is reported.
 */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  expect(await violationsThatStay(page), `axe on ${where}`).toEqual([]);
}

/** What axe finds on the page and finds again once it is at rest (see expectNoAxeViolations). */
export async function violationsThatStay(page: Page): Promise<string[]> {
  const found = await axeViolations(page);
  if (found.length === 0) return found;
  await atRest(page);
  const again = new Set(await axeViolations(page));
  return found.filter((v) => again.has(v));
}
