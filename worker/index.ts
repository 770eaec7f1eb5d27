import { Hono } from 'hono';
import * as v from 'valibot';
import { version } from '../package.json';
import {
  type ApiError,
  type CreatedTable,
  createTableSchema,
  type HealthResponse,
} from '../shared/api.ts';
import type { Env } from './env.ts';
import { newSecret, sha256 } from './secrets.ts';
import { checkNewTable, newTable } from './table.ts';

export { TableObject } from './table-object.ts';

const app = new Hono<{ Bindings: Env }>();

const apiError = (code: string, message: string): ApiError => ({ error: { code, message } });

/** Table ids are Durable Object ids: 64 hex digits, 256 bits, unguessable. */
const TABLE_ID = /^[0-9a-f]{64}$/;

function tableStub(
  env: Env,
  id: string,
): DurableObjectStub<import('./table-object.ts').TableObject> | null {
  if (!TABLE_ID.test(id)) return null;
  try {
    return env.TABLES.get(env.TABLES.idFromString(id));
  } catch {
    return null; // not an id of this namespace
  }
}

app.get('/api/health', (c) => c.json<HealthResponse>({ ok: true, version }));

app.post('/api/tables', async (c) => {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return c.json(apiError('bad-request', 'The body must be JSON.'), 400);
  }
  const parsed = v.safeParse(createTableSchema, body);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const where = issue.path?.map((p) => p.key).join('.');
    return c.json(
      apiError('bad-request', where ? `${where}: ${issue.message}` : issue.message),
      400,
    );
  }
  const { game, players, config, bots = [], clock = null } = parsed.output;
  const checked = checkNewTable(game, players, config, bots);
  if (!checked.ok) return c.json<ApiError>({ error: checked.error }, 400);

  const id = c.env.TABLES.newUniqueId();
  const hostKey = newSecret();
  const meta = newTable({
    id: id.toString(),
    game,
    players,
    config: checked.value.config,
    bots,
    clock,
    hostKeyHash: await sha256(hostKey),
    now: Date.now(),
  });
  await c.env.TABLES.get(id).create(meta);
  return c.json<CreatedTable>({ id: meta.id, url: `/t/${meta.id}`, hostKey }, 201);
});

app.get('/api/tables/:id', async (c) => {
  const stub = tableStub(c.env, c.req.param('id'));
  const summary = stub ? await stub.summary() : null;
  if (!summary) return c.json(apiError('not-found', 'No such table.'), 404);
  return c.json(summary);
});

app.get('/api/tables/:id/ws', async (c) => {
  const stub = tableStub(c.env, c.req.param('id'));
  if (!stub) return c.json(apiError('not-found', 'No such table.'), 404);
  return stub.fetch(c.req.raw);
});

// Only /api/* reaches the Worker (`run_worker_first` in wrangler.toml); other paths are static
// assets or the SPA's index.html. Unknown API routes get a typed JSON error, not Hono's text 404.
app.notFound((c) =>
  c.json(apiError('not-found', `No route for ${c.req.method} ${c.req.path}`), 404),
);

app.onError((err, c) => {
  // Details go to the logs (`wrangler tail`); clients never see a stack trace.
  console.error('unhandled error', c.req.method, c.req.path, err);
  return c.json(apiError('internal', 'Internal error'), 500);
});

export default app;
