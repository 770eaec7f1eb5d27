/**
 * Telling a player away that the table waits on them: each device that asked (a Web Push
 * subscription, stored by the table for the token that holds the seat) gets one notice per
 * decision — the turn, or the pause between rounds — while no page of that seat is open. The
 * shell sends them (web-push.ts); these functions only decide who is told what, and the step
 * (outbox.ts) holds the notices back, pushes them and stores who was told.
 */
import type { Seat } from '../engine/types.ts';
import { GAME_TITLES } from '../games/titles.ts';
import type { LogEntry } from './game-log.ts';
import type { Table, TableMeta } from './meta.ts';
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

/** A notice for each device (CONTRACT, Extensions (turn 4)): the table, its link, what to say. */
function noticesTo(
  devices: readonly Device[],
  at: Audience,
  title: string,
  body: string,
): Notice[] {
  const { id } = at.table.meta;
  const payload = JSON.stringify({ table: id, url: `/t/${id}`, title, body });
  const ttl = ttlOf(at.table.meta, at.now);
  return devices.map((device) => ({ device, payload, ttl }));
}

/** How long the push service may keep it: never past the clock (CONTRACT). */
function ttlOf({ deadline }: TableMeta, now: number): number {
  if (deadline === null) return DAY_S;
  return Math.max(0, Math.floor((deadline - now) / 1000));
}

const nameOf = (meta: TableMeta, seat: Seat) => meta.seats[seat]?.name ?? defaultName(seat);

/** Hours or minutes left on the clock, said plainly; nothing without a clock. */
function timeLeft({ deadline }: TableMeta, now: number): string {
  if (deadline === null) return '';
  const minutes = Math.max(1, Math.round((deadline - now) / 60_000));
  if (minutes < 90) return ` You have ${minutes} min.`;
  return ` You have ${Math.round(minutes / 60)} h.`;
}

/** What the table says to a player it waits on: their turn, or the next round. */
function turnNotice(at: Audience, seat: Seat): { title: string; body: string } {
  const { meta } = at.table;
  const game = GAME_TITLES[meta.game].name;
  const left = timeLeft(meta, at.now);
  if (betweenRounds(at.table)) {
    return { title: `Round over at ${game}`, body: `Ready for the next round?${left}` };
  }
  const last = at.lastMove;
  const moved =
    last && last.seat !== seat
      ? `${nameOf(meta, last.seat)} has moved.`
      : 'The table waits for you.';
  return { title: `Your turn at ${game}`, body: `${moved}${left}` };
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
  // Most tables have no device to tell: nothing to work out on every input.
  if (meta.status !== 'playing' || at.devices.length === 0) return [];
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
  const notices = seats.flatMap((seat) => {
    const { title, body } = turnNotice(at, seat);
    return noticesTo(awayDevices(at, seat), at, title, body);
  });
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
  const who = by === null ? 'The host' : nameOf(meta, by);
  const body = `${who} nudged you: the table is waiting for you.${timeLeft(meta, at.now)}`;
  return noticesTo(awayDevices(at, seat), at, GAME_TITLES[meta.game].name, body);
}
