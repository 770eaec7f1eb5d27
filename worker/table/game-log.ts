/**
 * The current game's log in memory: one entry per move (who, what, the public events it caused),
 * read from storage with the table (stored.ts) and kept in step with each move. A game's record
 * and its history (CONTRACT §2) are read from it.
 */
import type { GameEvent } from '../../shared/engine/types.ts';
import { type GameRecord, MAX_HISTORY_EVENTS, type TableEvent } from '../../shared/protocol.ts';
import type { TableMeta } from './meta.ts';
import type { LogEntry } from './step.ts';

export class GameLog {
  private gameNo: number;
  private entries: LogEntry[];

  /** The log of game `gameNo` (0: none yet) as loaded: its entries so far, oldest first. */
  constructor(gameNo = 0, entries: LogEntry[] = []) {
    this.gameNo = gameNo;
    this.entries = entries;
  }

  /** After a write: a new game starts an empty log; a move's entry goes at its end. */
  remember(meta: TableMeta, entry: LogEntry | null): void {
    if (meta.gameNo !== this.gameNo) {
      this.gameNo = meta.gameNo;
      this.entries = [];
    }
    if (entry) this.entries.push(entry);
  }

  /** The current game's events so far, at most the last MAX_HISTORY_EVENTS. */
  history(): { gameNo: number; events: GameEvent[] } {
    const started: TableEvent = { type: 'gameStarted', gameNo: this.gameNo };
    const events = [started, ...this.entries.flatMap((e) => e.events)];
    return { gameNo: this.gameNo, events: events.slice(-MAX_HISTORY_EVENTS) };
  }

  /** The whole record of the current game: its seed and every move. */
  record(meta: TableMeta): GameRecord {
    return {
      game: meta.game,
      gameNo: meta.gameNo,
      players: meta.players,
      config: meta.config,
      seed: meta.seed ?? '',
      moves: this.entries.map(({ seat, move }) => ({ seat, move })),
    };
  }
}
