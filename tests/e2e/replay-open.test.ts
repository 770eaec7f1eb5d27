/**
 * After the game everything shows (ALL-1): a finished game's replay turns up every hand and every
 * face-down card — Sneak's opponents' hands and sneaks, HiLO's face-down cells — and asks nothing
 * of anyone. Played once at 1280×800; the same player then opens it on a phone.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.ts';
import { collectErrors, DEVICES, newContext, screenshot } from './browser.ts';
import { DRIVERS } from './drivers/index.ts';
import { baseUrl, openAsHost, useBrowser } from './suite.ts';

const browser = useBrowser();

/** Plays `page`'s seat with the game's driver until the game is over, ready at each round's end. */
async function playToEnd(page: Page, drive: (page: Page) => Promise<boolean>): Promise<void> {
  const until = Date.now() + 200_000;
  while (Date.now() < until && (await page.locator('.game-over').count()) === 0) {
    const ready = page.locator('.round-pause button:has-text("I’m ready"):not([disabled])');
    if ((await ready.count()) > 0) await ready.click();
    const acted = await drive(page);
    await page.waitForTimeout(acted ? 100 : 250);
  }
  await page.locator('.game-over').waitFor({ timeout: 5_000 });
}

/** Opens the replay and steps to the middle of the game, where hands are full. */
async function openReplay(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Replay the game' }).click();
  const replay = page.locator('.replay');
  await replay.waitFor();
  await expect.poll(() => replay.locator('[data-board]').count()).toBe(1);
  const slider = replay.locator('input[type=range]');
  const max = Number(await slider.getAttribute('max'));
  await slider.fill(String(Math.floor(max / 2)));
}

const NOTHING_ASKED = /Your turn|You lead|tap any|Choose|I’m ready/;

it.each([
  {
    game: 'sneak' as const,
    body: { game: 'sneak', players: 3, config: { target: 50 }, bots: [1, 2] },
    /** Opponents' hands as small faces; no card back in an opponent's tile. */
    shown: '.sn-opponent .sn-open-hand .sn-card',
    hidden: '.sn-opponent .sn-open-hand .card-back',
  },
  {
    game: 'hilo' as const,
    body: { game: 'hilo', players: 2, config: { limit: 50 }, bots: [1] },
    /** Every layout's cells face up, the face-down ones too. */
    shown: '.hl-grid .hl-card',
    hidden: '.hl-grid .hl-back',
  },
])(
  '$game: the replay shows every card and asks nothing, at both sizes',
  {
    timeout: 300_000,
  },
  async ({ game, body, shown, hidden }) => {
    const desk = await newContext(browser(), 'desktop', { locale: 'en-US' });
    const page = await desk.newPage();
    const errors = [collectErrors(page)];
    const table = await openAsHost(page, body, { seat: 0, name: 'Ann' });
    await page.click('button:has-text("Start the game")');
    await page.locator('[data-board]').waitFor();
    await playToEnd(page, DRIVERS[game]!);

    for (const [device, p] of [['desktop', page] as const]) {
      await openReplay(p);
      const replay = p.locator('.replay');
      await expect.poll(() => replay.locator(shown).count()).toBeGreaterThan(0);
      expect(await replay.locator(hidden).count()).toBe(0);
      expect(await replay.textContent()).not.toMatch(NOTHING_ASKED);
      await expectNoAxeViolations(p, `${game} replay (${device})`);
      await screenshot(p, `replay-open-${game}-${device}`);
    }

    // Ann again, on her phone: the same seat, the same finished game.
    const phone = await browser().newContext({
      ...DEVICES.phone,
      locale: 'en-US',
      storageState: await desk.storageState(),
    });
    const small = await phone.newPage();
    errors.push(collectErrors(small));
    await small.goto(`${baseUrl}/t/${table.id}`);
    await small.locator('.game-over').waitFor();
    await openReplay(small);
    const replay = small.locator('.replay');
    await expect.poll(() => replay.locator(shown).count()).toBeGreaterThan(0);
    expect(await replay.locator(hidden).count()).toBe(0);
    expect(await replay.textContent()).not.toMatch(NOTHING_ASKED);
    await expectNoAxeViolations(small, `${game} replay (phone)`);
    await screenshot(small, `replay-open-${game}-phone`);

    expect(errors.flat()).toEqual([]);
    await phone.close();
    await desk.close();
  },
);
