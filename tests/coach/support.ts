/** Finished games to review, and a review run to its end with the progress it told. */
import { vi } from 'vitest';
import { type Review, reviewGame } from '../../shared/coach/review.ts';
import { coachSearches } from '../../shared/coach/searches.ts';
import type { RoundState } from '../../shared/engine/rounds.ts';
import type { GameId, Seat } from '../../shared/engine/types.ts';
import { games } from '../../shared/games/index.ts';
import type { GameRecord } from '../../shared/protocol.ts';
import { quickConfig } from '../engine/adapters.ts';
import { type SoloShape, soloUpload } from '../table/support.ts';

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x));

/** A short game (its quick options) of four normal bots, played to its end, as its record. */
export function finishedGame(id: GameId, seed = `${id}-coach`): GameRecord {
  const levels: SoloShape['levels'] = [null, 'normal', 'normal', 'normal'];
  const shape = { players: 4, config: quickConfig(id), levels };
  const { body } = soloUpload(id, 'gameOver', seed, shape);
  const parsed = games[id].parseConfig(body.config, body.players);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return {
    game: id,
    gameNo: 1,
    players: body.players,
    config: parsed.config,
    seed: body.seed,
    moves: body.moves,
  };
}

/**
 * `seat`'s review of `record`, and each progress it yielded on the way. `judging(i)` is told
 * before the review goes on to judge decision `i`, so a test can tell which decision a call
 * it watches came in.
 */
export function review(record: GameRecord, seat: Seat, judging?: (decision: number) => void) {
  const progress: { done: number; total: number }[] = [];
  const reviewing = reviewGame(record.game, record, seat);
  for (;;) {
    judging?.(progress.length);
    const step = reviewing.next();
    if (step.done) return { review: step.value satisfies Review, progress };
    progress.push(step.value);
  }
}

/**
 * Spies on what the coach's search for `id` is given (coachSearches: the views it deals worlds
 * from and picks candidates in), each call with the decision it came in (see `review`).
 */
export function watchSearch(id: GameId) {
  const spec = coachSearches[id].spec;
  const calls: { decision: number; view: unknown }[] = [];
  const watch = { decision: -1, calls };
  const { determinize, candidates } = spec;
  vi.spyOn(spec, 'determinize').mockImplementation((view, random) => {
    calls.push({ decision: watch.decision, view: copy(view) });
    return determinize(view, random);
  });
  vi.spyOn(spec, 'candidates').mockImplementation((view, random) => {
    calls.push({ decision: watch.decision, view: copy(view) });
    return candidates(view, random);
  });
  return watch;
}

/**
 * A record whose game is dealt `deal` rather than from its seed: a position a test builds
 * (fromScenario), with the moves made from it. The game's `setup` hands out copies of `deal`
 * until the test's mocks are restored.
 */
export function recordFrom(id: GameId, deal: RoundState, moves: GameRecord['moves']): GameRecord {
  vi.spyOn(games[id], 'setup').mockImplementation(() => copy(deal));
  return { game: id, gameNo: 1, players: deal.players, config: deal.config, seed: 'dealt', moves };
}
