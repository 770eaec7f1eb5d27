import { expect } from 'vitest';
import type { GameEvent, Seat } from '../../../shared/engine/types.ts';
import { parseConfig } from '../../../shared/games/sneak/config.ts';
import { cardName, parseCard } from '../../../shared/games/sneak/faces.ts';
import { sneak } from '../../../shared/games/sneak/index.ts';
import type { Card, Config, Move, Scenario, State } from '../../../shared/games/sneak/types.ts';

/** Cards written as in scenarios, '10H QS AD', for the classifier tables. */
export function cards(text: string): Card[] {
  return text
    .split(' ')
    .filter(Boolean)
    .map((name, i) => {
      const card = parseCard(name);
      if (!card) throw new Error(`not a card: ${name}`);
      return { id: `t${i}`, ...card };
    });
}

/** A stacked position; the config is the player count's default, with `options` on top. */
export function start(scenario: Scenario, options: Partial<Config> = {}): State {
  const parsed = parseConfig(options, scenario.hands.length);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return sneak.fromScenario(parsed.config, scenario);
}

/** The ids of the named cards in a seat's hand (twins of two packs: each name takes the next one). */
export function ids(state: State, seat: Seat, text: string): string[] {
  const taken = new Set<string>();
  return text
    .split(' ')
    .filter(Boolean)
    .map((name) => {
      const card = state.hands[seat]!.find((c) => cardName(c) === name && !taken.has(c.id));
      if (!card) throw new Error(`seat ${seat} holds no ${name}`);
      taken.add(card.id);
      return card.id;
    });
}

export function names(list: readonly Card[]): string[] {
  return list.map(cardName);
}

/** Applies a move that must be accepted. */
export function play(
  state: State,
  seat: Seat,
  move: unknown,
): { state: State; events: GameEvent[] } {
  const out = sneak.apply(state, seat, move);
  if (!out.ok) throw new Error(`refused: ${out.error.code}: ${out.error.message}`);
  return { state: out.state, events: out.events };
}

/** Several moves in a row, each by the seat given. */
export function playAll(
  state: State,
  moves: [Seat, Move][],
): { state: State; events: GameEvent[] } {
  let current = state;
  const events: GameEvent[] = [];
  for (const [seat, move] of moves) {
    const out = play(current, seat, move);
    current = out.state;
    events.push(...out.events);
  }
  return { state: current, events };
}

/** Applies a move that must be refused, and returns the rejection's code. */
export function refused(state: State, seat: Seat, move: unknown): string {
  const out = sneak.apply(state, seat, move);
  expect(out.ok, `expected a rejection for ${JSON.stringify(move)}`).toBe(false);
  if (out.ok) return '';
  expect(out.error.code).toMatch(/^[a-z]+(-[a-z]+)*$/);
  expect(out.error.message.length).toBeGreaterThan(0);
  return out.error.code;
}

/** Card lists as sets: each move's ids sorted, then the moves sorted. */
export function asSets(moves: readonly Move[]): string[] {
  return moves
    .map((m) => JSON.stringify('cards' in m ? { ...m, cards: [...m.cards].sort() } : m))
    .sort();
}
