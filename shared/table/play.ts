/**
 * A game's life at the table: its start, each move checked by the engine and versioned, the
 * pause between rounds (who is ready), and which seats a decision awaits. Simultaneous answers
 * are not stale: a move may name an older version while its seat's decision stands unchanged.
 */
import { fail, isObject } from '../engine/reject.ts';
import type { RoundState } from '../engine/rounds.ts';
import type { GameEvent, Result, Seat } from '../engine/types.ts';
import type { ErrorCode } from '../errors.ts';
import { sameJson } from '../patch.ts';
import {
  type Dealt,
  type FirstLook,
  gameOf,
  isFree,
  isPlaying,
  type SeatRecord,
  type Table,
  type TableMeta,
  withMeta,
} from './meta.ts';

/**
 * Whether the game is between two rounds. Every game names that phase `roundOver`, in which each
 * seat's one legal move is `nextRound`.
 */
export function betweenRounds(table: Table): boolean {
  return isPlaying(table) && table.state.phase === 'roundOver';
}

/** Seats held by a person (present or away): bots and free seats are not. */
export function peopleSeated(meta: TableMeta): Seat[] {
  return meta.seats.flatMap((s, seat) => (!s.bot && s.tokenHash !== null ? [seat] : []));
}

/**
 * Whether every seated person has said they are ready for the next round (none seated: yes).
 * Someone who sat down since the deal watches that round's end: the pause does not wait for
 * them (they may say they are ready all the same).
 */
export function allReady(table: Table): boolean {
  const { ready } = table.meta;
  return peopleSeated(table.meta).every((s) => ready.includes(s) || newcomer(table, s));
}

/**
 * Whether the game is in the middle of a round: dealt, and not yet over. Seats change hands only
 * outside it (ALL-4).
 */
export function midRound(table: Table): boolean {
  return isPlaying(table) && !betweenRounds(table);
}

/**
 * Starts a game (the first, or a rematch) with every seat filled by a player or a bot: dealt from
 * `seed`, or, given `from`, at that state (a moment of another game: position.ts).
 */
export function start(
  meta: TableMeta,
  seed: string,
  now: number,
  from?: RoundState,
): Result<Dealt, ErrorCode> {
  if (meta.status === 'playing') return fail('not-now', 'The game has already started.');
  if (meta.seats.some(isFree)) return fail('not-now', 'Every seat needs a player or a bot first.');
  const game = gameOf(meta);
  const state = from ?? game.setup(meta.config, meta.players, seed);
  const version = meta.version + 1;
  return {
    ok: true,
    meta: {
      ...meta,
      status: 'playing',
      gameNo: meta.gameNo + 1,
      seed,
      reseeded: null,
      version,
      moveCount: 0,
      lastActive: now,
      decisions: meta.seats.map(() => version),
      roundStarted: version,
      ready: [],
      gamePlayers: meta.seats.flatMap((s) => (s.tokenHash === null ? [] : [s.tokenHash])),
      dealt: holders(meta.seats),
      rematch: null,
      firstLook: null,
    },
    state,
  };
}

/**
 * Whose each seat's hand is as a round is dealt: its holder's token hash; for a bot standing in
 * for an away player, that player's, whose hand it is when they come back (ALL-4); null for a bot.
 */
const holders = (seats: readonly SeatRecord[]) =>
  seats.map((s) => s.tokenHash ?? s.away?.tokenHash ?? null);

/**
 * Whether a person sat down in `seat` after the round on the table was dealt (in the pause after
 * it, or after the game): until the next deal they see what a spectator sees of it. Mid-round a
 * seat changes hands only back to its own player (ALL-4), never to a newcomer: even a table whose
 * round was dealt to the stand-in itself (`dealt` as kept before stand-ins were counted) gives
 * its player back their seat's view.
 */
export function newcomer(table: Table, seat: Seat): boolean {
  const { meta } = table;
  const holder = meta.seats[seat]?.tokenHash ?? null;
  if (holder === null || midRound(table)) return false;
  return meta.dealt[seat] !== holder;
}

export interface Played extends Dealt {
  kind: 'moved';
  events: GameEvent[];
}

/**
 * What a move did: the game moved on; the seat was marked ready for the next round while others
 * are still awaited (the game state is as it was); or nothing was left to do (a `nextRound` for a
 * round that has already started).
 */
export type PlayOutcome = Played | { kind: 'ready'; meta: TableMeta } | { kind: 'done' };

/** Whether a move is the pause's `nextRound` ("I'm ready"). */
export const isNextRound = (move: unknown) => isObject(move) && move.t === 'nextRound';

/**
 * One move for one seat, checked by the engine. It may have been made on an older version than
 * the table's, as long as that seat's decision has not changed since (`decisions`): in a
 * simultaneous phase every seat answers the same state.
 *
 * Between rounds a person's `nextRound` marks them ready; the round starts with the last seated
 * person's (CONTRACT §2, "Rounds at a table"). A bot's never counts while people are seated: the
 * table starts the round for them when the pause is over (schedule.ts).
 */
export function play(
  table: Table,
  seat: Seat,
  move: unknown,
  version: number,
  now: number,
): Result<PlayOutcome, ErrorCode> {
  const { meta } = table;
  if (version > meta.version || version < decisionSince(meta, seat)) {
    if (isNextRound(move) && version < meta.roundStarted) return { ok: true, kind: 'done' };
    return fail(
      'stale',
      'The game has moved on since you made that move; here is the latest state.',
    );
  }
  if (!isPlaying(table)) return fail('not-now', 'No game is being played.');
  if (isNextRound(move) && betweenRounds(table) && !meta.seats[seat]?.bot) {
    const { ready } = meta;
    if (ready.includes(seat)) return { ok: true, kind: 'done' };
    const marked = withMeta(table, { ready: [...ready, seat], lastActive: now });
    if (!allReady(marked)) return { ok: true, kind: 'ready', meta: marked.meta };
  }
  const out = applyMove(table, seat, move);
  // A person's move is a person's activity (the table's own moves are not: idleAt).
  return out.ok ? { ...out, meta: { ...out.meta, lastActive: now } } : out;
}

/**
 * Applies a move the engine accepts, bumping the version; the table's own checks are done. The
 * table's activity is left as it was: a person's move is marked so by `play`.
 */
export function applyMove(
  { meta, state }: Dealt,
  seat: Seat,
  move: unknown,
): Result<Played, ErrorCode> {
  const game = gameOf(meta);
  const out = game.apply(state, seat, move);
  if (!out.ok) return out;
  const over = game.result(out.state).over;
  const next = meta.version + 1;
  const started = isNextRound(move);
  // A seat left free between rounds is dealt to a bot, and the new round's holders are noted.
  const seats = started ? meta.seats.map((s) => (isFree(s) ? { ...s, bot: true } : s)) : meta.seats;
  return {
    ok: true,
    kind: 'moved',
    meta: {
      ...meta,
      status: over ? 'over' : 'playing',
      version: next,
      moveCount: meta.moveCount + 1,
      decisions: decisionsAfter(game, meta, state, out.state, seat),
      roundStarted: started ? next : meta.roundStarted,
      ready: started ? [] : meta.ready,
      seats,
      dealt: started ? holders(seats) : meta.dealt,
      // Whoever moved has seen the game.
      firstLook: seen(meta.firstLook, seat),
    },
    state: out.state,
    events: out.events,
  };
}

/** The first look with `seat` no longer waited for; null once nobody is. */
export function seen(look: FirstLook | null, seat: Seat): FirstLook | null {
  if (!look?.waiting.includes(seat)) return look;
  const waiting = look.waiting.filter((s) => s !== seat);
  return waiting.length > 0 ? { ...look, waiting } : null;
}

/** The version since which `seat`'s decision has stood. */
export const decisionSince = (meta: TableMeta, seat: Seat) => meta.decisions[seat] ?? meta.version;

/**
 * After `mover` moved: a seat that was awaited, still is, and has exactly the same legal moves
 * keeps its decision's version; every other seat's decision starts now. The mover's always does,
 * so a second tab repeating the same move is stale.
 */
function decisionsAfter(
  game: ReturnType<typeof gameOf>,
  meta: TableMeta,
  before: RoundState,
  after: RoundState,
  mover: Seat,
): number[] {
  const next = meta.version + 1;
  const wasAwaited = game.toMove(before);
  const isAwaited = game.toMove(after);
  return meta.seats.map((_, seat) => {
    const kept =
      seat !== mover &&
      wasAwaited.includes(seat) &&
      isAwaited.includes(seat) &&
      sameJson(game.legalMoves(before, seat), game.legalMoves(after, seat));
    return kept ? decisionSince(meta, seat) : next;
  });
}

/** Seats whose decision is awaited now. */
export function awaited(table: Table): Seat[] {
  return isPlaying(table) ? gameOf(table.meta).toMove(table.state) : [];
}
