/**
 * What the page knows of its table, and how each message from the table changes it: a pure
 * function, tested in Node. Views here are plain JSON that nothing ever changes in place (a patch
 * copies what it changes), so the view before a change is still at hand to compare with.
 */
import type { GameEvent, Rejection, Seat } from '../../shared/engine/types.ts';
import type { ErrorCode } from '../../shared/errors.ts';
import { applyPatch, sameJson } from '../../shared/patch.ts';
import {
  type AnyView,
  checkView,
  type GameRecord,
  PROTOCOL_VERSION,
  type ServerMessage,
  type TableSummary,
  type UnseatReason,
} from '../../shared/protocol.ts';
import type { Reaction } from '../../shared/reactions.ts';
import { touchedCards } from './last-move.ts';

/** What the page tells the player went wrong: a refusal from the table, or a lost seat. */
export type TableError = Rejection<ErrorCode | `unseated.${UnseatReason}`>;

export interface LiveState {
  version: number;
  view: AnyView;
  deadline: number | null;
}

export interface LogEntry {
  n: number;
  event: GameEvent;
  /** Heard as it happened, not read back from the history on joining: worth a notice. */
  live: boolean;
  /** The seats when it was heard, so that a line names who sat there then (history: none). */
  seats?: TableSummary['seats'];
}

/** At most this many log lines are kept. */
export const LOG_LIMIT = 200;

export interface Received {
  table: TableSummary | null;
  seat: Seat | null;
  host: boolean;
  live: LiveState | null;
  /** The cards the latest version brought or moved (last-move.ts). */
  touched: ReadonlySet<string>;
  log: LogEntry[];
  /** Log lines numbered so far. */
  logged: number;
  error: TableError | null;
  record: GameRecord | null;
  /** The legal moves the move in flight was chosen from, until its answer comes; null: none. */
  answering: AnyView['legal'] | null;
  /**
   * The move in flight and the view its game predicts it leads to (Game.predict), shown in the
   * latest version's place until the table answers; null where the move is not predicted.
   */
  predicted: { move: unknown; view: AnyView } | null;
  /** This page asked to leave its seat: the answer needs no explanation. */
  leaving: boolean;
  /**
   * How often a join has brought this page up to date: its welcome in a lobby, else the history
   * that follows its first state.
   */
  synced: number;
}

export const nothingReceived: Received = {
  table: null,
  seat: null,
  host: false,
  live: null,
  touched: new Set(),
  log: [],
  logged: 0,
  error: null,
  record: null,
  answering: null,
  predicted: null,
  leaving: false,
  synced: 0,
};

/** The view a move made on `view` leads to, as far as its mover can know; null: unknown. */
export type Predictor = (view: AnyView, move: unknown) => AnyView | null;

/** The view the board shows: the move in flight's predicted one, else the latest version's. */
export const shownView = (r: Received): AnyView | null => r.predicted?.view ?? r.live?.view ?? null;

/** The page sends `move`, made on the latest version: the board shows what it predicts at once. */
export function moved(r: Received, move: unknown, predict: Predictor): Received {
  if (!r.live) return r;
  const view = predict(r.live.view, move);
  return {
    ...r,
    error: null,
    answering: r.live.view.legal,
    predicted: view && { move, view },
    // The cards the move takes or moves are marked now, as they will be when the answer comes.
    touched: view ? touchedCards(r.live.view, view) : r.touched,
  };
}

/** The move in flight has no answer coming (the connection dropped, or it took too long). */
export const unanswered = (r: Received): Received => ({ ...r, answering: null, predicted: null });

/** What the page must do besides showing the new state. */
export type Effect =
  /** Remember this seat and its token. */
  | { kind: 'seated'; seat: Seat; token: string }
  /** Forget the seat this browser held here. */
  | { kind: 'forget' }
  /** Join again: the page missed a message, or a bot keeps its seat for it (ALL-4). */
  | { kind: 'rejoin' }
  | { kind: 'reaction'; seat: Seat; reaction: Reaction }
  /** Someone reminded `seat` (at `by`, or the host) that the table waits on them. */
  | { kind: 'nudge'; seat: Seat; by: Seat | null }
  /** The table speaks a newer protocol than this page's build: reload onto the new one. */
  | { kind: 'reload' };

/** The move in flight is answered once the view no longer asks the seat what it was made for. */
function stillAsked(view: AnyView, legal: AnyView['legal']): boolean {
  const you = view.you;
  return you !== null && view.toMove.includes(you) && sameJson(view.legal, legal);
}

/** A new version: its view, the cards it touched, its events in the log. */
function withState(
  r: Received,
  version: number,
  view: AnyView,
  events: GameEvent[],
  deadline: number | null,
  predict: Predictor,
): Received {
  const touched =
    r.live && r.live.version === version ? r.touched : touchedCards(r.live?.view ?? null, view);
  // Someone else's answer in a simultaneous phase leaves this seat's choice as it was: the move
  // sent is still on its way, and the board waits for it rather than ask again.
  const answering = r.answering !== null && stillAsked(view, r.answering) ? r.answering : null;
  // The table's view replaces a prediction; a move still on its way is predicted again from it.
  const move = answering && r.predicted ? r.predicted.move : undefined;
  const again = move === undefined ? null : predict(view, move);
  const predicted = again && { move, view: again };
  let { log, logged, error } = r;
  if (events.length > 0) {
    const seats = r.table?.seats;
    const entries = events.map((event, i) => ({ n: logged + i, event, live: true, seats }));
    logged += events.length;
    // A new game starts a new log, and the notice of a seat lost in the last one is done with.
    const fresh = events[0]?.type === 'gameStarted';
    log = [...(fresh ? [] : log), ...entries].slice(-LOG_LIMIT);
    if (fresh) error = unseatedOver(error);
  }
  return {
    ...r,
    live: { version, view, deadline },
    touched,
    answering,
    predicted,
    log,
    logged,
    error,
  };
}

/** A notice of a lost seat ends when the player sits again or a new game starts. */
function unseatedOver(error: TableError | null): TableError | null {
  return error?.code.startsWith('unseated.') ? null : error;
}

/**
 * The page's knowledge after one message, and what else it must do; `predict` predicts a move in
 * flight again from a version that came before its answer.
 */
export function receive(
  r: Received,
  msg: ServerMessage,
  predict: Predictor = () => null,
): { next: Received; effects: Effect[] } {
  switch (msg.type) {
    case 'push':
      return { next: r, effects: [] };
    case 'welcome': {
      // A lobby has no game, so nothing follows the welcome.
      const synced = r.synced + (msg.table.status === 'lobby' ? 1 : 0);
      // A table newer than the page may send what this page cannot read; an older one (a deploy
      // under way) is the page's to put up with, as a reload would bring it no other table.
      const newer = msg.protocol !== undefined && msg.protocol > PROTOCOL_VERSION;
      return {
        next: { ...r, table: msg.table, seat: msg.seat, host: msg.host, synced },
        effects: newer ? [{ kind: 'reload' }] : [],
      };
    }
    case 'table': {
      // A "next round" only marks this seat ready while others are awaited: this is its answer.
      const ready = r.answering !== null && msg.table.pause?.ready.includes(r.seat ?? -1);
      return {
        next: ready ? { ...unanswered(r), table: msg.table } : { ...r, table: msg.table },
        effects: [],
      };
    }
    case 'seated': {
      const next = { ...r, seat: msg.seat, error: unseatedOver(r.error), leaving: false };
      return { next, effects: [{ kind: 'seated', seat: msg.seat, token: msg.token }] };
    }
    case 'unseated': {
      // Leaving on purpose needs no notice; losing the seat any other way does.
      const asked = msg.reason === 'left' && r.leaving;
      const next = {
        ...unanswered(r),
        seat: null,
        leaving: false,
        error: asked ? r.error : { code: `unseated.${msg.reason}` as const, message: '' },
      };
      // A bot keeps the seat for its player (ALL-4): joining again with the token takes it back.
      const effect: Effect = msg.reason === 'bot' ? { kind: 'rejoin' } : { kind: 'forget' };
      return { next, effects: [effect] };
    }
    case 'history': {
      // The whole game so far, on joining: the log is rebuilt from it, not added to.
      const entries = msg.events.map((event, i) => ({ n: r.logged + i, event, live: false }));
      const next = {
        ...r,
        log: entries.slice(-LOG_LIMIT),
        logged: r.logged + entries.length,
        synced: r.synced + 1,
      };
      return { next, effects: [] };
    }
    case 'state':
      return {
        next: withState(r, msg.version, msg.view, msg.events, msg.deadline, predict),
        effects: [],
      };
    case 'patch': {
      // A patch of a view this page does not hold (a message lost on the way): join again, which
      // brings the whole state. The board is never left showing a stale game.
      if (!r.live || r.live.version !== msg.base) return { next: r, effects: [{ kind: 'rejoin' }] };
      const view = checkView(applyPatch(r.live.view, msg.ops));
      if (!view) return { next: r, effects: [{ kind: 'rejoin' }] };
      return {
        next: withState(r, msg.version, view, msg.events, msg.deadline, predict),
        effects: [],
      };
    }
    case 'record':
      return { next: { ...r, record: msg.record }, effects: [] };
    case 'reaction':
      return { next: r, effects: [{ kind: 'reaction', seat: msg.seat, reaction: msg.reaction }] };
    case 'nudge':
      return { next: r, effects: [{ kind: 'nudge', seat: msg.seat, by: msg.by }] };
    case 'error': {
      // A refused move takes its prediction back: the board shows the table's view again.
      const next = {
        ...unanswered(r),
        error: { code: msg.code, message: msg.message },
      };
      return { next, effects: msg.code === 'bad-token' ? [{ kind: 'forget' }] : [] };
    }
  }
}
