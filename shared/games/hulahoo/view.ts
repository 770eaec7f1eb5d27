import { HIDDEN } from '../../engine/cards.ts';
import type { Hidden, Seat } from '../../engine/types.ts';
import { legalMoves } from './legal.ts';
import { toMove, totals } from './turns.ts';
import type { Card, PlayerView, State, View } from './types.ts';

/**
 * HH-17: hand cards are seen by their owner only, the draw pile by nobody; face-up cards, the
 * discard pile, every count and an eliminated player's hand are public. With chooseFaceUp the
 * picks stay sealed until all are in (HH-16a).
 */
export function view(state: State, you: Seat | null): View {
  return shown(state, you, false);
}

/** The view of a finished game's state, where nothing is secret: every hand and pick face up. */
export function openView(state: State, you: Seat | null): View {
  return shown(state, you, true);
}

function shown(state: State, you: Seat | null, open: boolean): View {
  const players = state.hands.map((hand, s): PlayerView => {
    const own = open || s === you;
    const seen = own || state.out[s]!;
    let shownHand: (Card | Hidden)[] = seen ? hand : hand.map(() => HIDDEN);
    let faceUp = state.faceUp[s]!;
    const pick = state.picks[s] ?? null;
    if (own && pick !== null) {
      // A sealed pick shows as laid out to its owner alone (and to all once the game is over).
      faceUp = hand.filter((c) => pick.includes(c.id));
      shownHand = hand.filter((c) => !pick.includes(c.id));
    }
    return {
      hand: shownHand,
      faceUp,
      out: state.out[s]!,
      points: state.points[s]!,
      wins: state.wins[s]!,
      picked: pick !== null,
    };
  });
  const turnPhase = state.phase === 'swap' || state.phase === 'play' || state.phase === 'retarget';
  return {
    game: 'hulahoo',
    phase: state.phase,
    you,
    toMove: toMove(state),
    legal: you === null ? [] : legalMoves(state, you),
    totals: totals(state),
    config: state.config,
    round: state.round,
    dealer: state.dealer,
    turn: turnPhase ? state.turn : null,
    players,
    discard: state.discard,
    stock: state.stock.length,
    returned: state.stock.slice(0, Math.min(state.returned, state.stock.length)),
    call: state.call,
    caller: state.caller,
    roundWinner: state.roundWinner,
    winners: state.winners,
    history: state.history,
  };
}
