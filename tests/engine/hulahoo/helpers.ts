import { expect } from 'vitest';
import type { Outcome, Seat } from '../../../shared/engine/types.ts';
import { hulahoo } from '../../../shared/games/hulahoo/index.ts';
import type { Config, HulaEvent, Scenario, State } from '../../../shared/games/hulahoo/types.ts';

export const game = hulahoo;

export function config(overrides: Partial<Config> = {}): Config {
  return { ...hulahoo.defaultConfig(4), ...overrides };
}

export function chaos(rules: Partial<Config['chaos']>): Config {
  return config({ chaos: { ...config().chaos, ...rules } });
}

/** Fills in face-up cards and a draw pile where a test does not care about them. */
export function scenario(
  s: Partial<Scenario> & { hands: number[][] },
  cfg: Config = config(),
): State {
  return hulahoo.fromScenario(cfg, {
    dealer: s.dealer ?? s.hands.length - 1,
    hands: s.hands,
    faceUp: s.faceUp ?? s.hands.map(() => []),
    stock: s.stock ?? [],
    ...(s.totals ? { totals: s.totals } : {}),
  });
}

/** The id of a card of value `v` that `seat` holds (hand first, then face-up). */
export function idOf(state: State, seat: Seat, v: number): string {
  const card = [...state.hands[seat]!, ...state.faceUp[seat]!].find((c) => c.v === v);
  if (!card) throw new Error(`seat ${seat} holds no ${v}`);
  return card.id;
}

export type Played = { state: State; events: HulaEvent[] };

export function ok(outcome: Outcome<State>): Played {
  if (!outcome.ok) throw new Error(`refused: ${outcome.error.code}: ${outcome.error.message}`);
  return { state: outcome.state, events: outcome.events as HulaEvent[] };
}

/** Plays the card of value `v` for the seat to move. */
export function play(state: State, v: number, call?: 'higher' | 'lower', target?: Seat): Played {
  const seat = state.turn;
  const move: Record<string, unknown> = { t: 'play', card: idOf(state, seat, v) };
  if (call) move.call = call;
  if (target !== undefined) move.target = target;
  return ok(hulahoo.apply(state, seat, move));
}

export function refused(outcome: Outcome<State>, code: string): void {
  expect(outcome.ok).toBe(false);
  if (!outcome.ok) expect(outcome.error.code).toBe(code);
}

/** The values of the cards `seat` may play now (each once). */
export function playableValues(state: State, seat: Seat = state.turn): number[] {
  const ids = new Set(
    hulahoo.legalMoves(state, seat).flatMap((m) => (m.t === 'play' ? [m.card] : [])),
  );
  const cards = [...state.hands[seat]!, ...state.faceUp[seat]!].filter((c) => ids.has(c.id));
  return [...new Set(cards.map((c) => c.v))].sort((a, b) => a - b);
}
