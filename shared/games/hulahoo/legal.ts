import { MAX_LISTED_CHOICES, subsets } from '../../engine/cards.ts';
import { roundMoves } from '../../engine/rounds.ts';
import type { Seat } from '../../engine/types.ts';
import { FACE_UP_SIZE, MAX_SWAP } from './constants.ts';
import { playKind, targetsFor } from './rules.ts';
import type { Call, Card, Move, State } from './types.ts';

const CALLS: readonly Call[] = ['higher', 'lower'];

/** Every legal move for `seat`; card lists follow the order the cards lie in. */
export const legalMoves = roundMoves((state: State, seat: Seat): Move[] => {
  switch (state.phase) {
    case 'place':
      return state.picks[seat] === null ? placements(state.hands[seat]!) : [];
    case 'swap':
      return state.turn === seat
        ? idSubsets(state.faceUp[seat]!, 0, MAX_SWAP).map((cards) => ({ t: 'swap', cards }))
        : [];
    case 'play':
      return state.turn === seat ? plays(state, seat) : [];
    case 'retarget':
      return state.turn === seat ? retargets(state, seat) : [];
    default:
      return [];
  }
});

/**
 * HH-16a: any FACE_UP_SIZE of the hand's cards. Ten cards give 252 choices, so the list is one
 * stand-in `{ t: 'place', cards: [], count: 5 }` (CONTRACT §1) whenever there are more than
 * MAX_LISTED_CHOICES; `apply` takes any such choice of the seat's own cards.
 */
function placements(hand: readonly Card[]): Move[] {
  const found = idSubsets(hand, FACE_UP_SIZE, FACE_UP_SIZE, MAX_LISTED_CHOICES + 1);
  if (found.length > MAX_LISTED_CHOICES) return [{ t: 'place', cards: [], count: FACE_UP_SIZE }];
  return found.map((cards) => ({ t: 'place', cards }));
}

function plays(state: State, seat: Seat): Move[] {
  const moves: Move[] = [];
  const targets = state.config.chaos.chooseTarget ? targetsFor(state, seat) : null;
  const add = (card: Card) => {
    const kind = playKind(state, seat, card);
    if (kind === null) return;
    const calls = kind === 'double' ? [undefined] : CALLS;
    for (const call of calls) {
      const base: Move =
        call === undefined ? { t: 'play', card: card.id } : { t: 'play', card: card.id, call };
      if (targets === null) moves.push(base);
      else for (const target of targets) moves.push({ ...base, target });
    }
  };
  state.hands[seat]!.forEach(add);
  state.faceUp[seat]!.forEach(add);
  return moves;
}

function retargets(state: State, seat: Seat): Move[] {
  const moves: Move[] = [];
  for (const target of targetsFor(state, seat)) {
    if (state.call === 'double') moves.push({ t: 'retarget', target });
    else for (const call of CALLS) moves.push({ t: 'retarget', target, call });
  }
  return moves;
}

/** Every choice of min…max of the cards' ids (the first `most`), each in the cards' own order. */
function idSubsets(cards: readonly Card[], min: number, max: number, most = Infinity): string[][] {
  const out: string[][] = [];
  subsets(cards, min, max, (chosen) => out.push(chosen.map((c) => c.id)) >= most);
  return out;
}
