/**
 * What the page and a solo table's worker (table-worker.ts) say to each other. The page speaks to
 * the table as it would over a socket (`say`, `heard`: the protocol's own messages as text), plus
 * the few things only a table in this browser does: being made, and being taken online.
 */
import type { ImportTable } from '../../../shared/api.ts';
import type { BotLevel } from '../../../shared/engine/bot.ts';
import type { GameId } from '../../../shared/engine/types.ts';

/**
 * A new solo table, as the home page asks for it: you at seat 0, bots everywhere else. The table
 * as a request to the server would make it (its game, size, options and bots' level), and your
 * name there (none: the table names you, "Player 1").
 */
export interface SoloOptions {
  table: { game: GameId; players: number; config: unknown; botLevel: BotLevel };
  name: string | null;
}

/** The game so far, for the server to replay and carry on ("Invite friends"). */
export type Upload = ImportTable;

/**
 * A new solo table at a moment of a finished game ("Play from here": play-from-here.ts), made as
 * an import of that moment would make a live one: its `start` the position, no move yet.
 */
export interface PositionWish {
  position: Upload;
}

export type ToWorker =
  /**
   * Open table `id`, made from `create` if this browser has no such table yet: SoloOptions or a
   * PositionWish as the page kept them (so checked here), or null. `botDelay`: the server's bots' pace, in ms,
   * as its page says it (null: the worker's own).
   */
  | { kind: 'open'; id: string; create: unknown; botDelay: number | null }
  /** A client message, as its socket would send it. */
  | { kind: 'say'; text: string }
  /** The game so far, to take it online: answered with `upload`. */
  | { kind: 'upload' }
  /** The game now lives at live table `to`: this one is done. */
  | { kind: 'online'; to: string };

export type FromWorker =
  /** The table is open to this page: it may join. */
  | { kind: 'open' }
  /** A server message, as text. */
  | { kind: 'heard'; text: string }
  /** This browser has no such table. */
  | { kind: 'missing' }
  /** The table was taken online: it is played at live table `to` now. */
  | { kind: 'moved'; to: string }
  /** The table's rows cannot be read back (`why`): it is left as it is. */
  | { kind: 'broken'; why: string }
  /** The game so far, or why it cannot be taken online now. */
  | { kind: 'upload'; upload: Upload | null; why?: string }
  /** The table closed this page's connection (as a socket's close). */
  | { kind: 'closed'; code: number; reason: string };
