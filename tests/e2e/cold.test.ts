/**
 * A table the runtime has put to sleep works like one in memory. The platform evicts a table that
 * has been idle a few seconds (its storage kept, its sockets hibernating): a friend who opens the
 * link a while after the host made the table meets it cold. Here the test evicts it on purpose
 * (`evictTable`), on a 1280×800 desktop and a 375×667 phone (touch): the friend's page is the
 * lobby, their seat reaches the host's page over its sleeping socket, and the game starts for
 * both; the host's reload of a sleeping lobby shows the lobby, and its table screen opens.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectErrors, type Device, openPage } from './browser.ts';
import { baseUrl, evictTable, useBrowser } from './suite.ts';

const browser = useBrowser();

/** A tap on the phone's touch screen, a click on the desktop. */
const press = (device: Device, target: Locator) =>
  device === 'phone' ? target.tap() : target.click();

const lobbyOf = (page: Page) => page.getByRole('region', { name: 'Waiting for players' });
/** The lobby's seats, as their list reads (the table's options are a list of their own). */
const seats = (page: Page) =>
  lobbyOf(page).locator('.lobby-seats').getByRole('listitem').allTextContents();

/**
 * Ann makes a table for two from the home page, as a person does: the other seat a friend's.
 * Resolves once she sits in her lobby, to the link she shares.
 */
async function createTable(page: Page, device: Device): Promise<string> {
  await page.goto(baseUrl);
  const players = page.getByRole('group', { name: 'Players' });
  // The chip's radio is hidden under its label: a person presses the label.
  await press(device, players.getByText('2', { exact: true }));
  // The second seat starts as a bot: a friend's instead.
  await press(
    device,
    page.getByRole('list', { name: 'Seats' }).getByRole('button', { name: 'Bot' }),
  );
  await page.getByRole('textbox', { name: 'Your name' }).fill('Ann');
  await press(device, page.getByRole('button', { name: 'Create the table' }));
  await expect
    .poll(() => seats(page), { timeout: 10_000 })
    .toEqual([expect.stringMatching(/^Ann \(you\)/), expect.stringMatching(/^Empty seat/)]);
  const share = lobbyOf(page).getByRole('textbox', { name: 'Share this link to invite friends:' });
  const link = await share.inputValue();
  expect(link).toMatch(/\/t\/[0-9a-f]{64}$/);
  return link;
}

const tableId = (link: string) => link.slice(link.lastIndexOf('/') + 1);

describe('A table the runtime has put to sleep works like one in memory', () => {
  it.each<Device>(['desktop', 'phone'])(
    'on a %s: a friend opens the link, sits, and the host sees it and starts',
    { timeout: 90_000 },
    async (device) => {
      const host = await openPage(browser(), device, { locale: 'en-US' });
      const ann = host.page;
      const link = await createTable(ann, device);
      const start = lobbyOf(ann).getByRole('button', { name: 'Start the game' });
      expect(await start.isDisabled()).toBe(true);

      // Time passes; the runtime puts the idle table to sleep. Ann's socket stays open.
      await evictTable(tableId(link), 'hibernate');

      // Ben opens the link on his own device.
      const friend = await openPage(browser(), device, { locale: 'en-US' });
      const ben = friend.page;
      const opened = await ben.goto(link);
      expect(opened?.status(), 'the table link, opened while the table sleeps').toBe(200);
      const lobby = lobbyOf(ben);
      await lobby.waitFor();
      await lobby.getByRole('textbox', { name: 'Name', exact: true }).fill('Ben');
      await press(device, lobby.getByRole('button', { name: 'Sit here' }));
      await expect
        .poll(() => seats(ben), { timeout: 10_000 })
        .toEqual([expect.stringMatching(/^Ann/), expect.stringMatching(/^Ben \(you\)/)]);

      // Ann's page hears it, and she can start.
      await expect
        .poll(() => seats(ann), { timeout: 10_000 })
        .toEqual([expect.stringMatching(/^Ann \(you\)/), expect.stringMatching(/^Ben/)]);
      await expect.poll(() => start.isEnabled()).toBe(true);
      await press(device, start);
      await Promise.all([ann, ben].map((p) => p.waitForSelector('[data-board]')));

      expect([...host.errors, ...friend.errors]).toEqual([]);
      await friend.context.close();
      await host.context.close();
    },
  );

  it.each<Device>(['desktop', 'phone'])(
    'on a %s: the host reloads the sleeping lobby and sees it; its table screen opens',
    { timeout: 60_000 },
    async (device) => {
      const { context, page, errors } = await openPage(browser(), device, { locale: 'en-US' });
      const link = await createTable(page, device);

      await evictTable(tableId(link), 'hibernate');
      const reloaded = await page.reload();
      expect(reloaded?.status(), 'the lobby, reloaded while the table sleeps').toBe(200);
      await expect
        .poll(() => seats(page), { timeout: 10_000 })
        .toEqual([expect.stringMatching(/^Ann \(you\)/), expect.stringMatching(/^Empty seat/)]);

      // Asleep again by the time the host opens the table screen (a page of its own).
      await evictTable(tableId(link), 'hibernate');
      const screenUrl = `${link}?screen`;
      const answered = context.waitForEvent('response', (res) => res.url() === screenUrl);
      const [screen] = await Promise.all([
        context.waitForEvent('page'),
        press(device, lobbyOf(page).getByRole('link', { name: 'Table screen' })),
      ]);
      collectErrors(screen, errors);
      expect((await answered).status(), 'the table screen, opened while the table sleeps').toBe(
        200,
      );
      await lobbyOf(screen).waitFor();
      await screen.getByRole('figure', { name: 'Scan to join' }).waitFor();

      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
