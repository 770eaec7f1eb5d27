/**
 * What every game's move words share: the phrase and the cards a move names, the cards of a view
 * by id, and a list said as people say it ("the 3, the 9 and the joker").
 */
import type { Seat } from '../../../../shared/engine/types.ts';
import { t } from '../strings.ts';

/** A move in a few words, and the cards on the board it plays, takes or places. */
export interface MoveWords {
  /** A phrase that fits "Round 3: … was worth more": "playing the 9 and calling higher". */
  phrase: string;
  /** The ids of the cards the move involves, as the replay's open view shows them. */
  cards: string[];
}

/**
 * A game's words for its moves: `view` is the replay's open view of the moment the move was
 * made from (every card face up), `names` the seats' names, `you` the mover.
 */
export type Words = (
  view: unknown,
  move: unknown,
  names: readonly string[],
  you: Seat,
) => MoveWords;

/** A move the words do not know (a stored review from another version): said, marking nothing. */
export const otherMove = (): MoveWords => ({ phrase: t('coach.other'), cards: [] });

/** Every card (an object with a string id) in a view, by id. */
export function cardsById<Card extends { id: string }>(
  view: unknown,
  isCard: (x: object) => x is Card,
): Map<string, Card> {
  const found = new Map<string, Card>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    if (isCard(node)) {
      found.set(node.id, node);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      // What a player may do is no card on the table.
      if (key !== 'legal' && key !== 'history') walk(value);
    }
  };
  walk(view);
  return found;
}

/** "a", "a and b", "a, b and c". */
export function listed(items: readonly string[]): string {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')}${t('coach.and')}${items.at(-1)}`;
}
