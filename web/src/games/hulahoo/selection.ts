/**
 * What a Hula-Hoo! selection means, as plain functions of the view and the local selection, so
 * the board only draws it and the tests can check it against real engine states.
 */
import type { Hidden, Seat } from '../../../../shared/engine/types.ts';
import {
  FACE_UP_SIZE,
  HIGHEST,
  JOKER,
  LOWEST,
  MAX_SWAP,
} from '../../../../shared/games/hulahoo/constants.ts';
import type { Call, Card, Move, View } from '../../../../shared/games/hulahoo/types.ts';
import { listedMove } from '../legal-move.ts';
import type { Key } from './strings.ts';

export type Play = Extract<Move, { t: 'play' }>;
export type Retarget = Extract<Move, { t: 'retarget' }>;

/** `selected`: the card picked to play; `chosen`: the cards picked to swap or lay face up. */
export interface Selection {
  selected: string | null;
  chosen: readonly string[];
}

export const NO_SELECTION: Selection = { selected: null, chosen: [] };

/** A card whose face this viewer sees, not a back. */
export const isCard = (c: Card | Hidden): c is Card => 'id' in c;

/**
 * Your own cards (none for a spectator), and how many of each row are still on their way: a card
 * your own move brings (drawn on a double, taken in a swap) whose face only the table can tell yet.
 */
export function myCards(view: View): {
  hand: Card[];
  faceUp: Card[];
  coming: { hand: number; faceUp: number };
} {
  const me = view.you === null ? undefined : view.players[view.you];
  if (!me) return { hand: [], faceUp: [], coming: { hand: 0, faceUp: 0 } };
  // A prediction's card backs (Game.predict) may stand in either row.
  const shownUp: (Card | Hidden)[] = me.faceUp;
  const hand = me.hand.filter(isCard);
  const faceUp = shownUp.filter(isCard);
  return {
    hand,
    faceUp,
    coming: { hand: me.hand.length - hand.length, faceUp: me.faceUp.length - faceUp.length },
  };
}

/** The phase in which you are picking several cards now, if any. */
export function picking(view: View): 'swap' | 'place' | null {
  if (view.phase === 'swap' && view.legal.some((m) => m.t === 'swap')) return 'swap';
  if (view.phase === 'place' && view.legal.some((m) => m.t === 'place')) return 'place';
  return null;
}

/** The listed plays of one card: one per call (and per target with chooseTarget). */
export function playsOf(view: View, id: string): Play[] {
  return view.legal.filter((m): m is Play => m.t === 'play' && m.card === id);
}

/**
 * Whether a tap on this card of yours does anything now: it is in some listed swap or placement
 * (the engine lists face-up cards only for a swap, hand cards only for a placement; a placement
 * stand-in, `count` set, stands for any choice of hand cards), or it has a listed play.
 */
export function selectable(view: View, id: string): boolean {
  const mode = picking(view);
  if (mode !== null) {
    const inHand = myCards(view).hand.some((c) => c.id === id);
    return view.legal.some(
      (m) =>
        m.t === mode && (m.t === 'place' && m.count !== undefined ? inHand : m.cards.includes(id)),
    );
  }
  return view.phase === 'play' && playsOf(view, id).length > 0;
}

/**
 * The selection after tapping card `id`: in the swap and place phases it joins or leaves the
 * chosen cards (up to the most allowed); in play it becomes the card to play, or stops being it.
 */
export function tap(view: View, selection: Selection, id: string): Selection {
  const mode = picking(view);
  if (mode !== null) {
    const { chosen } = selection;
    if (!selectable(view, id)) return selection;
    if (chosen.includes(id)) return { selected: null, chosen: chosen.filter((c) => c !== id) };
    const max = mode === 'swap' ? MAX_SWAP : FACE_UP_SIZE;
    return chosen.length < max ? { selected: null, chosen: [...chosen, id] } : selection;
  }
  if (selection.selected === id || playsOf(view, id).length === 0) return NO_SELECTION;
  return { selected: id, chosen: [] };
}

/** The selection with whatever no longer fits the view dropped (after a move, say). */
export function keep(view: View, selection: Selection): Selection {
  const chosen =
    picking(view) === null ? [] : selection.chosen.filter((id) => selectable(view, id));
  const selected =
    selection.selected !== null && playsOf(view, selection.selected).length > 0
      ? selection.selected
      : null;
  if (selected === selection.selected && chosen.length === selection.chosen.length) {
    return selection;
  }
  return { selected, chosen };
}

/**
 * The listed move the selection makes on its own: the swap or placement of the chosen cards (in
 * any order), or the play of the selected card when it can go only one way. Undefined when the
 * selection makes none yet, or needs a choice (see `choices`).
 */
export function selectionMove(view: View, selection: Selection): Move | undefined {
  const mode = picking(view);
  if (mode !== null) return listedMove(view.legal, mode, selection.chosen);
  if (selection.selected === null) return undefined;
  const plays = playsOf(view, selection.selected);
  return plays.length === 1 ? plays[0] : undefined;
}

/** One button among the ways to finish a play or a retarget. */
export interface Choice {
  move: Play | Retarget;
  call: Call | 'double';
  target: Seat | null;
}

/** The ways to play the selected card, or to name a new target in the retarget phase. */
export function choices(view: View, selection: Selection): Choice[] {
  const moves: (Play | Retarget)[] =
    view.phase === 'retarget'
      ? view.legal.filter((m): m is Retarget => m.t === 'retarget')
      : selection.selected === null
        ? []
        : playsOf(view, selection.selected);
  return moves.map((move) => ({
    move,
    // A listed move without a call is a double: it keeps the double going.
    call: move.call ?? 'double',
    target: move.target ?? null,
  }));
}

/** The button that sends a swap or a placement: its label (a key, with a count) and its move. */
export interface Confirm {
  key: Key;
  n: number;
  move: Move | undefined;
}

export function confirm(view: View, selection: Selection): Confirm | null {
  const mode = picking(view);
  if (mode === null) return null;
  const n = selection.chosen.length;
  const move = selectionMove(view, selection);
  if (mode === 'place') return { key: 'hh.place.go', n, move };
  return { key: n === 0 ? 'hh.swap.keep' : 'hh.swap.go', n, move };
}

/** A line of the prompt: a string key with its parameters, and a count for the plural forms. */
export interface Prompt {
  key: Key;
  params: Record<string, string | number>;
  n?: number;
}

/** The value of the card on the pile, or null before the lead. */
function topValue(view: View): number | null {
  return view.discard[view.discard.length - 1]?.v ?? null;
}

/**
 * What the player should know or do now, in one line. `cardName` names a card (the board passes
 * its own, in the current language).
 */
export function prompt(
  view: View,
  selection: Selection,
  names: readonly string[],
  cardName: (card: Card) => string = (c) => String(c.v),
): Prompt | null {
  const you = view.you;
  if (you === null || view.phase === 'roundOver' || view.phase === 'gameOver') return null;
  const who = (seat: Seat | null) => (seat === null ? '' : (names[seat] ?? ''));
  const waiting = view.turn === null ? '' : who(view.turn);
  // On the turn with a move to make: never in a replay, where nobody is to move.
  const mine = view.turn === you && view.toMove.includes(you);
  if (view.players[you]?.out) return { key: 'hh.youOut', params: {} };
  // Only a predicted move shows a turn in play with nobody on it: the next player may have no
  // answer (HH-8), and whose turn it is next waits for the table.
  if (view.turn === null && (view.phase === 'play' || view.phase === 'retarget')) {
    return { key: 'hh.passing', params: {} };
  }
  switch (view.phase) {
    case 'place': {
      if (picking(view) === null) return { key: 'hh.place.wait', params: {} };
      const n = selection.chosen.length;
      return { key: 'hh.place.title', params: { need: FACE_UP_SIZE }, n };
    }
    case 'swap': {
      if (picking(view) === null) return { key: 'hh.swap.wait', params: { name: waiting } };
      const n = selection.chosen.length;
      return n === 0
        ? { key: 'hh.swap.title', params: { max: MAX_SWAP } }
        : { key: 'hh.swap.picked', params: {}, n };
    }
    case 'retarget':
      return mine
        ? { key: 'hh.retarget', params: {} }
        : { key: 'hh.retarget.wait', params: { name: waiting } };
    default:
      break;
  }
  if (!mine) return { key: 'hh.wait', params: { name: waiting } };
  const selected = selection.selected;
  if (selected !== null) {
    const card = [...myCards(view).hand, ...myCards(view).faceUp].find((c) => c.id === selected);
    const name = card ? cardName(card) : '';
    const asDouble = choices(view, selection).every((c) => c.call === 'double');
    return { key: asDouble ? 'hh.doubleFor' : 'hh.callFor', params: { card: name } };
  }
  const v = topValue(view);
  if (v === null || view.call === null) return { key: 'hh.lead', params: {} };
  if (view.call === 'double') {
    const cancel = [v - 1, v + 1].filter((x) => x >= LOWEST && x <= HIGHEST).join('/');
    return { key: 'hh.follow.double', params: { v, cancel } };
  }
  // A joker on top is no double's value: only a higher (or lower) card or another joker goes.
  const end =
    v === JOKER ? '.joker' : v === (view.call === 'higher' ? HIGHEST : LOWEST) ? '.limit' : '';
  // HH-7: nothing is above the highest card or below the lowest: a double or a joker only.
  return { key: `hh.follow.${view.call}${end}`, params: { v } };
}
