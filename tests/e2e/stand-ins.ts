/**
 * The stand-in tests' shared moment: a solo game at its first round's end taken to a table, Ann
 * hosting it on a 1280×800 desktop and Bob's 375×667 phone (named Bob) sitting down in the pause;
 * and Bob going away, his seat given to a bot by the host.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { GameId } from '../../shared/engine/types.ts';
import { soloUpload } from '../table/support.ts';
import { collectErrors, newContext } from './browser.ts';
import { baseUrl, importTable } from './suite.ts';

/** The pause's own button, enabled: "I'm ready". */
export const readyButton = (page: Page) =>
  page.locator('.round-pause button:not([disabled])', { hasText: 'I’m ready' });

export type Pause = {
  desk: BrowserContext;
  phone: BrowserContext;
  link: string;
  /** The host's page, at the round's end. */
  ann: Page;
  /** Bob's page, seated at the first bot's seat. */
  bob: Page;
  /** The pages' errors so far, and theirs to come (add a page's with `collectErrors`). */
  errors: string[];
};

/**
 * A solo game of `game` with `config` for three (Ann at seat 0, bots at 1 and 2) at its first
 * round's end, seeded by `seed`, taken to a table: Ann opens it, and Bob takes Bot 2's seat in
 * the pause.
 */
export async function bobSitsInThePause(
  browser: Browser,
  game: GameId,
  seed: string,
  config: object = {},
): Promise<Pause> {
  const desk = await newContext(browser, 'desktop', { locale: 'en-US' });
  const phone = await newContext(browser, 'phone', { locale: 'en-US' });
  const { body } = soloUpload(game, 'roundOver', seed, {
    players: 3,
    config,
    levels: [null, 'normal', 'normal'],
  });
  const table = await importTable(body, desk);
  await phone.addInitScript(() => localStorage.setItem('hoopla:name', 'Bob'));
  const link = `${baseUrl}/t/${table.id}`;
  const ann = await desk.newPage();
  const errors = collectErrors(ann);
  await ann.goto(link);
  await ann.waitForSelector('.round-over');
  const bob = await phone.newPage();
  collectErrors(bob, errors);
  await bob.goto(link);
  await bob.getByRole('button', { name: 'Take this seat' }).first().click();
  return { desk, phone, link, ann, bob, errors };
}

/** Bob's page closes; the host sees him away and gives his seat to a bot, his stand-in. */
export async function replaceBob(ann: Page, bob: Page): Promise<void> {
  await bob.close();
  await ann.getByRole('button', { name: 'Replace with a bot' }).click({ timeout: 15_000 });
  await expect.poll(() => ann.locator('.players').textContent()).toContain('Bob’s bot');
}
