/**
 * A friend at a table that went on without him, in every game: the host at 1280×800, Bob on a
 * phone at 375×667. The table starts where it matters, a solo game taken online at its first
 * round's end (`POST /api/tables/import`). Bob takes a bot's seat in the pause and says he is
 * ready; his page closes and the host gives his seat to a bot; back in the pause, he is asked
 * again and says so; away once more, the next round is dealt to his bot; back again, he has his
 * seat's board, told what his bot did in a notice that hides none of it, and plays his turn. The
 * table never waits on a page that cannot act.
 */
import { expect, it } from 'vitest';
import { describeEachGame } from '../engine/support/per-game.ts';
import { expectNoAxeViolations } from './axe.ts';
import { collectErrors, screenshot } from './browser.ts';
import { DRIVER, DRIVERS } from './drivers/index.ts';
import { hiddenByNotices } from './layout.ts';
import { bobSitsInThePause, readyButton, replaceBob } from './stand-ins.ts';
import { useBrowser } from './suite.ts';

const browser = useBrowser();

/** A log line about what Bob's stand-in did. */
const isBobsBot = (line: string) => line.startsWith('Bob’s bot ');

describeEachGame(DRIVERS, DRIVER, '%s', (game, drive) => {
  it('a friend away and back, in the pause and after the next deal, can always act', {
    timeout: 120_000,
  }, async () => {
    // Bob takes a bot's seat in the pause: the next round is dealt to him, so he is asked.
    const pause = await bobSitsInThePause(browser(), game, `${game}-stand-in`);
    const { desk, phone, link, ann, errors } = pause;
    let { bob } = pause;
    await readyButton(bob).click();
    await expect.poll(() => ann.locator('.round-pause .ready-list').textContent()).toContain('Bob');
    await expectNoAxeViolations(bob, 'the pause, for a friend who sat down in it');

    // Away, and replaced: back in the pause, his seat is his and he is asked again.
    await replaceBob(ann, bob);
    bob = await phone.newPage();
    collectErrors(bob, errors);
    await bob.goto(link);
    await readyButton(bob).waitFor();
    await screenshot(bob, `stand-in-pause-${game}-phone`);
    await readyButton(bob).click();
    await expect.poll(() => ann.locator('.round-pause .ready-list').textContent()).toContain('Bob');

    // Away again: the host is ready, and the next round is dealt to Bob's bot.
    await replaceBob(ann, bob);
    await readyButton(ann).click();
    await ann.locator('.round-over').waitFor({ state: 'detached' });
    // In Hula-Hoo! his bot swaps at the deal, after a bot's pause: Bob comes back once it has, so
    // that there is something it did for him to be told (back sooner, he would swap himself).
    if (game === 'hulahoo') {
      await expect
        .poll(async () => (await ann.locator('.log li').allTextContents()).some(isBobsBot), {
          timeout: 15_000,
        })
        .toBe(true);
    }

    // Back after the deal: his seat's board, and his turn to play when it comes.
    bob = await phone.newPage();
    collectErrors(bob, errors);
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
