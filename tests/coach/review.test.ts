/**
 * A seat's review of a finished game: one decision per move it made (but saying it is ready for
 * the next round), each with the chance the search gives the move played and the best move it
 * found, the turning points among them, the same every time, and forced moves left unsearched.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FEW_DECISIONS, type Review } from '../../shared/coach/review.ts';
import { MIN_GAIN } from '../../shared/coach/turning-point.ts';
import { sameMove } from '../../shared/engine/move-key.ts';
import { replayGame } from '../../shared/engine/replay.ts';
import { GAME_IDS } from '../../shared/engine/types.ts';
import { games } from '../../shared/games/index.ts';
import type { GameRecord } from '../../shared/protocol.ts';
import { finishedGame, review, watchSearch } from './support.ts';

afterEach(() => vi.restoreAllMocks());

describe.each(GAME_IDS)('%s review', (id) => {
  const seat = 1;
  let record: GameRecord;
  let done: Review;
  let progress: { done: number; total: number }[];
  beforeAll(() => {
    record = finishedGame(id);
    ({ review: done, progress } = review(record, seat));
  });

  it('has a decision for every move the seat made but saying it is ready for the next round', () => {
    const made = record.moves.flatMap(({ seat: mover, move }, step) =>
      mover === seat && (move as { t: string }).t !== 'nextRound' ? [{ step, move }] : [],
    );
    expect(done).toMatchObject({ version: 1, game: id, seat });
    expect(done.decisions.map((d) => ({ step: d.step, move: d.played }))).toEqual(made);
    expect(progress).toEqual(made.map((_, i) => ({ done: i + 1, total: made.length })));
  });

  it('gives each decision chances in 0…1, the gain between them, and a best move the game accepts', () => {
    const states = replayGame(games[id], record).map((s) => s.state);
    for (const d of done.decisions) {
      expect(d.round).toBe(states[d.step]!.round);
      expect(d.chance).toBeGreaterThanOrEqual(0);
      expect(d.bestChance).toBeLessThanOrEqual(1);
      expect(d.gain).toBeCloseTo(d.bestChance - d.chance, 12);
      expect(d.gain).toBeGreaterThanOrEqual(0);
      expect(d.compared).toBeGreaterThanOrEqual(1);
      expect(games[id].apply(states[d.step], seat, d.best).ok).toBe(true);
      if (d.compared === 1) expect(d).toMatchObject({ best: d.played, gain: 0, sure: false });
      if (d.sure) expect(d.gain).toBeGreaterThanOrEqual(MIN_GAIN);
    }
    expect(done.decisions.some((d) => d.compared > 1)).toBe(true);
  });

  it('lists the turning points, biggest gain first, five at most', () => {
    const sure = done.decisions.flatMap((d, i) => (d.sure ? [i] : []));
    expect(done.turningPoints.length).toBe(Math.min(5, sure.length));
    const gains = done.turningPoints.map((i) => done.decisions[i]!.gain);
    expect(gains).toEqual([...gains].sort((a, b) => b - a));
    for (const i of sure) {
      if (!done.turningPoints.includes(i)) {
        expect(done.decisions[i]!.gain).toBeLessThanOrEqual(gains.at(-1)!);
      }
    }
    const real = done.decisions.filter((d) => d.compared > 1).length;
    expect(done.fewDecisions).toBe(real < FEW_DECISIONS);
  });

  it('reviews the same game alike every time, and a copy of its record too', () => {
    expect(review(JSON.parse(JSON.stringify(record)), seat).review).toEqual(done);
  });
});

describe('a forced move', () => {
  it('is not searched: Sneak’s first turn of a round can only draw (SN-2), a seat asked with no challenge can only decline (SN-5)', () => {
    const record = finishedGame('sneak');
    const seat = 2;
    const states = replayGame(games.sneak, record).map((s) => s.state);
    const search = watchSearch('sneak');
    const { review: done } = review(record, seat, (i) => {
      search.decision = i;
    });
    const forced = done.decisions.flatMap((d, i) =>
      games.sneak.legalMoves(states[d.step], seat).length === 1 ? [i] : [],
    );
    expect(forced.length).toBeGreaterThan(0);
    expect(forced.some((i) => sameMove(done.decisions[i]!.played, { t: 'draw' }))).toBe(true);
    for (const i of forced) {
      const d = done.decisions[i]!;
      expect(d).toMatchObject({ compared: 1, best: d.played, gain: 0, sure: false });
    }
    const searched = new Set(search.calls.map((call) => call.decision));
    expect(searched.size).toBeGreaterThan(0);
    for (const i of forced) expect(searched.has(i)).toBe(false);
  });
});
