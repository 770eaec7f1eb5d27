import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../shared/api.ts';
import { SUBPROTOCOL, type TableSummary } from '../../shared/protocol.ts';
import { soloUpload } from '../table/support.ts';
import { createTable, newClientIp, twoPlayerGame } from './client.ts';
import { fetchWorker } from './cold.ts';
import { playTo } from './play.ts';

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  fetchWorker('http://hoopla.test/api/tables', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': newClientIp(), ...headers },
  });

const VALID = JSON.stringify({ game: 'hulahoo', players: 2 });

describe('POST /api/tables', () => {
  it('creates a table with an unguessable id and a share link', async () => {
    const created = await createTable({ game: 'hulahoo', players: 4, bots: [2, 3] });
    expect(created.id).toMatch(/^[0-9a-f]{64}$/);
    expect(created.url).toBe(`/t/${created.id}`);
    expect(created.hostKey.length).toBeGreaterThanOrEqual(16);
    const other = await createTable({ game: 'hulahoo', players: 4 });
    expect(other.id).not.toBe(created.id);
  });

  it('refuses bad bodies with 400 and a typed error', async () => {
    const cases: [string, string][] = [
      ['not json', 'bad-request'],
      ['[]', 'bad-request'],
      [JSON.stringify({ game: 'poker', players: 4 }), 'bad-request'],
      [JSON.stringify({ game: 'hulahoo' }), 'bad-request'],
      [JSON.stringify({ game: 'hulahoo', players: 'four' }), 'bad-request'],
      [JSON.stringify({ game: 'hulahoo', players: 4, surprise: 1 }), 'bad-request'],
      [JSON.stringify({ game: 'hulahoo', players: 9 }), 'bad-players'],
      [JSON.stringify({ game: 'hulahoo', players: 4, config: { goal: 'fast' } }), 'bad-config'],
      [JSON.stringify({ game: 'hulahoo', players: 4, bots: [4] }), 'bad-bots'],
      [JSON.stringify({ game: 'hulahoo', players: 4, bots: [1, 1] }), 'bad-bots'],
      [JSON.stringify({ game: 'hulahoo', players: 4, clock: 1 }), 'bad-request'],
      [JSON.stringify({ game: 'hulahoo', players: 4, clock: 3600 }), 'bad-request'],
      [JSON.stringify({ game: 'hulahoo', players: 4, pace: 'slow' }), 'bad-request'],
      [JSON.stringify({ game: 'hulahoo', players: 4, pace: 'turn', clock: 30 }), 'bad-request'],
      [JSON.stringify({ game: 'hulahoo', players: 4, pace: 'turn', clock: null }), 'bad-request'],
    ];
    for (const [body, code] of cases) {
      const res = await post(body);
      expect(res.status, body).toBe(400);
      const error = (await res.json<ApiError>()).error;
      expect(error.code, body).toBe(code);
      expect(error.message.length).toBeGreaterThan(5);
      expect(JSON.stringify(error)).not.toMatch(/at .*\.ts|stack/i);
    }
  });
});

describe('POST /api/tables keeps other sites and floods out', () => {
  it('takes JSON only: text, form and multipart bodies are refused with 415', async () => {
    const form = new FormData();
    form.set('game', 'hulahoo');
    for (const [body, headers] of [
      [VALID, { 'content-type': 'text/plain' }],
      ['game=hulahoo&players=2', { 'content-type': 'application/x-www-form-urlencoded' }],
      [form, {}],
    ] as [BodyInit, Record<string, string>][]) {
      const res = await fetchWorker('http://hoopla.test/api/tables', {
        method: 'POST',
        body,
        headers: { 'cf-connecting-ip': newClientIp(), ...headers },
      });
      expect(res.status).toBe(415);
      expect((await res.json<ApiError>()).error.code).toBe('unsupported-media-type');
    }
    expect((await post(VALID, { 'content-type': 'application/json; charset=utf-8' })).status).toBe(
      201,
    );
  });

  it('refuses a body over 4 KB with 413, whether its length is declared or streamed', async () => {
    const big = JSON.stringify({ game: 'hulahoo', players: 2, config: { pad: 'x'.repeat(5000) } });
    const declared = await post(big);
    expect(declared.status).toBe(413);
    expect((await declared.json<ApiError>()).error.code).toBe('too-large');
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode(' '.repeat(1000)));
        controller.close();
      },
    });
    const streamed = await post(stream);
    expect(streamed.status).toBe(413);
  });

  it('limits how many tables one client address creates per minute (429), not others', async () => {
    const ip = newClientIp();
    const statuses: number[] = [];
    // The local limiter's windows follow the wall clock: a run may straddle two of them.
    while (statuses.length < 61 && !statuses.includes(429))
      statuses.push((await post(VALID, { 'cf-connecting-ip': ip })).status);
    const first = statuses.indexOf(429);
    expect(first).toBeGreaterThanOrEqual(30);
    expect(statuses.slice(0, first).every((s) => s === 201)).toBe(true);
    const refused = await post(VALID, { 'cf-connecting-ip': ip });
    expect(refused.headers.get('retry-after')).toBe('60');
    expect((await refused.json<ApiError>()).error.code).toBe('rate-limited');
    expect((await post(VALID)).status).toBe(201);
  });
});

describe('creation limits by network', () => {
  /** Creates from each address in turn until one is refused; how many were made. */
  async function createUntilRefused(addresses: (i: number) => string): Promise<number> {
    let made = 0;
    for (let i = 0; i < 400; i++) {
      const res = await post(VALID, { 'cf-connecting-ip': addresses(i) });
      if (res.status === 429) return made;
      expect(res.status).toBe(201);
      made++;
    }
    return made;
  }

  it('one home’s /56 spread over 40 /64s has a budget of its own; its /48 one more', async () => {
    // The local limiter's windows follow the wall clock: a run may straddle two of them, so a
    // budget may be met twice over, never more.
    const home = await createUntilRefused(
      (i) => `2001:db8:7:1${(i % 40).toString(16).padStart(2, '0')}::1`,
    );
    expect(home).toBeGreaterThanOrEqual(60);
    expect(home).toBeLessThan(2 * 60 + 1);
    // Another /56 of the same /48 creates until the /48's budget is spent.
    const neighbour = await createUntilRefused(
      (i) => `2001:db8:7:2${(i % 40).toString(16).padStart(2, '0')}::1`,
    );
    expect(neighbour).toBeGreaterThan(0);
    expect(home + neighbour).toBeLessThan(2 * 120 + 1);
    // Another network altogether, and an IPv4 address, are not held back.
    expect((await post(VALID, { 'cf-connecting-ip': '2001:db8:8::1' })).status).toBe(201);
    expect((await post(VALID)).status).toBe(201);
  });
});

describe('import limits', () => {
  const { body } = soloUpload('hilo', 'roundOver');
  const postImport = (ip: string) =>
    fetchWorker('http://hoopla.test/api/tables/import', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
    });

  /** Posts from `ip` until one is refused (at most `most`): the statuses before, and the refusal. */
  async function untilRefused(send: () => Promise<Response>, most: number) {
    const made: number[] = [];
    for (let i = 0; i < most; i++) {
      const res = await send();
      if (res.status === 429) return { made, refused: res };
      made.push(res.status);
      await res.body?.cancel();
    }
    throw new Error(`never refused in ${most}`);
  }

  it('imports have a budget of their own, apart from creating tables, and smaller', async () => {
    // An address that has spent its creation budget still imports.
    const creator = newClientIp();
    await untilRefused(() => post(VALID, { 'cf-connecting-ip': creator }), 61);
    const imported = await postImport(creator);
    expect(imported.status).toBe(201);
    await imported.body?.cancel();
    // An address's imports run out at 5 a minute, however much of its creation budget is left
    // (the local limiter's windows follow the wall clock: a run may meet a budget twice over).
    const importer = newClientIp();
    const { made, refused } = await untilRefused(() => postImport(importer), 31);
    expect(made.length).toBeGreaterThanOrEqual(5);
    expect(made.length).toBeLessThanOrEqual(10);
    expect(made.every((s) => s === 201)).toBe(true);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect((await refused.json<ApiError>()).error.code).toBe('rate-limited');
    const created = await post(VALID, { 'cf-connecting-ip': importer });
    expect(created.status).toBe(201);
    await created.body?.cancel();
    // Another address imports as before.
    expect((await postImport(newClientIp())).status).toBe(201);
  });
});

describe('GET /api/tables/<id>', () => {
  it('gives the public summary: game, seats with names and bot flags, phase', async () => {
    const { id } = await createTable({ game: 'hulahoo', players: 3, bots: [1], clock: 30 });
    const res = await fetchWorker(`http://hoopla.test/api/tables/${id}`);
    expect(res.status).toBe(200);
    const summary = await res.json<TableSummary>();
    expect(summary).toMatchObject({
      id,
      game: 'hulahoo',
      players: 3,
      clock: 30,
      status: 'lobby',
      phase: 'lobby',
    });
    expect(summary.seats).toEqual([
      { seat: 0, name: null, bot: false, connected: false },
      { seat: 1, name: null, bot: true, connected: false, level: 'normal' },
      { seat: 2, name: null, bot: false, connected: false },
    ]);
    expect(JSON.stringify(summary)).not.toContain('hostKey');
    // Whose turn: nobody's before the deal.
    expect(summary.toMove).toEqual([]);
  });

  it('says whose turn it is while a round is played, as the view does', async () => {
    const { table, ann, bob } = await twoPlayerGame({ game: 'sneak' });
    const summary = await (
      await fetchWorker(`http://hoopla.test/api/tables/${table.id}`)
    ).json<TableSummary>();
    expect(summary.toMove).toEqual(ann.lastState()!.view.toMove);
    expect(summary.toMove).toHaveLength(1);
    ann.close();
    bob.close();
  });

  it('says nobody is to move between rounds: the pause says who it waits for', async () => {
    const { table, ann, bob } = await twoPlayerGame({ game: 'hulahoo' });
    await playTo([ann, bob], 'roundOver');
    const summary = await (
      await fetchWorker(`http://hoopla.test/api/tables/${table.id}`)
    ).json<TableSummary>();
    expect(summary.phase).toBe('roundOver');
    expect(summary.toMove).toEqual([]);
    expect(summary.pause?.waitingFor).toEqual([0, 1]);
    ann.close();
    bob.close();
  });

  it('sends a table link with a slash after it to the link itself', async () => {
    const { id } = await createTable({ game: 'hilo', players: 2 });
    const res = await fetchWorker(`http://hoopla.test/t/${id}/?screen`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/t/${id}?screen`);
  });

  it('answers 404 for unknown and malformed ids, over HTTP and WebSocket', async () => {
    const unknown = 'a'.repeat(64);
    for (const path of [
      `/api/tables/${unknown}`,
      '/api/tables/nope',
      `/api/tables/${unknown}/ws`,
    ]) {
      const res = await fetchWorker(`http://hoopla.test${path}`, {
        headers: { Upgrade: 'websocket' },
      });
      expect(res.status, path).toBe(404);
      expect((await res.json<ApiError>()).error.code).toBe('not-found');
    }
  });

  it('answers only its own subprotocol, and refuses an upgrade that offers others without it', async () => {
    const { id } = await createTable({ game: 'hilo', players: 2 });
    const token = 'a-secret-token-0123456789';
    const ws = (offer?: string) =>
      fetchWorker(`http://hoopla.test/api/tables/${id}/ws`, {
        headers: { Upgrade: 'websocket', ...(offer ? { 'Sec-WebSocket-Protocol': offer } : {}) },
      });
    // A token offered alone, or first: never echoed back in a header.
    for (const offer of [token, `${token}, chat`]) {
      const refused = await ws(offer);
      expect(refused.status, offer).toBe(400);
      expect(refused.webSocket).toBeNull();
      expect(refused.headers.get('Sec-WebSocket-Protocol')).toBeNull();
      expect((await refused.json<ApiError>()).error.code).toBe('bad-request');
    }
    const ours = await ws(`${token}, ${SUBPROTOCOL}`);
    expect(ours.status).toBe(101);
    expect(ours.headers.get('Sec-WebSocket-Protocol')).toBe(SUBPROTOCOL);
    // The plain upgrade of the HTTP surface (CONTRACT §2) offers none and is answered with none.
    const plain = await ws();
    expect(plain.status).toBe(101);
    expect(plain.headers.get('Sec-WebSocket-Protocol')).toBeNull();
    for (const open of [ours, plain]) {
      open.webSocket?.accept();
      open.webSocket?.close();
    }
  });

  it('agrees to compression with a 4 KB server window when the client offers it', async () => {
    const { id } = await createTable({ game: 'hilo', players: 2 });
    const ws = (offer?: string) =>
      fetchWorker(`http://hoopla.test/api/tables/${id}/ws`, {
        headers: {
          Upgrade: 'websocket',
          ...(offer ? { 'Sec-WebSocket-Extensions': offer } : {}),
        },
      });
    const offered = await ws('permessage-deflate; client_max_window_bits');
    expect(offered.status).toBe(101);
    expect(offered.headers.get('Sec-WebSocket-Extensions')).toBe(
      'permessage-deflate; server_max_window_bits=12',
    );
    offered.webSocket?.accept();
    offered.webSocket?.close();
    const plain = await ws();
    expect(plain.status).toBe(101);
    expect(plain.headers.get('Sec-WebSocket-Extensions')).toBeNull();
    plain.webSocket?.accept();
    plain.webSocket?.close();
  });
});
