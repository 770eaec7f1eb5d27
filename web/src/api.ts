/**
 * The HTTP API as the page uses it: creating a table, a table's public summary
 * (`GET /api/tables/<id>`) and what it says of the seat this browser holds there. Every answer is
 * read with a schema (replies.ts); one that does not fit is an error the page shows as any other.
 */
import type { CreatedTable } from '../../shared/api.ts';
import type { Rejection, Result, Seat } from '../../shared/engine/types.ts';
import type { TableSummary } from '../../shared/protocol.ts';
import type { HeldSeat } from './saved.ts';

const OFFLINE: Rejection = { code: 'offline', message: 'The server cannot be reached.' };
/** An answer that is not what the API sends: from another server, or a proxy's error page. */
const UNREADABLE: Rejection = {
  code: 'bad-reply',
  message: 'The server’s answer could not be read.',
};
const GONE: Rejection = { code: 'not-found', message: 'No such table.' };

/**
 * A request's status and its JSON body (undefined when there is none), with the readers of the
 * answers (replies.ts), loaded along with it. Throws when the server cannot be reached.
 */
async function ask(path: string, init?: RequestInit) {
  const [read, res] = await Promise.all([import('./replies.ts'), fetch(path, init)]);
  const body: unknown = await res.json().catch(() => undefined);
  return { read, status: res.status, body };
}

/**
 * `POST /api/tables`: the new table, or why not: the server's refusal, an answer that cannot be
 * read, or `offline`.
 */
export async function createTable(
  request: Record<string, unknown>,
): Promise<Result<{ table: CreatedTable }>> {
  try {
    const { read, status, body } = await ask('/api/tables', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    if (status !== 201) return { ok: false, error: read.readRefusal(body) ?? UNREADABLE };
    const table = read.readCreated(body);
    return table ? { ok: true, table } : { ok: false, error: UNREADABLE };
  } catch {
    return { ok: false, error: OFFLINE };
  }
}

/**
 * A table's public summary, or why not: `not-found` when there is no such table (a seat held there
 * may be forgotten), the server's refusal, an answer that cannot be read, or `offline`.
 */
export async function tableSummary(id: string): Promise<Result<{ table: TableSummary }>> {
  try {
    const { read, status, body } = await ask(`/api/tables/${id}`);
    if (status === 404) return { ok: false, error: GONE };
    if (status !== 200) return { ok: false, error: read.readRefusal(body) ?? UNREADABLE };
    const table = read.readSummary(body);
    return table ? { ok: true, table } : { ok: false, error: UNREADABLE };
  } catch {
    return { ok: false, error: OFFLINE };
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
