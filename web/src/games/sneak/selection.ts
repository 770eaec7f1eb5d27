/**
 * What the cards you select let you do: plain functions of the view and your selection (the ids
 * picked, the hand's sort order), with no Solid in them, so that the board only draws their
 * answers. Each action button sends exactly the move `actions` returns, found in `view.legal`
 * (a stand-in filled with the real ids once the rules' own check accepts them).
 */
import type { Hidden, Seat } from '../../../../shared/engine/types.ts';
import { beatsFlaunt, classify, isFlauntable } from '../../../../shared/games/sneak/combos.ts';
import type { Card, ComboType, Move, Suit, View } from '../../../../shared/games/sneak/types.ts';
import { cardsInMoves, listedMove } from '../legal-move.ts';
import type { Key, Msg } from './strings.ts';

export type Sort = 'suit' | 'rank';

const msg = (key: Key, params?: Msg['params'], n?: number): Msg =>
  n === undefined ? { key, params } : { key, params, n };
export const comboMsg = (type: ComboType): Msg => ({ key: `sn.combo.${type}` });

/** Suits alternate black and red across the hand. */
const SUIT_ORDER: Record<Suit, number> = { S: 0, H: 1, C: 2, D: 3 };
const byId = (a: Card, b: Card) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
export const bySuit = (a: Card, b: Card) =>
  SUIT_ORDER[a.s] - SUIT_ORDER[b.s] || a.r - b.r || byId(a, b);
export const byRank = (a: Card, b: Card) =>
  a.r - b.r || SUIT_ORDER[a.s] - SUIT_ORDER[b.s] || byId(a, b);

export function sortHand(cards: readonly Card[], sort: Sort): Card[] {
  return [...cards].sort(sort === 'suit' ? bySuit : byRank);
}

export const isCard = (c: Card | Hidden): c is Card => !('hidden' in c);

/** What the legal moves allow, read once per view. */
export interface Options {
  draw: Move | undefined;
  decline: Move | undefined;
  /** Sizes a sneak lead may have. */
  sneaks: Set<number>;
  /** Whether any flaunt is listed (in full or as a stand-in), and the largest size. */
  flaunts: boolean;
  flauntMax: number;
  /** Whether any challenge is listed: answering a flaunt, only beating ones are. */
  challenges: boolean;
  /** Answering a flaunt: the beating sets listed in full, and every card in one of them. */
  beats: string[][];
  beatCards: Set<string>;
  /** Answering a flaunt with too many beating sets to list (a stand-in). */
  anyBeat: boolean;
}

export function readOptions(view: View): Options {
  const o: Options = {
    draw: undefined,
    decline: undefined,
    sneaks: new Set(),
    flaunts: false,
    flauntMax: 0,
    challenges: false,
    beats: [],
    beatCards: new Set(),
    anyBeat: false,
  };
  const flauntLead = view.lead?.kind === 'flaunt';
  for (const m of view.legal) {
    switch (m.t) {
      case 'draw':
        o.draw = m;
        break;
      case 'decline':
        o.decline = m;
        break;
      case 'sneak':
        o.sneaks.add(m.count ?? m.cards.length);
        break;
      case 'flaunt':
        o.flaunts = true;
        o.flauntMax = Math.max(o.flauntMax, m.count ?? m.cards.length);
        break;
      case 'challenge':
        o.challenges = true;
        if (!flauntLead) break;
        if (m.count !== undefined) o.anyBeat = true;
        else o.beats.push(m.cards);
        break;
    }
  }
  if (flauntLead) o.beatCards = cardsInMoves(view.legal, 'challenge');
  return o;
}

/**
 * 'lead': your turn, with cards to sneak or flaunt; 'draw': your turn, drawing is all you may do;
 * 'answer': asked to answer a lead; 'idle': nothing to do.
 */
export type Mode = 'lead' | 'draw' | 'answer' | 'idle';

export interface Selection {
  view: View;
  options: Options;
  mode: Mode;
  /** Your hand in the chosen order. */
  hand: Card[];
  /** Cards drawn into it whose faces only the table can tell yet (a predicted draw's backs). */
  coming: number;
  /** The picked cards still in your hand, in the hand's order. */
  chosen: Card[];
  /** How many cards may be selected at once. */
  capacity: number;
  /** Whether tapping cards selects them now. */
  picking: boolean;
}

function modeOf(view: View, o: Options): Mode {
  if (view.phase === 'challenge') return o.decline ? 'answer' : 'idle';
  if (view.phase !== 'play' || view.legal.length === 0) return 'idle';
  return o.sneaks.size > 0 || o.flaunts ? 'lead' : 'draw';
}

export function select(view: View, picked: readonly string[], sort: Sort): Selection {
  const options = readOptions(view);
  const mode = modeOf(view, options);
  const own = view.you === null ? [] : (view.players[view.you]?.hand ?? []);
  const hand = sortHand(own.filter(isCard), sort);
  const ids = new Set(picked);
  const chosen = hand.filter((c) => ids.has(c.id));
  const capacity =
    mode === 'answer'
      ? (view.lead?.cards.length ?? 0)
      : mode === 'lead'
        ? Math.max(options.flauntMax, ...options.sneaks)
        : 0;
  const picking = mode === 'lead' || (mode === 'answer' && options.challenges);
  const coming = own.length - hand.length;
  return { view, options, mode, hand, coming, chosen, capacity, picking };
}

const idsOf = (cards: readonly Card[]) => cards.map((c) => c.id);

/**
 * Whether the card may be tapped now: while you pick, any card up to the capacity (a single one
 * is swapped for another); against a flaunt, only cards that can still make a beating set with
 * those already chosen.
 */
export function selectable(s: Selection, id: string): boolean {
  if (!s.picking || !s.hand.some((c) => c.id === id)) return false;
  const picked = s.chosen.some((c) => c.id === id);
  const o = s.options;
  if (s.mode === 'answer' && s.view.lead?.kind === 'flaunt' && !o.anyBeat) {
    if (!o.beatCards.has(id)) return false;
    if (picked) return true;
    if (s.capacity === 1) return true;
    const want = [...idsOf(s.chosen), id];
    return o.beats.some((set) => want.every((w) => set.includes(w)));
  }
  if (picked || s.capacity === 1) return true;
  return s.chosen.length < s.capacity;
}

/** The picked ids after tapping a card (unchanged if it may not be tapped). */
export function toggle(s: Selection, id: string): string[] {
  const current = idsOf(s.chosen);
  if (!selectable(s, id)) return current;
  if (current.includes(id)) return current.filter((c) => c !== id);
  return s.capacity === 1 ? [id] : [...current, id];
}

/** The cards of a selection, looked up in the hand. */
function cardsOf(s: Selection, ids: readonly string[]): Card[] {
  return ids.map((id) => s.hand.find((c) => c.id === id)).filter((c) => c !== undefined);
}

/** The legal move each kind of button sends for the current selection, if any. */
export function moveFor(s: Selection, t: 'sneak' | 'flaunt' | 'challenge'): Move | undefined {
  const ids = idsOf(s.chosen);
  if (ids.length === 0) return undefined;
  const legal = s.view.legal;
  if (t === 'sneak') return s.mode === 'lead' ? listedMove(legal, 'sneak', ids) : undefined;
  if (t === 'flaunt') {
    if (s.mode !== 'lead') return undefined;
    return listedMove(legal, 'flaunt', ids, (sel) => isFlauntable(classify(cardsOf(s, sel))));
  }
  if (s.mode !== 'answer') return undefined;
  const lead = s.view.lead;
  if (lead?.kind !== 'flaunt') return listedMove(legal, 'challenge', ids);
  const led = classify(lead.cards.filter(isCard));
  return listedMove(legal, 'challenge', ids, (sel) => beatsFlaunt(classify(cardsOf(s, sel)), led));
}

export type ActionKind = 'draw' | 'sneak' | 'flaunt' | 'challenge' | 'decline';

export interface Action {
  kind: ActionKind;
  /** What the button sends; undefined while the selection makes no such move. */
  move: Move | undefined;
  primary: boolean;
  label: Msg;
  /** A second, smaller line: how the cards go, or what they make. */
  sub?: Msg;
}

/** The buttons for the moment, in order, each with the move it sends. */
export function actions(s: Selection): Action[] {
  const o = s.options;
  const n = s.chosen.length;
  const out: Action[] = [];
  if (s.mode === 'lead' || s.mode === 'draw') {
    if (o.draw) out.push({ kind: 'draw', move: o.draw, primary: n === 0, label: msg('sn.draw') });
    if (s.mode === 'draw') return out;
    const flaunt = moveFor(s, 'flaunt');
    if (o.sneaks.size > 0) {
      const sneak = moveFor(s, 'sneak');
      out.push({
        kind: 'sneak',
        move: sneak,
        primary: sneak !== undefined && flaunt === undefined,
        label: n > 0 ? msg('sn.sneakN', { n }) : msg('sn.sneak'),
        sub: msg('sn.faceDown'),
      });
    }
    if (o.flaunts) {
      out.push({
        kind: 'flaunt',
        move: flaunt,
        primary: flaunt !== undefined,
        label: msg('sn.flaunt'),
        sub: flaunt ? comboMsg(classify(s.chosen).type) : msg('sn.faceUp'),
      });
    }
    return out;
  }
  if (s.mode !== 'answer') return out;
  if (o.challenges) {
    const challenge = moveFor(s, 'challenge');
    out.push({
      kind: 'challenge',
      move: challenge,
      primary: challenge !== undefined,
      label: msg('sn.challenge'),
      sub: msg('sn.withCards', undefined, s.capacity),
    });
  }
  out.push({ kind: 'decline', move: o.decline, primary: !o.challenges, label: msg('sn.decline') });
  return out;
}

/** While leading: what the selection is, and why a button may still be off. */
export function selectionNote(s: Selection): Msg[] {
  const n = s.chosen.length;
  if (s.mode !== 'lead' || n === 0) return [];
  const type = classify(s.chosen).type;
  const lines = [msg('sn.sel.count', { combo: comboMsg(type) }, n)];
  if (type === 'none') {
    lines.push(msg(s.options.sneaks.size > 0 ? 'sn.sel.notFlaunt' : 'sn.sel.notFlauntNoStock'));
  }
  if (n === s.capacity && n < s.hand.length) lines.push(msg('sn.sel.cap', {}, n));
  return lines;
}

/** While answering: how many cards to pick, and whether they will do. */
export function answerNote(s: Selection): Msg | null {
  if (s.mode !== 'answer' || !s.options.challenges) return null;
  const n = s.chosen.length;
  if (n < s.capacity) return msg('sn.ask.pick', undefined, s.capacity);
  if (moveFor(s, 'challenge'))
    return msg('sn.ask.ready', { combo: comboMsg(classify(s.chosen).type) });
  return msg('sn.ask.noBeat');
}

const nameOf = (names: readonly string[], seat: Seat) => names[seat] ?? '';

/**
 * What the moment asks of you, first line first: whose turn it is, what you may do, or where the
 * challenge stands from your seat. Empty between rounds.
 */
export function prompt(s: Selection, names: readonly string[]): Msg[] {
  const v = s.view;
  if (v.phase === 'play') {
    if (s.mode === 'draw') {
      const fresh = v.you !== null && v.players[v.you]?.fresh;
      return [msg(fresh ? 'sn.prompt.firstDraw' : 'sn.prompt.emptyHand')];
    }
    if (s.mode === 'lead') return [msg(s.options.draw ? 'sn.prompt.turn' : 'sn.prompt.noStock')];
    return v.turn === null ? [] : [msg('sn.prompt.wait', { name: nameOf(names, v.turn) })];
  }
  if (v.phase !== 'challenge' || !v.lead) return [];
  const lead = v.lead;
  const name = nameOf(names, lead.by);
  if (lead.by === v.you) return [msg('sn.wait.yourLead')];
  if (s.mode === 'answer') {
    const count = lead.cards.length;
    const cannot = s.options.challenges ? [] : [msg('sn.ask.cannot')];
    if (lead.kind === 'sneak') return [msg('sn.ask.sneak', { name }, count), ...cannot];
    const cards = lead.cards.filter(isCard);
    const rule =
      cards.length === 1
        ? msg('sn.ask.single', { suit: { key: `sn.suit.${cards[0]!.s}` } })
        : msg('sn.ask.combo', { combo: comboMsg(classify(cards).type), n: count });
    return [msg('sn.ask.flaunt', { name }), rule, ...cannot];
  }
  if (v.answer) {
    const given = msg(v.answer.t === 'challenge' ? 'sn.answer.challenge' : 'sn.answer.decline');
    return [given, msg('sn.wait.answers')];
  }
  if (v.you !== null && !v.players[v.you]?.asked) return [msg('sn.wait.notAsked')];
  return [msg('sn.wait.answers')];
}

/**
 * The lines above the action buttons: while you lead with cards selected, what they make;
 * otherwise the prompt, and when answering, how your selection stands.
 */
export function guide(s: Selection, names: readonly string[]): Msg[] {
  if (s.mode === 'lead' && s.chosen.length > 0) return selectionNote(s);
  const note = answerNote(s);
  return note ? [...prompt(s, names), note] : prompt(s, names);
}
