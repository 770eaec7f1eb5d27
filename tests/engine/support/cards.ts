import { sameMove } from '../../../shared/engine/move-key.ts';
import { fillChoice } from '../../../shared/games/sneak/legal.ts';
import type { Card } from '../../../shared/games/sneak/types.ts';

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

/** What filling a stand-in reads from a seat's view: its own hand, and in Sneak the lead. */
type SeatView = {
  game?: string;
  you: number | null;
  players: { hand?: ({ id: string } | { hidden: true })[] }[];
  lead?: { kind: 'sneak' | 'flaunt'; cards: unknown[] } | null;
};

/**
 * A legal move as listed, except a stand-in `{ cards: [], count: N }` (CONTRACT §1), which gets
 * real cards from the seat's own hand: any N at random where any will do, or in Sneak a legal
 * flaunt or beating challenge. The view is asked for only when needed.
 */
export function fillStandIn(
  move: Record<string, unknown>,
  view: () => SeatView,
  random: () => number,
): unknown {
  if (typeof move.count !== 'number') return move;
  const seen = view();
  const hand = (seen.players[seen.you ?? -1]?.hand ?? []).filter((c): c is Card => 'id' in c);
  const standIn = { t: String(move.t), count: move.count };
  const led = (seen.lead ?? null) as { kind: 'sneak' | 'flaunt'; cards: Card[] } | null;
  if (seen.game === 'sneak') return { ...standIn, cards: fillChoice(hand, standIn, led, random) };
  const left = hand.map((c) => c.id);
  const cards: string[] = [];
  while (cards.length < move.count)
    cards.push(...left.splice(Math.floor(random() * left.length), 1));
  return { t: move.t, cards };
}

type CardsMove = { t: string; cards?: readonly string[]; count?: number };

/**
 * Whether a bot's `move` is one `legal` lists (card lists compared as sets, CONTRACT §1), or fills
 * a stand-in of its size with distinct cards of `hand` (whether they are a legal choice of that
 * size, `apply` says next).
 */
export function isListed(
  legal: readonly CardsMove[],
  hand: readonly { id: string }[],
  move: CardsMove,
): boolean {
  if (legal.some((m) => sameMove(m, move))) return true;
  const cards = move.cards;
  if (!cards || 'count' in move) return false;
  const held = new Set(hand.map((c) => c.id));
  return (
    new Set(cards).size === cards.length &&
    cards.every((id) => held.has(id)) &&
    legal.some((m) => m.t === move.t && m.count === cards.length)
  );
}
