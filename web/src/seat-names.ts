/**
 * What each seat is called on the page: its player's name, else "Ben's bot" for a bot standing
 * in for someone away, "Bot N" or "Empty seat".
 */
import type { Sitting } from '../../shared/protocol.ts';
import { t } from './i18n.ts';

export function seatNames(seats: readonly Sitting[]): string[] {
  return seats.map(
    (s) =>
      s.name ??
      (s.standIn !== undefined
        ? standInName(s.standIn)
        : s.bot
          ? t('seat.bot', { n: s.seat + 1 })
          : t('seat.empty')),
  );
}

/** The bot standing in for `name` while they are away. */
export const standInName = (name: string) => t('seat.standIn', { name });
