import type { Outcome, Rejection, Seat } from './types.ts';

/** A refusal, fitting any result that may carry this code. */
export type Failure<Code extends string> = { ok: false; error: Rejection<Code> };

/** The one way anything refuses: the engine, the table and the HTTP API alike. */
export function fail<const Code extends string>(code: Code, message: string): Failure<Code> {
  return { ok: false, error: { code, message } };
}

/** Refusals every game shares, so clients can rely on the same codes everywhere. */
export const refuse = {
  gameOver: () => fail('game-over', 'The game is over.'),
  notYourTurn: (seat: Seat) => fail('not-your-turn', `Seat ${seat} may not move now.`),
  badSeat: (seat: unknown) => fail('bad-seat', `No such seat: ${String(seat)}.`),
  malformed: (why: string) => fail('malformed-move', why),
  wrongPhase: (move: string, phase: string) =>
    fail('wrong-phase', `"${move}" is not possible during the ${phase} phase.`),
  unknownCard: () => fail('unknown-card', 'That card is not one you can play.'),
  countMismatch: (count: number, given: number) =>
    fail('count-mismatch', `"count" says ${count} but ${given} cards are given.`),
};

export const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** A move from an untrusted source must be a plain object with a string `t`. */
export function moveType(move: unknown): string | null {
  return isObject(move) && typeof move.t === 'string' ? move.t : null;
}

/** Checks that `value` is an array of distinct strings with a length in [min, max]. */
export function isIdList(value: unknown, min: number, max: number): value is string[] {
  if (!Array.isArray(value) || value.length < min || value.length > max) return false;
  for (let i = 0; i < value.length; i++) {
    if (typeof value[i] !== 'string') return false;
    for (let j = 0; j < i; j++) if (value[j] === value[i]) return false;
  }
  return true;
}

export function isSeat(value: unknown, players: number): value is Seat {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < players;
}

/**
 * The card ids a move names in `cards` (at most `max`), with the optional whole-number `count`
 * that a stand-in legal move carries (CONTRACT §1); a string saying why when the shape is wrong.
 * Whether `count` matches the ids is the caller's check, in its own order (`refuse.countMismatch`).
 */
export function cardIdsOf(m: MoveObject, max: number): { ids: string[]; count?: number } | string {
  if (!hasOnlyKeys(m, ['t', 'cards', 'count']) || !isIdList(m.cards, 0, max)) {
    return `"${String(m.t)}" takes "cards": a list of distinct card ids.`;
  }
  if (m.count === undefined) return { ids: m.cards };
  if (typeof m.count !== 'number' || !Number.isInteger(m.count)) {
    return '"count", if given, must be a whole number.';
  }
  return { ids: m.cards, count: m.count };
}

/** Only these keys may appear on a move object; anything else marks it as malformed. */
export function hasOnlyKeys(move: object, allowed: readonly string[]): boolean {
  for (const key of Object.keys(move)) if (!allowed.includes(key)) return false;
  return true;
}

/** An untrusted move whose `t` names a handler; its other fields are still unchecked. */
export type MoveObject = Record<string, unknown>;

/**
 * One handler for each kind of move the game has, and no other: a move added to the game's
 * `Move` type without its handler does not compile.
 */
export type MoveHandlers<S, M extends { t: string }, Code extends string> = {
  [T in M['t']]: (state: S, seat: Seat, move: MoveObject) => Outcome<S, Code>;
};

/**
 * What every `apply` checks first — a real seat, a game not over, an object with a string `t` —
 * then hands the move to the handler for its `t`.
 */
export function dispatchMove<
  S extends { players: number; phase: string },
  M extends { t: string },
  Code extends string,
>(state: S, seat: Seat, move: unknown, handlers: MoveHandlers<S, M, Code>): Outcome<S, Code> {
  if (!isSeat(seat, state.players)) return refuse.badSeat(seat);
  if (state.phase === 'gameOver') return refuse.gameOver();
  const t = moveType(move);
  if (t === null) return refuse.malformed('A move must be an object with a string "t".');
  // Own keys only: a move called "constructor" is no handler.
  if (!Object.hasOwn(handlers, t)) return refuse.malformed(`Unknown move "${t}".`);
  return handlers[t as M['t']](state, seat, move as MoveObject);
}
