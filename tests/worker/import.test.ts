/**
 * `POST /api/tables/import`: a game played in the browser becomes a live table whose uploader is
 * its host in their own seat; friends take the bots' seats between rounds, and the game plays on
 * from the server's own seed, to a record that replays exactly.
 */
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../shared/api.ts';
import type { GameId } from '../../shared/engine/types.ts';
import { games } from '../../shared/games/index.ts';
import { MAX_HISTORY_EVENTS, type TableSummary } from '../../shared/protocol.ts';
import { MAX_IMPORT_BODY_BYTES } from '../../shared/table/limits.ts';
import { longUpload, replayRecord, soloUpload } from '../table/support.ts';
import { Client, importGame, postImport, storedRows, storedTable } from './client.ts';
import { fetchWorker, stubOf } from './cold.ts';
import { playTo, playToEnd, viewOf } from './play.ts';

describe.each(Object.keys(games).map((id) => [id as GameId]))('%s imported', (id) => {
  it('goes on at a live table: its host in their seat, a friend in a bot’s, to a record that replays', {
    timeout: 120_000,
  }, async () => {
    const { body, events } = soloUpload(id, 'roundOver');
    const created = await importGame(body);
    expect(created.id).toMatch(/^[0-9a-f]{64}$/);
    expect(created).toMatchObject({ url: `/t/${created.id}`, seat: 0 });
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{16,64}$/);

    // The uploader's page joins with the seat's token and the host key, at the round's end.
    const ann = await Client.join(created.id, 'Ann', {
      token: created.token,
      hostKey: created.hostKey,
    });
    const welcome = await ann.next('welcome', 0);
    expect(welcome).toMatchObject({ seat: 0, host: true });
    expect(welcome.table.status).toBe('playing');
    expect(welcome.table.seats.map((s) => s.bot)).toEqual([false, true, true]);
    const first = await ann.stateAtLeast(body.moves.length + 1);
    expect(viewOf(first)).toMatchObject({ phase: 'roundOver', you: 0 });
    expect(first.version).toBe(body.moves.length + 1);
    // Its history is the rounds played in the browser.
    const history = await ann.next('history', 0);
    const [started, sat, ...played] = history.events;
    expect(started).toEqual({ type: 'gameStarted', gameNo: 1 });
    expect(sat).toMatchObject({
      type: 'sitting',
      seats: [{ name: 'Ann' }, { bot: true }, { bot: true }],
    });
    expect(played).toEqual(events.flat());
    // The record waits for the game's end: its seed is the server's secret until then.
    ann.send({ type: 'record' });
    expect((await ann.next('error')).code).toBe('not-now');

    // A friend takes a bot's seat between rounds.
    const bob = await Client.join(created.id, 'Bob');
    bob.send({ type: 'sit', seat: 1 });
    expect((await bob.next('seated')).seat).toBe(1);
    await ann.waitFor((m): m is never => m.type === 'table' && m.table.seats[1]?.name === 'Bob');

    // Bob watches the round's end, so the pause does not wait for him; he may say he is ready.
    bob.send({ type: 'move', move: { t: 'nextRound' }, version: first.version });
    await ann.waitFor((m): m is never => m.type === 'table' && m.table.pause?.ready.join() === '1');
    // Ann says "next round": the round is dealt, Bob in it.
    ann.send({ type: 'move', move: { t: 'nextRound' }, version: first.version });
    await ann.stateAtLeast(first.version + 1);
    const dealt = await bob.stateAtLeast(first.version + 1);
    expect(viewOf(dealt).you).toBe(1);
    expect(viewOf(dealt).phase).not.toBe('roundOver');

    // They play on to the game's end with the bot at seat 2; the record replays the whole game.
    await playTo([ann, bob], 'roundOver');
    await playToEnd([ann, bob]);
    ann.send({ type: 'record' });
    const { record } = await ann.next('record');
    expect(record.seed).toBe(body.seed);
    expect(record.reseeded?.after).toBe(body.moves.length);
    expect(record.reseeded?.seed).not.toBe(body.seed);
    expect(record.moves.slice(0, body.moves.length)).toEqual(body.moves);
    const stored = await storedTable(created.id);
    expect(stored.meta.status).toBe('over');
    expect(replayRecord(record).at(-1)).toEqual(stored.state);
  });
});

describe('POST /api/tables/import', () => {
  it('takes a finished game as a table whose game is over', async () => {
    const { body } = soloUpload('hilo', 'gameOver');
    const created = await importGame(body);
    const res = await fetchWorker(`http://hoopla.test/api/tables/${created.id}`);
    const summary = await res.json<TableSummary>();
    expect(summary).toMatchObject({ status: 'over', gameNo: 1, phase: 'over' });
    // Its uploader's record is theirs; "play again" deals a new game of the table's own.
    const ann = await Client.join(created.id, 'Ann', { token: created.token });
    ann.send({ type: 'record' });
    const { record } = await ann.next('record');
    expect(record.reseeded?.after).toBe(body.moves.length);
    ann.send({ type: 'rematch', gameNo: 1 });
    await ann.waitFor((m): m is never => m.type === 'table' && m.table.gameNo === 2);
    expect((await storedTable(created.id)).meta).toMatchObject({ gameNo: 2, reseeded: null });
  });

  it('keeps a long game in a few rows, however many moves it had, and gives it back whole', {
    timeout: 60_000,
  }, async () => {
    const { body, events } = longUpload();
    expect(body.moves.length).toBeGreaterThan(4_500);
    const created = await importGame(body);
    const { rowsWritten } = await stubOf(created.id).usage();
    const stored = await storedRows(created.id);
    console.info(
      `an import of ${body.moves.length} moves: ${rowsWritten} rows written, ${stored.rows} rows of ${stored.bytes} bytes stored`,
    );
    // The record, the snapshot, and the game's log in a row or two.
    expect(stored.rows).toBeLessThanOrEqual(4);
    expect(rowsWritten).toBeLessThanOrEqual(12);
    // Loaded back (cold: from its rows), its history and record are every move played.
    const ann = await Client.join(created.id, 'Ann', { token: created.token });
    const history = await ann.next('history', 0);
    const all = [{ type: 'gameStarted', gameNo: 1 }, ...events.flat()];
    expect(history.events).toEqual(all.slice(-MAX_HISTORY_EVENTS));
    ann.send({ type: 'record' });
    const { record } = await ann.next('record');
    expect(record.moves).toEqual(body.moves);
    expect(replayRecord(record).at(-1)).toEqual((await storedTable(created.id)).state);
  });

  it('refuses what does not hold together with 400 and a typed error', async () => {
    const { body } = soloUpload('hulahoo', 'roundOver');
    const wrongSeat = body.moves.map((m, i) => (i === 0 ? { ...m, seat: m.seat + 1 } : m));
    const totals = body.totals.map((t) => t + 1);
    const cases: [unknown, string][] = [
      ['not json', 'bad-request'],
      [{ ...body, surprise: 1 }, 'bad-request'],
      [{ ...body, you: { seat: 0, name: 'x'.repeat(40) } }, 'bad-request'],
      [{ ...body, moves: wrongSeat }, 'illegal-move'],
      [{ ...body, moves: body.moves.slice(0, -1) }, 'not-round-end'],
      [{ ...body, totals }, 'totals-mismatch'],
      [{ ...body, levels: [null, 'easy'] }, 'bad-bots'],
      [{ ...body, you: { seat: 0, name: 'Bot 3' } }, 'name-taken'],
      [{ ...body, players: 9 }, 'bad-players'],
    ];
    for (const [body, code] of cases) {
      const res = await postImport(body);
      expect(res.status, code).toBe(400);
      const error = (await res.json<ApiError>()).error;
      expect(error.code, JSON.stringify(error)).toBe(code);
      expect(error.message.length).toBeGreaterThan(5);
    }
    const illegal = await postImport(JSON.stringify({ ...body, moves: wrongSeat }));
    expect((await illegal.json<ApiError>()).error.message).toMatch(/^Move 1 \(seat \d\)/);
  });

  it('takes JSON only (415), and a body of at most 256 KiB (413)', async () => {
    const { body } = soloUpload('sneak', 'roundOver');
    const text = await postImport(JSON.stringify(body), { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    expect((await text.json<ApiError>()).error.code).toBe('unsupported-media-type');
    const big = JSON.stringify({ ...body, seed: 'x'.repeat(MAX_IMPORT_BODY_BYTES) });
    const res = await postImport(big);
    expect(res.status).toBe(413);
    expect((await res.json<ApiError>()).error.code).toBe('too-large');
    // A long game's upload is far under the limit.
    expect(JSON.stringify(body).length).toBeLessThan(MAX_IMPORT_BODY_BYTES / 4);
  });
});
