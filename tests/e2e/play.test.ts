/**
 * Each game in a real browser: a table created from the home page, a second person joining
 * through the link on a phone, both playing with a bot through the board alone until the round
 * ends; a reload mid-game keeps the seat; clicking a card that is not playable changes nothing;
 * the browser tab's title says when it is the player's turn; the last move's cards are marked.
 * Screenshots of every board at 1280×800 and 375×667 go to tests/artifacts/screenshots/.
 */
import { expect, it } from 'vitest';
import { describeEachGame } from '../engine/support/per-game.ts';
import { collectErrors, newContext, screenshot } from './browser.ts';
import { DRIVER, DRIVERS } from './drivers/index.ts';
import { roundEnded } from './drivers/types.ts';
import { baseUrl, useBrowser } from './suite.ts';

const browser = useBrowser();

/** Whether the page shows the end of a round (or of the game). */

describeEachGame(DRIVERS, DRIVER, '%s in the browser', (game, drive) => {
  it('two people and a bot play a round through the UI alone', { timeout: 180_000 }, async () => {
    const desk = await newContext(browser(), 'desktop', { locale: 'en-US' });
    const phone = await newContext(browser(), 'phone', { locale: 'en-US' });
    const ann = await desk.newPage();
    const bob = await phone.newPage();
    const errors = [...[ann, bob].map((page) => collectErrors(page))];

    // Ann creates a 3-seat table: herself, a friend, a bot.
    await ann.goto(baseUrl);
    await ann.locator(`label.game-choice:has(input[value="${game}"])`).click();
    await ann.locator('.counts label', { hasText: '3' }).click();
    await ann.locator('.seat-plan button').first().click(); // seat 2: a friend instead of a bot
    await ann.locator('.bot-level label', { hasText: 'Hard' }).click();
    await ann.fill('input[autocomplete=nickname]', 'Ann');
    await ann.click('button[type=submit]');
    await ann.waitForSelector('.lobby');
    // The level chosen on the home page is the table's bot's, at its seat.
    await expect.poll(() => ann.locator('.lobby-seats select.bot-level').inputValue()).toBe('hard');
    const link = await ann.inputValue('.share .link');
    expect(link).toMatch(/\/t\/[0-9a-f]{64}$/);

    // Bob opens the link on his phone, names himself and sits down.
    await bob.goto(link);
    await bob.fill('.name-form input', 'Bob');
    await bob.click('.name-form button[type=submit]');
    await bob.click('button:has-text("Sit here")');
    await ann.waitForSelector('button:has-text("Start the game"):not([disabled])');
    await ann.click('button:has-text("Start the game")');
    await Promise.all([ann, bob].map((p) => p.waitForSelector('[data-board]')));
    await screenshot(ann, `${game}-desktop`);
    await screenshot(bob, `${game}-phone`);

    // A card that is not playable does nothing: no move, no error.
    const idle = ann.locator('[data-board] [aria-disabled="true"]').first();
    if ((await idle.count()) > 0) {
      await idle.click({ force: true });
      await ann.waitForTimeout(300);
      expect(await ann.locator('.toast').count()).toBe(0);
    }

    let reloaded = false;
    let marked = false; // the board marks the cards the last move touched, at some point
    for (let step = 0; step < 400 && (await roundEnded(ann)) === 0; step++) {
      // The browser tab says whose turn it is, as the page does.
      for (const p of [ann, bob]) {
        const [mine, title] = await p.evaluate(() => [
          document.querySelector('.game')?.classList.contains('my-turn') ?? false,
          document.title,
        ]);
        expect((title as string).startsWith('●'), title as string).toBe(mine);
      }
      if (!marked) marked = (await ann.locator('[data-board] .last-move[data-card]').count()) > 0;
      const acted = (await drive(ann)) || (await drive(bob));
      await ann.waitForTimeout(acted ? 150 : 300);
      // Early in the round: a Hula-Hoo! round can end within a few moves of a quick knock-out.
      if (!reloaded && step >= 2) {
        // A reload mid-game keeps Bob's seat: he sees himself and can go on playing.
        reloaded = true;
        await bob.reload();
        await bob.waitForSelector('[data-board]');
        await expect.poll(() => bob.locator('.players li.mine').textContent()).toContain('Bob');
      }
    }
    expect(await roundEnded(ann)).toBeGreaterThan(0);
    await expect.poll(() => roundEnded(bob)).toBeGreaterThan(0);
    expect(reloaded).toBe(true);
    expect(marked).toBe(true);
    await screenshot(ann, `${game}-round-over-desktop`);
    await screenshot(bob, `${game}-round-over-phone`);
    expect(errors.flat()).toEqual([]);
    await desk.close();
    await phone.close();
  });
});
