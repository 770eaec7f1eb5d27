/**
 * Smoke test: the built app, served by the local Workers runtime, answers its health check and its
 * home page renders a heading at desktop and phone sizes with no console error or uncaught
 * exception. Screenshots land in tests/artifacts/screenshots/.
 */
import { expect, test } from 'vitest';
import { collectErrors, type Device, newContext, screenshot } from './browser.ts';
import { baseUrl, useBrowser } from './suite.ts';

const browser = useBrowser();

test('GET /api/health answers', async () => {
  const res = await fetch(`${baseUrl}/api/health`);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ ok: true });
});

test.each<Device>(['desktop', 'phone'])('the home page renders on a %s', async (device) => {
  const context = await newContext(browser(), device);
  try {
    const page = await context.newPage();
    const errors = collectErrors(page);
    const res = await page.goto(baseUrl);
    expect(res?.status()).toBe(200);
    await page.locator('h1').first().waitFor({ state: 'visible' });
    // Let the page's first requests settle so their failures would show; bounded, in case the
    // page keeps polling.
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
    await screenshot(page, `home-${device}`);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a link that is no table says so, with the way back', async () => {
  const context = await newContext(browser(), 'phone');
  try {
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/t/nonsense`);
    await page.getByText('There is no such page here.').waitFor({ state: 'visible' });
    await page.getByText(/not a table/).waitFor({ state: 'visible' });
    await page.getByRole('link', { name: 'Back to the games' }).click();
    await page.getByRole('button', { name: 'Create the table' }).waitFor({ state: 'visible' });
    // The page itself answered 404, as crawlers must be told (the browser notes it); nothing else.
    expect(errors).toEqual([expect.stringMatching(/status of 404 .*\/t\/nonsense\)$/)]);
  } finally {
    await context.close();
  }
});

test.each<Device>(['desktop', 'phone'])(
  'the home page shows "Create the table" without scrolling on a %s',
  async (device) => {
    const context = await newContext(browser(), device);
    try {
      const page = await context.newPage();
      await page.goto(baseUrl);
      const button = page.getByRole('button', { name: 'Create the table' });
      await button.waitFor({ state: 'visible' });
      const box = (await button.boundingBox())!;
      const height = page.viewportSize()!.height;
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      // Nothing lies over it: the element at its centre is the button itself (or its text).
      const onTop = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent ?? null,
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(onTop).toBe('Create the table');
    } finally {
      await context.close();
    }
  },
);

test('how to play opens by itself on a first visit to a game, then only when asked', async () => {
  const context = await newContext(browser(), 'phone', { firstVisit: true });
  try {
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(baseUrl);
    await page.locator('label.game-choice:has(input[value="hilo"])').click();
    await page.getByRole('button', { name: 'Create the table' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'New to HiLO? Here is how it goes.' }).waitFor();
    await screenshot(page, 'rules-first-visit-phone');
    await dialog.getByRole('button', { name: 'Let’s play' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    await page.waitForSelector('.lobby');
    await page.waitForTimeout(500);
    expect(await dialog.isVisible()).toBe(false);
    // On a phone the button shows, and is named by, its short words.
    await page.getByRole('button', { name: 'Rules', exact: true }).click();
    await dialog.getByRole('heading', { name: 'How to play' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
