import { type RngState, shuffleInPlace } from './rng.ts';
import type { Hidden } from './types.ts';

/** The one placeholder for a card a viewer may not see. Shared and frozen: views never mutate it. */
export const HIDDEN: Hidden = Object.freeze({ hidden: true }) as Hidden;

/**
 * More legal card choices than this for one move type and size, and that size is listed as one
 * stand-in `{ t, cards: [], count: N }` (CONTRACT §1), so that a view's legal list stays small.
 */
export const MAX_LISTED_CHOICES = 64;

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
  for (let i = 0; i < cards.length; i++) if (cards[i]!.id === id) return i;
  return -1;
}

/** 0 … size-1 in order: the deck's own labels, for stacked positions (fromScenario). */
export function plainLabels(size: number): number[] {
  const labels: number[] = [];
  for (let i = 0; i < size; i++) labels.push(i); // Array.from is many times slower here
  return labels;
}

/**
 * A game's card labels, drawn at setup: label i is the id number of the card at place i of the
 * unshuffled deck. A fixed id per place would tell which of several like cards (or which pack's
 * twin) a player holds, and so where it lay in the deck; a random relabelling per game tells
 * nothing of that, nor of the deal order. Each card keeps its id for the whole game.
 */
export function drawLabels(size: number, rng: RngState): number[] {
  return shuffleInPlace(plainLabels(size), rng);
}

/**
 * Makes a deck's cards under a game's labels: card i has `deck[i]`'s face and the id of label i.
 * There are only size² such cards, so each is made once, frozen and shared, as the fixed deck's
 * cards were: a deal allocates no card, and no state can change a card another state holds.
 */
export function labeller<C extends { id: string }>(
  deck: readonly C[],
  prefix: string,
): (labels: readonly number[]) => C[] {
  const size = deck.length;
  const made = new Array<C | undefined>(size * size); // at most 104² small objects
  return (labels) => {
    const cards: C[] = [];
    for (let i = 0; i < size; i++) {
      const label = labels[i]!;
      const key = label * size + i;
      let card = made[key];
      if (card === undefined) {
        card = Object.freeze({ ...deck[i]!, id: cardId(prefix, label) });
        made[key] = card;
      }
      cards.push(card);
    }
    return cards;
  };
}

/** Orders cards with equal faces by id: random per game, so it says nothing of the deal. */
export function compareIds(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * `hand` with `card` added in its sorted place: a hand is kept sorted so that the order a player
 * sees (and the legal moves listed in it) never tells the order the cards came in. A loop rather
 * than slice or spread-and-sort: hands are often deep-frozen arrays, which V8 slices slowly.
 */
export function withCardSorted<C>(
  hand: readonly C[],
  card: C,
  compare: (a: C, b: C) => number,
): C[] {
  const out: C[] = [];
  let placed = false;
  for (const held of hand) {
    if (!placed && compare(card, held) < 0) {
      out.push(card);
      placed = true;
    }
    out.push(held);
  }
  if (!placed) out.push(card);
  return out;
}

/**
 * Every subset of `items` with `min`…`max` members, each in the items' own order, handed to
 * `visit` until it says stop; returns whether it did.
 */
export function subsets<T>(
  items: readonly T[],
  min: number,
  max: number,
  visit: (chosen: T[]) => boolean,
): boolean {
  const chosen: T[] = [];
  const walk = (from: number): boolean => {
    if (chosen.length >= min && visit(chosen.slice())) return true;
    if (chosen.length === max) return false;
    for (let i = from; i < items.length; i++) {
      chosen.push(items[i]!);
      const stop = walk(i + 1);
      chosen.pop();
      if (stop) return true;
    }
    return false;
  };
  return walk(0);
}
