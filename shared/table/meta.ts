/**
 * A table's record as stored: its options, its seats, its game's counters and timers. Plain data,
 * in one shape: a record stored by an older server is brought to it on loading (stored.ts).
 */
import type { Pace } from '../api.ts';
import type { BotLevel } from '../engine/bot.ts';
import { fail } from '../engine/reject.ts';
import type { RoundState } from '../engine/rounds.ts';
import type { Game, GameId, Result, Seat } from '../engine/types.ts';
import type { ErrorCode } from '../errors.ts';
import { games } from '../games/index.ts';
import type { AnyView, TableStatus, UnseatReason } from '../protocol.ts';

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
  /** A bot's own level, chosen by the host for this seat; absent: the table's. */
  level?: BotLevel;
}

/** A seat nobody holds, person or bot. */
export const isFree = (s: SeatRecord) => !s.bot && s.tokenHash === null;

/**
 * After a game: "play again" asked for. The next game starts once every seated person has agreed
 * (bots always do), or when the countdown the host started ends (`startsAt`, epoch ms).
 */
export interface Rematch {
  agreed: Seat[];
  startsAt: number | null;
}

/**
 * A new game's first look: the seated people who had a page open when it was dealt and have not
 * yet shown its board. No clock runs on them before they do, or before `until` (epoch ms).
 */
export interface FirstLook {
  waiting: Seat[];
  until: number;
}

/** Where a game's generator was replaced, and by what seed (engine/rounds.ts: `reseed`). */
export type Reseeded = {
  /** Moves made before it, counted from 1 (0: before any). */
  after: number;
  seed: string;
};

export interface TableMeta {
  id: string;
  game: GameId;
  players: number;
  config: unknown;
  /** Seconds per move, or null: no clock (live tables only). */
  clock: number | null;
  /** Live, or turn-based: the clock is hours, and a player away is told when it is their turn. */
  pace: Pace;
  /** How hard the table's bots play. */
  botLevel: BotLevel;
  hostKeyHash: string;
  createdAt: number;
  lastActive: number;
  seats: SeatRecord[];
  status: TableStatus;
  gameNo: number;
  /** The current game's seed: secret until that game is over (ALL-1). */
  seed: string | null;
  /**
   * A game begun in a browser (imported.ts): after move `after` its generator was reseeded with
   * `seed`, the server's own, as secret as any game's seed until the game is over. Null for a
   * game the table dealt itself.
   */
  reseeded: Reseeded | null;
  /** Bumped by every change of the game state; moves must name the version they were made on. */
  version: number;
  /** Moves logged for the current game. */
  moveCount: number;
  /**
   * When the current decision is made for the people it awaits (epoch ms): a clock's time-out, or
   * between rounds the end of the pause (schedule.ts).
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
  decisions: number[];
  /** The version a `nextRound` produced last: a later `nextRound` for the same pause is done. */
  roundStarted: number;
  /** Between rounds: the seated people who have said `nextRound` (CONTRACT §2). */
  ready: Seat[];
  /** The latest tokens that lost their seat, and why: told to their holder when they come back. */
  gone: Gone[];
  /** Token hashes of everyone who held a seat while the current game was played (ALL-1). */
  gamePlayers: string[];
  /**
   * Who held each seat when the current round was dealt (a token hash, or null for a bot): a
   * person who sat down since sees the round as a spectator does until the next deal (ALL-4).
   */
  dealt: (string | null)[];
  /** When the last socket closed (epoch ms; null: none yet): bots stop a day after (ALL-3). */
  lastSeen: number | null;
  /** After a game: the next one asked for, who agreed, and the host's countdown. */
  rematch: Rematch | null;
  /** A game just dealt: who has yet to see it (the clock waits for them). */
  firstLook: FirstLook | null;
  /** Per seat, the decision (its version) its player away was last told of (notify.ts). */
  notified: number[];
  /** Per seat, the decision (its version) a nudge last sent its player away a notice for. */
  nudgeTold: number[];
  /**
   * At a turn-based table, the seats whose clock ran out on them, and whose player has neither
   * moved nor opened the table since: these players are away (summary.ts), not those who only
   * closed the page, as everyone does between turns there.
   */
  outOfTime: Seat[];
}

/**
 * A table at one moment: its record, and its game's state. Its status says which state it has:
 * none in the lobby, before the first game; the game's, while it is played and once it is over
 * (kept for the scores, the replay and "Play again").
 */
export type Table = Lobby | Dealt;

export interface Lobby {
  meta: TableMeta & { status: 'lobby' };
  state: null;
}

export interface Dealt {
  meta: TableMeta & { status: 'playing' | 'over' };
  state: RoundState;
}

export const hasGame = (table: Table): table is Dealt => table.state !== null;

/** Whether the table's game is being played (a lobby's status is never 'playing'). */
export const isPlaying = (table: Table): table is Dealt => table.meta.status === 'playing';

/**
 * The table with its record changed. Its status and game state stay as they are: only a game's
 * start and its moves change those (play.ts).
 */
export function withMeta(table: Dealt, change: Partial<TableMeta>): Dealt;
export function withMeta(table: Table, change: Partial<TableMeta>): Table;
export function withMeta(table: Table, change: Partial<TableMeta>): Table {
  const meta = { ...table.meta, ...change };
  return table.state === null
    ? { meta: { ...meta, status: table.meta.status }, state: null }
    : { meta: { ...meta, status: table.meta.status }, state: table.state };
}

export interface Gone {
  tokenHash: string;
  seat: Seat;
  reason: UnseatReason;
}

/** The table's game: every game's state is a `RoundState`, and its views are `AnyView`s. */
export function gameOf(
  meta: TableMeta,
): Game<unknown, RoundState, unknown, AnyView, unknown, ErrorCode> {
  return games[meta.game];
}

export interface NewTable {
  id: string;
  game: GameId;
  players: number;
  config: unknown;
  bots: Seat[];
  botLevel: BotLevel;
  pace: Pace;
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

export function newTable(t: NewTable): Lobby['meta'] {
  return {
    id: t.id,
    game: t.game,
    players: t.players,
    config: t.config,
    clock: t.clock,
    pace: t.pace,
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
    reseeded: null,
    version: 0,
    moveCount: 0,
    deadline: null,
    botDue: null,
    decisions: [],
    roundStarted: 0,
    ready: [],
    gone: [],
    gamePlayers: [],
    dealt: [],
    lastSeen: null,
    rematch: null,
    firstLook: null,
    notified: [],
    nudgeTold: [],
    outOfTime: [],
  };
}
