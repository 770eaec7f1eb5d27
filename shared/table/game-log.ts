/**
 * The current game's log in memory: one entry per move (who, what, the public events it caused),
 * read from storage with the table (stored.ts) and kept in step with each move by the step. A
 * game's record and its history (CONTRACT §2) are read from it. Plain data, as the step's memory is.
 */
import type { RoundState } from '../engine/rounds.ts';
import type { GameEvent } from '../engine/types.ts';
import { type GameRecord, MAX_HISTORY_EVENTS, type TableEvent } from '../protocol.ts';
import type { TableMeta } from './meta.ts';

/** What the table stores of a move: who made it, what it was, and the events it caused. */
export interface LogEntry {
  seat: number;
  move: unknown;
  events: GameEvent[];
}

/**
 * Game `gameNo`'s moves so far, oldest first (game 0: none yet), and the state it began at where
 * it was not dealt from its seed (a moment of another game: position.ts).
 */
export interface GameLog {
  gameNo: number;
  entries: LogEntry[];
  start?: RoundState;
}

/** Game `gameNo`'s log as read back with its table (stored.ts), or as a table is made with it. */
export const gameLog = (gameNo: number, entries: LogEntry[], start: RoundState | null): GameLog =>
  start ? { gameNo, entries, start } : { gameNo, entries };

/**
 * After a change, in place: a new game (dealt by the table from its seed) starts an empty log; a
 * move's entry goes at its end.
 */
export function remember(log: GameLog, meta: TableMeta, entry: LogEntry | null): void {
  if (meta.gameNo !== log.gameNo) {
    log.gameNo = meta.gameNo;
    log.entries = [];
    delete log.start;
  }
  if (entry) log.entries.push(entry);
}

/** The current game's events so far, at most the last MAX_HISTORY_EVENTS. */
export function history(log: GameLog): { gameNo: number; events: GameEvent[] } {
  const started: TableEvent = { type: 'gameStarted', gameNo: log.gameNo };
  const events = [started, ...log.entries.flatMap((e) => e.events)];
  return { gameNo: log.gameNo, events: events.slice(-MAX_HISTORY_EVENTS) };
}

/**
 * The whole record of the current game: its seed (or the state it began at), every move, and
 * where it was reseeded.
 */
export function record(log: GameLog, meta: TableMeta): GameRecord {
  return {
    game: meta.game,
    gameNo: meta.gameNo,
    players: meta.players,
    config: meta.config,
    seed: meta.seed ?? '',
    ...(log.start ? { start: log.start } : {}),
    moves: log.entries.map(({ seat, move }) => ({ seat, move })),
    ...(meta.reseeded ? { reseeded: meta.reseeded } : {}),
  };
}
