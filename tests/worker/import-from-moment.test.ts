/**
 * `POST /api/tables/import` with `from` ("Play from here … from what you knew", live): the upload
 * is a finished game's record and a step, and the table deals the cards the seat could not see
 * there, so that no page holds them. Its player sees the moment as they saw it; the rest is dealt
 * afresh at each import, each deal a world that view allows; a `from` that does not fit is
 * refused with a typed error.
 */
import { describe, expect, it } from 'vitest';
import type { ApiError, ImportTable } from '../../shared/api.ts';
import type { RoundState } from '../../shared/engine/rounds.ts';
import type { GameId } from '../../shared/engine/types.ts';
import { games } from '../../shared/games/index.ts';
import { offerAt } from '../../shared/table/position.ts';
import { checkStart } from '../../shared/table/start-state.ts';
import { configOf, replayRecord, soloUpload } from '../table/support.ts';
import { Client, importGame, postImport, storedTable } from './client.ts';

/** How many tables each test makes from the one moment. */
const IMPORTS = 3;

/**
 * A finished game of three (Ann at seat 0, bots elsewhere) and the upload that plays on from
 * what Ann knew at a moment of her turn some moves in (so that no bot moves before she looks).
 */
function fromMoment(id: GameId) {
  const game = games[id];
  const { body: played } = soloUpload(id, 'gameOver');
  const { players, seed, moves } = played;
  const states = replayRecord({
    game: id,
    gameNo: 1,
    players,
    config: configOf(played),
    seed,
    moves,
  });
  let step = 7;
  const awaitsAnn = (state: RoundState) =>
    game.toMove(state).join() === '0' && offerAt(id, state, 0).ok;
  while (!awaitsAnn(states[step]!)) step++;
  const moment = states[step]!;
  const body: ImportTable = {
    ...played,
    moves: played.moves.slice(0, step),
    from: { step, way: 'what-you-knew' },
    totals: game.result(moment).totals,
  };
  return { game, played, moment, body, step };
}

/** A state as it lies, its generator aside (every import reseeds it with a secret of its own). */
const lying = (state: RoundState) => JSON.stringify({ ...state, rng: null });

describe.each(Object.keys(games).map((id) => [id as GameId]))('%s from what a seat knew', (id) => {
  it('is a live table where Ann sees what she saw, and every other card is dealt afresh by the table', {
    timeout: 60_000,
  }, async () => {
    const { game, moment, body } = fromMoment(id);
    const seen = JSON.parse(JSON.stringify(game.view(moment, 0)));
    const starts: RoundState[] = [];
    for (let n = 0; n < IMPORTS; n++) {
      const created = await importGame(body);
      expect(created).toMatchObject({ url: `/t/${created.id}`, seat: 0 });
      const ann = await Client.join(created.id, 'Ann', { token: created.token });
      // Her cards and every public one as they were: her view is the one she had.
      const first = await ann.stateAtLeast(1);
      expect(first.version).toBe(1);
      expect(first.view).toEqual(seen);
      ann.close();
      starts.push((await storedTable(created.id)).state as RoundState);
    }
    const table = { game: id, players: body.players, config: moment.config };
    for (const start of starts) {
      // A world of her view: the game's cards once each, a state the table goes on from.
      expect(checkStart(table, start).ok).toBe(true);
      expect(game.view(start, 0)).toEqual(game.view(moment, 0));
    }
    // Dealt afresh: each deal differs from the others and from the game's own.
    const deals = new Set([moment, ...starts].map(lying));
    expect(deals.size).toBe(IMPORTS + 1);
  });
});

describe('POST /api/tables/import with from', () => {
  it('refuses a from that does not fit the upload with a typed error', async () => {
    const { body, played, step } = fromMoment('sneak');
    const way = 'what-you-knew';
    const moves = body.moves;
    const broken = moves.map((m, i) => (i === step - 1 ? { ...m, move: { t: 'fold' } } : m));
    const cases: [unknown, string, RegExp][] = [
      [{ ...body, from: { step: -1, way } }, 'bad-request', /^from\.step/],
      [{ ...body, from: { step: 2.5, way } }, 'bad-request', /^from\.step/],
      [{ ...body, from: { step, way: 'as-it-was' } }, 'bad-request', /^from\.way/],
      [{ ...body, from: { step, way, seat: 1 } }, 'bad-request', /^from/],
      [{ ...body, from: { way } }, 'bad-request', /^from\.step/],
      [{ ...body, from: { step: moves.length + 1, way } }, 'bad-request', /^from/],
      [{ ...body, from: undefined, reseeded: { after: 0, seed: 's' } }, 'bad-request', /^reseeded/],
      [{ ...body, moves: broken }, 'illegal-move', /replay/],
      [{ ...played, from: { step: played.moves.length, way } }, 'game-over', /over/],
      [{ ...body, totals: [1, 2, 3] }, 'totals-mismatch', /scores/],
    ];
    for (const [sent, code, message] of cases) {
      const res = await postImport(sent);
      expect(res.status, code).toBe(400);
      const { error } = await res.json<ApiError>();
      expect(error.code, JSON.stringify(error)).toBe(code);
      expect(error.message).toMatch(message);
    }
  });
});
