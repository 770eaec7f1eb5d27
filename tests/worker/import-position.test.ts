/**
 * `POST /api/tables/import` with a start state: a game begun at a moment of a finished one ("Play
 * from here"), as a live table. It starts at that moment, the uploader in their seat with its
 * cards, bots in the others; it plays on to a record that holds the start and replays exactly.
 * A start state that is not its game's, or whose cards are not the deck's once each, is refused
 * as `bad-start`; a start played on to the middle of a round, as `not-round-end`.
 */
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../shared/api.ts';
import type { GameId } from '../../shared/engine/types.ts';
import { games } from '../../shared/games/index.ts';
import { playOn, positionUpload, randomFrom, replayRecord } from '../table/support.ts';
import { Client, importGame, postImport, storedTable } from './client.ts';
import { playToEnd } from './play.ts';

describe.each(Object.keys(games).map((id) => [id as GameId]))('%s from a position', (id) => {
  it('is a live table at that moment: its player sees what they saw, and it plays on to a record from there', {
    timeout: 120_000,
  }, async () => {
    // A moment of seat 0's turn, so that no bot moves before its page has seen it.
    let at = 7;
    while (games[id].toMove(positionUpload(id, 'what-you-knew', at).state).join() !== '0') at++;
    const { game, state, body } = positionUpload(id, 'what-you-knew', at);
    const created = await importGame(body);
    expect(created).toMatchObject({ url: `/t/${created.id}`, seat: 0 });
    const ann = await Client.join(created.id, 'Ann', {
      token: created.token,
      hostKey: created.hostKey,
    });
    expect(await ann.next('welcome', 0)).toMatchObject({ seat: 0, host: true });
    // The first state is the moment itself, as seat 0 saw it.
    const first = await ann.stateAtLeast(1);
    expect(first.version).toBe(1);
    expect(first.view).toEqual(JSON.parse(JSON.stringify(game.view(state, 0))));
    await playToEnd([ann]);
    ann.send({ type: 'record' });
    const { record } = await ann.next('record');
    expect(record.start).toEqual(body.start);
    expect(record.reseeded?.after).toBe(0);
    expect(replayRecord(record).at(-1)).toEqual((await storedTable(created.id)).state);
  });
});

describe('POST /api/tables/import with a start state', () => {
  it('refuses one that is not its game’s, or whose cards do not hold together, as bad-start', async () => {
    const { body, state } = positionUpload('sneak', 'as-it-was', 5);
    const sneak = state as typeof state & { stock: { id: string }[] };
    const [top, ...rest] = sneak.stock;
    const cases: [unknown, string][] = [
      [{ ...body, start: 'a position' }, 'bad-start'],
      [{ ...body, start: { ...state, game: 'hilo' } }, 'bad-start'],
      [{ ...body, start: { ...state, stock: [top, top, ...rest] } }, 'bad-start'],
      [{ ...body, start: { ...state, stock: rest } }, 'bad-start'],
      [{ ...body, start: { ...state, players: 4 } }, 'bad-start'],
      [{ ...body, start: { ...state, phase: 'gameOver' } }, 'bad-start'],
    ];
    for (const [sent, code] of cases) {
      const res = await postImport(sent);
      expect(res.status, code).toBe(400);
      const { error } = await res.json<ApiError>();
      expect(error.code, JSON.stringify(error)).toBe(code);
      expect(error.message).toMatch(/^start/);
    }
  });

  it('refuses moves from the start that stop mid-round, as any import’s', async () => {
    const { game, state, body } = positionUpload('hilo', 'as-it-was');
    const log: Parameters<typeof playOn>[3] = [];
    playOn(game, state, 'roundOver', log, randomFrom('mid'));
    const moves = log.slice(0, 1).map(({ seat, move }) => ({ seat, move }));
    const res = await postImport({ ...body, moves });
    expect(res.status).toBe(400);
    expect((await res.json<ApiError>()).error.code).toBe('not-round-end');
  });
});
