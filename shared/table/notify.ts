/**
 * Telling a player away that the table waits on them: each device that asked (a Web Push
 * subscription, stored by the table for the token that holds the seat) gets one notice per
 * decision — the turn, or the pause between rounds — while no page of that seat is open. The
 * shell sends them (web-push.ts); the step only decides who is told what.
 */
import type { Seat } from '../engine/types.ts';
import { GAME_TITLES } from '../games/titles.ts';
import { withMeta } from './meta.ts';
import { betweenRounds, decisionSince } from './play.ts';
import { defaultName } from './seats.ts';
import type { Step } from './step.ts';
import { waitingOn } from './waiting.ts';

/** A device that asked to be told when the table waits on its player. */
export interface Device {
  /** Whose it is: the seat token's hash (a seat that changes hands is not told to the old one). */
  tokenHash: string;
  endpoint: string;
  p256dh: string;
  auth: string;
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

/** The seat's devices, if a person holds it and none of their pages is open. */
function awayDevices(s: Step, seat: Seat): Device[] {
  const record = s.meta.seats[seat];
  if (!record || record.bot || record.tokenHash === null) return [];
  if (s.open().some((c) => c.joined && s.seatOf(c) === seat)) return [];
  const { tokenHash } = record;
  return s.memory.devices.filter((d) => d.tokenHash === tokenHash);
}

/** The notice's JSON body (CONTRACT, Extensions (turn 4)): the table, its link, what to say. */
function payload(s: Step, title: string, body: string): string {
  const { id } = s.meta;
  return JSON.stringify({ table: id, url: `/t/${id}`, title, body });
}

/** How long the push service may keep it: never past the clock (CONTRACT). */
function ttl(s: Step): number {
  const { deadline } = s.meta;
  if (deadline === null) return DAY_S;
  return Math.max(0, Math.floor((deadline - s.world.now) / 1000));
}

const nameOf = (s: Step, seat: Seat) => s.meta.seats[seat]?.name ?? defaultName(seat);

/** Hours or minutes left on the clock, said plainly; nothing without a clock. */
function timeLeft(s: Step): string {
  const { deadline } = s.meta;
  if (deadline === null) return '';
  const minutes = Math.max(1, Math.round((deadline - s.world.now) / 60_000));
  if (minutes < 90) return ` You have ${minutes} min.`;
  return ` You have ${Math.round(minutes / 60)} h.`;
}

/** What the table says to a player it waits on: their turn, or the next round. */
function turnNotice(s: Step, seat: Seat): { title: string; body: string } {
  const game = GAME_TITLES[s.meta.game].name;
  const last = s.memory.log.entries.at(-1);
  if (betweenRounds(s.table)) {
    return { title: `Round over at ${game}`, body: `Ready for the next round?${timeLeft(s)}` };
  }
  const moved =
    last && last.seat !== seat ? `${nameOf(s, last.seat)} has moved.` : 'The table waits for you.';
  return { title: `Your turn at ${game}`, body: `${moved}${timeLeft(s)}` };
}

/**
 * After each input: every seat the game waits on whose player is away is told once per decision
 * (`notified` keeps the decision told of, so a table woken again does not repeat it). Not at
 * once: `due` is the `notices` input, `World.noticeDelay` after the first input that found
 * someone to tell — a page reconnecting after a restart, or a player who just closed a tab and
 * opens another, is not told what they are looking at.
 */
export function notifyAway(s: Step, due: boolean): void {
  // Most tables have no device to tell: nothing to work out on every input.
  if (s.meta.status !== 'playing' || s.memory.devices.length === 0) return;
  const untold = waitingOn(s.table).filter(
    (seat) =>
      s.meta.notified[seat] !== decisionSince(s.meta, seat) && awayDevices(s, seat).length > 0,
  );
  if (untold.length === 0) return;
  if (!due) {
    if (!s.memory.noticesHeld) s.out.noticesIn = s.world.noticeDelay;
    s.memory.noticesHeld = true;
    return;
  }
  let notified = s.meta.notified;
  for (const seat of untold) {
    const decision = decisionSince(s.meta, seat);
    const devices = awayDevices(s, seat);
    const { title, body } = turnNotice(s, seat);
    for (const device of devices) {
      s.out.push.push({ device, payload: payload(s, title, body), ttl: ttl(s) });
    }
    notified = s.meta.seats.map((_, i) => (i === seat ? decision : (notified[i] ?? 0)));
  }
  if (notified === s.meta.notified) return;
  s.table = withMeta(s.table, { notified });
  s.out.write ??= { state: false, log: null };
}

/** A nudge for a player away: one more notice, as rate-limited as nudges are. */
export function notifyNudged(s: Step, seat: Seat, by: Seat | null): void {
  const game = GAME_TITLES[s.meta.game].name;
  const who = by === null ? 'The host' : nameOf(s, by);
  const body = `${who} nudged you: the table is waiting for you.${timeLeft(s)}`;
  for (const device of awayDevices(s, seat)) {
    s.out.push.push({ device, payload: payload(s, `${game}`, body), ttl: ttl(s) });
  }
}
