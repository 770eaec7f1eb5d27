/**
 * The HTTP API's answers as the page reads them (web/src/api.ts): each checked against its schema,
 * and one that does not fit is an error the page shows, never a table it goes on with.
 */
import './browser-globals.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTable, tableSummary } from '../../web/src/api.ts';

const ID = 'a'.repeat(64);

/** The network answers every request with `status` and `body` (JSON unless a string), or fails. */
function answer(status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  vi.stubGlobal('fetch', async () => new Response(text, { status }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('creating a table', () => {
  const request = { game: 'hilo', players: 2 };

  it('reads the new table', async () => {
    const created = { id: ID, url: `/t/${ID}`, hostKey: 'key' };
    answer(201, created);
    expect(await createTable(request)).toEqual({ ok: true, table: created });
  });

  it('passes on the server’s refusal', async () => {
    const error = { code: 'bad-players', message: 'HiLO takes 2 to 6 players.' };
    answer(400, { error });
    expect(await createTable(request)).toEqual({ ok: false, error });
  });

  it('refuses an answer that is not the API’s, whatever its status', async () => {
    for (const [status, body] of [
      [201, { id: ID, url: `/t/${ID}` }],
      [201, { id: 'not-an-id', url: '/t/x', hostKey: 'key' }],
      [201, { id: ID, url: 'https://elsewhere.example/', hostKey: 'key' }],
      [502, '<html>Bad gateway</html>'],
      [400, { error: 'bad' }],
    ] as const) {
      answer(status, body);
      const out = await createTable(request);
      expect(out.ok || out.error.code, JSON.stringify(body)).toBe('bad-reply');
    }
  });

  it('says so when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const out = await createTable(request);
    expect(out.ok || out.error.code).toBe('offline');
  });
});

describe('a table’s summary', () => {
  const summary = {
    id: ID,
    game: 'sneak',
    players: 2,
    config: {},
    clock: null,
    botLevel: 'normal',
    status: 'lobby',
    phase: 'lobby',
    seats: [],
    gameNo: 1,
    spectators: 0,
    pause: null,
  };

  it('is read, an older server’s missing pace read as live', async () => {
    answer(200, summary);
    const out = await tableSummary(ID);
    expect(out.ok && out.table).toEqual({ ...summary, pace: 'live' });
  });

  it('is gone when there is no such table', async () => {
    answer(404, { error: { code: 'not-found', message: 'No such table.' } });
    const out = await tableSummary(ID);
    expect(out.ok || out.error.code).toBe('not-found');
  });

  it('is refused when it does not fit: a game this page does not know, a missing field', async () => {
    for (const body of [{ ...summary, game: 'snap' }, { ...summary, seats: undefined }, 'ok']) {
      answer(200, body);
      const out = await tableSummary(ID);
      expect(out.ok || out.error.code, JSON.stringify(body)).toBe('bad-reply');
    }
  });

  it('passes on the server’s refusal, and says when it cannot be reached', async () => {
    const error = { code: 'unavailable', message: 'This table cannot be served now.' };
    answer(503, { error });
    expect(await tableSummary(ID)).toEqual({ ok: false, error });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const out = await tableSummary(ID);
    expect(out.ok || out.error.code).toBe('offline');
  });
});
