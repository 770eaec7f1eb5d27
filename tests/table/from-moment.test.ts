/**
 * An import's `from` in plain code (shared/table/from-moment.ts): the record is replayed to the
 * step as its replay is, its reseeding included, so a moment after a game went online is found
 * again; and a solo table, whose page deals its own position, is never given a moment.
 */
import { describe, expect, it } from 'vitest';
import type { ImportTable } from '../../shared/api.ts';
import type { LogEntry } from '../../shared/table/game-log.ts';
import { positionTable } from '../../shared/table/imported.ts';
import { offerAt } from '../../shared/table/position.ts';
import {
  importUpload,
  playOn,
  randomFrom,
  replayRecord,
  SERVER_SEED,
  soloUpload,
} from './support.ts';

/**
 * A Hula-Hoo! game played alone for a round, taken online (reseeded there), its next round
 * played at the table; the upload from what Ann knew at a turn of hers in that round.
 */
function afterGoingOnline(reseeded: boolean) {
  const { game, body: solo } = soloUpload('hulahoo', 'roundOver');
  const taken = importUpload(solo);
  if (!taken.ok) throw new Error(taken.error.message);
  const next = game.apply(taken.table.state, 0, { t: 'nextRound' });
  if (!next.ok) throw new Error(next.error.message);
  const log: LogEntry[] = [{ seat: 0, move: { t: 'nextRound' }, events: [] }];
  playOn(game, next.state, 'roundOver', log, randomFrom('online'));
  const moves = [...solo.moves, ...log.map(({ seat, move }) => ({ seat, move }))];
  const after = { after: solo.moves.length, seed: SERVER_SEED };
  const { players, seed } = solo;
  const config = taken.table.state.config;
  const states = replayRecord({
    game: 'hulahoo',
    gameNo: 1,
    players,
    config,
    seed,
    moves,
    reseeded: after,
  });
  const step = states.findIndex(
    (s, n) => n > after.after + 2 && game.toMove(s).join() === '0' && offerAt('hulahoo', s, 0).ok,
  );
  const body: ImportTable = {
    ...solo,
    moves: moves.slice(0, step),
    ...(reseeded ? { reseeded: after } : {}),
    from: { step, way: 'what-you-knew' },
    totals: game.result(states[step]!).totals,
  };
  return { game, body, moment: states[step]! };
}

describe('an import from a moment', () => {
  it('replays a record reseeded when it went online to the moment, where Ann sees what she saw', () => {
    const { game, body, moment } = afterGoingOnline(true);
    const made = importUpload(body);
    if (!made.ok) throw new Error(made.error.message);
    expect(made.log).toEqual([]);
    expect(game.view(made.table.state, 0)).toEqual(game.view(moment, 0));
    expect(made.start).not.toBeNull();
  });

  it('is refused where the record leaves out its reseeding: its moves no longer replay', () => {
    const made = importUpload(afterGoingOnline(false).body);
    expect(made.ok || made.error.code).toBe('illegal-move');
  });

  it('is never given to a solo table, which deals its own position', () => {
    const { body } = afterGoingOnline(true);
    const made = positionTable({ body, id: 't', tokenHash: 'a', hostKeyHash: 'b', now: 0 });
    expect(made.ok || made.error.code).toBe('bad-start');
  });
});
