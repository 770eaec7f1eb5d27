/**
 * Turn-based tables in the browser, on a 1280×800 desktop and a 375×667 phone: the start page's
 * pace; "Your tables" with the tables waiting on you first; "Notify me" at a turn-based table,
 * the browser's permission asked only from the tap, a refusal and a failed subscription said
 * (this machine has no network, so no push service answers); an iPhone told to use its Home
 * Screen; and the service worker, which shows a table's push as a notification and brings up the
 * table when it is tapped.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CreatedTable } from '../../shared/api.ts';
import { expectNoAxeViolations } from './axe.ts';
import { asHost, type Device, openPage, screenshot } from './browser.ts';
import {
  notificationsOf,
  pushDelivery,
  SOON,
  siteWorker,
  tapNotification,
  WORKER_URL,
  workerActive,
} from './service-worker.ts';
import { baseUrl, useBrowser } from './suite.ts';

const browser = useBrowser();

const NOTIFY = 'Notify me when it’s my turn';
const TURN_BASED = { game: 'hulahoo', players: 2, bots: [1], pace: 'turn', clock: 86_400 };

/** A turn-based table, made as the start page makes one. */
async function turnBasedTable(): Promise<CreatedTable> {
  const res = await fetch(`${baseUrl}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TURN_BASED),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as CreatedTable;
}

/**
 * Ann's page at a turn-based table she made, seated in seat 0, on a server that sends
 * notifications (every server does: with no secrets it makes its own VAPID key pair).
 */
async function annAtTurnBasedTable(
  device: Device,
  options: { userAgent?: string } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[]; table: CreatedTable }> {
  const opened = await openPage(browser(), device, { locale: 'en-US', ...options });
  const { page } = opened;
  const table = await turnBasedTable();
  await asHost(page, table, { seat: 0, name: 'Ann' });
  await page.goto(`${baseUrl}/t/${table.id}`);
  await page.locator('.lobby-seats li.mine').waitFor();
  return { ...opened, table };
}

describe.each<Device>(['desktop', 'phone'])('on a %s', (device) => {
  it('the start page makes a turn-based table with its clock, and says what it means', async () => {
    const { context, page, errors } = await openPage(browser(), device, { locale: 'en-US' });
    const sent: unknown[] = [];
    await page.route('**/api/tables', (route) => {
      sent.push(route.request().postDataJSON());
      return route.fulfill({
        status: 400,
        json: { error: { code: 'bad-request', message: 'Not now.' } },
      });
    });
    await page.goto(baseUrl);
    const pace = page.getByRole('group', { name: 'Pace' });
    const clock = pace.getByLabel('Time per move');
    expect(await clock.inputValue()).toBe('');
    await pace.getByText('Turn-based').click();
    expect(await pace.getByRole('radio', { name: 'Turn-based' }).isChecked()).toBe(true);
    // 24 h unless another is chosen, said in the hint.
    expect(await clock.inputValue()).toBe('86400');
    expect(await clock.locator('option').allTextContents()).toEqual([
      '1 h',
      '12 h',
      '24 h',
      '72 h',
    ]);
    await expect
      .poll(() => pace.locator('.hint').textContent())
      .toBe(
        'Play at your own pace: each player has up to 24 h per move, and can be notified when it is their turn.',
      );
    await screenshot(page, `notify-home-pace-${device}`);
    await expectNoAxeViolations(page, `the start page, turn-based (${device})`);
    await clock.selectOption('259200');
    await expect.poll(() => pace.locator('.hint').textContent()).toContain('up to 72 h per move');
    await page.getByRole('button', { name: 'Create the table' }).click();
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toMatchObject({ pace: 'turn', clock: 259_200 });

    // By keyboard, back to live: its clock is off, and nothing is said of a pace.
    await pace.getByRole('radio', { name: 'Turn-based' }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await pace.getByRole('radio', { name: 'Live' }).isChecked()).toBe(true);
    expect(await clock.inputValue()).toBe('');
    await page.getByRole('button', { name: 'Create the table' }).click();
    await expect.poll(() => sent.length).toBe(2);
    expect(sent[1]).not.toHaveProperty('pace');
    expect(sent[1]).not.toHaveProperty('clock');
    // The browser says so of each refusal the test gave.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await context.close();
  });

  it('“Your tables” lists the turn-based tables waiting on you first, with your time left', async () => {
    const { context, page, errors } = await openPage(browser(), device, { locale: 'en-US' });
    const now = Date.now();
    const seats = [
      { seat: 0, name: 'Ann', bot: false, connected: false },
      { seat: 1, name: 'Ben', bot: false, connected: true },
    ];
    const summary = (id: string, more: Record<string, unknown>) => ({
      id,
      game: 'hulahoo',
      players: 2,
      config: {},
      clock: 86_400,
      pace: 'turn',
      botLevel: 'normal',
      status: 'playing',
      phase: 'play',
      seats,
      gameNo: 1,
      spectators: 0,
      pause: null,
      toMove: [1],
      deadline: now + 3_600_000,
      ...more,
    });
    const tables: Record<string, ReturnType<typeof summary>> = {
      ['1'.repeat(64)]: summary('1'.repeat(64), { pace: 'live', clock: 30, toMove: [0] }),
      ['2'.repeat(64)]: summary('2'.repeat(64), {}),
      ['3'.repeat(64)]: summary('3'.repeat(64), {
        toMove: [0],
        deadline: now + 23 * 3_600_000 + 30 * 60_000,
      }),
      ['4'.repeat(64)]: summary('4'.repeat(64), { toMove: [0], deadline: now + 45 * 60_000 }),
    };
    await page.route('**/api/tables/*', (route) => {
      const id = new URL(route.request().url()).pathname.split('/').pop() ?? '';
      return route.fulfill({ json: tables[id] });
    });
    // Held newest first: the live table, then the others.
    await page.addInitScript((ids) => {
      const held = ids.map((id, i) => ({ id, seat: 0, at: 1000 - i }));
      localStorage.setItem('hoopla:tables', JSON.stringify(held));
      for (const id of ids) localStorage.setItem(`hoopla:token:${id}`, `token-${id}`);
    }, Object.keys(tables));
    await page.goto(baseUrl);
    const list = page.getByRole('region', { name: 'Your tables' }).getByRole('listitem');
    await expect.poll(() => list.count()).toBe(4);
    expect(await list.locator('.your-standing').allTextContents()).toEqual([
      'Your turn · 45 min left',
      'Your turn · 23 h left',
      'Your turn',
      'Waiting for Ben',
    ]);
    expect(
      await list.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
    ).toEqual(['4', '3', '1', '2'].map((d) => `/t/${d.repeat(64)}`));
    await expect.poll(() => page.title()).toMatch(/^\(2\) Hoopla/);
    await screenshot(page, `notify-your-tables-${device}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('“Notify me” asks the browser only from the tap, and says when notifications are blocked', async () => {
    const { context, page, errors } = await annAtTurnBasedTable(device);
    const notify = page.getByRole('button', { name: NOTIFY });
    await notify.waitFor();
    // The worker is registered before the tap, so that the tap waits on nothing else.
    await expect.poll(() => workerActive(page)).toBe(WORKER_URL);
    // Headless Chromium turns any request down by itself within a second or two: still
    // "default" after that, the page has asked nothing on its own.
    await page.waitForTimeout(2_500);
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    await screenshot(page, `notify-lobby-${device}`);
    await expectNoAxeViolations(page, `a turn-based lobby with "Notify me" (${device})`);

    await notify.click();
    await page
      .getByText('Notifications are blocked for this site in your browser settings.')
      .waitFor();
    expect(await page.evaluate(() => Notification.permission)).toBe('denied');
    expect(await notify.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('“Notify me” with notifications allowed says in its words why a subscription failed', async () => {
    const { context, page, errors } = await annAtTurnBasedTable(device);
    await context.grantPermissions(['notifications'], { origin: baseUrl });
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.locator('[data-board]').waitFor();
    const notify = page.getByRole('button', { name: NOTIFY });
    await notify.click();
    // A test's browser context is a private window, which has no push: Chromium's own words
    // ("Registration failed - permission denied") are said as the page says them.
    const failed = page.getByRole('alert');
    await failed.waitFor();
    expect(await failed.textContent()).toBe(
      'Could not turn on notifications: this browser does not allow them here: a private window never does, and a browser may have them turned off in its settings.',
    );
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('hoopla:notify'))).toBeNull();
    await screenshot(page, `notify-failed-${device}`);
    await expectNoAxeViolations(page, `a turn-based game, notifications failed (${device})`);
    // Chromium says in the console why: a test's browser context is incognito, where it has no
    // push. The page itself logs nothing.
    expect(errors.filter((e) => !e.includes('does not support the Push API in incognito'))).toEqual(
      [],
    );
    await context.close();
  });
});

it('an iPhone in Safari is told to add Hoopla to its Home Screen, not offered a button', async () => {
  const { context, page, errors } = await annAtTurnBasedTable('phone', {
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  });
  await page
    .getByText(
      'To be notified on iPhone or iPad, add Hoopla to your Home Screen (Share → Add to Home Screen), then open the table from there.',
    )
    .waitFor();
  expect(await page.getByRole('button', { name: NOTIFY }).count()).toBe(0);
  // The worker comes for every visitor (it keeps the app for offline); what the page must not do
  // here is ask for notices or subscribe.
  await expect.poll(() => workerActive(page), SOON).toBe(WORKER_URL);
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      const subscription = await registration?.pushManager.getSubscription();
      return { permission: Notification.permission, subscribed: subscription != null };
    }),
  ).toEqual({ permission: 'default', subscribed: false });
  await screenshot(page, 'notify-iphone-phone');
  expect(errors).toEqual([]);
  await context.close();
});

it('the service worker shows a table’s push, and a tap on it brings up the table', async () => {
  const { context, page, errors, table } = await annAtTurnBasedTable('desktop');
  await context.grantPermissions(['notifications'], { origin: baseUrl });
  await expect.poll(() => workerActive(page)).toBe(WORKER_URL);
  const deliver = await pushDelivery(context, page);

  const other = 'f'.repeat(64);
  await deliver(
    JSON.stringify({
      table: table.id,
      url: `/t/${table.id}`,
      title: 'Hula-Hoo!',
      body: 'Your turn',
    }),
  );
  // Each push once the last is shown: pushes handed over at once to a worker still starting
  // for the first were, now and then, one notification short.
  const sw = await siteWorker(context);
  await expect.poll(() => notificationsOf(sw)).toHaveLength(1);
  await deliver(JSON.stringify({ table: other, url: `/t/${other}`, title: 'HiLO', body: 'Go' }));
  await expect.poll(() => notificationsOf(sw)).toHaveLength(2);
  await deliver('not the JSON a table sends');
  await expect.poll(() => notificationsOf(sw)).toHaveLength(3);
  expect(await notificationsOf(sw)).toEqual(
    expect.arrayContaining([
      { title: 'Hula-Hoo!', body: 'Your turn', tag: table.id, url: `/t/${table.id}` },
      { title: 'HiLO', body: 'Go', tag: other, url: `/t/${other}` },
      { title: 'Hoopla', body: 'A table is waiting for you.', tag: 'hoopla', url: '/' },
    ]),
  );

  // A tap, dispatched in the worker (see service-worker.ts).
  const tap = (tag: string) => tapNotification(sw, tag);

  // Ann's page is at the table: it is brought up. No page is at the other: one opens there.
  expect(await tap(table.id)).toEqual([`focus ${baseUrl}/t/${table.id}`]);
  expect(await tap(other)).toEqual([`open ${baseUrl}/t/${other}`]);
  expect(await tap('hoopla')).toEqual([`open ${baseUrl}/`]);
  // Each tapped notification is closed.
  await expect.poll(() => notificationsOf(sw)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

it('serves the worker from the site’s root, revalidated rather than cached for long', async () => {
  const res = await fetch(`${baseUrl}/sw.js`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/javascript/);
  expect(res.headers.get('cache-control') ?? '').not.toMatch(/immutable|max-age=[1-9]/);
  expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  expect(await res.text()).toContain("addEventListener('push'");
});
