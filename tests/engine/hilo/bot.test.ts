import { describe, expect, it } from 'vitest';
import type { Seat } from '../../../shared/engine/types.ts';
import { hiloBot } from '../../../shared/games/hilo/bot.ts';
import { hilo } from '../../../shared/games/hilo/index.ts';
import type { Move, State } from '../../../shared/games/hilo/types.ts';
import { randomFrom } from '../support/properties.ts';
import { hiloAdapter } from './adapter.ts';
import { cell, grid, play, stacked } from './helpers.ts';

const choose = (state: State, seat: Seat, seed = 'bot'): Move =>
  hiloBot.choose(hilo.view(state, seat), randomFrom(seed));

/** Plays a whole game with bots in every seat; every move must be listed and accepted. */
function botGame(players: number, seed: string, onState?: (state: State) => void): State {
  const random = randomFrom(`${seed}/bots`);
  let state = hilo.setup(hilo.defaultConfig(players), players, seed);
  for (let step = 0; !hilo.result(state).over; step++) {
    if (step > 20000) throw new Error(`game ${seed} did not end`);
    onState?.(state);
    const seats = hilo.toMove(state);
    const seat = seats[Math.floor(random() * seats.length)] as Seat;
    const view = hilo.view(state, seat);
    const move = hiloBot.choose(view, random);
    const listed = view.legal.map((m) => JSON.stringify(m));
    if (!listed.includes(JSON.stringify(move))) {
      throw new Error(`game ${seed}: ${JSON.stringify(move)} is not legal`);
    }
    const out = hilo.apply(state, seat, move);
    if (!out.ok)
      throw new Error(`game ${seed}: ${JSON.stringify(move)} refused: ${out.error.code}`);
    state = out.state;
  }
  return state;
}

describe('hilo bot: self-play', () => {
  // A few seconds: about 130,000 bot moves.
  it('plays 200 whole games of 2 to 6 bots with legal moves only', { timeout: 30_000 }, () => {
    for (let g = 0; g < 200; g++) {
      const players = 2 + (g % 5);
      const end = botGame(players, `self-${g}`);
      expect(end.phase).toBe('gameOver');
      expect(end.winners.length).toBeGreaterThan(0);
    }
  });
});

// Colours: r b y g o p w k; upper case face up, lower case face down.
const opponent = grid('r1 B2 y3', 'g4 o5 P6', 'w7 k8 r9');

describe('hilo bot: choices', () => {
  it('turns up two corners in the opening', () => {
    const state = hilo.setup(hilo.defaultConfig(3), 3, 'open');
    const move = choose(state, 1);
    expect(move.t).toBe('reveal');
    if (move.t !== 'reveal') return;
    for (const c of move.cells) expect(c.row !== 1 && c.col !== 1).toBe(true);
  });

  it('takes a low discard in place of its highest face-up card', () => {
    const state = stacked({
      layouts: [grid('R9 b1 y2', 'g3 O8 p5', 'w6 k7 r4'), opponent],
      stock: 'K10',
      discard: 'Y1',
    });
    expect(choose(state, 0)).toEqual({ t: 'take', cell: cell(0, 0) });
  });

  it('draws rather than take a high discard', () => {
    const state = stacked({
      layouts: [grid('R9 b1 y2', 'g3 O8 p5', 'w6 k7 r4'), opponent],
      stock: 'K10',
      discard: 'Y10',
    });
    expect(choose(state, 0)).toEqual({ t: 'draw' });
  });

  it('places a low drawn card over its highest face-up card', () => {
    const drawn = play(
      stacked({
        layouts: [grid('R9 b1 y2', 'g3 O8 p5', 'w6 k7 r4'), opponent],
        stock: 'B2',
        discard: 'Y10',
      }),
      0,
      { t: 'draw' },
    ).state;
    expect(choose(drawn, 0)).toEqual({ t: 'place', cell: cell(0, 0) });
  });

  it('discards a bad drawn card and flips where a colour pair waits', () => {
    const drawn = play(
      stacked({
        layouts: [grid('R2 R3 y2', 'g3 o8 p5', 'w6 k7 b4'), opponent],
        stock: 'K11',
        discard: 'Y10',
      }),
      0,
      { t: 'draw' },
    ).state;
    expect(choose(drawn, 0)).toEqual({ t: 'discard', flip: cell(0, 2) });
  });

  it('takes a middling discard that completes a HILO, then removes the line', () => {
    const state = stacked({
      layouts: [grid('R6 R5 y2', 'g3 o8 p5', 'w6 k7 b4'), opponent],
      stock: 'K10',
      discard: 'R7',
    });
    const move = choose(state, 0);
    expect(move).toEqual({ t: 'take', cell: cell(0, 2) });
    const after = play(state, 0, move).state;
    expect(after.phase).toBe('hilo');
    expect(choose(after, 0)).toEqual({ t: 'hilo', line: { kind: 'row', index: 0 } });
  });

  it('removes even a HILO that sums to 0', () => {
    const state = stacked({
      layouts: [grid('R-1 R0 y2', 'g3 o8 p5', 'w6 k7 b4'), opponent],
      stock: 'K10',
      discard: 'R1',
    });
    const after = play(state, 0, { t: 'take', cell: cell(0, 2) }).state;
    expect(choose(after, 0)).toEqual({ t: 'hilo', line: { kind: 'row', index: 0 } });
  });

  it('closes up a diagonal the way that makes another HILO, and removes that too', () => {
    // After the red diagonal goes, closing the rows stacks the three blues into a column.
    const state = stacked({
      layouts: [grid('R1 B4 g3', 'B5 R2 p5', 'B6 k7 w8'), opponent],
      stock: 'K10',
      discard: 'R0',
    });
    const after = play(state, 0, { t: 'take', cell: cell(2, 2) }).state;
    const move = choose(after, 0);
    expect(move).toEqual({ t: 'hilo', line: { kind: 'diag' }, close: 'rows' });
    const chained = play(after, 0, move).state;
    expect(chained.phase).toBe('hilo');
    expect(choose(chained, 0)).toEqual({ t: 'hilo', line: { kind: 'col', index: 0 } });
  });

  it('does not end the round with a sum far above its rivals (HL-12)', () => {
    const drawn = play(
      stacked({
        layouts: [
          grid('R9 B9 Y8', 'G8 O7 P7', 'W6 K6 r5'),
          grid('R1 B2 y3', 'g4 o5 p6', 'w7 k8 r9'),
        ],
        stock: 'K4',
        discard: 'Y10',
      }),
      0,
      { t: 'draw' },
    ).state;
    const move = choose(drawn, 0);
    expect(move.t).toBe('place');
    if (move.t === 'place') expect(move.cell.row === 0 && move.cell.col < 2).toBe(true);
  });

  it('ends the round when clearly ahead', () => {
    const drawn = play(
      stacked({
        layouts: [
          grid('R1 B0 Y2', 'G1 O0 P2', 'W1 K0 r5'),
          grid('R9 B9 y3', 'g4 o5 p6', 'w7 k8 r9'),
        ],
        stock: 'Y3',
        discard: 'Y10',
      }),
      0,
      { t: 'draw' },
    ).state;
    const move = choose(drawn, 0);
    expect(move).toEqual({ t: 'place', cell: cell(2, 2) });
    expect(play(drawn, 0, move).state.endedBy).toBe(0);
  });

  it('asks for the next round when the round is over', () => {
    let state: State | null = null;
    botGame(3, 'rounds', (s) => {
      if (state === null && s.phase === 'roundOver') state = s;
    });
    expect(state).not.toBeNull();
    expect(choose(state as unknown as State, 2)).toEqual({ t: 'nextRound' });
  });
});

describe('hilo bot: hidden information', () => {
  it('chooses the same move whatever lies face down or in the draw pile', () => {
    let checked = 0;
    for (let g = 0; g < 20; g++) {
      const shuffle = randomFrom(`hide-${g}`);
      botGame(2 + (g % 5), `hide-${g}`, (state) => {
        if (shuffle() > 0.2) return;
        for (const seat of hilo.toMove(state)) {
          const other = hiloAdapter.shuffleHidden(state, seat, shuffle);
          expect(choose(other, seat, `same-${checked}`)).toEqual(
            choose(state, seat, `same-${checked}`),
          );
          checked++;
        }
      });
    }
    expect(checked).toBeGreaterThan(500);
  });
});
