/**
 * Whose turn a move hands on, as far as its mover can tell (for predict.ts). HH-8: the player the
 * turn reaches plays if they can and is knocked out if not, and the turn goes on to the next, or
 * back to the caller to name a new target (HH-16c), until someone plays or one player is left
 * (HH-12). Each answer hangs on a hand the mover may not see: where one may go either way, so may
 * everything after it.
 */
import { nextActive } from '../../engine/seats.ts';
import type { GameEvent, Seat } from '../../engine/types.ts';
import { playKind } from './rules.ts';
import type { State } from './types.ts';

export type Answer = 'plays' | 'out';

/** What a move leaves open: who may be knocked out, and what that may lead to. */
export interface OpenTurn {
  /** The seats that may or may not be knocked out, in the order the turn would reach them. */
  seats: Seat[];
  /** The last of them going out would leave the mover alone in the round, its winner (HH-12). */
  mayEnd: boolean;
  /** A knock-out would hand the mover, the caller, a new target to name (HH-16c). */
  mayRetarget: boolean;
}

/**
 * What `seat` does with the turn in `state`, as far as the mover can tell from the cards it has not
 * seen (`pool`, counts by value; the seat's hidden cards are some of them). It plays if a card the
 * mover has seen answers, or if it holds more hidden cards than the pool holds cards that do not
 * answer; it is out if no card the mover has seen answers and no card in the pool could. Else null.
 */
export function answerOf(
  state: State,
  seat: Seat,
  seen: ReadonlySet<string>,
  pool: readonly number[],
): Answer | null {
  const answers = (v: number) => playKind(state, seat, { id: '', v }) !== null;
  const cards = [...state.hands[seat]!, ...state.faceUp[seat]!];
  const hidden = cards.filter((c) => !seen.has(c.id)).length;
  if (cards.some((c) => seen.has(c.id) && answers(c.v))) return 'plays';
  let answering = 0;
  let not = 0;
  for (let v = 1; v < pool.length; v++) {
    if (answers(v)) answering += pool[v]!;
    else not += pool[v]!;
  }
  if (hidden === 0 || answering === 0) return 'out';
  return not < hidden ? 'plays' : null;
}

/**
 * What the move that led to `next` (with `events`, in a world dealt from the mover's view) leaves
 * open, or null if the mover can be sure of it all. `before`: who was out before the move. The
 * world's own walk is followed while each step is sure (a knock-out surely out, the player to
 * play surely able to); from the first that is not, the turn may go either way at each seat in
 * turn, until one that surely plays.
 */
export function openTurn(
  before: readonly boolean[],
  next: State,
  events: readonly GameEvent[],
  sure: (seat: Seat) => Answer | null,
): OpenTurn | null {
  const knocked = events.flatMap((e) =>
    e.type === 'eliminated' && typeof e.seat === 'number' ? [e.seat] : [],
  );
  const reached = next.phase === 'play' ? [...knocked, next.turn] : knocked;
  const first = reached.findIndex((s, i) => sure(s) !== (i < knocked.length ? 'out' : 'plays'));
  if (first < 0) return null;
  const gone = before.slice();
  for (const s of knocked.slice(0, first)) gone[s] = true;
  const seats: Seat[] = [];
  let seat = reached[first]!;
  for (;;) {
    seats.push(seat);
    gone[seat] = true;
    // The order passTurn checks them in: the round's end first, then a new target.
    if (gone.filter((g) => !g).length === 1) return { seats, mayEnd: true, mayRetarget: false };
    const retarget = next.config.chaos.chooseTarget && next.caller !== null;
    if (retarget) return { seats, mayEnd: false, mayRetarget: true };
    seat = nextActive(seat, next.players, (s) => !gone[s])!;
    if (sure(seat) === 'plays') return { seats, mayEnd: false, mayRetarget: false };
  }
}
