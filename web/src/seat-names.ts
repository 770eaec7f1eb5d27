/** What each seat is called on the page: its player's name, else "Bot N" or "Empty seat". */
import type { TableSummary } from '../../shared/protocol.ts';
import { t } from './i18n.ts';

export function seatNames(seats: TableSummary['seats']): string[] {
  return seats.map((s) => s.name ?? (s.bot ? t('seat.bot', { n: s.seat + 1 }) : t('seat.empty')));
}
