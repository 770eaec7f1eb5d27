/**
 * A friend at a table that went on without him, in every game: the host at 1280×800, Bob on a
 * phone at 375×667. The table starts where it matters, a solo game taken online at its first
 * round's end (`POST /api/tables/import`). Bob takes a bot's seat in the pause and says he is
 * ready; his page closes and the host gives his seat to a bot; back in the pause, he is asked
 * again and says so; away once more, the next round is dealt to his bot; back again, he has his
 * seat's board, told what his bot did in a notice that hides none of it, and plays his turn. The
 * table never waits on a page that cannot act.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { GameId } from '../../shared/engine/types.ts';
import { describeEachGame } from '../engine/support/per-game.ts';
import { soloUpload } from '../table/support.ts';
import { expectNoAxeViolations } from './axe.ts';
import { collectErrors, newContext, screenshot } from './browser.ts';
import { DRIVER, DRIVERS } from './drivers/index.ts';
import { hiddenByNotices } from './layout.ts';
import { baseUrl, importTable, useBrowser } from './suite.ts';

const browser = useBrowser();

/** The pause's own button, enabled: "I'm ready". */
const readyButton = (page: Page) =>
  page.locator('.round-pause button:not([disabled])', { hasText: 'I’m ready' });

/** A solo game of `game` at its first round's end: Ann (host) at seat 0, bots at 1 and 2. */
const firstRoundOf = (game: GameId) =>
  soloUpload(game, 'roundOver', `${game}-stand-in`, {
    players: 3,
    config: {},
    levels: [null, 'normal', 'normal'],
  }).body;

/** Bob's page closes; the host sees him away and gives his seat to a bot, his stand-in. */
async function replaceBob(ann: Page, bob: Page): Promise<void> {
  await bob.close();
  await ann.getByRole('button', { name: 'Replace with a bot' }).click({ timeout: 15_000 });
  await expect.poll(() => ann.locator('.players').textContent()).toContain('Bob’s bot');
}

describeEachGame(DRIVERS, DRIVER, '%s', (game, drive) => {
  it('a friend away and back, in the pause and after the next deal, can always act', {
    timeout: 120_000,
  }, async () => {
    const desk = await newContext(browser(), 'desktop', { locale: 'en-US' });
    const phone = await newContext(browser(), 'phone', { locale: 'en-US' });
    const table = await importTable(firstRoundOf(game), desk);
    await phone.addInitScript(() => localStorage.setItem('hoopla:name', 'Bob'));
    const link = `${baseUrl}/t/${table.id}`;
    const ann = await desk.newPage();
    const errors = collectErrors(ann);
    await ann.goto(link);
    await ann.waitForSelector('.round-over');

    // Bob takes a bot's seat in the pause: the next round is dealt to him, so he is asked.
    let bob = await phone.newPage();
    errors.push(...collectErrors(bob));
    await bob.goto(link);
    await bob.getByRole('button', { name: 'Take this seat' }).first().click();
    await readyButton(bob).click();
    await expect.poll(() => ann.locator('.round-pause .ready-list').textContent()).toContain('Bob');
    await expectNoAxeViolations(bob, 'the pause, for a friend who sat down in it');

    // Away, and replaced: back in the pause, his seat is his and he is asked again.
    await replaceBob(ann, bob);
    bob = await phone.newPage();
    errors.push(...collectErrors(bob));
    await bob.goto(link);
    await readyButton(bob).waitFor();
    await screenshot(bob, `stand-in-pause-${game}-phone`);
    await readyButton(bob).click();
    await expect.poll(() => ann.locator('.round-pause .ready-list').textContent()).toContain('Bob');

    // Away again: the host is ready, and the next round is dealt to Bob's bot.
    await replaceBob(ann, bob);
    await readyButton(ann).click();
    await ann.locator('.round-over').waitFor({ state: 'detached' });

    // Back after the deal: his seat's board, and his turn to play when it comes.
    bob = await phone.newPage();
    errors.push(...collectErrors(bob));
    await bob.goto(link);
    await bob.waitForSelector('[data-board]');
    await expect.poll(() => bob.locator('.players li.mine').textContent()).toContain('Bob');
    // What his bot did meanwhile (in Hula-Hoo! it swapped at the deal) hides none of his board.
    if (game === 'hulahoo') await bob.locator('.notice').waitFor();
    expect(await hiddenByNotices(bob), 'the notice of what his bot did').toEqual([]);
    let played = false;
    const end = Date.now() + 60_000;
    while (!played && Date.now() < end) {
      played = await drive(bob).catch(() => false);
      if (!played && !(await drive(ann).catch(() => false))) await bob.waitForTimeout(150);
    }
    expect(played, 'Bob played a turn of the round dealt to his bot').toBe(true);
    await screenshot(bob, `stand-in-back-${game}-phone`);
    await screenshot(ann, `stand-in-back-${game}-desktop`);
    expect(errors).toEqual([]);
    await Promise.all([desk.close(), phone.close()]);
  });
});
