import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomPick } from '../../../shared/engine/random.ts';
import type { Seat } from '../../../shared/engine/types.ts';
import { hiloBot, hiloEasyBot } from '../../../shared/games/hilo/bot.ts';
import { DECK } from '../../../shared/games/hilo/deck.ts';
import { hilo } from '../../../shared/games/hilo/index.ts';
import { candidates, hiloHardBot, value } from '../../../shared/games/hilo/search.ts';
import type { Card, Move, State } from '../../../shared/games/hilo/types.ts';
import { determinize } from '../../../shared/games/hilo/world.ts';
import { gameInput, playGame, randomFrom } from '../support/properties.ts';
import { hiloAdapter } from './adapter.ts';
import { COLOURS, cell, grid, play, type Stack, stacked } from './helpers.ts';

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
    const seat = randomPick(seats, random);
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

describe('hilo easy bot', () => {
  it('sometimes overlooks a low discard and draws instead', () => {
    const state = stacked({
      layouts: [grid('R9 b1 y2', 'g3 O8 p5', 'w6 k7 r4'), opponent],
      stock: 'K10',
      discard: 'Y1',
    });
    const view = hilo.view(state, 0);
    const picks = new Set<string>();
    for (let i = 0; i < 60; i++)
      picks.add(JSON.stringify(hiloEasyBot.choose(view, randomFrom(`e${i}`))));
    expect(picks).toContain(JSON.stringify({ t: 'take', cell: cell(0, 0) }));
    expect(picks).toContain(JSON.stringify({ t: 'draw' }));
  });

  it('sometimes keeps a HILO it could remove (HL-7)', () => {
    const state = stacked({
      layouts: [grid('R6 R5 y2', 'g3 o8 p5', 'w6 k7 b4'), opponent],
      stock: 'K10',
      discard: 'R7',
    });
    const view = hilo.view(play(state, 0, { t: 'take', cell: cell(0, 2) }).state, 0);
    const picks = new Set<string>();
    for (let i = 0; i < 60; i++) picks.add(hiloEasyBot.choose(view, randomFrom(`k${i}`)).t);
    expect([...picks].sort()).toEqual(['hilo', 'keep']);
  });

  it('never slips into an illegal move', () => {
    let moves = 0;
    const random = randomFrom('easy');
    for (let g = 0; g < 10; g++) {
      let state = hilo.setup(hilo.defaultConfig(2 + (g % 5)), 2 + (g % 5), `easy-${g}`);
      while (!hilo.result(state).over) {
        const seat = hilo.toMove(state)[0]!;
        const out = hilo.apply(state, seat, hiloEasyBot.choose(hilo.view(state, seat), random));
        expect(out.ok).toBe(true);
        if (!out.ok) return;
        state = out.state;
        moves++;
      }
    }
    expect(moves).toBeGreaterThan(1000);
  });
});

/** A stacked position with the rest of the deck under the given draw pile: every card in play. */
function whole(s: Stack): State {
  const listed = new Set<string>();
  const note = (text: string) => {
    for (const t of text.split(/\s+/).filter(Boolean)) listed.add(t.toLowerCase());
  };
  for (const layout of s.layouts) for (const x of layout) note(`${COLOURS[x.c]}${x.v}`);
  note(s.stock ?? '');
  note(s.discard ?? '');
  const rest = DECK.map((c) => `${COLOURS[c.c]}${c.v}`).filter((t) => !listed.has(t));
  return stacked({ ...s, stock: `${s.stock ?? ''} ${rest.join(' ')}` });
}

const faceKey = (card: { v: number; c: number }) => `${card.c}/${card.v}`;

/** Every card of a state, wherever it lies. */
function allCards(state: State): Card[] {
  const cards = [...state.stock, ...state.discard];
  if (state.drawn !== null) cards.push(state.drawn);
  for (const layout of state.layouts)
    for (const row of layout) for (const slot of row) cards.push(slot.card);
  return cards;
}

describe('hilo hard bot: dealing worlds from a view', () => {
  it('deals worlds the engine accepts, that show the seat its own view, with every card once', () => {
    let checked = 0;
    fc.assert(
      fc.property(gameInput(hiloAdapter), (g) => {
        const random = randomFrom(`${g.seed}/worlds`);
        playGame(hiloAdapter, g, ({ after }) => {
          if (random() > 0.03) return;
          for (let seat = 0; seat < after.players; seat++) {
            const view = hilo.view(after, seat);
            const world = determinize(view, random);
            // (a) the engine's moves for the seat are the view's, and (b) the seat sees the same.
            expect(hilo.legalMoves(world, seat)).toEqual(view.legal);
            expect(hilo.view(world, seat)).toEqual(view);
            // (c) every face of the deck exactly once, and no two cards share an id.
            const cards = allCards(world);
            expect(cards.map(faceKey).sort()).toEqual(DECK.map(faceKey).sort());
            expect(new Set(cards.map((c) => c.id)).size).toBe(cards.length);
            checked++;
          }
        });
      }),
      { numRuns: 50 },
    );
    expect(checked).toBeGreaterThan(300);
  });

  it("keeps the seat's own face-up cards and drawn card, and deals the rest anew", () => {
    const drawn = play(
      whole({
        layouts: [
          grid('R9 b1 y2', 'g3 O8 p5', 'w6 k7 r4'),
          grid('r1 B2 y3', 'g4 o5 P6', 'w7 k8 b9'),
        ],
        stock: 'K10 B3',
        discard: 'Y10',
      }),
      0,
      { t: 'draw' },
    ).state;
    const mine = determinize(hilo.view(drawn, 0), randomFrom('mine'));
    expect(mine.drawn).toEqual(drawn.drawn);
    expect(mine.layouts[0]![0]![0]!.card).toEqual(drawn.layouts[0]![0]![0]!.card);
    const theirs = determinize(hilo.view(drawn, 1), randomFrom('theirs'));
    expect(theirs.drawn?.id).not.toBe(drawn.drawn?.id);
  });

  it("takes back others' sealed opening choices and keeps its own (HL-2)", () => {
    const state = hilo.setup(hilo.defaultConfig(3), 3, 'sealed');
    const mine = { t: 'reveal', cells: [cell(0, 0), cell(2, 2)] };
    const ready = play(play(state, 0, mine).state, 1, {
      t: 'reveal',
      cells: [cell(1, 1), cell(1, 2)],
    }).state;
    const world = determinize(hilo.view(ready, 0), randomFrom('sealed'));
    expect(world.openings[0]).toEqual(mine.cells);
    expect(world.openings[1]).toHaveLength(2);
    expect(world.openings[2]).toBeNull();
  });
});

describe('hilo hard bot: choices', () => {
  it('values a finished game by who won, and a finished round by the totals (HL-13)', () => {
    const over = {
      ...stacked({ layouts: [opponent, opponent] }),
      phase: 'gameOver' as const,
      winners: [1],
    };
    expect(value(over, 0)).toBe(0);
    expect(value(over, 1)).toBe(1);
    const round = { ...over, phase: 'roundOver' as const, totals: [10, 40], winners: [] };
    expect(value(round, 0)).toBeGreaterThan(0.5);
    expect(value(round, 0) + value(round, 1)).toBeCloseTo(1, 2);
  });

  it('ends the round while its rival still has many cards face down (HL-11, HL-12)', () => {
    // Covering its last face-down card leaves 14, against a rival showing −3 with five cards face
    // down: a rival left one last turn is rarely that low, so ending is seldom doubled, and
    // playing the round on finds the rival would catch up.
    const drawn = play(
      whole({
        layouts: [
          grid('R1 B0 Y2', 'G1 O0 P2', 'W1 K4 r5'),
          grid('R-1 B-1 y3', 'G-1 Y0 p6', 'w7 k8 b9'),
        ],
        stock: 'O3',
        discard: 'Y10',
      }),
      0,
      { t: 'draw' },
    ).state;
    const view = hilo.view(drawn, 0);
    const move = hiloHardBot.choose(view, randomFrom('search'));
    expect(move).toEqual({ t: 'place', cell: cell(2, 2) });
    expect(play(drawn, 0, move).state.endedBy).toBe(0);
  });

  it('leaves the opening and HILO decisions to the heuristic', () => {
    const state = hilo.setup(hilo.defaultConfig(3), 3, 'open');
    expect(candidates(hilo.view(state, 1), randomFrom('o'))).toHaveLength(1);
    const hiloOffer = play(
      stacked({
        layouts: [grid('R6 R5 y2', 'g3 o8 p5', 'w6 k7 b4'), opponent],
        stock: 'K10',
        discard: 'R7',
      }),
      0,
      { t: 'take', cell: cell(0, 2) },
    ).state;
    expect(hiloHardBot.choose(hilo.view(hiloOffer, 0), randomFrom('h'))).toEqual({
      t: 'hilo',
      line: { kind: 'row', index: 0 },
    });
  });

  it("compares only the heuristic's few best turn moves", () => {
    const drawn = play(
      stacked({
        layouts: [grid('R9 b1 y2', 'g3 O8 p5', 'w6 k7 r4'), opponent],
        stock: 'B2',
        discard: 'Y10',
      }),
      0,
      { t: 'draw' },
    ).state;
    const view = hilo.view(drawn, 0);
    const moves = candidates(view, randomFrom('few'));
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.length).toBeLessThanOrEqual(5);
    expect(moves[0]).toEqual(hiloBot.choose(view, randomFrom('few')));
  });
});
