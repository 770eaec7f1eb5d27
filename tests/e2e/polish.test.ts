/**
 * Moments the other browser tests do not stop at, on a 1280×800 desktop and a 375×667 phone: a
 * spectator of a HiLO round, to its end; a notice on screen; a reaction. At each, axe finds nothing, and nothing that comes and goes
 * (a notice, a reaction) moves the board. HiLO's chips fit their tiles on one line, and a chosen
 * card stands out by more than its colour.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.ts';
import { type Device, openPage, screenshot } from './browser.ts';
import { hilo as driveHilo } from './drivers/hilo.ts';
import { baseUrl, openAsHost, useBrowser } from './suite.ts';

const browser = useBrowser();

/** Where each card and control of the board is now, to the pixel. */
const boardBoxes = (page: Page) =>
  page.evaluate(() =>
    [document.querySelector('[data-board]'), ...document.querySelectorAll('[data-board] button')]
      .filter((el) => el !== null)
      .map((el) => {
        const r = el.getBoundingClientRect();
        return `${Math.round(r.x)},${Math.round(r.y + window.scrollY)},${Math.round(r.width)}`;
      }),
  );

/** Ann's page at a table she made and started, sitting in seat 0 (`body` as the API takes it). */
async function annStarts(device: Device, body: Record<string, unknown>) {
  const opened = await openPage(browser(), device, { locale: 'en-US' });
  await openAsHost(opened.page, body, { seat: 0, name: 'Ann' });
  await opened.page.getByRole('button', { name: 'Start the game' }).click();
  return opened;
}

describe.each<Device>(['desktop', 'phone'])('on a %s', (device) => {
  it('a spectator of a HiLO round, to its end', { timeout: 150_000 }, async () => {
    const ann = await openPage(browser(), device, { locale: 'en-US' });
    const body = { game: 'hilo', players: 3, bots: [1, 2], config: { maxTurns: 3 } };
    const table = await openAsHost(ann.page, body, { seat: 0, name: 'Ann' });
    await ann.page.getByRole('button', { name: 'Start the game' }).click();
    await ann.page.waitForSelector('[data-board]');
    const watcher = await openPage(browser(), device, { locale: 'en-US' });
    await watcher.page.goto(`${baseUrl}/t/${table.id}`);
    const piles = watcher.page.locator('[data-board] .hl-piles');
    await piles.waitFor();
    // Mid-round: Ann has turned her two cards up and the others play on.
    expect(await driveHilo(ann.page)).toBe(true);
    await expect.poll(() => watcher.page.locator('.hl-opponent .hl-badge').count()).toBe(1);
    await expectNoAxeViolations(watcher.page, `a HiLO spectator mid-round (${device})`);
    await screenshot(watcher.page, `polish-hilo-spectator-${device}`);

    const until = Date.now() + 100_000;
    const roundOver = watcher.page.locator('.round-over');
    while (Date.now() < until && (await roundOver.count()) === 0) {
      const acted = await driveHilo(ann.page);
      await ann.page.waitForTimeout(acted ? 150 : 250);
    }
    await roundOver.waitFor();
    await expectNoAxeViolations(watcher.page, `a HiLO spectator at the round's end (${device})`);
    // Every chip of a tile fits on one line, a doubled sum wider than any round's too (written in
    // as the narrow tile writes it, chip and the room it keeps, on every tile: one whose lines
    // are gone is narrower than the chip: the first tile is made one, a single column left).
    const chips = watcher.page.locator('.hl-opponent .hl-badge');
    await watcher.page.evaluate(() => {
      const grid = document.querySelector<HTMLElement>('.hl-opponent .hl-small-grid');
      if (!grid) throw new Error('no layout on the first tile');
      grid.style.setProperty('--cols', '1');
      for (const cell of [...grid.children].filter((el) => el.tagName !== 'LEGEND').slice(3)) {
        cell.remove();
      }
      for (const tile of document.querySelectorAll('.hl-opponent')) {
        const chip = tile.querySelector('.hl-badge.score');
        const room = tile.querySelector('.hl-score-room');
        if (!chip || !room) throw new Error('a tile without its score at the round end');
        const shown = document.createElement('span');
        shown.setAttribute('aria-hidden', 'true');
        shown.textContent = '108×2=216';
        chip.replaceChildren(shown);
        room.textContent = '108×2=216';
      }
    });
    for (const chip of await chips.all()) {
      const lines = await chip.evaluate((el) => {
        const style = getComputedStyle(el);
        const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
        return {
          rows: Math.round(
            (el.getBoundingClientRect().height -
              Number.parseFloat(style.paddingTop) -
              Number.parseFloat(style.paddingBottom)) /
              line,
          ),
          cut: el.scrollWidth > el.clientWidth + 1,
          inside:
            el.getBoundingClientRect().right <=
            (el.closest('.hl-opponent')?.getBoundingClientRect().right ?? 0) + 0.5,
          text: el.textContent,
        };
      });
      expect(lines.rows, `${lines.text} (${device})`).toBe(1);
      expect(lines.cut, `${lines.text} (${device})`).toBe(false);
      expect(lines.inside, `${lines.text} (${device})`).toBe(true);
    }
    await screenshot(watcher.page, `polish-hilo-spectator-round-over-${device}`);
    expect([...ann.errors, ...watcher.errors]).toEqual([]);
    await watcher.context.close();
    await ann.context.close();
  });

  it('a notice floats over the board, which does not move', { timeout: 150_000 }, async () => {
    const { context, page, errors } = await openPage(browser(), device, { locale: 'en-US' });
    // The shortest clock: Ann waits, and the clock plays for her.
    const body = { game: 'hulahoo', players: 2, bots: [1], clock: 5 };
    await openAsHost(page, body, { seat: 0, name: 'Ann' });
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.waitForSelector('[data-board] .card-button');
    await page.waitForTimeout(800);
    const top = () =>
      page
        .locator('[data-board]')
        .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const before = await top();
    const notice = page.locator('.notice');
    // The clock starts once her page has shown the deal, or a minute on at most (the first look).
    await notice.waitFor({ timeout: 75_000 });
    await page.waitForTimeout(300);
    expect(await top(), device).toBe(before);
    // It lies over the top of the board, never over the player's own cards and controls.
    const box = (await notice.boundingBox())!;
    const mine = (await page.locator('[data-board] .hh-mine').boundingBox())!;
    expect(box.y + box.height, device).toBeLessThanOrEqual(mine.y);
    await expectNoAxeViolations(page, `a notice (${device})`);
    await screenshot(page, `polish-notice-${device}`);
    await page.getByRole('button', { name: 'Got it' }).click();
    expect(await notice.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a reaction shows by its sender without moving the board', { timeout: 60_000 }, async () => {
    const { context, page, errors } = await annStarts(device, {
      game: 'hilo',
      players: 2,
      bots: [1],
    });
    await page.waitForSelector('[data-board] .hl-cell');
    await page.locator('.reaction-bar').waitFor();
    await page.waitForTimeout(500);
    const before = await boardBoxes(page);
    await page.getByRole('button', { name: 'Nice' }).click();
    const bubble = page.locator('[data-board] .hl-mine .reaction-bubble');
    await bubble.waitFor();
    expect(await boardBoxes(page), device).toEqual(before);
    // It covers none of the player's cards.
    const over = await bubble.evaluate((b) => {
      const r = b.getBoundingClientRect();
      return [...document.querySelectorAll('[data-board] .hl-mine .card-button')].some((c) => {
        const s = c.getBoundingClientRect();
        return r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom;
      });
    });
    expect(over).toBe(false);
    await screenshot(page, `polish-reaction-${device}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

it('a chosen HiLO card stands out by its shape: lifted, with a thick outline', {
  timeout: 60_000,
}, async () => {
  const { context, page, errors } = await annStarts('desktop', {
    game: 'hilo',
    players: 2,
    bots: [1],
  });
  const cell = page.locator('[data-board] .hl-cell.legal').first();
  await cell.waitFor();
  const look = () =>
    cell.evaluate((el) => {
      const face = el.firstElementChild;
      const style = face ? getComputedStyle(face) : null;
      return {
        top: el.getBoundingClientRect().top,
        outline: style ? Number.parseFloat(style.outlineWidth) : 0,
        outlineStyle: style?.outlineStyle,
      };
    });
  const rest = await look();
  await cell.click();
  await expect.poll(() => cell.getAttribute('aria-pressed')).toBe('true');
  await page.waitForTimeout(400);
  const chosen = await look();
  expect(rest.top - chosen.top).toBeGreaterThanOrEqual(4);
  expect(chosen.outlineStyle).not.toBe('none');
  expect(chosen.outline).toBeGreaterThanOrEqual(3);
  await screenshot(page, 'polish-hilo-chosen-desktop');
  expect(errors).toEqual([]);
  await context.close();
});

it('Hula-Hoo!’s prompt says select with a mouse, tap with a finger', {
  timeout: 60_000,
}, async () => {
  for (const [device, word] of [
    ['desktop', 'Select up to 3 face-up cards'],
    ['phone', 'Tap up to 3 face-up cards'],
  ] as const) {
    const { context, page } = await openPage(browser(), device, { locale: 'en-US' });
    const body = { game: 'hulahoo', players: 2, bots: [1] };
    await openAsHost(page, body, { seat: 0, name: 'Ann' });
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.waitForSelector('[data-board]');
    // Every player's first decision: which face-up cards to trade (after the bot's, if first).
    await expect
      .poll(() => page.textContent('[data-board]'), { timeout: 30_000 })
      .toContain('to trade for new ones');
    expect(await page.textContent('[data-board]'), device).toContain(word);
    await context.close();
  }
});
