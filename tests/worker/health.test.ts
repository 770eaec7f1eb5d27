import { describe, expect, it } from 'vitest';
import pkg from '../../package.json';
import type { ApiError, HealthResponse } from '../../shared/api.ts';
import { fetchWorker } from './cold.ts';

describe('GET /api/health', () => {
  it('answers ok with the package version', async () => {
    const res = await fetchWorker('http://x/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json<HealthResponse>()).toEqual({ ok: true, version: pkg.version });
  });
});

describe('unknown API routes', () => {
  it('answer 404 with a typed not-found error', async () => {
    const res = await fetchWorker('http://x/api/no-such-route', { method: 'POST' });
    expect(res.status).toBe(404);
    const body = await res.json<ApiError>();
    expect(body.error.code).toBe('not-found');
    expect(body.error.message).toContain('/api/no-such-route');
  });
});
