/** HiLO's warning before a move that would end the round (web/src/games/hilo/warnings.ts, HL-11). */
import { describe, expect, it } from 'vitest';
import { hilo } from '../../shared/games/hilo/index.ts';
import type { State } from '../../shared/games/hilo/types.ts';
import { lastCardWarning } from '../../web/src/games/hilo/warnings.ts';

const card = (v: number, c: number, up: boolean) => ({ v, c, up });

/** Seat 0 to play, with `down` of its nine cards face down. */
function position(down: number): State {
  const layout = (faceDown: number) =>
    Array.from({ length: 9 }, (_, i) => card(i % 10, i % 8, i >= faceDown));
  return hilo.fromScenario(hilo.defaultConfig(2), {
    dealer: 1,
    start: 0,
    layouts: [layout(down), layout(3)],
    stock: [card(5, 1, false), card(6, 2, false)],
    discard: [card(4, 3, true)],
  });
}

describe('HiLO: the last face-down card', () => {
  it('warns the player to move when one face-down card is left, and only then', () => {
    expect(hilo.view(position(1), 0).phase).toBe('play');
    expect(lastCardWarning(hilo.view(position(1), 0))).toBe(true);
    expect(lastCardWarning(hilo.view(position(2), 0))).toBe(false);
    // Not the one waiting, and not a spectator.
    expect(lastCardWarning(hilo.view(position(1), 1))).toBe(false);
    expect(lastCardWarning(hilo.view(position(1), null))).toBe(false);
  });
});
