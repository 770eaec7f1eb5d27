/**
 * What must hold of a table after every input, whatever came before: written as code, so that the
 * same checks guard every host in the tests (the random walk of tests/table/walk.test.ts, the
 * Durable Object's and the solo worker's tables). Each check takes the table as a host sees it —
 * the table, its open sockets with what each was last told, and what the step planned — and
 * names what is wrong, or nothing. Pure: no platform, no clock but the one given.
 */
import type { Seat } from '../engine/types.ts';
import { applyPatch, sameJson } from '../patch.ts';
import type { ClientMessage, ServerMessage, TableSummary } from '../protocol.ts';
import type { Conn } from './conns.ts';
import { viewerOf } from './messages.ts';
import { gameOf, hasGame, type Table } from './meta.ts';
import type { Outbox } from './outbox.ts';
import { awaited, betweenRounds, isNextRound, midRound, peopleSeated } from './play.ts';
import { seatOf } from './seats.ts';
import { waitingOn } from './waiting.ts';

/** What a socket holds from what it was sent: its seat, its view (patches applied), the summary. */
export interface Told {
  /** Its seat as last told (`welcome`, `seated`, `unseated`); null: none. */
  seat: Seat | null;
  /** Its latest game view and that view's version; null before any. */
  view: { version: number; view: unknown } | null;
  /** The latest summary it holds (`welcome`, `table`). */
  summary: TableSummary | null;
}

/** What a page holds before it heard anything. */
export const toldNothing = (): Told => ({ seat: null, view: null, summary: null });

/**
 * What a page holds after one more message, as the page takes it (web/src/receive.ts): a patch
 * applies only to the version it names as its base; the page holds no view otherwise (it joins
 * again for a whole one).
 */
export function hear(told: Told, m: ServerMessage): Told {
  switch (m.type) {
    case 'welcome':
      return { ...told, seat: m.seat, summary: m.table };
    case 'seated':
      return { ...told, seat: m.seat };
    case 'unseated':
      return { ...told, seat: null };
    case 'table':
      return { ...told, summary: m.table };
    case 'state':
      return { ...told, view: { version: m.version, view: m.view } };
    case 'patch': {
      const base = told.view;
      const view =
        base && base.version === m.base
          ? { version: m.version, view: applyPatch(base.view, m.ops) }
          : null;
      return { ...told, view };
    }
    default:
      return told;
  }
}

/** The table as its host sees it after one input. */
export interface Observed {
  /** The table before the input, and after it. */
  before: Table;
  table: Table;
  /** The open sockets (not closed by the table), each with what it holds. */
  sockets: readonly { conn: Conn; told: Told }[];
  /** The table as read back from what was stored (null: nothing stored, or erased). */
  loaded: Table | null;
  /** The table as it was last written (what `loaded` must equal). */
  written: Table | null;
  /** The table makes no moves by itself now: nobody came for long enough (ALL-3). */
  botsStopped: boolean;
  /** The latest input, when it was a joined socket's message: its type, and what it led to. */
  message: { conn: string; type: ClientMessage['type']; out: Outbox } | null;
}

/** One broken invariant: which, and what was seen. */
export interface Violation {
  invariant: Invariant;
  detail: string;
}

export type Invariant = 'liveness' | 'seat-view' | 'hidden' | 'stored' | 'bookkeeping' | 'answered';

type Check = (o: Observed) => string[];

/** The joined sockets, each with the seat its token holds now (null: watching). */
const joined = (o: Observed) =>
  o.sockets
    .filter((s) => s.conn.joined)
    .map((s) => ({ ...s, holds: seatOf(o.table.meta, s.conn.tokenHash) }));

/**
 * Whoever the table waits on (waiting.ts) can act: a seated person's open page shows the control
 * (a view of their seat with a legal move; in the pause, "I'm ready"); a bot due to move has its
 * turn timed; and a table in a game never waits on nobody while it makes moves by itself.
 */
export const liveness: Check = (o) => {
  const { table } = o;
  if (!hasGame(table) || table.meta.status !== 'playing') return [];
  const { meta } = table;
  const problems: string[] = [];
  const timed = o.botsStopped || meta.botDue !== null || meta.deadline !== null;
  const waiting = betweenRounds(table) ? waitingOn(table) : awaited(table);
  if (waiting.length === 0 && !timed)
    problems.push('the table waits on nobody and nothing is timed');
  for (const seat of waiting) {
    const held = meta.seats[seat];
    if (!held) {
      problems.push(`it waits on seat ${seat}, which the table does not have`);
      continue;
    }
    if (held.bot) {
      // Between rounds a bot's readiness never counts: the pause's end deals (timed above).
      if (midRound(table) && !o.botsStopped && meta.botDue === null) {
        problems.push(`the bot at seat ${seat} is awaited, and no bots' turn is timed`);
      }
      continue;
    }
    for (const s of joined(o).filter((j) => j.holds === seat)) {
      if (s.told.seat !== seat) {
        problems.push(
          `seat ${seat} is awaited; its page ${s.conn.id} was told seat ${s.told.seat}`,
        );
        continue;
      }
      const view = s.told.view?.view;
      const legal = isView(view) ? view.legal : [];
      const own = isView(view) && view.you === seat;
      // In a round, a move to make; in the pause, "I'm ready" (the round's own nextRound).
      const can = midRound(table) ? legal.length > 0 : legal.some(isNextRound);
      if (!own || !can) {
        problems.push(`seat ${seat} is awaited; its page ${s.conn.id} cannot act`);
      }
    }
  }
  return problems;
};

/**
 * A socket whose token holds a seat is told that seat, and holds that seat's view — a spectator's
 * only for someone who sat down since the deal (ALL-4); a watcher holds a spectator's.
 */
export const seatAndView: Check = (o) => {
  const problems: string[] = [];
  for (const s of joined(o)) {
    if (s.told.seat !== s.holds) {
      problems.push(`${s.conn.id} holds seat ${s.holds} and was told seat ${s.told.seat}`);
    }
    if (!hasGame(o.table)) continue;
    const viewer = viewerOf(o.table, s.holds);
    const view = s.told.view?.view;
    const you = isView(view) ? view.you : undefined;
    if (you !== viewer)
      problems.push(`${s.conn.id} at seat ${s.holds} sees as ${you}, not ${viewer}`);
    if (s.holds !== null && viewer === null && midRound(o.table)) {
      problems.push(`${s.conn.id} holds seat ${s.holds} mid-round and is kept from its view`);
    }
  }
  return problems;
};

/**
 * Every socket holds, at the table's version, exactly the engine's view for its viewer: nothing
 * the seat may not see, and nothing missed.
 */
export const hidden: Check = (o) => {
  const { table } = o;
  if (!hasGame(table)) return [];
  const problems: string[] = [];
  const game = gameOf(table.meta);
  // One engine view per viewer, however many of its sockets are open.
  const views = new Map<Seat | null, unknown>();
  const viewFor = (viewer: Seat | null) => {
    if (!views.has(viewer)) views.set(viewer, game.view(table.state, viewer));
    return views.get(viewer);
  };
  for (const s of joined(o)) {
    const viewer = viewerOf(table, s.holds);
    const held = s.told.view;
    if (!held || held.version !== table.meta.version) {
      problems.push(
        `${s.conn.id} holds version ${held?.version}, the table is at ${table.meta.version}`,
      );
    } else if (!sameJson(held.view, viewFor(viewer))) {
      problems.push(`${s.conn.id} holds a view that is not the engine's for viewer ${viewer}`);
    }
  }
  return problems;
};

/** What was stored reads back as the table last written. */
export const stored: Check = (o) => {
  if (o.written === null) return o.loaded === null ? [] : ['an erased table reads back'];
  if (o.loaded === null) return ['the table written does not read back'];
  return sameJson(o.loaded, o.written) ? [] : ['the table read back differs from the one written'];
};

/**
 * One seat per token, names unique, ready marks only of seated people between rounds, decisions
 * for every seat, and a version that only grows.
 */
export const bookkeeping: Check = (o) => {
  const { meta } = o.table;
  const problems: string[] = [];
  const tokens = meta.seats.flatMap((s) => [s.tokenHash, s.away?.tokenHash ?? null]);
  const held = tokens.filter((t): t is string => t !== null);
  if (new Set(held).size !== held.length) problems.push('a token holds two seats');
  const names = meta.seats.flatMap((s) => (s.name === null ? [] : [s.name.toLowerCase()]));
  if (new Set(names).size !== names.length) problems.push('two seats have one name');
  const people = peopleSeated(meta);
  if (meta.ready.some((s) => !people.includes(s))) problems.push('a ready mark of nobody seated');
  if (meta.ready.length > 0 && !betweenRounds(o.table)) problems.push('ready marks mid-round');
  if (new Set(meta.ready).size !== meta.ready.length) problems.push('a seat marked ready twice');
  if (meta.version < o.before.meta.version) {
    problems.push(`the version went back from ${o.before.meta.version} to ${meta.version}`);
  }
  if (hasGame(o.table) && meta.decisions.length !== meta.players) {
    problems.push('not one decision per seat');
  }
  return problems;
};

/**
 * What a page says only so that the table knows, and that is answered by nothing when it changes
 * nothing: its first look at a game (`seen`; the clock may start, which everyone sees), the name
 * it already has, a reaction over the rate (dropped, as reactions are not kept).
 */
const QUIET: readonly ClientMessage['type'][] = ['seen', 'name', 'react'];

/**
 * Every message of a joined socket is answered (to it, or to everyone: a state, the summary now
 * or held for its window) or stored, unless it changed nothing (a repeat: the host's bot put on
 * a bot) or is one that may go unanswered: nothing is taken in silently.
 */
export const answered: Check = (o) => {
  const m = o.message;
  if (!m || QUIET.includes(m.type) || sameJson(o.before, o.table)) return [];
  const { out } = m;
  const heard = out.send.length > 0 || out.summaryIn !== null || out.write !== null;
  return heard ? [] : [`a ${m.type} from ${m.conn} changed the table and went unanswered`];
};

export const INVARIANTS: readonly (readonly [Invariant, Check])[] = [
  ['liveness', liveness],
  ['seat-view', seatAndView],
  ['hidden', hidden],
  ['stored', stored],
  ['bookkeeping', bookkeeping],
  ['answered', answered],
];

/** Every invariant, checked: what is broken. */
export function violations(o: Observed): Violation[] {
  return INVARIANTS.flatMap(([invariant, check]) =>
    check(o).map((detail) => ({ invariant, detail })),
  );
}

const isView = (v: unknown): v is { you: Seat | null; legal: unknown[] } =>
  typeof v === 'object' && v !== null && 'legal' in v && Array.isArray(v.legal);
