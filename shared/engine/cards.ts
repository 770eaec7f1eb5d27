import type { Hidden } from './types.ts';

/** The one placeholder for a card a viewer may not see. Shared and frozen: views never mutate it. */
export const HIDDEN: Hidden = Object.freeze({ hidden: true }) as Hidden;

/** `count` placeholders, for a pile the viewer sees only the size of. */
export function hiddenCards(count: number): Hidden[] {
  return new Array<Hidden>(count).fill(HIDDEN);
}

/** Card ids are opaque short strings, unique within a game: a prefix and a base-36 counter. */
export function cardId(prefix: string, index: number): string {
  return prefix + index.toString(36);
}

/** Index of the card with `id` in `cards`, or -1. */
export function indexOfId(cards: readonly { id: string }[], id: string): number {
  for (let i = 0; i < cards.length; i++) if ((cards[i] as { id: string }).id === id) return i;
  return -1;
}
