/**
 * What the HiLO board offers, as plain functions of the view and the player's local choices (the
 * take or flip mode, the cells picked for the opening, the HILO line chosen): which of your cells
 * a click acts on and what it does, which listed move a selection makes, which buttons to show and
 * what the prompt says. The board only draws this and sends the moves it returns, always the very
 * objects listed in `view.legal`.
 */
import type { Seat } from '../../../../shared/engine/types.ts';
import { isDiagonal, lineCells } from '../../../../shared/games/hilo/layout.ts';
import type { Card, Cell, Close, Line, Move, View } from '../../../../shared/games/hilo/types.ts';
import { score } from '../../i18n.ts';
import { cardName, colourName, isHidden, joinNames, lineName } from './names.ts';
import { type Key, t, tn } from './strings.ts';
import { lastCardWarning, yourTurn } from './warnings.ts';

export type Mode = 'none' | 'take' | 'flip';

/** The choices a player makes on the way to a move, before anything is sent. */
export interface Choices {
  mode: Mode;
  /** Opening: the face-down cells picked so far, oldest first (two at most). */
  picks: readonly Cell[];
  /** HILO: the line chosen for removal, or null. */
  line: Line | null;
}

export const START: Choices = { mode: 'none', picks: [], line: null };

/** What clicking a cell of your layout does: pick it, swap into it, turn it up or choose a line. */
export type Target = 'pick' | 'take' | 'place' | 'flip' | 'line';

/**
 * Where the player stands now. opening: pick two cells; ready: wait for the others' picks;
 * choose: take or draw; take: pick the cell for the discard; drawn: place or discard the drawn
 * card; flip: pick the cell to turn up; hilo: remove a line or keep; wait: nothing to do.
 */
export type Step = 'opening' | 'ready' | 'choose' | 'take' | 'drawn' | 'flip' | 'hilo' | 'wait';

/** A click's result: a listed move to send, new local choices, or nothing. */
export type Click = { send: Move } | { choices: Choices } | null;

/** Something the prompt says: a string key with its parameters, counted when `n` is given. */
export interface Prompt {
  key: Key;
  params?: Record<string, string | number>;
  n?: number;
}

/** The buttons under the prompt, in order. */
export type Button =
  | { id: 'reveal'; move: Move | undefined }
  | { id: 'clear' }
  | { id: 'take'; card: Card }
  | { id: 'draw'; move: Move }
  | { id: 'discard'; flip: boolean }
  | { id: 'cancel' }
  | { id: 'line'; line: Line; selected: boolean }
  | { id: 'remove'; line: Line; move: Move }
  | { id: 'close'; line: Line; close: Close; move: Move }
  | { id: 'keep'; move: Move };

type Of<T extends Move['t']> = Extract<Move, { t: T }>;

export const sameCell = (a: Cell, b: Cell) => a.row === b.row && a.col === b.col;
export const sameLine = (a: Line, b: Line) =>
  a.kind === b.kind && (a.index ?? 0) === (b.index ?? 0);
export const cellKey = (cell: Cell) => `${cell.row}-${cell.col}`;
export const onLine = (line: Line | null, cell: Cell) =>
  line !== null && lineCells(line).some((c) => sameCell(c, cell));

/** The listed moves of one kind. */
export function movesOf<T extends Move['t']>(view: View, kind: T): Of<T>[] {
  return view.legal.filter((m): m is Of<T> => m.t === kind);
}

const has = (view: View, kind: Move['t']) => view.legal.some((m) => m.t === kind);

export const topDiscard = (view: View): Card | undefined => view.discard[view.discard.length - 1];

/** The card you drew this turn, when it is yours to see. */
export function drawnCard(view: View): Card | null {
  const d = view.drawn;
  return d !== null && !isHidden(d) ? d : null;
}

export function stepOf(view: View, choices: Choices): Step {
  if (view.you === null) return 'wait';
  if (has(view, 'reveal')) return 'opening';
  if (view.phase === 'opening') return 'ready';
  if (has(view, 'keep')) return 'hilo';
  if (has(view, 'take') || has(view, 'draw')) {
    return choices.mode === 'take' && has(view, 'take') ? 'take' : 'choose';
  }
  if (has(view, 'place') || has(view, 'discard')) {
    const flips = movesOf(view, 'discard').some((m) => m.flip !== undefined);
    return choices.mode === 'flip' && flips ? 'flip' : 'drawn';
  }
  return 'wait';
}

/** The HILO lines on offer, each once (a diagonal is listed once per way of closing up). */
export function offeredLines(view: View): Line[] {
  const lines: Line[] = [];
  for (const m of movesOf(view, 'hilo')) {
    if (!lines.some((l) => sameLine(l, m.line))) lines.push(m.line);
  }
  return lines;
}

/** The line the player means: the one chosen, or the only one on offer. */
export function chosenLine(view: View, choices: Choices): Line | null {
  const lines = offeredLines(view);
  const chosen = choices.line;
  if (chosen !== null && lines.some((l) => sameLine(l, chosen))) return chosen;
  return lines.length === 1 ? lines[0]! : null;
}

/** The colour of a line of your layout, named. */
export function lineColour(view: View, line: Line): string {
  const cell = lineCells(line)[0]!;
  const card = view.you === null ? undefined : view.players[view.you]?.layout[cell.row]?.[cell.col];
  return card && !isHidden(card) ? colourName(card.c) : '';
}

/** The listed opening move for two picked cells, in whichever order they were picked. */
export function revealMove(view: View, picks: readonly Cell[]): Move | undefined {
  if (picks.length !== 2) return undefined;
  const [a, b] = picks as [Cell, Cell];
  return movesOf(view, 'reveal').find(
    (m) =>
      (sameCell(m.cells[0], a) && sameCell(m.cells[1], b)) ||
      (sameCell(m.cells[0], b) && sameCell(m.cells[1], a)),
  );
}

/** The listed removal of `line` (for a diagonal, closing up as `close`). */
export function hiloMove(view: View, line: Line, close?: Close): Move | undefined {
  return movesOf(view, 'hilo').find(
    (m) => sameLine(m.line, line) && (!isDiagonal(line) || m.close === close),
  );
}

/**
 * The move the current selection makes once confirmed: the opening's two cells, or the chosen
 * row or column (a diagonal also needs its closing-up, given by the button that sends it).
 */
export function selectedMove(view: View, choices: Choices): Move | undefined {
  const step = stepOf(view, choices);
  if (step === 'opening') return revealMove(view, choices.picks);
  if (step !== 'hilo') return undefined;
  const line = chosenLine(view, choices);
  return line === null || isDiagonal(line) ? undefined : hiloMove(view, line);
}

/** What clicking this cell of your layout would do now, or null. */
export function targetOf(view: View, choices: Choices, cell: Cell): Target | null {
  switch (stepOf(view, choices)) {
    case 'opening':
      return movesOf(view, 'reveal').some((m) => m.cells.some((c) => sameCell(c, cell)))
        ? 'pick'
        : null;
    case 'take':
      return movesOf(view, 'take').some((m) => sameCell(m.cell, cell)) ? 'take' : null;
    case 'drawn':
      return movesOf(view, 'place').some((m) => sameCell(m.cell, cell)) ? 'place' : null;
    case 'flip':
      return movesOf(view, 'discard').some((m) => m.flip && sameCell(m.flip, cell)) ? 'flip' : null;
    case 'hilo':
      return offeredLines(view).some((l) => onLine(l, cell)) ? 'line' : null;
    default:
      return null;
  }
}

/** Adds a cell to the opening picks or takes it back; a third pick replaces the oldest. */
export function togglePick(picks: readonly Cell[], cell: Cell): Cell[] {
  if (picks.some((c) => sameCell(c, cell))) return picks.filter((c) => !sameCell(c, cell));
  return picks.length < 2 ? [...picks, cell] : [picks[1]!, cell];
}

export function clickCell(view: View, choices: Choices, cell: Cell): Click {
  const send = (move: Move | undefined): Click => (move ? { send: move } : null);
  switch (targetOf(view, choices, cell)) {
    case 'pick':
      return { choices: { ...choices, picks: togglePick(choices.picks, cell) } };
    case 'take':
      return send(movesOf(view, 'take').find((m) => sameCell(m.cell, cell)));
    case 'place':
      return send(movesOf(view, 'place').find((m) => sameCell(m.cell, cell)));
    case 'flip':
      return send(movesOf(view, 'discard').find((m) => m.flip && sameCell(m.flip, cell)));
    case 'line': {
      // Where two HILOs cross, each click moves on to the next line through the cell.
      const through = offeredLines(view).filter((l) => onLine(l, cell));
      const now = chosenLine(view, choices);
      const at = through.findIndex((l) => now !== null && sameLine(l, now));
      return { choices: { ...choices, line: through[(at + 1) % through.length]! } };
    }
    default:
      return null;
  }
}

/** What the discard pile offers now: taking its top card, or discarding onto it. */
export function discardRole(view: View): 'take' | 'discard' | null {
  if (has(view, 'take')) return 'take';
  if (has(view, 'discard')) return 'discard';
  return null;
}

/** Clicking the discard pile: the same as the take or discard button, or leaving that mode. */
export function clickDiscardPile(view: View, choices: Choices): Click {
  switch (stepOf(view, choices)) {
    case 'choose':
      return has(view, 'take') ? { choices: { ...choices, mode: 'take' } } : null;
    case 'take':
    case 'flip':
      return { choices: { ...choices, mode: 'none' } };
    case 'drawn': {
      const plain = movesOf(view, 'discard').find((m) => m.flip === undefined);
      return plain ? { send: plain } : { choices: { ...choices, mode: 'flip' } };
    }
    default:
      return null;
  }
}

/** Clicking the draw pile: the listed draw, if any. */
export function drawMove(view: View): Move | undefined {
  return movesOf(view, 'draw')[0];
}

export function buttons(view: View, choices: Choices): Button[] {
  const list: Button[] = [];
  switch (stepOf(view, choices)) {
    case 'opening':
      list.push({ id: 'reveal', move: revealMove(view, choices.picks) });
      if (choices.picks.length > 0) list.push({ id: 'clear' });
      break;
    case 'choose': {
      const top = topDiscard(view);
      if (top && has(view, 'take')) list.push({ id: 'take', card: top });
      const draw = drawMove(view);
      if (draw) list.push({ id: 'draw', move: draw });
      break;
    }
    case 'drawn':
      list.push({ id: 'discard', flip: movesOf(view, 'discard').some((m) => m.flip) });
      break;
    case 'take':
    case 'flip':
      list.push({ id: 'cancel' });
      break;
    case 'hilo': {
      const lines = offeredLines(view);
      const line = chosenLine(view, choices);
      if (lines.length > 1) {
        for (const l of lines) {
          list.push({ id: 'line', line: l, selected: line !== null && sameLine(l, line) });
        }
      }
      if (line !== null && isDiagonal(line)) {
        for (const close of ['rows', 'cols'] as Close[]) {
          const move = hiloMove(view, line, close);
          if (move) list.push({ id: 'close', line, close, move });
        }
      } else if (line !== null) {
        const move = hiloMove(view, line);
        if (move) list.push({ id: 'remove', line, move });
      }
      const keep = movesOf(view, 'keep')[0];
      if (keep) list.push({ id: 'keep', move: keep });
      break;
    }
    default:
  }
  return list;
}

/** What pressing a button does. */
export function press(view: View, choices: Choices, button: Button): Click {
  switch (button.id) {
    case 'reveal':
      return button.move ? { send: button.move } : null;
    case 'clear':
      return { choices: { ...choices, picks: [] } };
    case 'take':
      return { choices: { ...choices, mode: 'take' } };
    case 'discard':
      return clickDiscardPile(view, { ...choices, mode: 'none' });
    case 'cancel':
      return { choices: { ...choices, mode: 'none' } };
    case 'line':
      return { choices: { ...choices, line: button.line } };
    default:
      return { send: button.move };
  }
}

/** The others' seats, from your left round the table (every seat for a spectator). */
export function othersInOrder(view: View): Seat[] {
  const n = view.players.length;
  const me = view.you;
  const from = me === null ? 0 : me + 1;
  const list: Seat[] = [];
  for (let i = 0; i < n; i++) list.push((from + i) % n);
  return me === null ? list : list.filter((s) => s !== me);
}

/** The prompt for your step, or null when there is nothing for you to do. */
export function prompt(view: View, choices: Choices, names: readonly string[]): Prompt | null {
  const top = topDiscard(view);
  switch (stepOf(view, choices)) {
    case 'opening':
      return { key: 'hl.opening.pick', params: { n: choices.picks.length } };
    case 'ready': {
      const waiting = view.players
        .map((p, s) => (p.ready || s === view.you ? '' : (names[s] ?? '')))
        .filter((name) => name !== '');
      return { key: 'hl.opening.wait', params: { names: joinNames(waiting) } };
    }
    case 'choose': {
      const take = has(view, 'take') && top;
      if (take && has(view, 'draw'))
        return { key: 'hl.prompt.play', params: { card: cardName(top) } };
      if (take) return { key: 'hl.prompt.takeOnly', params: { card: cardName(top) } };
      return { key: 'hl.prompt.drawOnly' };
    }
    case 'take':
      return { key: 'hl.prompt.take', params: { card: top ? cardName(top) : '' } };
    case 'drawn': {
      const card = drawnCard(view);
      // The card drawn is on its way from the table (a predicted draw): its face comes next.
      if (!card) return { key: 'hl.prompt.drawing' };
      const flip = movesOf(view, 'discard').some((m) => m.flip);
      const params = { card: cardName(card) };
      return { key: flip ? 'hl.prompt.drawn' : 'hl.prompt.drawnLast', params };
    }
    case 'flip':
      return { key: 'hl.prompt.flip' };
    case 'hilo': {
      const line = chosenLine(view, choices);
      if (line === null) return { key: 'hl.prompt.hilos', n: offeredLines(view).length };
      const params = { line: lineName(line), colour: lineColour(view, line) };
      if (isDiagonal(line)) return { key: 'hl.prompt.hiloDiag', params };
      return { key: view.chain ? 'hl.prompt.chain' : 'hl.prompt.hilo', params };
    }
    default:
      return null;
  }
}

export function promptText(p: Prompt): string {
  return p.n === undefined ? t(p.key, p.params) : tn(p.key, p.n, p.params);
}

/** The head's line: whose turn it is and what they are at. */
export function status(view: View, names: readonly string[]): string {
  const turn = view.turn;
  if (view.phase === 'opening') return t('hl.opening.watch');
  if (turn === null) return '';
  if (yourTurn(view)) return t('hl.turn.you');
  const name = names[turn] ?? '';
  if (view.phase === 'drawn') return t('hl.turn.drawn', { name });
  if (view.phase === 'hilo') return t('hl.turn.hilo', { name });
  return t('hl.turn', { name });
}

const over = (view: View) => view.phase === 'roundOver' || view.phase === 'gameOver';

/**
 * A warning the round's end is near: someone ended it (who still plays), or your next move
 * would (HL-11); empty otherwise.
 */
export function endWarning(view: View, names: readonly string[]): string {
  const ender = view.endedBy;
  if (ender === null || over(view)) return lastCardWarning(view) ? t('hl.lastCard') : '';
  const me = view.you;
  if (ender === me) return t('hl.ended.you');
  const name = names[ender] ?? '';
  if (me !== null && yourTurn(view) && view.lastTurns.includes(me)) {
    return t('hl.ended.yours', { name });
  }
  const others = view.lastTurns.map((s) => (s === me ? t('hl.you') : (names[s] ?? '')));
  return t('hl.ended', { name, names: joinNames(others) });
}

/** A seat's sum and score at the round's end (the score doubled or not), or null before. */
function roundResult(view: View, seat: Seat): { sum: number; score: number } | null {
  const sum = view.roundSums?.[seat];
  const score = view.roundScores?.[seat];
  return over(view) && sum !== undefined && score !== undefined ? { sum, score } : null;
}

/** A doubled sum written short, for a narrow tile ("16×2=32"); '' when not doubled. */
export function doubledShort(view: View, seat: Seat): string {
  const r = roundResult(view, seat);
  return r && r.score !== r.sum ? t('hl.sumDoubled.short', r) : '';
}

/** The round's score beside a name once it is over: the sum, and its doubling if any (HL-12). */
export function scoreText(view: View, seat: Seat): string {
  const r = roundResult(view, seat);
  if (!r) return '';
  // Written as every score on the page is, with a true minus sign (−1).
  const shown = { sum: score(r.sum), score: score(r.score) };
  return r.score !== r.sum ? t('hl.sumDoubled', shown) : t('hl.sum', { sum: shown.sum });
}

/** Which of your opening picks this cell is (0 or 1), or -1. */
export function pickIndex(view: View, choices: Choices, cell: Cell): number {
  const own = view.you === null ? null : (view.players[view.you]?.chosen ?? null);
  return (own ?? choices.picks).findIndex((c) => sameCell(c, cell));
}
