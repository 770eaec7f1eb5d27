/**
 * "Invite friends" at a solo table: the game so far goes to the server (POST /api/tables/import),
 * which replays every move itself and carries the game on as a live table, its next round dealt
 * from a seed of its own. This browser then holds the host's key and the same seat there, and the
 * solo table's link leads to the live one.
 */
import type { ApiError, ImportedTable } from '../../../shared/api.ts';
import type { Connection } from '../connection.ts';
import { t } from '../i18n.ts';
import { saved } from '../saved.ts';

/** Takes the solo game online; resolves to why not, or null once it is on its way there. */
export async function takeOnline(solo: NonNullable<Connection['solo']>): Promise<string | null> {
  const upload = await solo.upload();
  if (!upload) return t('invite.notNow');
  let res: Response;
  try {
    res = await fetch('/api/tables/import', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(upload),
    });
  } catch {
    return t('invite.offline');
  }
  if (res.status !== 201) {
    const body = (await res.json().catch(() => null)) as ApiError | null;
    return body?.error?.message ?? t('invite.failed');
  }
  const table = (await res.json()) as ImportedTable;
  saved.setHostKey(table.id, table.hostKey);
  saved.holdSeat(table.id, table.seat, table.token);
  // The worker forgets the game's rows and sends this page to the live table.
  solo.wentOnline(table.id);
  return null;
}
