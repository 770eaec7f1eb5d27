/**
 * What the board says about each seat: its part in the moment, and whether the last move added
 * cards to a hand you cannot see (a draw from the stock names no card, so the ring that marks
 * moved cards has nothing to mark: the seat itself is marked instead).
 */
import type { Hidden, Seat } from '../../../../shared/engine/types.ts';
import type { Card, View } from '../../../../shared/games/sneak/types.ts';

export type SeatStatus = 'turn' | 'leads' | 'notAsked' | 'answered' | 'thinking';

/** A seat's part in the moment: to play, leading, deciding, answered, or not asked. */
export function seatStatus(view: View, seat: Seat): SeatStatus | null {
  if (view.phase === 'play') return view.turn === seat ? 'turn' : null;
  if (view.phase !== 'challenge') return null;
  if (view.lead?.by === seat) return 'leads';
  const p = view.players[seat];
  if (!p?.asked) return 'notAsked';
  return p.answered ? 'answered' : 'thinking';
}

/** The part of a view the comparison reads: a full view will do. */
export interface Hands {
  round: number;
  you: Seat | null;
  players: readonly { hand: readonly (Card | Hidden)[] }[];
}

/** A plain copy of what `hiddenGrowth` reads (the views a board gets are updated in place). */
export function handsOf(view: Hands): Hands {
  return {
    round: view.round,
    you: view.you,
    players: view.players.map((p) => ({ hand: [...p.hand] })),
  };
}

/**
 * The seats whose hidden hand grew from `before` to `after`, with by how many cards: in Sneak,
 * a card drawn from the stock. Your own hand is not among them (its new card is in sight), nor
 * is anything across a new round.
 */
export function hiddenGrowth(before: Hands | null, after: Hands): Map<Seat, number> {
  const grown = new Map<Seat, number>();
  if (before === null || before.round !== after.round) return grown;
  after.players.forEach((p, seat) => {
    if (seat === after.you || !p.hand.some((c) => 'hidden' in c)) return;
    const added = p.hand.length - (before.players[seat]?.hand.length ?? p.hand.length);
    if (added > 0) grown.set(seat, added);
  });
  return grown;
}

/**
 * A key that changes with every move (a hand, the stock, the lead, an answer, a win): the board
 * compares two views only when it has moved, so a mark stays until the next move.
 */
export function moveKey(view: View): string {
  const seats = view.players.map((p) => `${p.hand.length}.${p.won}.${p.answered ? 1 : 0}`);
  return [view.round, view.phase, view.stock, view.turn, view.lead?.by, ...seats].join('|');
}

/**
 * The marks of the last move as a tab keeps them across a reload: the move they belong to (its
 * `moveKey`) and the seats that drew. A reloaded page has seen no move happen; it shows them
 * again while the table is still at that move.
 */
export function keptDrew(text: string | null, key: string): Map<Seat, number> {
  try {
    const kept: unknown = JSON.parse(text ?? 'null');
    if (typeof kept !== 'object' || kept === null || !('key' in kept) || kept.key !== key) {
      return new Map();
    }
    const drew = 'drew' in kept && Array.isArray(kept.drew) ? kept.drew : [];
    return new Map(
      drew.filter(
        (pair): pair is [Seat, number] =>
          Array.isArray(pair) && Number.isInteger(pair[0]) && Number.isInteger(pair[1]),
      ),
    );
  } catch {
    return new Map(); // written by an older page: no marks
  }
}

export const drewText = (key: string, drew: Map<Seat, number>): string =>
  JSON.stringify({ key, drew: [...drew] });
