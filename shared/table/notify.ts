/**
 * Telling a player away that the table waits on them: each device that asked (a Web Push
 * subscription, stored by the table for the token that holds the seat) gets one notice per
 * decision — the turn, or the pause between rounds — while no page of that seat is open. The
 * shell sends them (web-push.ts); these functions only decide who is told what, and the step
 * (outbox.ts) holds the notices back, pushes them and stores who was told.
 */
import type { Seat } from '../engine/types.ts';
import { GAME_TITLES } from '../games/titles.ts';
import type { NoticeLang } from '../push.ts';
import type { LogEntry } from './game-log.ts';
import type { Table, TableMeta } from './meta.ts';
import { moveSaid } from './move-words.ts';
import { NOTICE_WORDS, type NoticeWords } from './notice-words.ts';
import { betweenRounds, decisionSince } from './play.ts';
import { defaultName } from './seats.ts';
import { waitingOn } from './waiting.ts';

/** A device that asked to be told when the table waits on its player. */
export interface Device {
  /** Whose it is: the seat token's hash (a seat that changes hands is not told to the old one). */
  tokenHash: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The language its page asked for its notices in; absent (an older page's): English. */
  language?: NoticeLang;
  /** Notices in a row its push service did not take (afterPush); absent: none. */
  failures?: number;
}

/**
 * How one notice went: taken by the push service; `gone`, its 404 or 410 (the subscription is no
 * more); or `failed` (any other answer, no answer, or a message that could not be made).
 */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/**
 * A device whose notices fail this many times in a row is forgotten: one failure may be the push
 * service's bad minute, three decisions in a row are a device that will never be told (a key
 * the push service refuses, a subscription it stopped answering), which would otherwise be tried
 * and logged for as long as the table lasts.
 */
export const MAX_PUSH_FAILURES = 3;

/** The devices after a notice to `endpoint` went as `outcome` (the same array if unchanged). */
export function afterPush(
  devices: readonly Device[],
  endpoint: string,
  outcome: PushOutcome,
): readonly Device[] {
  const device = devices.find((d) => d.endpoint === endpoint);
  if (!device) return devices;
  const failures = outcome === 'failed' ? (device.failures ?? 0) + 1 : 0;
  if (outcome === 'gone' || failures >= MAX_PUSH_FAILURES) {
    return devices.filter((d) => d !== device);
  }
  if (failures === (device.failures ?? 0)) return devices;
  const { failures: _, ...kept } = device;
  const next = failures > 0 ? { ...kept, failures } : kept;
  return devices.map((d) => (d === device ? next : d));
}

/** A push for one device: its JSON body, and how long the push service may hold it. */
export interface Notice {
  device: Device;
  payload: string;
  /** Seconds: the time left on the clock, a day where there is none. */
  ttl: number;
}

/** A few devices per player: a phone, a laptop, a tablet. A newer one replaces the oldest. */
export const MAX_DEVICES = 3;

/** How long a notice waits for a device that is off, where no clock says otherwise. */
const DAY_S = 24 * 60 * 60;

/** The devices with `device` added for its token (the oldest dropped past MAX_DEVICES). */
export function withDevice(devices: readonly Device[], device: Device): Device[] {
  const others = devices.filter((d) => d.endpoint !== device.endpoint);
  const own = others.filter((d) => d.tokenHash === device.tokenHash);
  const dropped = new Set(own.slice(0, Math.max(0, own.length - MAX_DEVICES + 1)));
  return [...others.filter((d) => !dropped.has(d)), device];
}

/** What the notices are worked out from, as an input leaves the table. */
export interface Audience {
  table: Table;
  devices: readonly Device[];
  /** Whether a page of that seat is open: its player is not away. */
  pageOpen: (seat: Seat) => boolean;
  /** The game's last move, as logged before this input. */
  lastMove: LogEntry | undefined;
  now: number;
}

/** The seat's devices, if a person holds it and none of their pages is open. */
function awayDevices(at: Audience, seat: Seat): Device[] {
  const record = at.table.meta.seats[seat];
  if (!record || record.bot || record.tokenHash === null) return [];
  if (at.pageOpen(seat)) return [];
  const { tokenHash } = record;
  return at.devices.filter((d) => d.tokenHash === tokenHash);
}

/** What a notice says: its title and its body. */
type Said = { title: string; body: string };

/**
 * A notice for each device (CONTRACT, Extensions (turn 4)): the table, its link, and what `say`
 * gives in the device's language.
 */
function noticesTo(
  devices: readonly Device[],
  at: Audience,
  say: (words: NoticeWords) => Said,
): Notice[] {
  const { id } = at.table.meta;
  const ttl = ttlOf(at.table.meta, at.now);
  return devices.map((device) => {
    const { title, body } = say(NOTICE_WORDS[device.language ?? 'en']);
    return { device, payload: JSON.stringify({ table: id, url: `/t/${id}`, title, body }), ttl };
  });
}

/** How long the push service may keep it: never past the clock (CONTRACT). */
function ttlOf({ deadline }: TableMeta, now: number): number {
  if (deadline === null) return DAY_S;
  return Math.max(0, Math.floor((deadline - now) / 1000));
}

const nameOf = (meta: TableMeta, seat: Seat) => meta.seats[seat]?.name ?? defaultName(seat);

/** Hours or minutes left on the clock, said plainly after a space; nothing without a clock. */
function timeLeft(words: NoticeWords, { deadline }: TableMeta, now: number): string {
  if (deadline === null) return '';
  const minutes = Math.max(1, Math.round((deadline - now) / 60_000));
  if (minutes < 90) return ` ${words.minutesLeft(minutes)}`;
  return ` ${words.hoursLeft(Math.round(minutes / 60))}`;
}

/**
 * What the table says to a player it waits on: their turn, with what the last move was (its
 * events are public: move-words.ts); the next round; or, after a game, that another is called.
 */
function turnNotice(at: Audience, seat: Seat, words: NoticeWords): Said {
  const { meta } = at.table;
  const game = GAME_TITLES[meta.game].name;
  const left = timeLeft(words, meta, at.now);
  if (meta.status === 'over') {
    const [first] = meta.rematch?.agreed ?? [];
    const who = first === undefined ? words.host : nameOf(meta, first);
    return { title: words.newGame(game), body: words.wantsAgain(who) };
  }
  if (betweenRounds(at.table)) {
    return { title: words.roundOver(game), body: `${words.nextRound}${left}` };
  }
  const last = at.lastMove;
  const moved =
    last && last.seat !== seat
      ? words.move(nameOf(meta, last.seat), moveSaid(meta.game, last))
      : words.waits;
  return { title: words.yourTurn(game), body: `${moved}${left}` };
}

/**
 * The seats the game waits on whose player is away, with a device to tell, and not yet told of
 * this decision (`notified` keeps the decision told of, so a table woken again does not repeat
 * it). The step tells them `World.noticeDelay` after the first input that found them, not at
 * once: a page reconnecting after a restart, or a player who just closed a tab and opens another,
 * is not told what they are looking at.
 */
export function untold(at: Audience): Seat[] {
  const { meta } = at.table;
  // Most tables have no device to tell: nothing to work out on every input. After a game, the
  // table waits on whoever has not agreed to the next one called (waiting.ts).
  if (meta.status === 'lobby' || at.devices.length === 0) return [];
  return waitingOn(at.table).filter(
    (seat) => meta.notified[seat] !== decisionSince(meta, seat) && awayDevices(at, seat).length > 0,
  );
}

/** The notices for the `untold` seats, and each seat's decision told of, as it is to be stored. */
export function turnNotices(
  at: Audience,
  seats: readonly Seat[],
): { notices: Notice[]; notified: number[] } {
  const { meta } = at.table;
  const notices = seats.flatMap((seat) =>
    noticesTo(awayDevices(at, seat), at, (words) => turnNotice(at, seat, words)),
  );
  const notified = meta.seats.map((_, seat) =>
    seats.includes(seat) ? decisionSince(meta, seat) : (meta.notified[seat] ?? 0),
  );
  return { notices, notified };
}

/**
 * A nudge for a player away: one more notice, once per decision (`nudgeTold`). Nudges come once
 * a minute; a notice for each would be 1,440 a day at a 24 h clock, and one reminder already says
 * all there is to say until the decision changes.
 */
export function nudgeNotices(at: Audience, seat: Seat, by: Seat | null): Notice[] {
  const { meta } = at.table;
  if (meta.nudgeTold[seat] === decisionSince(meta, seat)) return [];
  return noticesTo(awayDevices(at, seat), at, (words) => {
    const who = by === null ? words.host : nameOf(meta, by);
    const body = `${words.nudged(who)}${timeLeft(words, meta, at.now)}`;
    return { title: GAME_TITLES[meta.game].name, body };
  });
}
