/**
 * Between two games at one table: "play again" is a ready check. The next game starts once every
 * seated person has agreed (bots always do), or when a countdown the host started ends; and then
 * no clock runs on a person before their page has shown the new deal (`firstLook`).
 */
import type { Result, Seat } from '../engine/types.ts';
import type { ErrorCode } from '../errors.ts';
import type { RematchCall } from '../protocol.ts';
import type { Dealt, FirstLook, TableMeta } from './meta.ts';
import { peopleSeated, start } from './play.ts';

/** How long the host's "start now" counts down, so that everyone sees it coming. */
export const REMATCH_COUNTDOWN_MS = 10_000;
/** The longest the clock waits for a person's first look at a new game. */
export const FIRST_LOOK_MS = 60_000;

/** `seat` agrees to the next game (null: the host without a seat, who only asks). */
export function agree(meta: TableMeta, seat: Seat | null): TableMeta {
  const agreed = meta.rematch?.agreed ?? [];
  const startsAt = meta.rematch?.startsAt ?? null;
  if (seat === null || agreed.includes(seat)) {
    return meta.rematch ? meta : { ...meta, rematch: { agreed, startsAt } };
  }
  return { ...meta, rematch: { agreed: [...agreed, seat], startsAt } };
}

/** The seated people the next game still waits for. */
export function notAgreed(meta: TableMeta): Seat[] {
  const agreed = meta.rematch?.agreed ?? [];
  return peopleSeated(meta).filter((s) => !agreed.includes(s));
}

/** Whether the next game was asked for and every seated person agreed. */
export const allAgreed = (meta: TableMeta): boolean =>
  meta.rematch !== null && notAgreed(meta).length === 0;

/** The host's "start now": the next game in REMATCH_COUNTDOWN_MS, unless a countdown runs. */
export function countDown(meta: TableMeta, now: number): TableMeta {
  const rematch = meta.rematch ?? { agreed: [], startsAt: null };
  if (rematch.startsAt !== null) return meta;
  return { ...meta, rematch: { ...rematch, startsAt: now + REMATCH_COUNTDOWN_MS } };
}

/** The ready check as the summary shows it, while one is on. */
export function rematchCall(meta: TableMeta): RematchCall | null {
  if (meta.status !== 'over' || meta.rematch === null) return null;
  return {
    agreed: meta.rematch.agreed.slice(),
    waitingFor: notAgreed(meta),
    startsAt: meta.rematch.startsAt,
  };
}

/** A new game's first look: the seated people with a page open now, who have yet to see it. */
function firstLook(meta: TableMeta, present: ReadonlySet<Seat>, now: number): FirstLook | null {
  const waiting = peopleSeated(meta).filter((s) => present.has(s));
  return waiting.length > 0 ? { waiting, until: now + FIRST_LOOK_MS } : null;
}

/**
 * A game dealt (the first, or the next): the people with a page open see the deal first, and
 * their clock waits for it.
 */
export function nextGame(
  meta: TableMeta,
  seed: string,
  present: ReadonlySet<Seat>,
  now: number,
): Result<Dealt, ErrorCode> {
  const out = start(meta, seed, now);
  if (!out.ok) return out;
  return { ...out, meta: { ...out.meta, firstLook: firstLook(out.meta, present, now) } };
}

/** Whether the clock waits for a first look by one of `people`. */
export const lookAwaited = (meta: TableMeta, people: readonly Seat[]): boolean =>
  meta.firstLook !== null && people.some((s) => meta.firstLook?.waiting.includes(s));

/** The times the table wakes for its own sake: a first look waited for, the host's countdown. */
export function ownTimes(meta: TableMeta): number[] {
  const times: number[] = [];
  if (meta.firstLook) times.push(meta.firstLook.until);
  if (meta.status === 'over' && meta.rematch?.startsAt != null) times.push(meta.rematch.startsAt);
  return times;
}
