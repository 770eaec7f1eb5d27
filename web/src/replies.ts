/**
 * The HTTP API's answers as the page reads them: each checked against its schema, as anything from
 * the network is, and read as nothing when it does not fit. The schemas come with the table page's
 * code, which the start page does not carry: api.ts loads this module along with a request.
 */
import * as v from 'valibot';
import type { CreatedTable } from '../../shared/api.ts';
import type { Rejection } from '../../shared/engine/types.ts';
import { type TableSummary, tableSummarySchema } from '../../shared/protocol.ts';

/** `POST /api/tables`'s 201: the page goes to `url`, a path on this site. */
const createdSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  url: v.pipe(v.string(), v.startsWith('/')),
  hostKey: v.string(),
}) satisfies v.GenericSchema<unknown, CreatedTable>;

/** A refusal: its code, and words for people. */
const refusalSchema = v.object({ error: v.object({ code: v.string(), message: v.string() }) });

function read<T>(schema: v.GenericSchema<unknown, T>, body: unknown): T | null {
  const parsed = v.safeParse(schema, body);
  return parsed.success ? parsed.output : null;
}

export const readCreated = (body: unknown): CreatedTable | null => read(createdSchema, body);

export const readRefusal = (body: unknown): Rejection | null =>
  read(refusalSchema, body)?.error ?? null;

export const readSummary = (body: unknown): TableSummary | null => read(tableSummarySchema, body);
