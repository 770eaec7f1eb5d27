/**
 * The coach's marks on a replayed board: at a turning point it shows, the cards the better move
 * would have played, taken or placed, and those of the move actually made. Read by each game's
 * card faces, as they read the last move's mark (last-move.ts); drawn by the coach's styles.
 */
import { createContext, useContext } from 'solid-js';
import { t } from './i18n.ts';

export type AdviceMark = 'better' | 'played' | 'both';

/** What a move that takes no card from anywhere in view marks: the draw pile it draws from. */
export const DRAW_PILE = 'pile:draw';

/** The mark of a card (by id), or null. */
export const AdviceMarks = createContext<(id: string) => AdviceMark | null>(() => null);

/**
 * A card face's advice mark: its classes, the words read after its name, and the short word shown
 * on it (`data-advice`, drawn by the coach's styles).
 */
export function useAdviceMark(): (id: string) => {
  classes: Record<string, boolean>;
  label: string;
  badge: string | undefined;
} {
  const markOf = useContext(AdviceMarks);
  return (id) => {
    const mark = markOf(id);
    const better = mark === 'better' || mark === 'both';
    const played = mark === 'played' || mark === 'both';
    const said = (key: 'mark' | 'badge') =>
      [better ? t(`coach.${key}.better`) : '', played ? t(`coach.${key}.played`) : ''].filter(
        (w) => w !== '',
      );
    return {
      classes: { 'advice-better': better, 'advice-played': played },
      label: said('mark')
        .map((w) => `, ${w}`)
        .join(''),
      badge: mark === null ? undefined : said('badge').join(' · '),
    };
  };
}
