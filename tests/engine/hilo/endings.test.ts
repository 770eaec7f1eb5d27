/**
 * HL-11 and HL-14 over random play with few turns allowed, where a round's ending often falls on
 * the turn that reaches `maxTurns`: a round a player ends gives every other player exactly one
 * more turn, and a stalled round is one nobody ended, with nobody doubled.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomPick } from '../../../shared/engine/random.ts';
import { nextInt, seedRng } from '../../../shared/engine/rng.ts';
import type { Seat } from '../../../shared/engine/types.ts';
import { hilo } from '../../../shared/games/hilo/index.ts';
import type { HiloEvent, Move, State } from '../../../shared/games/hilo/types.ts';

/** Mostly moves that turn a face-down card up, so rounds end by HL-11 within a few turns. */
function pick(state: State, seat: Seat, legal: Move[], random: () => number): Move {
  const layout = state.layouts[seat] ?? [];
  const down = (cell: { row: number; col: number }) => layout[cell.row]?.[cell.col]?.up === false;
  const hasty = legal.filter(
    (m) =>
      ((m.t === 'take' || m.t === 'place') && down(m.cell)) ||
      (m.t === 'discard' && m.flip !== undefined),
  );
  const from = hasty.length > 0 && random() < 0.85 ? hasty : legal;
  return randomPick(from, random);
}

interface Tally {
  ended: number;
  endedOnLastAllowedTurn: number;
  stalled: number;
}

/** Plays one game, checking every round's end; returns what it saw. */
function playGame(seed: string, players: number, maxTurns: number, tally: Tally): void {
  const rng = seedRng(`pick-${seed}`);
  const random = () => nextInt(rng, 2 ** 30) / 2 ** 30;
  let state = hilo.setup({ limit: 60, maxTurns }, players, seed);
  let atEnding: number[] | null = null;
  let endedBy: Seat | null = null;
  for (let moves = 0; state.phase !== 'gameOver'; moves++) {
    expect(moves).toBeLessThan(20_000);
    const seat = hilo.toMove(state)[0]!;
    const move = pick(state, seat, hilo.legalMoves(state, seat), random);
    const out = hilo.apply(state, seat, move);
    if (!out.ok) throw new Error(`${JSON.stringify(move)} refused: ${out.error.code}`);
    state = out.state;
    for (const event of out.events as HiloEvent[]) {
      if (event.type === 'dealt') {
        atEnding = null;
        endedBy = null;
      } else if (event.type === 'lastTurns') {
        // HL-11: every other player, in seat order from the ender's left.
        const others = Array.from({ length: players - 1 }, (_, i) => (seat + 1 + i) % players);
        expect(event).toEqual({ type: 'lastTurns', endedBy: seat, seats: others });
        endedBy = seat;
        atEnding = state.turns.slice();
        tally.ended++;
        if (state.turns.every((n) => n >= maxTurns)) tally.endedOnLastAllowedTurn++;
      } else if (event.type === 'roundOver') {
        const turns = state.turns;
        if (endedBy !== null && atEnding !== null) {
          const ender = endedBy;
          const start = atEnding;
          expect(event.stalled).toBe(false);
          // Exactly one more turn each for the others; none for the one who ended the round.
          expect(turns.map((n, s) => n - start[s]!)).toEqual(
            turns.map((_, s) => (s === ender ? 0 : 1)),
          );
        } else {
          // HL-14: the guard ends only rounds nobody ended, once everyone had maxTurns turns.
          expect(event.stalled).toBe(true);
          expect(event.doubled).toBeNull();
          expect(turns.every((n) => n >= maxTurns)).toBe(true);
          tally.stalled++;
        }
      }
    }
  }
}

describe('HL-11 and HL-14 over random play with small maxTurns', () => {
  it('HL-11: after a round is ended every other player has exactly one more turn; HL-14: a stalled round doubles nobody', () => {
    const tally: Tally = { ended: 0, endedOnLastAllowedTurn: 0, stalled: 0 };
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.integer({ min: 2, max: 6 }),
        // An ending needs seven turns (seven face-down cells after the opening).
        fc.oneof(fc.integer({ min: 6, max: 9 }), fc.integer({ min: 1, max: 12 })),
        (seed, players, maxTurns) => playGame(seed, players, maxTurns, tally),
      ),
      { numRuns: 1000 },
    );
    // The property met each case it is about, the ending on the last allowed turn among them.
    expect(tally.ended).toBeGreaterThan(200);
    expect(tally.endedOnLastAllowedTurn).toBeGreaterThan(5);
    expect(tally.stalled).toBeGreaterThan(200);
  });
});
