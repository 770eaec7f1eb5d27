/**
 * How lively a game's bots are, counted move by move in the arena: for Sneak, how many of a
 * player's turns while the stock lasts lead (sneak or flaunt) rather than draw, and how many of
 * their sneaks somebody challenges. A table of drawers is a dull one, and a sneak nobody ever
 * challenges teaches a person nothing.
 */
import type { Seat } from '../../shared/engine/types.ts';
import type { Move, State } from '../../shared/games/sneak/types.ts';

export interface Liveliness {
  /** Turns with a choice while the stock lasts. */
  turns: number;
  /** Of them, sneaks and flaunts. */
  leads: number;
  sneaks: number;
  /** Sneaks somebody challenged. */
  challenged: number;
  /** Sneaks by others this player was asked to answer, and of them those it challenged. */
  asked: number;
  challenges: number;
  /** Of those challenges, the ones that won the contest. */
  won: number;
}

export const noLiveliness = (): Liveliness => ({
  turns: 0,
  leads: 0,
  sneaks: 0,
  challenged: 0,
  asked: 0,
  challenges: 0,
  won: 0,
});

/**
 * Counts one Sneak move into the tally of the seat that made it (`mover`) and, when the move ends
 * a sneak's contest, into the tallies of its leader and its winner (`tallyOf` a seat).
 */
export function countSneakMove(
  before: State,
  seat: Seat,
  move: Move,
  after: State,
  mover: Liveliness,
  tallyOf: (seat: Seat) => Liveliness,
): void {
  if (before.phase === 'play' && before.stock.length > 0 && !before.fresh[seat]) {
    if (before.hands[seat]!.length > 0) mover.turns++;
    if (move.t === 'sneak' || move.t === 'flaunt') mover.leads++;
    if (move.t === 'sneak') mover.sneaks++;
  }
  if (before.phase !== 'challenge' || before.lead?.kind !== 'sneak') return;
  mover.asked++;
  if (move.t === 'challenge') mover.challenges++;
  const contest = after.phase === 'challenge' ? null : after.last;
  if (!contest || contest.challengers.length === 0) return;
  tallyOf(contest.leader).challenged++;
  if (contest.winner !== contest.leader) tallyOf(contest.winner).won++;
}

const pct = (part: number, whole: number) =>
  whole === 0 ? '–' : `${Math.round((100 * part) / whole)}%`;

/**
 * The columns the arena prints: leads while the stock lasts, sneaks challenged, sneaks answered
 * with a challenge, and challenges to a sneak that won.
 */
export function livelinessColumns(tally: Liveliness): string[] {
  return [
    pct(tally.leads, tally.turns),
    pct(tally.challenged, tally.sneaks),
    pct(tally.challenges, tally.asked),
    pct(tally.won, tally.challenges),
  ];
}
