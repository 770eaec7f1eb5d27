/**
 * The table's options are everyone's: a friend who opens the link sees in the lobby what the
 * host chose (the goal, the packs, the clock, each bot's level), and the rules dialog that opens
 * on their first table of the game states this table's goal, not the rules' default.
 */
import { expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.ts';
import { type Device, openPage, screenshot } from './browser.ts';
import { baseUrl, useBrowser } from './suite.ts';

const browser = useBrowser();

it.each<Device>(['desktop', 'phone'])(
  'on a %s: a friend sees the table’s goal, packs, clock and bots, and the rules state its goal',
  { timeout: 60_000 },
  async (device) => {
    const res = await fetch(`${baseUrl}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        game: 'sneak',
        players: 3,
        config: { target: 50 },
        clock: 30,
        bots: [2],
        botLevel: 'hard',
      }),
    });
    const { id } = (await res.json()) as { id: string };
    const { context, page, errors } = await openPage(browser(), device, {
      locale: 'en-US',
      firstVisit: true,
    });
    await page.goto(`${baseUrl}/t/${id}`);
    const rules = page.getByRole('dialog', { name: 'New to Sneak? Here is how it goes.' });
    await rules.waitFor();
    const goal = await rules.locator('p').first().textContent();
    expect(goal).toContain('reaches 50 points.');
    expect(goal).not.toContain('100');
    await rules.getByRole('button', { name: 'Let’s play' }).click();

    const options = page.getByRole('list', { name: 'This table' });
    await expect
      .poll(() => options.getByRole('listitem').allTextContents())
      .toEqual(['Play to 50 points', 'Packs of cards: 1 × 52', 'Time per move: 30 s']);
    // Each bot's level at its seat.
    expect(await page.locator('.lobby-seats .bot-level').allTextContents()).toEqual(['Hard']);
    await screenshot(page, `table-options-${device}`);
    await expectNoAxeViolations(page, `a joiner's lobby, ${device}`);
    expect(errors).toEqual([]);
    await context.close();
  },
);
