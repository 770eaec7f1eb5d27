/**
 * Instant moves (Game.predict): the engine plays the move on a world dealt from the mover's view
 * (world.ts), and whatever that world made up, cards the mover has not seen, is marked pending.
 *
 * Predicted: laying out face-up cards (HH-16a), a swap (HH-3), a play with its call, target, draw
 * and round's end (HH-4 … HH-13), naming a new target (HH-16c). Pending: a card drawn on a double
 * (the mover's hand, sorted, has no known place for it: known cards plus a back), the cards a swap
 * turns up (their slots), the others' face-up cards once the last pick is in, the revealed hand of a
 * player knocked out. Declined: the next deal, and a move handing the turn to a player who may or
 * may not hold an answer, for that (HH-8) decides whose turn it is and who is still in.
 */
import { PENDING_CARD, type Prediction, setAt, type ViewPath } from '../../engine/predict.ts';
import { nextUint32, seedRng } from '../../engine/rng.ts';
import type { Hidden, Seat } from '../../engine/types.ts';
import { unseenCounts } from './bot.ts';
import { FACE_UP_SIZE } from './constants.ts';
import { moves } from './moves.ts';
import { playKind } from './rules.ts';
import type { Card, Move, State, View } from './types.ts';
import { view as viewOf } from './view.ts';
import { determinize } from './world.ts';

export function predict(view: View, move: Move): Prediction<View> | null {
  const me = view.you;
  if (me === null || move.t === 'nextRound') return null;
  const out = moves[move.t](worldOf(view), me, move);
  if (!out.ok) return null;
  const next = out.state;
  const seen = seenIds(view);
  const pool = unseenCounts(view);
  const sure = (seat: Seat) => answerOf(next, seat, seen, pool);
  // HH-8: whether a seat the turn reaches can answer decides whose turn it is and who is still in,
  // so each seat knocked out must be surely out, and the seat now to play surely able to.
  const doubtful = view.players.some((p, s) => next.out[s] && !p.out && sure(s) !== 'out');
  if (doubtful) return null;
  if (next.phase === 'play' && sure(next.turn) !== 'plays') return null;
  return marked(viewOf(next, me), seen);
}

/**
 * A world for `view` (a constant seed: the same view gives the same world). The determinizer
 * takes the others' sealed picks back (HH-16a); here whoever has picked stays picked, any five of
 * their cards, so that the mover's own pick is the last exactly when it is at the table.
 */
function worldOf(view: View): State {
  const rng = seedRng('predict');
  const world = determinize(view, () => nextUint32(rng) / 2 ** 32);
  // The pile as the view counts it: the same in a dealt game, fewer in a stacked position.
  world.stock = world.stock.slice(0, view.stock);
  world.picks = world.picks.map((pick, s) =>
    pick === null && view.players[s]!.picked
      ? world.hands[s]!.slice(0, FACE_UP_SIZE).map((c) => c.id)
      : pick,
  );
  return world;
}

type Answer = 'plays' | 'out';

/**
 * What `seat` does with the turn in `state`, as far as the mover can tell from the cards it has not
 * seen (`pool`, by value; the seat's hidden cards are some of them). It plays if a card the mover
 * has seen answers, or if it holds more hidden cards than the pool holds cards that do not answer;
 * it is out if no card the mover has seen answers and no card in the pool could. Else null.
 */
function answerOf(state: State, seat: Seat, seen: Set<string>, pool: number[]): Answer | null {
  const answers = (v: number) => playKind(state, seat, { id: '', v }) !== null;
  const cards = [...state.hands[seat]!, ...state.faceUp[seat]!];
  const hidden = cards.filter((c) => !seen.has(c.id)).length;
  if (cards.some((c) => seen.has(c.id) && answers(c.v))) return 'plays';
  let answering = 0;
  let not = 0;
  for (let v = 1; v < pool.length; v++) {
    if (answers(v)) answering += pool[v]!;
    else not += pool[v]!;
  }
  if (hidden === 0 || answering === 0) return 'out';
  return not < hidden ? 'plays' : null;
}

/** The ids of every card `view` shows. */
function seenIds(view: View): Set<string> {
  const ids = new Set<string>();
  const add = (c: Card | Hidden) => 'id' in c && ids.add(c.id);
  for (const p of view.players) {
    p.hand.forEach(add);
    p.faceUp.forEach(add);
  }
  view.discard.forEach(add);
  view.returned.forEach(add);
  return ids;
}

/**
 * `next` with each card the mover has not seen marked pending. A face-up card keeps its slot (a
 * swap puts the new card where the old one lay), so only that slot waits; a hand is sorted, so a
 * new card in it could lie anywhere and the whole hand waits, its known cards followed by backs.
 */
function marked(next: View, seen: Set<string>): Prediction<View> {
  let view = next;
  const pending: ViewPath[] = [];
  next.players.forEach((p, s) => {
    const known = p.hand.filter((c) => 'id' in c && seen.has(c.id));
    const unseen = p.hand.filter((c) => 'id' in c && !seen.has(c.id)).length;
    if (unseen > 0) {
      const backs = new Array(unseen).fill(PENDING_CARD);
      view = setAt(view, ['players', s, 'hand'], [...known, ...backs]);
      pending.push(['players', s, 'hand']);
    }
    p.faceUp.forEach((c, i) => {
      if (seen.has(c.id)) return;
      view = setAt(view, ['players', s, 'faceUp', i], PENDING_CARD);
      pending.push(['players', s, 'faceUp', i]);
    });
  });
  return { view, pending };
}
