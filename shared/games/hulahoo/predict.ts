/**
 * Instant moves (Game.predict): the engine plays the move on a world dealt from the mover's view
 * (world.ts), and whatever that world made up, cards the mover has not seen, is marked pending.
 *
 * Predicted: every move but the next deal: laying out face-up cards (HH-16a), a swap (HH-3), a
 * play with its call, target, draw and round's end (HH-4 … HH-13), naming a new target (HH-16c).
 * Pending: a card drawn on a double (the mover's hand, sorted, has no known place for it: known
 * cards plus a back), the cards a swap turns up (their slots), the others' face-up cards once the
 * last pick is in, the revealed hand of a player knocked out. And where the turn reaches a player
 * who may or may not hold an answer (HH-8, knockouts.ts), what that answer decides: whose turn it
 * is (nobody's meanwhile), who of those it may reach is out, with their hand (shown as the view
 * shows them), and where a knock-out may hand the mover a new target to name (HH-16c) or end the
 * round (HH-12), the phase, the mover's moves and the scores (as they stand).
 */
import {
  PENDING_CARD,
  type Prediction,
  setAt,
  type ViewPath,
  valueAt,
} from '../../engine/predict.ts';
import { nextUint32, seedRng } from '../../engine/rng.ts';
import type { Hidden, Seat } from '../../engine/types.ts';
import { unseenCounts } from './bot.ts';
import { FACE_UP_SIZE } from './constants.ts';
import { answerOf, type OpenTurn, openTurn } from './knockouts.ts';
import { moves } from './moves.ts';
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
  const known = marked(viewOf(next, me), seen);
  const before = view.players.map((p) => p.out);
  const open = openTurn(before, next, out.events, sure);
  return open ? waiting(known, view, open) : known;
}

/**
 * `prediction` with what an open turn decides pending: nobody's turn meanwhile, and each other
 * part as `view` shows it now (players still in with their hands hidden, the phase, the scores).
 */
function waiting(prediction: Prediction<View>, view: View, open: OpenTurn): Prediction<View> {
  const me = view.you!;
  const kept: ViewPath[] = open.seats.flatMap((s) => [
    ['players', s, 'out'],
    ['players', s, 'hand'],
  ]);
  const branches = open.mayEnd || open.mayRetarget;
  if (branches) kept.push(['phase']);
  if (open.mayEnd) {
    kept.push(['roundWinner'], ['players', me, 'points'], ['players', me, 'wins']);
    kept.push(['totals'], ['history'], ['winners']);
  }
  const stand: [ViewPath, unknown][] = [
    [['turn'], null],
    [['toMove'], []],
    ...kept.map((path): [ViewPath, unknown] => [path, valueAt(view, path)]),
  ];
  // In play the turn never comes back to the mover: its moves wait only on a new target to name
  // or the round's end.
  if (branches) stand.push([['legal'], []]);
  let shown = prediction.view;
  const pending = prediction.pending.slice();
  for (const [path, value] of stand) {
    shown = setAt(shown, path, value);
    if (!pending.some((p) => p.join() === path.join())) pending.push(path);
  }
  return { view: shown, pending };
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
