/**
 * The HTTP API as the page uses it: creating a table, and what a table's public summary
 * (`GET /api/tables/<id>`) says of the seat this browser holds there.
 */
import type { ApiError, CreatedTable } from '../../shared/api.ts';
import type { Result, Seat } from '../../shared/engine/types.ts';
import type { TableSummary } from '../../shared/protocol.ts';
import type { HeldSeat } from './saved.ts';

export async function createTable(
  body: Record<string, unknown>,
): Promise<Result<{ table: CreatedTable }>> {
  try {
    const res = await fetch('/api/tables', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status === 201) return { ok: true, table: (await res.json()) as CreatedTable };
    return { ok: false, error: ((await res.json()) as ApiError).error };
  } catch {
    return { ok: false, error: { code: 'offline', message: 'The server cannot be reached.' } };
  }
}

/** A table's pace: live, or turn-based (a summary from an older server has none: live). */
export const paceOf = (table: TableSummary): 'live' | 'turn' =>
  table.pace === 'turn' ? 'turn' : 'live';

/** When the decision the table waits on times out (epoch ms; over HTTP only), or null. */
export const deadlineOf = (table: TableSummary): number | null =>
  typeof table.deadline === 'number' ? table.deadline : null;

/** Whether the table waits on `seat`: its move, or between rounds its "ready". */
export function waitsOn(table: TableSummary, seat: Seat): boolean {
  if (table.status !== 'playing') return false;
  if (table.pause) return table.pause.waitingFor.includes(seat);
  return (table.toMove ?? []).includes(seat);
}

/** A table this browser holds a seat at, with its summary; `solo`: one kept in this browser. */
export type Held = HeldSeat & { table: TableSummary; solo?: boolean };

/** A turn-based table waiting on the seat held there: someone may be waiting on you for hours. */
export const yourTurnAt = (held: Held): boolean =>
  paceOf(held.table) === 'turn' && waitsOn(held.table, held.seat);

/**
 * "Your tables" in the order they are listed: the turn-based tables waiting on you first, the
 * one whose clock runs out soonest at the top, then every other as it came (newest first).
 */
export function yourTablesOrder(list: readonly Held[]): Held[] {
  const soonest = (h: Held) => deadlineOf(h.table) ?? Number.POSITIVE_INFINITY;
  const yours = list.filter(yourTurnAt).sort((a, b) => soonest(a) - soonest(b));
  return [...yours, ...list.filter((h) => !yourTurnAt(h))];
}
