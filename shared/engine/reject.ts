import type { Outcome, Rejection, Seat } from './types.ts';

export function rejection(code: string, message: string): Rejection {
  return { code, message };
}

export function reject<S>(code: string, message: string): Outcome<S> {
  return { ok: false, error: { code, message } };
}

/** Rejections every game shares, so clients can rely on the same codes everywhere. */
export const refuse = {
  gameOver: <S>() => reject<S>('game-over', 'The game is over.'),
  notYourTurn: <S>(seat: Seat) => reject<S>('not-your-turn', `Seat ${seat} may not move now.`),
  badSeat: <S>(seat: unknown) => reject<S>('bad-seat', `No such seat: ${String(seat)}.`),
  malformed: <S>(why: string) => reject<S>('malformed-move', why),
  wrongPhase: <S>(move: string, phase: string) =>
    reject<S>('wrong-phase', `"${move}" is not possible during the ${phase} phase.`),
  unknownCard: <S>() => reject<S>('unknown-card', 'That card is not one you can play.'),
};

/** A move from an untrusted source must be a plain object with a string `t`. */
export function moveType(move: unknown): string | null {
  if (typeof move !== 'object' || move === null || Array.isArray(move)) return null;
  const t = (move as { t?: unknown }).t;
  return typeof t === 'string' ? t : null;
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

/** Only these keys may appear on a move object; anything else marks it as malformed. */
export function hasOnlyKeys(move: object, allowed: readonly string[]): boolean {
  for (const key of Object.keys(move)) if (!allowed.includes(key)) return false;
  return true;
}
