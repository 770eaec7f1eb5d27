/**
 * "Review my game": a finished game's player asks the coach, on a 1280×800 desktop and a 375×667
 * phone. At game over (a Hula-Hoo! game taken to a live table at its end), the review runs in a
 * Web Worker with its progress shown, lists the turning points in words with the chart, and
 * "Show" steps the replay to the moment with the better move and the move played marked on the
 * board (and in the cards' names); reopened, it is there at once, no worker started again. A solo
 * HiLO game's replay is reviewed offline. Closed while it runs, the review's workers end. Axe
 * finds nothing in the review.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.ts';
import { collectErrors, type Device, newContext, screenshot } from './browser.ts';
import { finishedGame } from './coach-games.ts';
import { atRest } from './layout.ts';
import { controlled } from './service-worker.ts';
import { keepAsSolo } from './solo-kept.ts';
import { baseUrl, importTable, useBrowser } from './suite.ts';

const browser = useBrowser();

/** Time enough for a review of a short game in an unthrottled browser, with room for a busy CI. */
const REVIEW_MS = 60_000;

/** Games whose careless player the coach finds a few turning points in, big ones among them. */
const SEEDS = {
  hulahoo: { desktop: 'coach-hulahoo-4', phone: 'coach-hulahoo-5' },
  hilo: { desktop: 'coach-hilo-0', phone: 'coach-hilo-5' },
} as const;

/**
 * A player's page on `device`, its errors collected, counting the review's workers it starts and
 * noting whether a progress bar ever showed.
 */
async function reviewer(device: Device) {
  const context = await newContext(browser(), device, { locale: 'en-US' });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const workers = await watchReview(page);
  return { context, page, errors, workers };
}

/**
 * How many reviews the page has started, each in its own Web Workers (one per part of the
 * decisions, a part per core: run-review.ts): the workers that started, counted per review.
 */
async function watchReview(page: Page): Promise<() => number> {
  let started = 0;
  page.on('worker', (worker) => {
    if (worker.url().includes('review-worker')) started++;
  });
  const cores = await page.context().newPage();
  const parts = Math.min(4, await cores.evaluate(() => navigator.hardwareConcurrency));
  await cores.close();
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('.coach progress')) {
        Reflect.set(window, '__sawProgress', true);
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => started / parts;
}

const sawProgress = (page: Page) =>
  page.evaluate(() => Reflect.get(window, '__sawProgress') === true);

/** The review shown, with its turning points: their count. */
async function reviewShown(page: Page): Promise<number> {
  await page.locator('.coach-chart svg').waitFor({ timeout: REVIEW_MS });
  return page.locator('.coach-points > li').count();
}

/**
 * Steps to the first turning point, whose sentence says what its move led to: the replay goes to
 * its move, the caption says what is marked, and each marked card's name says whose move it is.
 */
async function showFirst(page: Page, where: string): Promise<void> {
  // The game was played to its end, so every round ended: each turning point's sentence ends
  // with what its move led to.
  expect(await page.locator('.coach-points > li p').first().textContent(), where).toMatch(
    /^Round \d+: .+ than your move, .+; .+\.$/,
  );
  const before = await page.locator('.replay-step strong').textContent();
  await page.getByRole('button', { name: 'Show turning point 1 on the board' }).click();
  const caption = page.locator('.coach-shown');
  await caption.waitFor();
  expect(await caption.textContent(), where).toMatch(
    /^Round \d+, turning point 1\. Better: .+\. Yours: .+\.$/,
  );
  // The replay stands at the move the turning point was: the board before it was made.
  expect(await page.locator('.replay-step strong').textContent(), where).not.toBe(before);
  const better = page.locator('.replay [data-board] .advice-better');
  const played = page.locator('.replay [data-board] .advice-played');
  expect((await better.count()) + (await played.count()), where).toBeGreaterThan(0);
  // Each marked card's name says so: its own, or that of the place it lies in.
  const names = await page
    .locator('.replay [data-board] :is(.advice-better, .advice-played)')
    .evaluateAll((els) =>
      els.map(
        (el) =>
          el.getAttribute('aria-label') ??
          el.closest('[aria-label]')?.getAttribute('aria-label') ??
          '',
      ),
    );
  for (const name of names) expect(name, where).toMatch(/the better move|your move/);
  // Stepping away leaves the marks behind.
  await page.getByRole('button', { name: 'Next' }).click();
  expect(await page.locator('.coach-shown').count(), where).toBe(0);
  expect(
    await page
      .locator('.replay [data-board] .advice-better, .replay [data-board] .advice-played')
      .count(),
  ).toBe(0);
  await page.getByRole('button', { name: 'Show turning point 1 on the board' }).click();
  await caption.waitFor();
}

/** A screenshot and axe, the page at rest. */
async function looked(page: Page, name: string): Promise<void> {
  await atRest(page);
  await screenshot(page, name);
  await expectNoAxeViolations(page, name);
}

it.each<Device>(['desktop', 'phone'])(
  'at game over on a %s, the coach reviews the game in the page, shows a turning point on the board, and reopens at once',
  { timeout: 4 * REVIEW_MS },
  async (device) => {
    const { context, page, errors, workers } = await reviewer(device);
    const table = await importTable(finishedGame('hulahoo', SEEDS.hulahoo[device]), context);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`${baseUrl}/t/${table.id}`);
    await page.waitForSelector('.game-over');
    // The table page loads none of the coach until it is asked for.
    expect(requests.filter((url) => /\/assets\/(?:panel|review-worker)-/.test(url))).toEqual([]);

    await page.getByRole('button', { name: 'Review my game' }).click();
    const points = await reviewShown(page);
    expect(await sawProgress(page), 'a progress bar while the review ran').toBe(true);
    expect(workers()).toBe(1);
    expect(points, 'the careless player’s turning points').toBeGreaterThan(0);
    // Nothing about the review goes to the server: only the page's own files are fetched.
    const asked = requests.slice(requests.findIndex((url) => url.includes('/assets/panel-')));
    expect(asked.filter((url) => !url.includes('/assets/'))).toEqual([]);
    await looked(page, `coach-review-${device}`);

    await showFirst(page, device);
    await looked(page, `coach-shown-${device}`);

    // Closed and reopened: the kept review, at once, no worker started again.
    await page.getByRole('button', { name: 'Close the review' }).click();
    expect(await page.locator('.coach').count()).toBe(0);
    await page.getByRole('button', { name: 'Review my game' }).click();
    expect(await reviewShown(page)).toBe(points);
    expect(await page.locator('.coach progress').count()).toBe(0);
    expect(workers()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  },
);

it.each<Device>(['desktop', 'phone'])(
  'offline on a %s, a solo game’s replay is reviewed, and a turning point shown',
  { timeout: 4 * REVIEW_MS },
  async (device) => {
    const { context, page, errors, workers } = await reviewer(device);
    await page.goto(baseUrl);
    await page.locator('.game-choice').first().waitFor();
    await controlled(page);
    const id = await keepAsSolo(page, finishedGame('hilo', SEEDS.hilo[device]));
    await context.setOffline(true);
    await page.goto(`${baseUrl}/solo/${id}`);
    await page.waitForSelector('.game-over');
    await page.getByRole('button', { name: 'Replay the game' }).click();
    await page.waitForSelector('.replay [data-board]');
    await page.getByRole('button', { name: 'Review my game' }).click();
    expect(await reviewShown(page), 'the careless player’s turning points').toBeGreaterThan(0);
    expect(await sawProgress(page)).toBe(true);
    expect(workers()).toBe(1);
    await looked(page, `coach-solo-review-${device}`);
    await showFirst(page, device);
    await looked(page, `coach-solo-shown-${device}`);
    expect(errors).toEqual([]);
    await context.close();
  },
);

it('closing the review while it runs ends its workers, and keeps nothing', {
  timeout: 2 * REVIEW_MS,
}, async () => {
  const { context, page, errors, workers } = await reviewer('desktop');
  // A long game (some 250 decisions of Sneak's): its review takes a while.
  const body = finishedGame('sneak', 'coach-long', {
    players: 4,
    config: { target: 100 },
    you: 'normal',
  });
  const table = await importTable(body, context);
  await page.goto(`${baseUrl}/t/${table.id}`);
  await page.waitForSelector('.game-over');
  // Its workers end together: the first to close says they are being ended.
  const ended = new Promise<void>((resolve) =>
    page.on('worker', (worker) => worker.on('close', () => resolve())),
  );
  await page.getByRole('button', { name: 'Review my game' }).click();
  await page.locator('.coach progress').waitFor();
  await page.getByRole('button', { name: 'Close the review' }).click();
  await ended;
  expect(await page.locator('.coach').count()).toBe(0);
  // Nothing was kept: asked again, the review is made again, to its end.
  await page.getByRole('button', { name: 'Review my game' }).click();
  await page.locator('.coach progress').waitFor();
  await reviewShown(page);
  expect(workers()).toBe(2);
  expect(errors).toEqual([]);
  await context.close();
});
