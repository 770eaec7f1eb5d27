/**
 * axe-core on the pages around the boards, at 1280×800 and 375×667: the home page, a table's
 * lobby with its share link (and the game's whole name in the top bar), and the rules dialog of
 * each game. The boards, the round's end, the
 * game's end and the replay are checked as they are played, in board.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { GAME_IDS } from '../../shared/engine/types.ts';
import { axeViolations, expectNoAxeViolations } from './axe.ts';
import { type Device, newContext } from './browser.ts';
import { baseUrl, openAsHost, useBrowser } from './suite.ts';

const browser = useBrowser();

it('the check finds what it is there to find', async () => {
  const context = await newContext(browser(), 'desktop');
  const page = await context.newPage();
  await page.setContent('<!doctype html><html lang="en"><title>t</title><main><input></main>');
  expect((await axeViolations(page)).map((v) => v.split(' ')[0])).toContain('label');
  await context.close();
});

describe.each<Device>(['desktop', 'phone'])('axe on a %s', (device) => {
  it('the home page', async () => {
    const context = await newContext(browser(), device);
    const page = await context.newPage();
    await page.goto(baseUrl);
    await page.getByRole('button', { name: 'Create the table' }).waitFor();
    await expectNoAxeViolations(page, `the home page (${device})`);
    await context.close();
  });

  it.each(GAME_IDS)('the %s lobby and its rules', { timeout: 60_000 }, async (game) => {
    const context = await newContext(browser(), device);
    const page = await context.newPage();
    await openAsHost(page, { game, players: 3, bots: [2] });
    await page.locator('.lobby').waitFor();
    await expectNoAxeViolations(page, `the ${game} lobby (${device})`);
    // The game's name is whole in the top bar, not cut short.
    const title = page.locator('.table-title');
    const [whole, shown] = await title.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(whole, `the ${game} title (${device})`).toBeLessThanOrEqual(shown!);
    await page.locator('.table-head button').first().click();
    await page.getByRole('dialog').waitFor();
    await expectNoAxeViolations(page, `the ${game} rules (${device})`);
    await context.close();
  });
});
