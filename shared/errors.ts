/**
 * Every code a refusal may carry, wherever it comes from: the engine (a move or a table's options),
 * the table (a WebSocket message) or the HTTP API. Clients switch on these codes; the message is
 * for people.
 */
import type { ConfigErrorCode, MoveErrorCode, Rejection } from './engine/types.ts';
import type { GameErrorCode } from './games/index.ts';

/** Why the table refused a message, beside the engine's refusals of moves. */
export type TableErrorCode =
  | 'bad-message'
  | 'too-large'
  | 'rate-limited'
  | 'not-joined'
  | 'already-joined'
  | 'bad-token'
  | 'seat-taken'
  | 'no-such-seat'
  | 'not-seated'
  | 'not-host'
  | 'not-now'
  | 'stale'
  | 'not-absent'
  | 'not-found'
  | 'table-full'
  | 'bad-bots'
  | 'name-taken'
  /** This server sends no notifications (no VAPID keys), or not to that endpoint. */
  | 'push-off'
  | 'bad-endpoint'
  /** A push subscription whose key is not a point on P-256: nothing can be encrypted to it. */
  | 'bad-key'
  | 'internal';

/** Why an HTTP request was refused, beside the engine's refusals of a new table's options. */
export type ApiErrorCode =
  | 'bad-request'
  | 'unsupported-media-type'
  | 'upgrade-required'
  | 'too-large'
  | 'rate-limited'
  | 'not-found'
  | 'table-full'
  | 'bad-bots'
  | 'internal'
  /** The server cannot serve this table right now (its stored record does not load). */
  | 'unavailable'
  /** An imported game (`POST /api/tables/import`): a move the engine refuses on replay. */
  | 'illegal-move'
  /** An imported game whose moves stop in the middle of a round. */
  | 'not-round-end'
  /** An imported game whose scores are not the ones its moves give. */
  | 'totals-mismatch'
  /** An imported game's start state that no table can play on (table/start-state.ts). */
  | 'bad-start'
  /** An import from a moment (`from`) where the seat is out of the round (table/position.ts). */
  | 'seat-out'
  /** An import from a moment where no deal of the hidden cards fits it (table/position.ts). */
  | 'no-world';

export type ErrorCode =
  | MoveErrorCode
  | ConfigErrorCode
  | GameErrorCode
  | TableErrorCode
  | ApiErrorCode;

/** A refusal as the table and the HTTP API send it. */
export type Refusal = Rejection<ErrorCode>;
