/** Compact scenarios for the HiLO tests: a card is a colour letter and a value. */
import { expect } from 'vitest';
import type { Seat } from '../../../shared/engine/types.ts';
import { hilo } from '../../../shared/games/hilo/index.ts';
import type { Config, HiloEvent, Scenario, State } from '../../../shared/games/hilo/types.ts';

/** Colour letters by colour number 0…7; upper case = face up, lower case = face down. */
export const COLOURS = 'rbygopwk';

type Face = { v: number; c: number };

function face(text: string): Face & { up: boolean } {
  const letter = text[0]!;
  const c = COLOURS.indexOf(letter.toLowerCase());
  const v = Number(text.slice(1));
  if (c < 0 || !Number.isInteger(v)) throw new Error(`bad card "${text}"`);
  return { v, c, up: letter !== letter.toLowerCase() };
}

const faces = (text: string): Face[] =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .map((t) => {
      const { v, c } = face(t);
      return { v, c };
    });

/** A 3×3 layout written as its three rows, e.g. `grid('R1 b2 Y3', ...)`. */
export function grid(...rows: string[]): Scenario['layouts'][number] {
  const cells = rows.join(' ').split(/\s+/).filter(Boolean).map(face);
  if (cells.length !== 9) throw new Error('a layout has 9 cards');
  return cells;
}

export interface Stack {
  dealer?: Seat;
  layouts: Scenario['layouts'];
  /** Top first. */
  stock?: string;
  /** Last = top. */
  discard?: string;
  /** Seat 0 unless given; null leaves the choice to the engine (HL-3). */
  start?: Seat | null;
  totals?: number[];
  config?: Partial<Config>;
}

export function stacked(s: Stack): State {
  const scenario: Scenario = {
    dealer: s.dealer ?? 0,
    layouts: s.layouts,
    stock: faces(s.stock ?? ''),
    discard: faces(s.discard ?? ''),
  };
  if (s.start !== null) scenario.start = s.start ?? 0;
  if (s.totals !== undefined) scenario.totals = s.totals;
  const config = { ...hilo.defaultConfig(s.layouts.length), ...s.config };
  return hilo.fromScenario(config, scenario);
}

export type Played = { state: State; events: HiloEvent[] };

/** Applies a move that must be accepted, and checks it was listed as legal. */
export function play(state: State, seat: Seat, move: unknown): Played {
  const out = hilo.apply(state, seat, move);
  if (!out.ok)
    throw new Error(`refused ${JSON.stringify(move)}: ${out.error.code} ${out.error.message}`);
  expect(hilo.legalMoves(state, seat)).toContainEqual(move);
  return { state: out.state, events: out.events as HiloEvent[] };
}

/** Applies moves in turn, returning the last state and all events. */
export function run(state: State, moves: [Seat, unknown][]): Played {
  let current = state;
  const events: HiloEvent[] = [];
  for (const [seat, move] of moves) {
    const out = play(current, seat, move);
    current = out.state;
    events.push(...out.events);
  }
  return { state: current, events };
}

export function refused(state: State, seat: Seat, move: unknown): string {
  const out = hilo.apply(state, seat, move);
  if (out.ok) throw new Error(`accepted ${JSON.stringify(move)}`);
  expect(out.error.code).toMatch(/^[a-z]+(-[a-z]+)*$/);
  return out.error.code;
}

export const name = (card: { v: number; c: number }) => `${COLOURS[card.c]}${card.v}`;

/** A seat's layout as written in `grid`: upper case face up, lower case face down. */
export function layoutOf(state: State, seat: Seat): string[] {
  return (state.layouts[seat] ?? []).map((row) =>
    row
      .map(({ card, up }) => {
        const text = name(card);
        return up ? text[0]!.toUpperCase() + text.slice(1) : text;
      })
      .join(' '),
  );
}

export const top = (state: State): string => name(state.discard[state.discard.length - 1]!);

export const cell = (row: number, col: number) => ({ row, col });

/** A filler layout of the given values (row-major) in which no line is one colour. */
export function mixed(values: number[], up = false): Scenario['layouts'][number] {
  // Colour = cell index mod 8: no line ever holds three cards of one colour.
  return values.map((v, i) => ({ v, c: i % 8, up }));
}
