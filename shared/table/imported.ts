/**
 * A game played in the browser becoming a live table (`POST /api/tables/import`): its moves are
 * replayed through the engine from the deal (or from the start state it began at, a moment of
 * another game: position.ts), as strictly as a table checks moves, and the table that had played
 * them is made, with the uploader in their seat and bots in the others. Its generator is then
 * reseeded with the server's secret: the page knew the first seed, so every deal still to come
 * must come from a seed only the server knows. Nothing the page says about the game is trusted:
 * a start state is checked as any untrusted state (start-state.ts), its scores are only compared
 * with the replay's.
 */
import type { ImportTable } from '../api.ts';
import { fail } from '../engine/reject.ts';
import { type RoundState, reseed } from '../engine/rounds.ts';
import type { Result } from '../engine/types.ts';
import type { ErrorCode } from '../errors.ts';
import type { TableEvent } from '../protocol.ts';
import { atMoment } from './from-moment.ts';
import type { LogEntry } from './game-log.ts';
import { checkNewTable, type Dealt, gameOf, newTable, type SeatRecord, withMeta } from './meta.ts';
import { start } from './play.ts';
import { alarmTime, idleAt, timersAfter } from './schedule.ts';
import { defaultName, nameClash } from './seats.ts';
import { checkStart } from './start-state.ts';
import { sitting } from './summary.ts';

export interface Import {
  /** The request's body, parsed (api.ts: `importTableSchema`). */
  body: ImportTable;
  /** The new table's id. */
  id: string;
  /** SHA-256 of the uploader's new seat token, and of the table's host key. */
  tokenHash: string;
  hostKeyHash: string;
  /** The server's secret seed, for every deal from here on (a `from`'s world included). */
  serverSeed: string;
  now: number;
  /** The bots' human-feeling delay before a first move of theirs (a start mid-round); none: 0. */
  botDelay?: number;
}

/**
 * The table the uploaded game makes, with its log (every move and the events it caused, so that
 * the table's history and record hold the rounds played in the browser) and the start state it
 * began at (null: dealt from its seed), or why not: a seat or name that does not fit, a start
 * state no table plays on, a move the engine refuses, moves that stop mid-round, or scores that
 * are not the moves'. A game begun at a start state and not yet moved on from it may be taken at
 * any moment of a round: that moment is the game's whole point (a lesson played again), and the
 * deals after it come from the server's seed all the same.
 */
export function importedTable(
  upload: Import,
): Result<{ table: Dealt; log: LogEntry[]; start: RoundState | null }, ErrorCode> {
  // An upload from a moment becomes one with a start, dealt here (from-moment.ts).
  const dealt = atMoment(upload.body, upload.serverSeed);
  if (!dealt.ok) return dealt;
  const i = { ...upload, body: dealt.body };
  const { body, now } = i;
  const began = begun(i);
  if (!began.ok) return began;
  const { table: started, start: from } = began;
  const played = replayed(started, body.moves);
  if (!played.ok) return played;
  const { state, log, roundStarted } = played;
  const game = gameOf(started.meta);
  const atStart = from !== null && body.moves.length === 0;
  if (state.phase !== 'roundOver' && state.phase !== 'gameOver' && !atStart) {
    return fail('not-round-end', 'A game is taken to a table at the end of a round, or over.');
  }
  const { totals, over } = game.result(state);
  if (totals.length !== body.totals.length || totals.some((t, s) => t !== body.totals[s])) {
    return fail('totals-mismatch', 'The scores do not match the moves played.');
  }
  const moveCount = body.moves.length;
  const version = started.meta.version + moveCount;
  const table: Dealt = {
    meta: {
      ...started.meta,
      status: over ? 'over' : 'playing',
      version,
      moveCount,
      // A round's end (or the game's, or a start) poses every seat a new decision.
      decisions: started.meta.seats.map(() => version),
      roundStarted,
      reseeded: { after: moveCount, seed: i.serverSeed },
    },
    state: reseed(state, i.serverSeed),
  };
  // The pause between rounds as at any table: it waits for the uploader, or the table's pause;
  // at a start mid-round, the bots awaited move after their delay.
  const timers = timersAfter(null, table, null, now, i.botDelay ?? 0);
  return { ok: true, table: withMeta(table, timers), log, start: from };
}

/**
 * A table in this browser at a moment of another game (a solo table: web/src/solo/), seated as
 * an import is, its game at the start state as given, before any move. Not reseeded: the state's
 * generator was seeded afresh where the position was made (position.ts), and nobody else plays
 * at a solo table; should it go online, the import reseeds it then.
 */
export function positionTable(
  i: Omit<Import, 'serverSeed'>,
): Result<{ table: Dealt; start: RoundState }, ErrorCode> {
  // The page is the table there, and deals its own position (web/src/play-from-here.ts).
  if (i.body.from !== undefined) {
    return fail('bad-start', 'A table in this browser is given its position, not a moment.');
  }
  const began = begun(i);
  if (!began.ok) return began;
  if (began.start === null || i.body.moves.length > 0) {
    return fail('bad-start', 'A game from a position starts at its start, before any move.');
  }
  const timers = timersAfter(null, began.table, null, i.now, i.botDelay ?? 0);
  return { ok: true, table: withMeta(began.table, timers), start: began.start };
}

/**
 * The table an import makes, before any move of the upload: its options checked, the uploader
 * and the bots seated, its game started as the page started it, dealt from the same seed or at
 * the same start state (checked: start-state.ts), which is given back (null: none).
 */
function begun(
  i: Omit<Import, 'serverSeed'>,
): Result<{ table: Dealt; start: RoundState | null }, ErrorCode> {
  const { body, now } = i;
  const checked = checkNewTable(body.game, body.players, body.config, []);
  if (!checked.ok) return checked;
  let from: RoundState | null = null;
  if (body.start !== undefined) {
    const table = { game: body.game, players: body.players, config: checked.config };
    const start = checkStart(table, body.start);
    if (!start.ok) return start;
    from = start.state;
  }
  const seated = seatsOf(body, i.tokenHash);
  if (!seated.ok) return seated;
  const lobby = newTable({
    id: i.id,
    game: body.game,
    players: body.players,
    config: checked.config,
    bots: [],
    botLevel: 'normal',
    pace: 'live',
    clock: null,
    hostKeyHash: i.hostKeyHash,
    now,
  });
  const meta = { ...lobby, seats: seated.seats };
  const clash = nameClash(meta, body.you.seat, meta.seats[body.you.seat]?.name ?? '');
  if (clash) return fail('name-taken', clash);
  const started = start(meta, body.seed, now, from ?? undefined);
  if (!started.ok) return started;
  return { ok: true, table: { meta: started.meta, state: started.state }, start: from };
}

/**
 * The seats: the uploader's, under their name (or their seat's), and a bot of the level given at
 * every other. `levels` has one entry per seat, null exactly at the uploader's.
 */
function seatsOf(
  { players, you, levels }: ImportTable,
  tokenHash: string,
): Result<{ seats: SeatRecord[] }, ErrorCode> {
  if (you.seat >= players) {
    return fail('no-such-seat', `There is no seat ${you.seat} at a table of ${players}.`);
  }
  if (
    levels.length !== players ||
    levels.some((level, seat) => (level === null) !== (seat === you.seat))
  ) {
    return fail(
      'bad-bots',
      `levels: one per seat (${players}), null at yours and a bot's level at every other.`,
    );
  }
  const seats = levels.map(
    (level, seat): SeatRecord =>
      level === null
        ? { name: you.name ?? defaultName(seat), bot: false, tokenHash }
        : { name: null, bot: true, tokenHash: null, level },
  );
  return { ok: true, seats };
}

/**
 * The moves replayed on the game as dealt, each one the engine's to accept or refuse; with the
 * version that dealt the latest round (the deal itself: the start's).
 */
function replayed(
  { meta, state: dealt }: Dealt,
  moves: ImportTable['moves'],
): Result<{ state: RoundState; log: LogEntry[]; roundStarted: number }, ErrorCode> {
  const game = gameOf(meta);
  let state = dealt;
  let roundStarted = meta.version;
  const log: LogEntry[] = [];
  for (const [i, { seat, move }] of moves.entries()) {
    const out = applied(game, state, seat, move);
    if (!out.ok) {
      return fail('illegal-move', `Move ${i + 1} (seat ${seat}) was refused: ${out.error.message}`);
    }
    if (out.state.round !== state.round) roundStarted = meta.version + i + 1;
    state = out.state;
    // Who sat where, as a game's first move at a table says (outbox.ts: commit).
    const sat: TableEvent = { type: 'sitting', seats: sitting(meta) };
    log.push({ seat, move, events: i === 0 ? [sat, ...out.events] : out.events });
  }
  return { ok: true, state, log, roundStarted };
}

/**
 * A move applied, and refused rather than thrown should the engine fail on it: a start state is
 * checked, but no check rules out every state no game reaches, and the engine trusts its own.
 */
function applied(game: ReturnType<typeof gameOf>, state: RoundState, seat: number, move: unknown) {
  try {
    return game.apply(state, seat, move);
  } catch {
    return fail('illegal-move', 'The engine cannot make it.');
  }
}

/**
 * When the imported table's alarm first rings, as a step would set it: the pause's end, else
 * the idle clean-up's time.
 */
export const firstWake = (table: Dealt, now: number): number =>
  alarmTime(table.meta, [idleAt(table.meta)], now);
