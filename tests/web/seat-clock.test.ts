/** The move clock on each seat: who it runs for, and how much of the move's time is left. */
import { describe, expect, it } from 'vitest';
import { shift } from '../../web/src/ui/card-travel.ts';
import { type ClockFacts, seatClock } from '../../web/src/ui/seat-clock.ts';

const facts: ClockFacts = {
  deadline: 100_000,
  seconds: 20,
  phase: 'play',
  toMove: [0, 2],
  bots: [false, false, true],
};

describe('the clock on a seat', () => {
  it('runs for each person the table waits on, with the time and share left', () => {
    expect(seatClock(facts, 0, 90_000)).toEqual({ left: 10_000, share: 0.5 });
    expect(seatClock(facts, 0, 80_000)).toEqual({ left: 20_000, share: 1 });
    expect(seatClock(facts, 0, 101_000)).toEqual({ left: 0, share: 0 });
  });

  it('does not run for a seat not asked, for a bot, without a clock or between rounds', () => {
    expect(seatClock(facts, 1, 90_000)).toBeNull();
    expect(seatClock(facts, 2, 90_000)).toBeNull();
    expect(seatClock({ ...facts, seconds: null }, 0, 90_000)).toBeNull();
    expect(seatClock({ ...facts, deadline: null }, 0, 90_000)).toBeNull();
    expect(seatClock({ ...facts, phase: 'roundOver' }, 0, 90_000)).toBeNull();
  });
});

describe('a card’s travel', () => {
  const box = (left: number, top: number) => ({ left, top, width: 40, height: 60 }) as DOMRect;
  it('starts from where the card was, relative to where it lies now', () => {
    expect(shift(box(10, 300), box(110, 100))).toEqual({ dx: -100, dy: 200 });
  });
  it('leaves a card that has not moved where it is', () => {
    expect(shift(box(10, 300), box(11, 301))).toBeNull();
  });
});
