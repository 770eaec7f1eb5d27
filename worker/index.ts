import { Hono } from 'hono';
import { version } from '../package.json';
import type { ApiError, HealthResponse } from '../shared/api.ts';

const app = new Hono();

app.get('/api/health', (c) => c.json<HealthResponse>({ ok: true, version }));

// Only /api/* reaches the Worker (`run_worker_first` in wrangler.toml); other paths are static
// assets or the SPA's index.html. Unknown API routes get a typed JSON error, not Hono's text 404.
app.notFound((c) =>
  c.json<ApiError>(
    { error: { code: 'not-found', message: `No route for ${c.req.method} ${c.req.path}` } },
    404,
  ),
);

app.onError((err, c) => {
  // Details go to the logs (`wrangler tail`); clients never see a stack trace.
  console.error('unhandled error', c.req.method, c.req.path, err);
  return c.json<ApiError>({ error: { code: 'internal', message: 'Internal error' } }, 500);
});

export default app;
