/**
 * Sneak against normal bots, as a person meets it: in the first round the bots sneak, and sneaks
 * are challenged and turned up; the person reads it in the table's log.
 *
 * The round is not played here at the bots' pace (what random bots do in one round is no promise):
 * it is played in Node by seeded normal bots, the first seed whose round ends soon after a bot's
 * sneak was challenged, and taken to a live table at its end (`POST /api/tables/import`), as a
 * solo game taken online is. The person's page then shows that round's log from the server.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { Seat } from '../../shared/engine/types.ts';
import type { SneakEvent } from '../../shared/games/sneak/types.ts';
import { soloUpload } from '../table/support.ts';
import { openPage, screenshot } from './browser.ts';
import { baseUrl, importTable, useBrowser } from './suite.ts';

const browser = useBrowser();

/** The log's lines, newest first. */
const logLines = (page: Page) => page.locator('.log li').allTextContents();

const sneakLine = /^(.+) sneaks \d+ cards? face down\.$/;

/** Whether a sneak in these lines (newest first) was challenged: its leader's cards were shown. */
function challengedSneak(lines: string[]): boolean {
  return lines.some((line, j) => {
    const leader = sneakLine.exec(line)?.[1];
    if (!leader) return false;
    for (let i = j - 1; i >= 0; i--) {
      const later = lines[i]!;
      if (later.startsWith(`${leader} shows`)) return true;
      if (later.startsWith(`${leader} wins`) && later.includes('unseen')) return false;
    }
    return false;
  });
}

/** The page's log holds this many lines; the moment must be among them at the round's end. */
const SHOWN_EVENTS = 40;

/**
 * How many events before the round's end a bot's sneak was made that was then challenged (its
 * leader's cards revealed), or null if none was.
 */
function challengedBotSneak(events: SneakEvent[]): number | null {
  let sneak: { seat: Seat; at: number } | null = null;
  let found: number | null = null;
  events.forEach((e, at) => {
    if (e.type === 'sneaked') sneak = { seat: e.seat, at };
    else if (e.type === 'won') sneak = null;
    else if (e.type === 'revealed' && sneak && sneak.seat !== 0 && e.seat === sneak.seat) {
      found = events.length - sneak.at;
    }
  });
  return found;
}

/** Four seats, two packs, normal bots at 1–3: the first round of the first seed with the moment. */
function firstRound() {
  for (let i = 0; i < 50; i++) {
    const upload = soloUpload('sneak', 'roundOver', `sneak-bots-${i}`, {
      players: 4,
      config: { packs: 2 },
      levels: [null, 'normal', 'normal', 'normal'],
    });
    const events = upload.played.flatMap((p) => p.events as SneakEvent[]);
    const before = challengedBotSneak(events);
    if (before !== null && before <= SHOWN_EVENTS) return upload;
  }
  throw new Error('no seed of 50 ends its first round soon after a challenged sneak of a bot');
}

it('against normal bots, a person sees sneaks and challenged sneaks in the first round', async () => {
  const { body } = firstRound();
  const { context, page, errors } = await openPage(browser(), 'desktop', { locale: 'en-US' });
  const table = await importTable(body, page);
  await page.goto(`${baseUrl}/t/${table.id}`);
  await page.waitForSelector('.log li');
  await expect.poll(() => logLines(page).then(challengedSneak)).toBe(true);
  const lines = await logLines(page);
  expect(
    lines.some((line) => sneakLine.exec(line)?.[1]?.startsWith('Bot')),
    'a bot sneaked in the first round',
  ).toBe(true);
  await screenshot(page, 'sneak-bots-desktop');
  expect(errors).toEqual([]);
  await context.close();
});
