/**
 * Which cards the last move touched, found by comparing two views of one seat: a card that is new
 * to the view (drawn, turned up, revealed) or that now lies in another place (played from a hand
 * to the pile, taken into a contest). Boards mark those cards until the next move, for people's
 * moves and bots' alike, with no game-specific code. A place is where a card lies up to its own
 * index, so a hand closing up after a card leaves it does not count as the others moving.
 */
import { createContext, useContext } from 'solid-js';
import { t } from './i18n.ts';

/** The id of every face-up card in a view, with the place it lies in. */
export function cardPlaces(view: unknown): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (node: unknown, at: string): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item, at);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    if (typeof record.id === 'string') {
      found.set(record.id, at);
      return;
    }
    for (const key of Object.keys(record)) {
      // What a player may do, or has done before, is no place on the table.
      if (key !== 'legal' && key !== 'history') walk(record[key], at === '' ? key : `${at}/${key}`);
    }
  };
  walk(view, '');
  return found;
}

const roundOf = (view: unknown) => (view as { round?: unknown } | null)?.round;

/**
 * The ids of the cards the change from `before` to `after` brought or moved; none for a first view
 * or a new round's deal (every card is new then, and marking them all says nothing).
 */
export function touchedCards(before: unknown, after: unknown): Set<string> {
  const touched = new Set<string>();
  if (before === null || before === undefined || roundOf(before) !== roundOf(after)) return touched;
  const then = cardPlaces(before);
  for (const [id, at] of cardPlaces(after)) if (then.get(id) !== at) touched.add(id);
  return touched;
}

/** Whether a card (by id) was touched by the last move: read by each game's card faces. */
export const LastMove = createContext<(id: string) => boolean>(() => false);

export const useLastMove = () => useContext(LastMove);

/**
 * Whether a card (by id) lay hidden from the viewer during play: a replay shows every card face
 * up, and marks those.
 */
export const WasHidden = createContext<(id: string) => boolean>(() => false);

/** A card face's mark for a card hidden during play: its class, and words read after its name. */
export function useHiddenMark(): (id: string) => { hidden: boolean; label: string } {
  const wasHidden = useContext(WasHidden);
  return (id) =>
    wasHidden(id)
      ? { hidden: true, label: `, ${t('replay.wasHidden')}` }
      : { hidden: false, label: '' };
}
