/**
 * "Invite friends" at a solo table: the game so far goes to the server (POST /api/tables/import),
 * which replays every move itself and carries the game on as a live table, its next round dealt
 * from a seed of its own. This browser then holds the host's key and the same seat there, and the
 * solo table's link leads to the live one.
 */
import * as v from 'valibot';
import type { ImportedTable } from '../../../shared/api.ts';
import type { Connection } from '../connection.ts';
import { t } from '../i18n.ts';
import { saved } from '../saved.ts';
import type { Upload } from './worker-messages.ts';

/** The server's 201, as this page uses it: checked, as anything from the network is. */
const importedSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  hostKey: v.string(),
  seat: v.pipe(v.number(), v.integer(), v.minValue(0)),
  token: v.string(),
}) satisfies v.GenericSchema<unknown, Omit<ImportedTable, 'url'>>;

/** A refusal's words, where the server gave them. */
const refusalSchema = v.object({ error: v.object({ message: v.string() }) });

/** The response's JSON body, or undefined when it has none. */
const bodyOf = (res: Response): Promise<unknown> => res.json().catch(() => undefined);

/**
 * `POST /api/tables/import`: the new live table, whose host key and seat this browser now holds,
 * or why not (the server's words for a refusal, ours otherwise).
 */
export async function importToTable(
  upload: Upload,
): Promise<{ ok: true; id: string } | { ok: false; reason: string }> {
  let res: Response;
  try {
    res = await fetch('/api/tables/import', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(upload),
    });
  } catch {
    return { ok: false, reason: t('invite.offline') };
  }
  const body = await bodyOf(res);
  if (res.status !== 201) {
    const refused = v.safeParse(refusalSchema, body);
    return {
      ok: false,
      reason: refused.success ? refused.output.error.message : t('invite.failed'),
    };
  }
  const parsed = v.safeParse(importedSchema, body);
  if (!parsed.success) return { ok: false, reason: t('invite.failed') };
  const table = parsed.output;
  saved.setHostKey(table.id, table.hostKey);
  saved.holdSeat(table.id, table.seat, table.token);
  return { ok: true, id: table.id };
}

/** Takes the solo game online; resolves to why not, or null once it is on its way there. */
export async function takeOnline(solo: NonNullable<Connection['solo']>): Promise<string | null> {
  const upload = await solo.upload();
  if (!upload) return t('invite.notNow');
  const made = await importToTable(upload);
  if (!made.ok) return made.reason;
  // The worker forgets the game's rows and sends this page to the live table.
  solo.wentOnline(made.id);
  return null;
}
