/**
 * A turn-based Hula-Hoo! game between two friends on two browsers, each closing the table's tab
 * after their move, played to its end by notifications alone: the table tells whoever it waits
 * on, their browser shows the notice, a tap brings up the table at their seat, they move and
 * close the tab again.
 *
 * Everything is real but the browser's link to its push service (this machine has no network):
 * each browser's `pushManager.subscribe` gives a subscription of the tests' own push service
 * (tests/push-service.ts), which checks each push's VAPID signature and decrypts it as a real one
 * does; what it decrypted is handed to that browser's service worker as the browser hands a push
 * (service-worker.ts). Each browser keeps an empty tab open, as a person's browser runs with
 * other tabs: the system hands its pushes to it.
 */
import {
  type BrowserContext,
  type Page,
  errors as playwrightErrors,
  type WebSocket,
} from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Delivered, startPushService } from '../push-service.ts';
import { expectNoAxeViolations } from './axe.ts';
import { collectErrors, type Device, newContext, screenshot } from './browser.ts';
import { hulahoo as drive } from './drivers/hulahoo.ts';
import {
  notificationsOf,
  pushDelivery,
  SOON,
  siteWorker,
  tapNotification,
  WORKER_URL,
  workerActive,
} from './service-worker.ts';
import { baseUrl, openAsHost, useBrowser } from './suite.ts';

const browser = useBrowser();

let pushService: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(() => pushService?.close());

const NOTIFY = 'Notify me when it’s my turn';
const NOTIFYING = 'You’ll be notified when it’s your turn.';

/** The whole game's time, within the test's. */
const GAME_MS = 200_000;
/** How long a notice may take after the table starts waiting (NOTICE_DELAY_MS is 300 ms here). */
const NOTICE_WAIT_MS = 15_000;

/** One friend: their browser, the subscription it gives, and the notices they had. */
interface Player {
  name: string;
  device: Device;
  context: BrowserContext;
  /** The push service's id of this browser's subscription. */
  subscriber: string;
  /** Hands a push to this browser's service worker; set once the worker is registered. */
  deliver: (data: string) => Promise<void>;
  /** Notices taken so far, and the turns they brought. */
  notices: number;
  turns: number;
  errors: string[];
}

/** A notice as the push service decrypted it: what the table sends. */
interface Notice {
  table: string;
  url: string;
  title: string;
  body: string;
}

interface Subscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A subscription on the tests' push service, for pushes signed with the server's key. */
async function subscribe(applicationServerKey: string): Promise<Subscription> {
  const res = await fetch(`${pushService.url}/subscriptions`, {
    method: 'POST',
    body: JSON.stringify({ applicationServerKey }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Subscription;
}

/** What the push service took for `player` so far, each decrypted. */
async function delivered(player: Player): Promise<Delivered[]> {
  const res = await fetch(`${pushService.url}/subscribers/${player.subscriber}/messages`);
  expect(res.status).toBe(200);
  return (await res.json()) as Delivered[];
}

/**
 * A browser for `name`, with notifications allowed for the site and the push service's
 * subscription where Chromium's own would be, and an empty tab open.
 */
async function playerOn(device: Device, name: string, serverKey: string): Promise<Player> {
  const context = await newContext(browser(), device, { locale: 'en-US' });
  await context.grantPermissions(['notifications'], { origin: baseUrl });
  const { id, endpoint, keys } = await subscribe(serverKey);
  // In the page: what `subscribe` gives is shaped as a PushSubscription, for the push service's
  // keys. It refuses, as the browser's does, without the permission.
  await context.addInitScript(
    ({ endpoint, keys }) => {
      const bytes = (text: string) =>
        Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))
          .buffer;
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        if (Notification.permission !== 'granted') {
          throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
        }
        const key = options?.applicationServerKey;
        const applicationServerKey =
          typeof key === 'string'
            ? bytes(key)
            : key instanceof ArrayBuffer
              ? key.slice(0)
              : key
                ? key.buffer.slice(key.byteOffset, key.byteOffset + key.byteLength)
                : null;
        const subscription = {
          endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey },
          getKey: (name: 'p256dh' | 'auth') => bytes(keys[name]),
          toJSON: () => ({ endpoint, expirationTime: null, keys }),
          unsubscribe: async () => true,
        };
        return subscription as unknown as PushSubscription;
      };
    },
    { endpoint, keys },
  );
  await context.newPage();
  const deliver = () => Promise.reject(new Error(`${name}'s service worker is not registered`));
  return { name, device, context, subscriber: id, deliver, notices: 0, turns: 0, errors: [] };
}

/** A new tab in the player's browser, its errors collected. */
async function newTab(player: Player): Promise<Page> {
  const page = await player.context.newPage();
  collectErrors(page, player.errors);
  return page;
}

/** Resolves when the table answers this page's subscription (`{ type: 'push', on: true }`). */
function subscriptionTaken(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws: WebSocket) => {
      ws.on('framereceived', ({ payload }) => {
        try {
          const message: unknown = JSON.parse(String(payload));
          if (typeof message !== 'object' || message === null) return;
          if ('type' in message && message.type === 'push' && 'on' in message && message.on) {
            resolve();
          }
        } catch {
          // Not JSON: the socket's ping.
        }
      });
    });
  });
}

/** "Notify me", tapped: the permission is already the site's, so the page subscribes at once. */
async function turnOnNotices(player: Player, page: Page, taken: Promise<void>): Promise<void> {
  await expect.poll(() => workerActive(page)).toBe(WORKER_URL);
  await page.getByRole('button', { name: NOTIFY }).click();
  await page.getByText(NOTIFYING).waitFor();
  await taken;
  const [home] = player.context.pages();
  if (!home) throw new Error('the empty tab is gone');
  player.deliver = await pushDelivery(player.context, home);
}

/** The next notice for either player at table `id`, in the order they came. */
async function nextNotice(
  id: string,
  players: Player[],
): Promise<{ player: Player; delivered: Delivered }> {
  const until = Date.now() + NOTICE_WAIT_MS;
  while (Date.now() < until) {
    for (const player of players) {
      const next = (await delivered(player))[player.notices];
      if (next) {
        player.notices++;
        return { player, delivered: next };
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const summary = await (await fetch(`${baseUrl}/api/tables/${id}`)).text();
  throw new Error(`no notice came in ${NOTICE_WAIT_MS / 1000} s; the table: ${summary}`);
}

/** Waits until `selector` matches nothing, or `ms` passed. */
async function goneWithin(page: Page, selector: string, ms: number): Promise<void> {
  try {
    await page.locator(selector).waitFor({ state: 'detached', timeout: ms });
  } catch (error) {
    if (!(error instanceof playwrightErrors.TimeoutError)) throw error;
  }
}

/**
 * The player's moves, at the page a notice brought up, until the table no longer waits on them:
 * how many they made, and whether that ended the game.
 */
async function playTurn(
  page: Page,
  other: string,
  until: number,
): Promise<{ moves: number; over: boolean }> {
  let moves = 0;
  while ((await page.locator('.game.my-turn').count()) > 0) {
    if (Date.now() > until) throw new Error('the game took too long');
    if (await drive(page)) {
      moves++;
      // The move goes to the table: the page hears back before the driver looks again.
      await goneWithin(page, '.game.my-turn', 2_000);
    } else {
      await page.waitForTimeout(100);
    }
  }
  // The table waits on the other player now, or the game is over (its panel loads then).
  const turn = page.locator('.players .turn');
  await expect
    .poll(() => turn.textContent(), { timeout: 5_000 })
    .toMatch(new RegExp(`^(Waiting for ${other}|Final scores)$`));
  const over = (await turn.textContent()) === 'Final scores';
  if (over) await page.locator('.game-over').waitFor();
  return { moves, over };
}

it('two friends play a turn-based game to its end, each brought back by a notification every turn', {
  timeout: 240_000,
}, async () => {
  const started = Date.now();
  const keyRes = await fetch(`${baseUrl}/api/push`);
  expect(keyRes.status).toBe(200);
  const { publicKey } = (await keyRes.json()) as { publicKey: string };
  const ann = await playerOn('desktop', 'Ann', publicKey);
  const bob = await playerOn('phone', 'Bob', publicKey);
  const players = [ann, bob];
  const other = (player: Player) => (player === ann ? bob : ann);

  // Ann makes a table for two, turn-based with an hour a move, won by the first round won.
  const annPage = await newTab(ann);
  const annTaken = subscriptionTaken(annPage);
  const table = await openAsHost(
    annPage,
    {
      game: 'hulahoo',
      players: 2,
      config: { goal: { kind: 'wins', wins: 1 } },
      pace: 'turn',
      clock: 3600,
    },
    { seat: 0, name: 'Ann' },
  );
  await annPage.locator('.lobby-seats li.mine').waitFor();
  await turnOnNotices(ann, annPage, annTaken);

  // Bob opens the link, names himself, sits down and asks to be notified too.
  const bobPage = await newTab(bob);
  const bobTaken = subscriptionTaken(bobPage);
  await bobPage.goto(`${baseUrl}/t/${table.id}`);
  await bobPage.fill('.name-form input', 'Bob');
  await bobPage.click('.name-form button[type=submit]');
  await bobPage.getByRole('button', { name: 'Sit here' }).click();
  await bobPage.locator('.lobby-seats li.mine').waitFor();
  await turnOnNotices(bob, bobPage, bobTaken);

  await annPage.getByRole('button', { name: 'Start the game' }).click();
  await Promise.all([annPage, bobPage].map((page) => page.locator('[data-board]').waitFor()));
  // Nobody was told anything while both were at the table.
  for (const player of players) expect(await delivered(player)).toEqual([]);
  await annPage.close();
  await bobPage.close();

  // Whoever the table waits on is told; the notice brings them back for their turn.
  const until = started + GAME_MS;
  const seenFirst = new Set<Player>();
  let over = false;
  let lastTo = ann;
  while (!over) {
    const { player, delivered: push } = await nextNotice(table.id, players);
    expect(push.headers.urgency).toBe('high');
    expect(push.headers.ttl).toBeGreaterThan(0);
    expect(push.headers.ttl).toBeLessThanOrEqual(3600);
    const notice = JSON.parse(push.payload) as Notice;
    const said = new RegExp(
      `^(${other(player).name} .+\\.|The table waits for you\\.) You have \\d+ min\\.$`,
    );
    expect(notice).toEqual({
      table: table.id,
      url: `/t/${table.id}`,
      title: 'Your turn at Hula-Hoo!',
      body: expect.stringMatching(said),
    });

    // The browser shows it; a tap asks for the table, which is not open: a new window there.
    await player.deliver(push.payload);
    const sw = await siteWorker(player.context);
    const shown = { title: notice.title, body: notice.body, tag: table.id, url: notice.url };
    await expect.poll(() => notificationsOf(sw), SOON).toEqual([shown]);
    const asked = await tapNotification(sw, table.id);
    expect(asked).toEqual([`open ${baseUrl}/t/${table.id}`]);
    await expect.poll(() => notificationsOf(sw), SOON).toEqual([]);

    // The tab the system opens where the worker asked: the table, at the player's seat, their turn.
    const page = await newTab(player);
    const taken = subscriptionTaken(page);
    await page.goto(asked[0]?.replace(/^open /, '') ?? '');
    await page.locator('.game.my-turn').waitFor({ timeout: 15_000 });
    expect(await page.locator('.players li.mine').textContent()).toContain(player.name);
    // The page gave the table its subscription again, and says notices are on.
    await page.getByText(NOTIFYING).waitFor();
    await taken;
    if (!seenFirst.has(player)) {
      seenFirst.add(player);
      await expectNoAxeViolations(page, `a turn opened from a notification (${player.device})`);
      if (player.device === 'phone') await screenshot(page, 'turn-based-notified-phone');
    }

    const turn = await playTurn(page, other(player).name, until);
    expect(turn.moves, `${player.name}'s turn`).toBeGreaterThan(0);
    player.turns++;
    lastTo = player;
    over = turn.over;
    // No notice came for the player while their page was open.
    expect(await delivered(player)).toHaveLength(player.notices);
    await page.close();
  }

  // The game is over: nobody is told anything more, and the other player's table says so.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  for (const player of players) expect(await delivered(player)).toHaveLength(player.notices);
  const last = await newTab(other(lastTo));
  await last.goto(`${baseUrl}/t/${table.id}`);
  await last.locator('.game-over').waitFor();
  expect(await last.locator('.game-over').textContent()).toContain('First to win a round.');
  await expectNoAxeViolations(last, `the game's end (${other(lastTo).device})`);

  for (const player of players) {
    expect(player.turns, `${player.name}'s turns`).toBeGreaterThan(0);
    expect(player.notices, `${player.name}'s notices`).toBeGreaterThanOrEqual(player.turns);
  }
  expect(players.flatMap((p) => p.errors)).toEqual([]);
  await ann.context.close();
  await bob.context.close();
});
