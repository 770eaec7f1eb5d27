/**
 * Whom the table waits on now: the one answer the summary, the pages, the notices and the nudges
 * all read, so that whoever is listed as awaited is the one who can act.
 */
import type { Seat } from '../engine/types.ts';
import type { Table } from './meta.ts';
import { awaited, betweenRounds, newcomer, peopleSeated } from './play.ts';
import { notAgreed } from './rematch.ts';

/**
 * The people the table waits on: after a game, those who have not agreed to the next (while one
 * is called); between rounds, those not ready, but for someone who sat down since the deal (a
 * newcomer, ALL-4, who watches the round's end and may say they are ready); in a round, the
 * people whose decision the game awaits (a bot's is the table's own to make).
 */
export function waitingOn(table: Table): Seat[] {
  const { meta } = table;
  if (meta.status === 'over') return meta.rematch ? notAgreed(meta) : [];
  const people = peopleSeated(meta);
  if (betweenRounds(table)) {
    return people.filter((s) => !meta.ready.includes(s) && !newcomer(table, s));
  }
  return awaited(table).filter((s) => people.includes(s));
}
