/** Ids of every card object (anything with a string `id`) inside a JSON value. */
export function cardIds(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) cardIds(item, out);
  else if (typeof value === 'object' && value !== null) {
    const id = (value as { id?: unknown }).id;
    if (typeof id === 'string') out.push(id);
    for (const item of Object.values(value)) if (typeof item === 'object') cardIds(item, out);
  }
  return out;
}

/**
 * A legal move as listed, except a stand-in `{ cards: [], count: N }` (CONTRACT §1), which gets N
 * cards drawn at random from the seat's own hand. The hand is asked for only when needed.
 */
export function fillStandIn(
  move: Record<string, unknown>,
  hand: () => string[],
  random: () => number,
): unknown {
  if (typeof move.count !== 'number') return move;
  const left = hand();
  const cards: string[] = [];
  while (cards.length < move.count)
    cards.push(...left.splice(Math.floor(random() * left.length), 1));
  return { t: move.t, cards };
}

/** The ids of the cards a view shows in the viewer's own hand. */
export function ownHandIds(view: {
  you: number | null;
  players: { hand?: ({ id: string } | { hidden: true })[] }[];
}): string[] {
  return (view.players[view.you ?? -1]?.hand ?? []).flatMap((c) => ('id' in c ? [c.id] : []));
}
