/**
 * From a selection on the board to the move the view lists for it. Engines compare card lists as
 * sets (CONTRACT §1), so the order a player tapped cards in never matters; a stand-in
 * (`{ t, cards: [], count: N }`) stands for every choice of N cards, filled here with the real ids
 * once the game's own check (`fits`) accepts them.
 */

/** A listed move that names cards by id. */
export interface CardsMove {
  t: string;
  cards: readonly unknown[];
  count?: number;
}

/** Whether two lists hold the same ids, in any order. */
export function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const seen = new Set(a);
  return seen.size === a.length && new Set(b).size === b.length && b.every((id) => seen.has(id));
}

const ids = (cards: readonly unknown[]): string[] =>
  cards.map((c) => (typeof c === 'string' ? c : (c as { id: string }).id));

/**
 * The move of kind `t` in `legal` that plays exactly the cards `selected`, ready to send: the
 * listed object itself, or a stand-in of that size with the cards filled in when `fits` (the
 * game's rule for what a stand-in allows) accepts them. Undefined when the selection makes none.
 */
export function listedMove<M extends { t: string }>(
  legal: readonly M[],
  t: M['t'],
  selected: readonly string[],
  fits: (selected: readonly string[]) => boolean = () => true,
): M | undefined {
  let standIn: M | undefined;
  for (const move of legal) {
    if (move.t !== t || !('cards' in move)) continue;
    const m = move as unknown as CardsMove;
    if (m.count === undefined) {
      if (sameSet(ids(m.cards), selected as string[])) return move;
    } else if (m.count === selected.length) {
      standIn = move;
    }
  }
  if (standIn && fits(selected)) return { ...standIn, cards: [...selected] } as M;
  return undefined;
}

/** Every card id that takes part in some listed move of kind `t` (stand-ins name none). */
export function cardsInMoves<M extends { t: string }>(legal: readonly M[], t: M['t']): Set<string> {
  const found = new Set<string>();
  for (const move of legal) {
    if (move.t === t && 'cards' in move) {
      for (const id of ids((move as unknown as CardsMove).cards)) found.add(id);
    }
  }
  return found;
}
