import type { Seat } from './types.ts';

/** The seat to the left (clockwise) of `seat`. */
export function leftOf(seat: Seat, players: number): Seat {
  return (seat + 1) % players;
}

/** The first seat clockwise after `seat` for which `active` holds, or null if there is none. */
export function nextActive(seat: Seat, players: number, active: (s: Seat) => boolean): Seat | null {
  for (let i = 1; i <= players; i++) {
    const s = (seat + i) % players;
    if (active(s)) return s;
  }
  return null;
}

/** Seats in clockwise order starting with `first`. */
export function seatsFrom(first: Seat, players: number): Seat[] {
  const out: Seat[] = [];
  for (let i = 0; i < players; i++) out.push((first + i) % players);
  return out;
}

/** Seats 0 … players-1 for which `pick` holds (all of them by default), in seat order. */
export function seatsWhere(players: number, pick: (s: Seat) => boolean = () => true): Seat[] {
  const out: Seat[] = [];
  for (let s = 0; s < players; s++) if (pick(s)) out.push(s);
  return out;
}
