/**
 * A table's log in its storage: one entry per move (who, what, the public events it caused), from
 * which a game's record is read, and its history (CONTRACT §2), kept in memory once read and then
 * in step with each move.
 */
import type { GameEvent } from '../shared/engine/types.ts';
import { type GameRecord, MAX_HISTORY_EVENTS, type TableEvent } from '../shared/protocol.ts';
import type { TableMeta } from './table/meta.ts';
import type { LogEntry } from './table/step.ts';

/** The storage key of move `n` of game `gameNo`: listed in order. */
export const logKey = (gameNo: number, n: number) => `log:${gameNo}:${String(n).padStart(6, '0')}`;
const logPrefix = (gameNo: number) => `log:${gameNo}:`;

/** The current game's events in memory: `moves` log entries' worth, for game `gameNo`. */
interface History {
  gameNo: number;
  moves: number;
  events: GameEvent[];
}

export class GameLog {
  private history: History | null = null;
  private readonly storage: DurableObjectStorage;

  constructor(storage: DurableObjectStorage) {
    this.storage = storage;
  }

  private async entries(gameNo: number): Promise<LogEntry[]> {
    const log = await this.storage.list<LogEntry>({ prefix: logPrefix(gameNo) });
    return [...log.values()];
  }

  /** Keeps the history in step with the log after a change: a new game, or one more move. */
  remember(meta: TableMeta, events: GameEvent[], newGame: boolean): void {
    if (newGame) {
      this.history = { gameNo: meta.gameNo, moves: 0, events: events.slice() };
      return;
    }
    const h = this.history;
    if (h === null) return;
    if (h.gameNo === meta.gameNo && h.moves === meta.moveCount - 1) {
      h.moves++;
      h.events.push(...events);
      if (h.events.length > 2 * MAX_HISTORY_EVENTS) h.events.splice(0, MAX_HISTORY_EVENTS);
    } else {
      this.history = null; // out of step: read again from storage when next needed
    }
  }

  forget(): void {
    this.history = null;
  }

  /** Reads the current game's history unless it is at hand; `meta` gives the table now. */
  async load(meta: () => TableMeta | undefined): Promise<void> {
    for (;;) {
      const now = meta();
      if (!now || now.gameNo === 0) return;
      const h = this.history;
      if (h !== null && h.gameNo === now.gameNo && h.moves === now.moveCount) return;
      const entries = await this.entries(now.gameNo);
      // A move committed while the log was read makes it out of date: read it again.
      if (meta() !== now) continue;
      const events: GameEvent[] = [
        { type: 'gameStarted', gameNo: now.gameNo } satisfies TableEvent,
      ];
      // Entries stored before events were logged have none.
      for (const entry of entries) events.push(...(entry.events ?? []));
      this.history = { gameNo: now.gameNo, moves: entries.length, events };
      return;
    }
  }

  /** The current game's events so far, at most the last MAX_HISTORY_EVENTS (once `load`ed). */
  current(meta: TableMeta): { gameNo: number; events: GameEvent[] } | null {
    const h = this.history;
    if (h?.gameNo !== meta.gameNo) return null;
    return { gameNo: h.gameNo, events: h.events.slice(-MAX_HISTORY_EVENTS) };
  }

  /** The whole record of a finished game: its seed and every move. */
  async record(meta: TableMeta): Promise<GameRecord> {
    const entries = await this.entries(meta.gameNo);
    return {
      game: meta.game,
      gameNo: meta.gameNo,
      players: meta.players,
      config: meta.config,
      seed: meta.seed ?? '',
      moves: entries.map(({ seat, move }) => ({ seat, move })),
    };
  }
}
