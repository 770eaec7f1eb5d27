/**
 * Solo tables: a game against bots kept and run in the page (web/src/solo/). After one visit to
 * the start page with the network, and with none from then on, the home page's "Play offline
 * against bots" makes a table of each game, played through its board to game over, against bots
 * of one level each (easy, normal, hard across the three), reloaded mid-round and found exactly
 * as it was; its replay opens, and "Your tables" lists it. One tab at a time plays a table. Then
 * a solo game is taken online at a round's end ("Invite friends"): offline it says so, a forged
 * upload is refused with a clear error, and the real one becomes a live table whose link a
 * friend opens on a phone, takes a bot's seat, and plays the next round. "Your tables" keeps the
 * latest solo games and lets the old ones go (web/src/solo/keeping.ts).
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { BotLevel } from '../../shared/engine/bot.ts';
import type { GameId } from '../../shared/engine/types.ts';
import { describeEachGame, type PerGame } from '../engine/support/per-game.ts';
import { expectNoAxeViolations } from './axe.ts';
import { collectErrors, newContext, screenshot } from './browser.ts';
import { DRIVER, DRIVERS } from './drivers/index.ts';
import { ROUND_ENDED, roundEnded } from './drivers/types.ts';
import { controlled } from './service-worker.ts';
import { baseUrl, useBrowser } from './suite.ts';

const browser = useBrowser();

/** Time enough for a short game, however long the bots' play makes it. */
const PLAY_MS = 240_000;

/** Each game against bots of one level, so that the three levels are all played. */
const LEVELS: PerGame<BotLevel> = { hulahoo: 'hard', hilo: 'easy', sneak: 'normal' };

const LEVEL_WORDS: Record<BotLevel, string> = { easy: 'Easy', normal: 'Normal', hard: 'Hard' };

/**
 * One visit to the start page with the network, until the site's worker keeps the app; then the
 * network goes, and the start page opens again without it.
 */
async function visitThenOffline(page: Page): Promise<void> {
  await page.goto(baseUrl);
  await page.locator('.game-choice').first().waitFor();
  await controlled(page);
  await page.context().setOffline(true);
  await page.reload();
  await page.locator('.game-choice').first().waitFor();
}

/**
 * From the home page: a 3-seat solo table of `game` with bots of `level`, on the quickest options
 * the form offers (Hula-Hoo! to round wins, HiLO and Sneak to their lowest totals).
 */
async function playSolo(page: Page, game: GameId, level: BotLevel): Promise<string> {
  if (!page.url().startsWith(baseUrl)) await page.goto(baseUrl);
  await page.locator(`label.game-choice:has(input[value="${game}"])`).click();
  await page.locator('.counts label', { hasText: '3' }).first().click();
  await page.locator('.bot-level label', { hasText: LEVEL_WORDS[level] }).click();
  const options = page.locator('fieldset:has(> legend:text-is("Options")) select');
  if (game === 'hulahoo') await options.first().selectOption('wins');
  else {
    const last = options.last();
    const values = await last
      .locator('option')
      .evaluateAll((os) => os.map((o) => Number((o as HTMLOptionElement).value)));
    await last.selectOption(String(Math.min(...values)));
  }
  await page.fill('input[autocomplete=nickname]', 'Ann');
  await page.getByRole('button', { name: /^Play offline/ }).click();
  await page.waitForURL(/\/solo\/[0-9a-f]{32}$/);
  await page.waitForSelector('[data-board]');
  return page.url();
}

/**
 * What the board shows, to compare before and after a reload: its text and its cards, the marks
 * of the last move included (Sneak's "+1 drew a card" beside a seat: the tab keeps them, as it
 * keeps its winnings open or closed).
 */
async function boardNow(page: Page): Promise<{ text: string; cards: string[] }> {
  const board = page.locator('[data-board]');
  const text = await board.evaluate((el) => (el.textContent ?? '').replace(/\s+/g, ' '));
  const cards = await board
    .locator('[data-card]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-card') ?? ''));
  return { text, cards };
}

/** Whether the page waits on its player: their move, while a round is played. */
const myTurn = (page: Page) =>
  page.evaluate(() => document.querySelector('.game')?.classList.contains('my-turn') ?? false);

/** Says "I'm ready" at a round's end, if asked; whether it did. */
async function ready(page: Page): Promise<boolean> {
  const button = page.locator('.round-pause button:not([disabled])', { hasText: 'I’m ready' });
  if ((await button.count()) === 0) return false;
  await button.click({ timeout: 2000 }).catch(() => {}); // the round may start meanwhile
  return true;
}

describeEachGame(DRIVERS, DRIVER, '%s solo', (game, drive) => {
  it('is played to game over against bots, and a reload finds it as it was', {
    timeout: PLAY_MS + 60_000,
  }, async () => {
    const context = await newContext(browser(), game === 'hilo' ? 'phone' : 'desktop');
    const page = await context.newPage();
    const errors = collectErrors(page);
    await visitThenOffline(page);
    const url = await playSolo(page, game, LEVELS[game]!);
    await screenshot(page, `solo-${game}`);

    page.setDefaultTimeout(5_000);
    let reloaded = false;
    const until = Date.now() + PLAY_MS;
    for (let step = 0; Date.now() < until; step++) {
      if ((await page.locator('.game-over').count()) > 0) break;
      if (await ready(page)) continue;
      if (!reloaded && step >= 3 && (await myTurn(page))) {
        // The table waits on Ann: nothing moves while the page is gone, so it comes back as it was.
        // Sneak's winnings, opened ("Nothing won yet this round"), stay open.
        const winnings = page.locator('[data-board] .sn-won-toggle');
        if (game === 'sneak') await winnings.click();
        const before = await boardNow(page);
        await page.reload();
        await page.waitForSelector('[data-board]');
        await expect.poll(() => boardNow(page)).toEqual(before);
        if (game === 'sneak') {
          expect(await winnings.getAttribute('aria-expanded')).toBe('true');
          expect(await page.locator('#sn-winnings').isVisible()).toBe(true);
        }
        expect(await myTurn(page)).toBe(true);
        reloaded = true;
        continue;
      }
      // A click that lands as the board changes under it is tried again from what it shows then.
      const acted = await drive(page).catch(() => false);
      await page.waitForTimeout(acted ? 100 : 200);
    }
    expect(reloaded, 'reloaded mid-round').toBe(true);
    await page.waitForSelector('.game-over');
    await screenshot(page, `solo-${game}-over`);
    // Its replay, offline too: the record comes from the worker, the engine from the kept files.
    await page.getByRole('button', { name: 'Replay the game' }).click();
    await expect
      .poll(() => page.locator('.replay-step strong').textContent(), { timeout: 10_000 })
      .toBe('The deal');
    await page.waitForSelector('.replay [data-board]');

    // Still offline, the home page lists the table, and its link opens it again at its end.
    await page.goto(baseUrl);
    const listed = page.locator('.your-tables a', { hasText: 'Offline' });
    await expect.poll(() => listed.getAttribute('href')).toBe(new URL(url).pathname);
    await listed.click();
    await page.waitForSelector('.game-over');
    expect(errors).toEqual([]);
    await context.close();
  });
});

it('one tab at a time plays a solo table; another takes it over on asking', async () => {
  const context = await newContext(browser(), 'desktop');
  const first = await context.newPage();
  const url = await playSolo(first, 'sneak', 'easy');
  const second = await context.newPage();
  await second.goto(url);
  const elsewhere = 'This table is open in another tab.';
  await expect.poll(() => second.locator('.banner').textContent()).toContain(elsewhere);
  expect(await second.locator('[data-board]').count()).toBe(0);
  await second.getByRole('button', { name: 'Play here' }).click();
  await second.waitForSelector('[data-board]');
  await expect.poll(() => first.locator('.banner').textContent()).toContain(elsewhere);
  // Opened on another device, a solo link finds nothing: the game stays where it was played.
  const other = await (await newContext(browser(), 'phone')).newPage();
  await other.goto(url);
  await expect.poll(() => other.locator('.banner').textContent()).toContain('not in this browser');
  await Promise.all([context.close(), other.context().close()]);
});

it('a solo game goes online at a round’s end, and a friend takes a bot’s seat', {
  timeout: 300_000,
}, async () => {
  const desk = await newContext(browser(), 'desktop');
  const phone = await newContext(browser(), 'phone');
  const ann = await desk.newPage();
  const ben = await phone.newPage();
  const errors = [ann, ben].map((page) => collectErrors(page));
  // Ann plays on a train: no network until the round's end.
  await visitThenOffline(ann);
  await playSolo(ann, 'hulahoo', 'normal');
  const drive = DRIVERS.hulahoo!;
  ann.setDefaultTimeout(5_000);
  const until = Date.now() + PLAY_MS;
  while (Date.now() < until && (await ann.locator('.round-over').count()) === 0) {
    const acted = await drive(ann).catch(() => false);
    await ann.waitForTimeout(acted ? 100 : 200);
  }
  const invite = ann.getByRole('button', { name: 'Invite friends' });
  await invite.waitFor();
  await screenshot(ann, 'solo-invite');
  await expectNoAxeViolations(ann, 'a solo round’s end');
  // Offline, the page says the invitation waits for the network; back online, it goes.
  await invite.click();
  await expect.poll(() => ann.locator('.invite .error').textContent()).toContain('offline');
  await desk.setOffline(false);

  // A forged upload (scores changed, or a move no rule allows) is refused whole, and said so.
  for (const [forge, words] of [
    [(b: Record<string, unknown[]>) => (b.totals = b.totals!.map(() => 99)), 'scores'],
    [(b: Record<string, unknown[]>) => (b.moves![3] = { seat: 0, move: { t: 'fold' } }), 'Move 4'],
  ] as const) {
    await ann.route('**/api/tables/import', (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown[]>;
      forge(body);
      return route.continue({ postData: JSON.stringify(body) });
    });
    await invite.click();
    await expect.poll(() => ann.locator('.invite .error').textContent()).toContain(words);
    await ann.unrouteAll();
  }
  expect(ann.url()).toMatch(/\/solo\//);

  await invite.click();
  await ann.waitForURL(/\/t\/[0-9a-f]{64}$/);
  await ann.waitForSelector('.round-over');
  const link = await ann.inputValue('.invite .share .link');
  await screenshot(ann, 'solo-online');
  await expectNoAxeViolations(ann, 'the live table’s round end, its link shared');

  // Ben opens the link on his phone and takes a bot's seat before the next round: never having
  // given a name, he is asked for one first.
  await ben.goto(link);
  await ben.getByRole('button', { name: 'Take this seat' }).first().click();
  await ben.locator('.players .name-form').getByLabel('Name').fill('Ben');
  await screenshot(ben, 'solo-online-name');
  await expectNoAxeViolations(ben, 'a friend asked his name before he sits down');
  await ben.locator('.players .name-form').getByRole('button', { name: 'Take this seat' }).click();
  await expect.poll(() => ann.locator('.players').textContent()).toContain('Ben');
  // Ben sat down since the deal: the pause does not wait for him, yet he may say he is ready.
  await expect.poll(() => ready(ben)).toBe(true);
  await expect.poll(() => ann.locator('.round-pause .ready-list').textContent()).toContain('Ben');
  await expect.poll(() => ready(ann)).toBe(true);
  await Promise.all([ann, ben].map((p) => p.locator('.round-over').waitFor({ state: 'detached' })));
  // The round is dealt by the server and played through both boards to its end.
  ben.setDefaultTimeout(5_000);
  const end = Date.now() + PLAY_MS;
  while (Date.now() < end && (await roundEnded(ann)) === 0) {
    const acted = (await drive(ann).catch(() => false)) || (await drive(ben).catch(() => false));
    await ann.waitForTimeout(acted ? 100 : 200);
  }
  await ann.waitForSelector(ROUND_ENDED);
  await screenshot(ben, 'solo-online-friend');
  // The browser logs the refused and the offline uploads above; nothing else may go wrong.
  expect(errors.flat().filter((e) => !e.includes('/api/tables/import'))).toEqual([]);
  await Promise.all([desk.close(), phone.close()]);
});

/** A solo table as an earlier visit left it: its entry, `days` since it last changed, and rows. */
interface KeptTable {
  id: string;
  days: number;
  status: 'playing' | 'over';
}

/** Writes `tables` into the page's solo storage, as web/src/solo/solo-db.ts keeps them. */
async function keepSolo(page: Page, tables: KeptTable[]): Promise<void> {
  await page.evaluate(async (tables) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('hoopla-solo', 1);
      open.onupgradeneeded = () => {
        for (const name of ['entries', 'records', 'snapshots', 'moves']) {
          open.result.createObjectStore(name);
        }
      };
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = db.transaction(['entries', 'records', 'moves'], 'readwrite');
    const seats = [
      { seat: 0, name: 'Ann', bot: false, connected: true },
      { seat: 1, name: null, bot: true, connected: false },
    ];
    for (const { id, days, status } of tables) {
      const summary = { game: 'hilo', status, phase: status, seats, pause: null, toMove: [] };
      const at = Date.now() - days * 86_400_000;
      const entry = { id, seat: 0, at, summary, token: 't', hostKey: 'h', online: null };
      tx.objectStore('entries').put(entry, id);
      tx.objectStore('records').put({ game: 'hilo' }, id);
      tx.objectStore('moves').put({ seat: 0 }, [id, 1, 1]);
    }
    await new Promise((done) => {
      tx.oncomplete = done;
    });
    db.close();
    localStorage.setItem('hoopla:solo', '1');
  }, tables);
}

/** The ids of the tables whose rows the page's solo storage holds: its entries and its moves. */
const soloRows = (page: Page) =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('hoopla-solo', 1);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const keys = (store: string) =>
      new Promise<IDBValidKey[]>((resolve) => {
        const all = db.transaction(store).objectStore(store).getAllKeys();
        all.onsuccess = () => resolve(all.result);
      });
    const [entries, moves] = await Promise.all([keys('entries'), keys('moves')]);
    db.close();
    return {
      entries: entries.map(String).sort(),
      moves: moves.map((key) => (Array.isArray(key) ? String(key[0]) : '')).sort(),
    };
  });

it('“Your tables” keeps the latest solo games and lets the old ones go, never one open in a tab', async () => {
  const context = await newContext(browser(), 'desktop');
  const page = await context.newPage();
  await page.goto(baseUrl);
  await page.locator('.game-choice').first().waitFor();
  const id = (n: number) => n.toString(16).padStart(32, '0');
  // Twelve games finished a day apart, one finished weeks ago, and three in progress: one of
  // last month, one of months ago, and one as old but open in another tab.
  const finished = Array.from(
    { length: 12 },
    (_, n): KeptTable => ({
      id: id(n + 1),
      days: n + 1,
      status: 'over',
    }),
  );
  const tables: KeptTable[] = [
    ...finished,
    { id: id(40), days: 40, status: 'over' },
    { id: id(50), days: 30, status: 'playing' },
    { id: id(60), days: 100, status: 'playing' },
    { id: id(70), days: 100, status: 'playing' },
  ];
  const other = await context.newPage();
  await other.goto(`${baseUrl}/robots.txt`);
  await other.evaluate(
    (lock) =>
      new Promise<void>((held) => {
        void navigator.locks.request(lock, () => {
          held();
          return new Promise(() => {});
        });
      }),
    `hoopla-solo:${id(70)}`,
  );
  await keepSolo(page, tables);

  const kept = [...finished.slice(0, 10).map((t) => t.id), id(50), id(70)].sort();
  const listed = () =>
    page
      .locator('.your-tables a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')?.slice(6) ?? '').sort());
  await page.reload();
  await expect.poll(listed).toEqual(kept);
  expect(await soloRows(page)).toEqual({ entries: kept, moves: kept });

  // On a phone, the same list, and nothing more goes.
  await page.setViewportSize({ width: 375, height: 667 });
  await page.reload();
  await expect.poll(listed).toEqual(kept);
  await page.locator('.your-tables a').last().scrollIntoViewIfNeeded();
  expect(await page.locator('.your-tables a').last().isVisible()).toBe(true);
  expect(await soloRows(page)).toEqual({ entries: kept, moves: kept });
  await context.close();
});
