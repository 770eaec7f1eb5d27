/** What HiLO's board offers at each step (web/src/games/hilo/selection.ts), from engine states. */
import './browser-globals.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Seat } from '../../shared/engine/types.ts';
import { hilo } from '../../shared/games/hilo/index.ts';
import type { Cell, Move, Scenario, State, View } from '../../shared/games/hilo/types.ts';
import '../../web/src/games/hilo/strings.ts';
import {
  buttons,
  type Choices,
  chosenLine,
  clickCell,
  clickDiscardPile,
  endWarning,
  offeredLines,
  othersInOrder,
  pickIndex,
  press,
  prompt,
  promptText,
  revealMove,
  START,
  scoreText,
  selectedMove,
  status,
  stepOf,
  targetOf,
} from '../../web/src/games/hilo/selection.ts';
import { setLang } from '../../web/src/i18n.ts';

const NAMES = ['Ann', 'Bea', 'Cem'];
const COLOURS = 'rbygopwk';
const cell = (row: number, col: number): Cell => ({ row, col });
const ALL = [0, 1, 2].flatMap((row) => [0, 1, 2].map((col) => cell(row, col)));

/** Cards as colour letter + value; upper case lies face up, lower case face down. */
function cards(text: string) {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const letter = word[0]!;
      return {
        v: Number(word.slice(1)),
        c: COLOURS.indexOf(letter.toLowerCase()),
        up: letter !== letter.toLowerCase(),
      };
    });
}

/** Seat 0 to play; the other seats hold mixed face-down cards. */
function stacked(mine: string, discard: string, stock = 'g9 g8 g7', players = 2): State {
  const filler = (s: number) =>
    Array.from({ length: 9 }, (_, i) => ({ v: (i + s) % 11, c: i % 8, up: false }));
  const scenario: Scenario = {
    dealer: players - 1,
    start: 0,
    layouts: [cards(mine), ...Array.from({ length: players - 1 }, (_, s) => filler(s + 1))],
    stock: cards(stock),
    discard: cards(discard),
  };
  return hilo.fromScenario(hilo.defaultConfig(players), scenario);
}

function apply(state: State, seat: Seat, move: Move): State {
  const out = hilo.apply(state, seat, move);
  if (!out.ok) throw new Error(`refused ${JSON.stringify(move)}: ${out.error.message}`);
  return out.state;
}

/** Follows clicks from the first choices on; returns the move sent, or the choices reached. */
function clicks(view: View, cells: Cell[], from: Choices = START) {
  let choices = from;
  for (const c of cells) {
    const out = clickCell(view, choices, c);
    if (out === null) throw new Error(`cell ${c.row},${c.col} does nothing`);
    if ('send' in out) return { sent: out.send, choices };
    choices = out.choices;
  }
  return { sent: undefined, choices };
}

const targets = (view: View, choices: Choices = START) =>
  ALL.map((c) => targetOf(view, choices, c));
const text = (view: View, choices: Choices = START) => {
  const p = prompt(view, choices, NAMES);
  return p === null ? null : promptText(p);
};
const ids = (view: View, choices: Choices = START) => buttons(view, choices).map((b) => b.id);

beforeAll(() => setLang('en'));

describe('HiLO selection: the opening', () => {
  const state = hilo.setup(hilo.defaultConfig(3), 3, 'opening');

  it('lets only face-down cells be picked', () => {
    const view = hilo.view(state, 0);
    expect(stepOf(view, START)).toBe('opening');
    expect(targets(view)).toEqual(ALL.map(() => 'pick'));
    // The same deal with one card already face up: that card is no pick.
    const layouts = state.layouts.map((l) => l.map((row) => row.map((slot) => ({ ...slot }))));
    layouts[0]![1]![1]!.up = true;
    const oneUp = hilo.view({ ...state, layouts }, 0);
    expect(targetOf(oneUp, START, cell(1, 1))).toBeNull();
    expect(targetOf(oneUp, START, cell(1, 0))).toBe('pick');
  });

  it('makes exactly the listed reveal from two picks, in either order', () => {
    const view = hilo.view(state, 0);
    const ab = clicks(view, [cell(2, 1), cell(0, 2)]);
    const ba = clicks(view, [cell(0, 2), cell(2, 1)]);
    const listed = selectedMove(view, ab.choices);
    expect(listed).toBeDefined();
    expect(view.legal).toContain(listed);
    expect(selectedMove(view, ba.choices)).toBe(listed);
    expect(listed).toEqual({ t: 'reveal', cells: [cell(0, 2), cell(2, 1)] });
    expect(revealMove(view, [cell(0, 2)])).toBeUndefined();
    // The button sends it; the engine takes it.
    const reveal = buttons(view, ab.choices).find((b) => b.id === 'reveal')!;
    expect(press(view, ab.choices, reveal)).toEqual({ send: listed });
    expect(apply(state, 0, listed!).openings[0]).toEqual([cell(0, 2), cell(2, 1)]);
  });

  it('takes a pick back on a second click, and a third pick replaces the oldest', () => {
    const view = hilo.view(state, 0);
    expect(clicks(view, [cell(0, 0), cell(0, 0)]).choices.picks).toEqual([]);
    const three = clicks(view, [cell(0, 0), cell(1, 1), cell(2, 2)]).choices;
    expect(three.picks).toEqual([cell(1, 1), cell(2, 2)]);
    expect(pickIndex(view, three, cell(2, 2))).toBe(1);
    expect(pickIndex(view, three, cell(0, 0))).toBe(-1);
    expect(ids(view, START)).toEqual(['reveal']);
    expect(ids(view, three)).toEqual(['reveal', 'clear']);
    expect(text(view, three)).toBe(
      'Pick two face-down cards to turn up (2/2); everyone does it at once.',
    );
  });

  it('once chosen, waits for the others by name and shows the sealed picks', () => {
    const after = apply(state, 0, { t: 'reveal', cells: [cell(0, 0), cell(2, 2)] });
    const view = hilo.view(after, 0);
    expect(stepOf(view, START)).toBe('ready');
    expect(targets(view).every((x) => x === null)).toBe(true);
    expect(pickIndex(view, START, cell(2, 2))).toBe(1);
    expect(text(view)).toBe('Waiting for Bea and Cem to choose.');
    expect(ids(view)).toEqual([]);
  });
});

describe('HiLO selection: a turn', () => {
  // Seat 0: red 1 and 2 face up on top, the rest face down; a blue 4 on the discard pile.
  const state = stacked('R1 R2 y5 k6 o7 p8 w9 b10 y11', 'B4');

  it('offers taking the discard or drawing, and no cell until one is chosen', () => {
    const view = hilo.view(state, 0);
    expect(stepOf(view, START)).toBe('choose');
    expect(targets(view).every((x) => x === null)).toBe(true);
    expect(ids(view)).toEqual(['take', 'draw']);
    expect(text(view)).toBe('Take the blue 4 from the discard pile, or draw a card.');
    expect(status(view, NAMES)).toBe('Your turn');
  });

  it('in take mode, every listed take cell is a target and a click sends that take', () => {
    const view = hilo.view(state, 0);
    const out = clickDiscardPile(view, START);
    expect(out).toEqual({ choices: { ...START, mode: 'take' } });
    const taking = (out as { choices: Choices }).choices;
    expect(stepOf(view, taking)).toBe('take');
    const listed = view.legal.filter((m) => m.t === 'take').map((m) => (m as { cell: Cell }).cell);
    for (const c of ALL) {
      expect(targetOf(view, taking, c)).toBe(
        listed.some((l) => l.row === c.row && l.col === c.col) ? 'take' : null,
      );
    }
    const sent = clicks(view, [cell(1, 2)], taking).sent;
    expect(view.legal).toContain(sent);
    expect(sent).toEqual({ t: 'take', cell: cell(1, 2) });
    expect(text(view, taking)).toBe('Pick the card of yours to swap for the blue 4.');
    expect(ids(view, taking)).toEqual(['cancel']);
    expect(clickDiscardPile(view, taking)).toEqual({ choices: START });
  });

  it('after drawing, any cell (a face-down one too) is a place target', () => {
    const drawn = apply(state, 0, { t: 'draw' });
    const view = hilo.view(drawn, 0);
    expect(stepOf(view, START)).toBe('drawn');
    expect(targetOf(view, START, cell(2, 1))).toBe('place');
    expect(targetOf(view, START, cell(0, 0))).toBe('place');
    const sent = clicks(view, [cell(2, 1)]).sent;
    expect(sent).toEqual({ t: 'place', cell: cell(2, 1) });
    expect(view.legal).toContain(sent);
    expect(text(view)).toBe(
      'You drew the green 9: pick a card to swap it with, or discard it and turn one up.',
    );
  });

  it('a predicted draw, its card still on the way, says the card is being drawn', () => {
    const predicted = hilo.predict!(hilo.view(state, 0), { t: 'draw' });
    expect(predicted?.view.drawn).toEqual({ hidden: true });
    expect(text(predicted!.view)).toBe('You draw a card…');
  });

  it('discarding the drawn card then asks for a face-down card to turn up', () => {
    const view = hilo.view(apply(state, 0, { t: 'draw' }), 0);
    const discard = buttons(view, START).find((b) => b.id === 'discard')!;
    expect(discard).toEqual({ id: 'discard', flip: true });
    const out = press(view, START, discard);
    expect(out).toEqual({ choices: { ...START, mode: 'flip' } });
    const flipping = (out as { choices: Choices }).choices;
    expect(stepOf(view, flipping)).toBe('flip');
    expect(targetOf(view, flipping, cell(0, 0))).toBeNull();
    expect(targetOf(view, flipping, cell(0, 2))).toBe('flip');
    const sent = clicks(view, [cell(0, 2)], flipping).sent;
    expect(sent).toEqual({ t: 'discard', flip: cell(0, 2) });
    expect(view.legal).toContain(sent);
    expect(text(view, flipping)).toBe('Now pick one of your face-down cards to turn up.');
  });

  it('with no face-down card left, discarding sends the plain discard at once', () => {
    const open = stacked('R1 R2 Y5 K6 O7 P8 W9 B10 Y11', 'B4');
    const view = hilo.view(apply(open, 0, { t: 'draw' }), 0);
    const discard = buttons(view, START).find((b) => b.id === 'discard')!;
    expect(press(view, START, discard)).toEqual({ send: { t: 'discard' } });
    expect(text(view)).toBe('You drew the green 9: pick a card to swap it with, or discard it.');
  });

  it('gives the others nothing to click while they wait, and says who is at it', () => {
    const view = hilo.view(apply(state, 0, { t: 'draw' }), 1);
    expect(stepOf(view, START)).toBe('wait');
    expect(targets(view).every((x) => x === null)).toBe(true);
    expect(prompt(view, START, NAMES)).toBeNull();
    expect(status(view, NAMES)).toBe('Ann has drawn a card');
    expect(othersInOrder(view)).toEqual([0]);
    expect(othersInOrder(hilo.view(state, null))).toEqual([0, 1]);
  });
});

describe('HiLO selection: HILO lines', () => {
  it('cycles a crossing cell between the two lines through it', () => {
    // Taking the red 3 into the top right makes row 1 red; column 1 is red already.
    const state = apply(stacked('R1 R2 y5 R4 k6 o7 R5 p8 w9', 'R3'), 0, {
      t: 'take',
      cell: cell(0, 2),
    });
    const view = hilo.view(state, 0);
    expect(stepOf(view, START)).toBe('hilo');
    expect(offeredLines(view)).toEqual([
      { kind: 'row', index: 0 },
      { kind: 'col', index: 0 },
    ]);
    expect(chosenLine(view, START)).toBeNull();
    expect(text(view)).toBe(
      'You have 2 HILOs: choose the line to remove (or select its cards), or keep them for later.',
    );
    expect(targetOf(view, START, cell(1, 1))).toBeNull();
    const first = clicks(view, [cell(0, 0)]).choices;
    expect(first.line).toEqual({ kind: 'row', index: 0 });
    const second = clicks(view, [cell(0, 0)], first).choices;
    expect(second.line).toEqual({ kind: 'col', index: 0 });
    expect(clicks(view, [cell(0, 0)], second).choices.line).toEqual({ kind: 'row', index: 0 });
    // A cell on one line only chooses that line.
    expect(clicks(view, [cell(2, 0)], first).choices.line).toEqual({ kind: 'col', index: 0 });
    expect(ids(view, second)).toEqual(['line', 'line', 'remove', 'keep']);
    const remove = selectedMove(view, second);
    expect(remove).toEqual({ t: 'hilo', line: { kind: 'col', index: 0 } });
    expect(view.legal).toContain(remove);
    expect(text(view, second)).toBe(
      'HILO! Your column 1 is all red: remove it, or keep it for later.',
    );
  });

  it('chooses a lone diagonal at once and offers its two ways of closing up', () => {
    const state = apply(stacked('R1 b2 y5 k6 R2 o7 p8 w9 y3', 'R3'), 0, {
      t: 'take',
      cell: cell(2, 2),
    });
    const view = hilo.view(state, 0);
    expect(chosenLine(view, START)).toEqual({ kind: 'diag' });
    expect(targets(view)).toEqual(['line', null, null, null, 'line', null, null, null, 'line']);
    const list = buttons(view, START);
    expect(list.map((b) => b.id)).toEqual(['close', 'close', 'keep']);
    for (const b of list) {
      const out = press(view, START, b) as { send: Move };
      expect(view.legal).toContain(out.send);
    }
    expect(list.map((b) => ('close' in b ? b.close : null))).toEqual(['rows', 'cols', null]);
    expect(selectedMove(view, START)).toBeUndefined();
    expect(text(view)).toBe(
      'HILO! Your diagonal ↘ is all red: remove it by choosing how your layout closes up, or keep it for later.',
    );
  });
});

describe('HiLO selection: the end of a round', () => {
  it('tells a player who still has a last turn who ended the round', () => {
    // Ann turns up her last face-down card; Bea and Cem each have one more turn.
    const state = stacked('R1 B2 Y5 K6 O7 P8 W9 B10 y11', 'B4', 'g9 g8 g7', 3);
    const ended = apply(apply(state, 0, { t: 'draw' }), 0, { t: 'discard', flip: cell(2, 2) });
    expect(endWarning(hilo.view(ended, 2), NAMES)).toBe(
      'Ann has no face-down card left: one last turn for Bea and you.',
    );
    expect(endWarning(hilo.view(ended, 1), NAMES)).toBe(
      'Ann has no face-down card left: this is your last turn!',
    );
    expect(endWarning(hilo.view(ended, 0), NAMES)).toBe(
      'You turned up your last card: everyone else has one more turn.',
    );
  });
});

describe('a round’s score beside a name', () => {
  it('writes a negative sum with a true minus sign, as every score on the page is', () => {
    const view = {
      phase: 'roundOver',
      roundSums: [-1, 16],
      roundScores: [-1, 32],
    } as unknown as View;
    expect(scoreText(view, 0)).toBe('Sum −1');
    expect(scoreText(view, 1)).toBe('Sum 16 × 2 = 32');
  });
});
