/**
 * A table's bookkeeping as plain functions over plain data: seats, the game's life cycle, moves
 * checked by the engine and versioned. The Durable Object (table-object.ts) owns sockets, storage
 * and alarms and calls these; everything here is deterministic given its inputs.
 */
import type { BotLevel } from '../shared/engine/bot.ts';
import { fail } from '../shared/engine/reject.ts';
import type { AnyGame, GameEvent, GameId, Result, Seat } from '../shared/engine/types.ts';
import type { ErrorCode } from '../shared/errors.ts';
import { games } from '../shared/games/index.ts';
import { nameKey } from '../shared/names.ts';
import type {
  RoundPause,
  SeatInfo,
  TableStatus,
  TableSummary,
  UnseatReason,
} from '../shared/protocol.ts';

export interface SeatRecord {
  name: string | null;
  bot: boolean;
  /** SHA-256 of the seat token, hex; the token itself is only ever sent to its holder. */
  tokenHash: string | null;
  /**
   * The player a bot stands in for, mid-game, after the host replaced them while they were away:
   * coming back with the same token, they take the seat back at once (ALL-4).
   */
  away?: { tokenHash: string; name: string | null };
}

export interface TableMeta {
  id: string;
  game: GameId;
  players: number;
  config: unknown;
  clock: number | null;
  /** How hard the table's bots play; tables made before levels existed have normal bots. */
  botLevel?: BotLevel;
  hostKeyHash: string;
  createdAt: number;
  lastActive: number;
  seats: SeatRecord[];
  status: TableStatus;
  gameNo: number;
  /** The current game's seed: secret until that game is over (ALL-1). */
  seed: string | null;
  /** Bumped by every change of the game state; moves must name the version they were made on. */
  version: number;
  /** Moves logged for the current game. */
  moveCount: number;
  /**
   * When the current decision is made for the people it awaits (epoch ms): a clock's time-out, or
   * between rounds the end of the pause (timers.ts).
   */
  deadline: number | null;
  /**
   * When the table moves by itself (epoch ms): the awaited bots, after a short human-feeling
   * delay; between rounds, the next round once everyone is ready or at a table without people.
   */
  botDue: number | null;
  /**
   * Per seat, the version since which its current decision has stood unchanged: a move made on
   * any version from there on is still an answer to it, so simultaneous answers are not stale.
   */
  decisions?: number[];
  /** The version a `nextRound` produced last: a later `nextRound` for the same pause is done. */
  roundStarted?: number;
  /** Between rounds: the seated people who have said `nextRound` (CONTRACT §2). */
  ready?: Seat[];
  /** The latest tokens that lost their seat, and why: told to their holder when they come back. */
  gone?: Gone[];
  /** Token hashes of everyone who held a seat while the current game was played (ALL-1). */
  gamePlayers?: string[];
  /**
   * Who held each seat when the current round was dealt (a token hash, or null for a bot): a
   * person who sat down since sees the round as a spectator does until the next deal (ALL-4).
   */
  dealt?: (string | null)[];
  /** When the last socket of the table closed (epoch ms); bots stop a day after (ALL-3). */
  lastSeen?: number;
}

export interface Gone {
  tokenHash: string;
  seat: Seat;
  reason: UnseatReason;
}

export function gameOf(meta: TableMeta): AnyGame {
  return games[meta.game];
}

export interface NewTable {
  id: string;
  game: GameId;
  players: number;
  config: unknown;
  bots: Seat[];
  botLevel: BotLevel;
  clock: number | null;
  hostKeyHash: string;
  now: number;
}

/** Checks the engine's view of a new table's options; the HTTP schema has checked the shapes. */
export function checkNewTable(
  gameId: GameId,
  players: number,
  rawConfig: unknown,
  bots: Seat[],
): Result<{ config: unknown }, ErrorCode> {
  const game = games[gameId];
  if (players < game.minPlayers || players > game.maxPlayers) {
    return fail(
      'bad-players',
      `${gameId} is for ${game.minPlayers} to ${game.maxPlayers} players.`,
    );
  }
  const parsed = game.parseConfig(rawConfig, players);
  if (!parsed.ok) return parsed;
  if (bots.some((s) => s < 0 || s >= players) || new Set(bots).size !== bots.length) {
    return fail('bad-bots', `Bot seats must be distinct seats from 0 to ${players - 1}.`);
  }
  return { ok: true, config: parsed.config };
}

export function newTable(t: NewTable): TableMeta {
  return {
    id: t.id,
    game: t.game,
    players: t.players,
    config: t.config,
    clock: t.clock,
    botLevel: t.botLevel,
    hostKeyHash: t.hostKeyHash,
    createdAt: t.now,
    lastActive: t.now,
    seats: Array.from({ length: t.players }, (_, s) => ({
      name: null,
      bot: t.bots.includes(s),
      tokenHash: null,
    })),
    status: 'lobby',
    gameNo: 0,
    seed: null,
    version: 0,
    moveCount: 0,
    deadline: null,
    botDue: null,
  };
}

export function summarize(
  meta: TableMeta,
  state: unknown,
  connected: ReadonlySet<Seat>,
  spectators: number,
): TableSummary {
  const seats: SeatInfo[] = meta.seats.map((s, seat) => ({
    seat,
    name: s.name,
    bot: s.bot,
    connected: !s.bot && connected.has(seat),
  }));
  const phase =
    meta.status === 'playing' && state !== null
      ? String((gameOf(meta).view(state, null) as { phase: string }).phase)
      : meta.status;
  return {
    id: meta.id,
    game: meta.game,
    players: meta.players,
    config: meta.config,
    clock: meta.clock,
    botLevel: meta.botLevel ?? 'normal',
    status: meta.status,
    phase,
    seats,
    gameNo: meta.gameNo,
    spectators,
    pause: roundPause(meta, state),
  };
}

/**
 * Whether the game is between two rounds. Every game names that phase `roundOver`, in which each
 * seat's one legal move is `nextRound`.
 */
export function betweenRounds(meta: TableMeta, state: unknown): boolean {
  return (
    meta.status === 'playing' &&
    state !== null &&
    (state as { phase?: unknown }).phase === 'roundOver'
  );
}

/** Seats held by a person (present or away): bots and free seats are not. */
export function peopleSeated(meta: TableMeta): Seat[] {
  return meta.seats.flatMap((s, seat) => (!s.bot && s.tokenHash !== null ? [seat] : []));
}

function roundPause(meta: TableMeta, state: unknown): RoundPause | null {
  if (!betweenRounds(meta, state)) return null;
  const ready = meta.ready ?? [];
  return {
    ready: ready.slice(),
    waitingFor: peopleSeated(meta).filter((s) => !ready.includes(s)),
    until: meta.deadline ?? meta.botDue,
  };
}

/**
 * Whether every seated person has said they are ready for the next round (none seated: yes).
 * Someone who sat down since the deal has seen nothing of the round: they are ready.
 */
export function allReady(meta: TableMeta): boolean {
  const ready = meta.ready ?? [];
  return peopleSeated(meta).every((s) => ready.includes(s) || newcomer(meta, s));
}

const isFree = (s: SeatRecord) => !s.bot && s.tokenHash === null;

/** The seat a token (by its hash) holds now, if any: the one source of who may act for a seat. */
export function seatOf(meta: TableMeta, tokenHash: string | null): Seat | null {
  if (tokenHash === null) return null;
  const seat = meta.seats.findIndex((s) => s.tokenHash === tokenHash);
  return seat >= 0 ? seat : null;
}

/** Whether that token held a seat in the current (or just finished) game: its record is theirs. */
export function playedIn(meta: TableMeta, tokenHash: string | null): boolean {
  return tokenHash !== null && (meta.gamePlayers ?? []).includes(tokenHash);
}

/**
 * Whether the game is in the middle of a round: dealt, and not yet over. Seats change hands only
 * outside it (ALL-4).
 */
export function midRound(meta: TableMeta, state: unknown): boolean {
  return meta.status === 'playing' && state !== null && !betweenRounds(meta, state);
}

/** The name a seat goes by when its player gave none (the server's own words). */
export const defaultName = (seat: Seat) => `Player ${seat + 1}`;

/**
 * Why seat `seat` may not be called `name`: another seat goes by it, or by a name the table gives
 * ("Player 3", "Bot 3"), compared as nameKey does (case and compatibility forms aside).
 */
export function nameClash(meta: TableMeta, seat: Seat, name: string): string | null {
  const key = nameKey(name);
  for (let other = 0; other < meta.players; other++) {
    if (other === seat) continue;
    const taken = meta.seats[other]?.name;
    const theirs = [defaultName(other), `Bot ${other + 1}`, ...(taken ? [taken] : [])];
    if (theirs.some((n) => nameKey(n) === key)) {
      return `Someone at this table goes by “${name}” already: choose another name.`;
    }
  }
  return null;
}

/**
 * A free seat goes to whoever asks first, in the lobby or between rounds, never mid-round: the
 * seat's hand was dealt to somebody else (ALL-4). Two seats never share a name.
 */
export function sit(
  meta: TableMeta,
  state: unknown,
  seat: Seat,
  name: string,
  tokenHash: string,
): Result<{ meta: TableMeta }, ErrorCode> {
  const record = meta.seats[seat];
  if (!record) return fail('no-such-seat', `There is no seat ${seat}.`);
  if (!isFree(record)) return fail('seat-taken', 'That seat is taken.');
  if (midRound(meta, state)) {
    return fail('not-now', 'A seat is taken between rounds: sit down when this round ends.');
  }
  const clash = nameClash(meta, seat, name);
  if (clash) return fail('name-taken', clash);
  const seats = meta.seats.slice();
  seats[seat] = { name, bot: false, tokenHash };
  // Sitting down mid-game makes you one of its players; after the game it does not.
  const gamePlayers =
    meta.status === 'playing' ? [...(meta.gamePlayers ?? []), tokenHash] : meta.gamePlayers;
  return { ok: true, meta: { ...meta, seats, gamePlayers } };
}

export function leave(meta: TableMeta, seat: Seat): Result<{ meta: TableMeta }, ErrorCode> {
  if (meta.status !== 'lobby')
    return fail('not-now', 'You can only leave your seat before the game.');
  return { ok: true, meta: reseat(meta, seat, false, 'left') };
}

/**
 * Empties a seat, or gives it to a bot, remembering why its holder lost it. Mid-game, a bot that
 * replaces a person keeps the seat for them to come back to (ALL-4).
 */
function reseat(meta: TableMeta, seat: Seat, bot: boolean, reason: UnseatReason): TableMeta {
  const seats = meta.seats.slice();
  const { tokenHash, name, away } = seats[seat]!;
  const standIn = bot && tokenHash !== null && meta.status === 'playing';
  seats[seat] = standIn
    ? { name: null, bot, tokenHash: null, away: { tokenHash, name } }
    : { name: null, bot, tokenHash: null };
  // Whoever loses the seat: its holder, or the player a bot kept it for (who is now told "freed").
  const loser = tokenHash ?? (bot ? null : (away?.tokenHash ?? null));
  const gone =
    loser === null
      ? meta.gone
      : [...(meta.gone ?? []), { tokenHash: loser, seat, reason }].slice(-2 * meta.players);
  return { ...meta, seats, gone, ready: meta.ready?.filter((s) => s !== seat) };
}

/** Why a token lost its seat, if it held one here lately. */
export function goneFor(meta: TableMeta, tokenHash: string | null): Gone | null {
  return meta.gone?.filter((g) => g.tokenHash === tokenHash).pop() ?? null;
}

/**
 * A player back with the token of a seat a bot took over while they were away: the seat is
 * theirs again at once, mid-round too (ALL-4). Null when no bot stands in for that token.
 */
export function comeBack(meta: TableMeta, tokenHash: string | null): TableMeta | null {
  const seat = meta.seats.findIndex((s) => s.bot && s.away?.tokenHash === tokenHash);
  if (tokenHash === null || seat < 0) return null;
  const seats = meta.seats.slice();
  seats[seat] = { name: seats[seat]!.away!.name, bot: false, tokenHash };
  const gone = meta.gone?.filter((g) => g.tokenHash !== tokenHash);
  return { ...meta, seats, gone };
}

/** A seat's new name: the same table unchanged when it is the same name. */
export function rename(
  meta: TableMeta,
  seat: Seat,
  name: string,
): Result<{ meta: TableMeta }, ErrorCode> {
  if (meta.seats[seat]?.name === name) return { ok: true, meta };
  const clash = nameClash(meta, seat, name);
  if (clash) return fail('name-taken', clash);
  const seats = meta.seats.slice();
  seats[seat] = { ...seats[seat]!, name };
  return { ok: true, meta: { ...meta, seats } };
}

/**
 * The host puts a bot on a seat (empty, or an absent player's, which the bot keeps for them) or
 * takes a bot off (the seat becomes free). Mid-round a bot keeps its seat: its hand was dealt to
 * the seat, and nobody else may see it (ALL-4).
 */
export function setBot(
  meta: TableMeta,
  state: unknown,
  seat: Seat,
  on: boolean,
  connected: ReadonlySet<Seat>,
): Result<{ meta: TableMeta }, ErrorCode> {
  const record = meta.seats[seat];
  if (!record) return fail('no-such-seat', `There is no seat ${seat}.`);
  if (on === record.bot) return { ok: true, meta };
  if (on && !isFree(record) && connected.has(seat)) {
    return fail('not-absent', 'A bot can only replace a player who is away.');
  }
  if (!on && midRound(meta, state)) {
    return fail('not-now', 'A bot plays this seat until the round ends: free it between rounds.');
  }
  return { ok: true, meta: reseat(meta, seat, on, on ? 'bot' : 'freed') };
}

/** The host removes an absent player: in the lobby the seat frees up, mid-game a bot takes it. */
export function kick(
  meta: TableMeta,
  seat: Seat,
  connected: ReadonlySet<Seat>,
): Result<{ meta: TableMeta }, ErrorCode> {
  const record = meta.seats[seat];
  if (!record || record.bot || record.tokenHash === null)
    return fail('no-such-seat', 'Nobody sits there.');
  if (connected.has(seat)) return fail('not-absent', 'Only a player who is away can be removed.');
  const bot = meta.status === 'playing';
  return { ok: true, meta: reseat(meta, seat, bot, bot ? 'bot' : 'freed') };
}

/** Starts a game (the first, or a rematch) with every seat filled by a player or a bot. */
export function start(
  meta: TableMeta,
  seed: string,
  now: number,
): Result<{ meta: TableMeta; state: unknown }, ErrorCode> {
  if (meta.status === 'playing') return fail('not-now', 'The game has already started.');
  if (meta.seats.some(isFree)) return fail('not-now', 'Every seat needs a player or a bot first.');
  const game = gameOf(meta);
  const state = game.setup(meta.config, meta.players, seed);
  const version = meta.version + 1;
  return {
    ok: true,
    meta: {
      ...meta,
      status: 'playing',
      gameNo: meta.gameNo + 1,
      seed,
      version,
      moveCount: 0,
      lastActive: now,
      decisions: meta.seats.map(() => version),
      roundStarted: version,
      ready: [],
      gamePlayers: meta.seats.flatMap((s) => (s.tokenHash === null ? [] : [s.tokenHash])),
      dealt: holders(meta.seats),
    },
    state,
  };
}

/** Who holds each seat: a token hash, or null for a bot. */
const holders = (seats: readonly SeatRecord[]) => seats.map((s) => s.tokenHash);

/**
 * Whether a person sat down in `seat` after the current round was dealt: until the next deal
 * they see what a spectator sees of it, and the pause between rounds does not wait for them.
 */
export function newcomer(meta: TableMeta, seat: Seat): boolean {
  const holder = meta.seats[seat]?.tokenHash ?? null;
  return holder !== null && meta.dealt !== undefined && meta.dealt[seat] !== holder;
}

export interface Played {
  kind: 'moved';
  meta: TableMeta;
  state: unknown;
  events: GameEvent[];
}

/**
 * What a move did: the game moved on; the seat was marked ready for the next round while others
 * are still awaited (the game state is as it was); or nothing was left to do (a `nextRound` for a
 * round that has already started).
 */
export type PlayOutcome = Played | { kind: 'ready'; meta: TableMeta } | { kind: 'done' };

const isNextRound = (move: unknown) =>
  typeof move === 'object' && move !== null && (move as { t?: unknown }).t === 'nextRound';

/**
 * One move for one seat, checked by the engine. It may have been made on an older version than
 * the table's, as long as that seat's decision has not changed since (`decisions`): in a
 * simultaneous phase every seat answers the same state.
 *
 * Between rounds a person's `nextRound` marks them ready; the round starts with the last seated
 * person's (CONTRACT §2, "Rounds at a table"). A bot's never counts while people are seated: the
 * table starts the round for them when the pause is over (timers.ts).
 */
export function play(
  meta: TableMeta,
  state: unknown,
  seat: Seat,
  move: unknown,
  version: number,
  now: number,
): Result<PlayOutcome, ErrorCode> {
  if (version > meta.version || version < decisionSince(meta, seat)) {
    if (isNextRound(move) && version < (meta.roundStarted ?? 0)) return { ok: true, kind: 'done' };
    return fail(
      'stale',
      'The game has moved on since you made that move; here is the latest state.',
    );
  }
  if (meta.status !== 'playing' || state === null)
    return fail('not-now', 'No game is being played.');
  if (isNextRound(move) && betweenRounds(meta, state) && !meta.seats[seat]?.bot) {
    const ready = meta.ready ?? [];
    if (ready.includes(seat)) return { ok: true, kind: 'done' };
    const marked = { ...meta, ready: [...ready, seat], lastActive: now };
    if (!allReady(marked)) return { ok: true, kind: 'ready', meta: marked };
  }
  return applyMove(meta, state, seat, move, now);
}

/** Applies a move the engine accepts, bumping the version; the table's own checks are done. */
export function applyMove(
  meta: TableMeta,
  state: unknown,
  seat: Seat,
  move: unknown,
  now: number,
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
      lastActive: now,
      decisions: decisionsAfter(game, meta, state, out.state, seat),
      roundStarted: started ? next : meta.roundStarted,
      ready: started ? [] : meta.ready,
      seats,
      dealt: started ? holders(seats) : meta.dealt,
    },
    state: out.state,
    events: out.events,
  };
}

const decisionSince = (meta: TableMeta, seat: Seat) => meta.decisions?.[seat] ?? meta.version;

/**
 * After `mover` moved: a seat that was awaited, still is, and has exactly the same legal moves
 * keeps its decision's version; every other seat's decision starts now. The mover's always does,
 * so a second tab repeating the same move is stale.
 */
function decisionsAfter(
  game: AnyGame,
  meta: TableMeta,
  before: unknown,
  after: unknown,
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
      JSON.stringify(game.legalMoves(before, seat)) ===
        JSON.stringify(game.legalMoves(after, seat));
    return kept ? decisionSince(meta, seat) : next;
  });
}

/** Seats whose decision is awaited now. */
export function awaited(meta: TableMeta, state: unknown): Seat[] {
  return meta.status === 'playing' && state !== null ? gameOf(meta).toMove(state) : [];
}
