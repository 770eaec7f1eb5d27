/**
 * axe-core on the pages around the boards, at 1280×800 and 375×667: the home page, a table's
 * lobby with its share link (and the game's whole name in the top bar), and the rules dialog of
 * each game; and moments of play met at once: HiLO's opening with cells chosen, Sneak's seats left
 * out of a lead (in a replay). The boards, the round's end, the game's end and the replay are
 * checked as they are played, in board.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { GAME_IDS } from '../../shared/engine/types.ts';
import { quickConfig } from '../engine/adapters.ts';
import { soloUpload } from '../table/support.ts';
import { axeViolations, expectNoAxeViolations } from './axe.ts';
import { type Device, newContext } from './browser.ts';
import { baseUrl, importTable, openAsHost, useBrowser } from './suite.ts';

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

describe.each<Device>(['desktop', 'phone'])('axe at moments of play on a %s', (device) => {
  it('HiLO’s opening with two face-down cells chosen, their pick numbers in their names', async () => {
    const context = await newContext(browser(), device);
    const page = await context.newPage();
    await openAsHost(page, { game: 'hilo', players: 3, bots: [1, 2] }, { seat: 0, name: 'Ann' });
    await page.getByRole('button', { name: 'Start the game' }).click();
    const cells = page.locator('.hl-own-grid .hl-cell[aria-pressed]');
    await cells.first().waitFor();
    await cells.nth(0).click();
    await cells.nth(3).click();
    await expect.poll(() => page.locator('.hl-own-grid .hl-pick').count()).toBe(2);
    expect(await cells.nth(0).getAttribute('aria-label')).toMatch(/\(chosen 1\)$/);
    expect(await cells.nth(3).getAttribute('aria-label')).toMatch(/\(chosen 2\)$/);
    await expectNoAxeViolations(page, `HiLO's opening (${device})`);
    await context.close();
  });

  it('Sneak’s seats asked and not asked to answer a lead', { timeout: 60_000 }, async () => {
    const context = await newContext(browser(), device);
    const page = await context.newPage();
    const { body } = soloUpload('sneak', 'gameOver', 'sneak-a11y', {
      players: 4,
      config: quickConfig('sneak'),
      levels: [null, 'normal', 'normal', 'normal'],
    });
    const table = await importTable(body, page);
    await page.goto(`${baseUrl}/t/${table.id}`);
    await page.getByRole('button', { name: 'Replay the game' }).click();
    await page.waitForSelector('.replay [data-board]');
    // The replay steps on to a lead that leaves a seat out.
    const next = page.getByRole('button', { name: 'Next' });
    const out = page.locator('.replay .sn-out');
    while ((await out.count()) === 0 && !(await next.isDisabled())) await next.click();
    expect(await out.count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page, `Sneak's seat not asked (${device})`);
    await context.close();
  });
});
