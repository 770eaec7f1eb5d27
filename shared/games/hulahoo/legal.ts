import type { Seat } from '../../engine/types.ts';
import { FACE_UP_SIZE, MAX_SWAP, playKind, targetsFor } from './rules.ts';
import type { Call, Card, Move, State } from './types.ts';

const CALLS: readonly Call[] = ['higher', 'lower'];

/** Every legal move for `seat`; card lists follow the order the cards lie in. */
export function legalMoves(state: State, seat: Seat): Move[] {
  switch (state.phase) {
    case 'place':
      return state.picks[seat] === null
        ? subsets(state.hands[seat], FACE_UP_SIZE, FACE_UP_SIZE).map((cards) => ({
            t: 'place',
            cards,
          }))
        : [];
    case 'swap':
      return state.turn === seat
        ? subsets(state.faceUp[seat], 0, MAX_SWAP).map((cards) => ({ t: 'swap', cards }))
        : [];
    case 'play':
      return state.turn === seat ? plays(state, seat) : [];
    case 'retarget':
      return state.turn === seat ? retargets(state, seat) : [];
    case 'roundOver':
      return [{ t: 'nextRound' }];
    default:
      return [];
  }
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
  for (const card of state.hands[seat]) add(card);
  for (const card of state.faceUp[seat]) add(card);
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

/** Every choice of min…max of the cards' ids, each list in the cards' own order. */
function subsets(cards: readonly Card[], min: number, max: number): string[][] {
  const out: string[][] = [];
  const pick: string[] = [];
  const walk = (from: number) => {
    if (pick.length >= min) out.push(pick.slice());
    if (pick.length === max) return;
    for (let i = from; i < cards.length; i++) {
      pick.push(cards[i].id);
      walk(i + 1);
      pick.pop();
    }
  };
  walk(0);
  return out;
}
