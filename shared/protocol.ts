/**
 * The table WebSocket protocol: every message is one JSON object with a `type`. Client messages
 * are untrusted: the server parses them with these schemas before anything else looks at them.
 */
import * as v from 'valibot';
import type { BotLevel } from './engine/bot.ts';
import type { GameEvent, GameId, Rejection, Seat } from './engine/types.ts';
import type { PatchOp } from './patch.ts';
import { REACTIONS, type Reaction } from './reactions.ts';

/** Larger client messages are refused unread. A move is a few hundred bytes at most. */
export const MAX_CLIENT_MESSAGE_BYTES = 4096;
export const MAX_NAME_LENGTH = 24;

/**
 * Characters a name may not hold: controls (Cc, C0 and C1), format characters (Cf: zero-width
 * spaces and joiners, bidi overrides such as U+202E, soft hyphens), lone surrogates (Cs), private
 * use (Co) and line or paragraph separators: all of them either invisible or able to disguise
 * the text around them on everyone's screen.
 */
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}]/u;
/** At least one character that shows: not a space, not a mark alone, not a default-ignorable. */
const VISIBLE = /[^\p{White_Space}\p{M}\p{Default_Ignorable_Code_Point}]/u;

/** A display name: NFC-normalized, trimmed, 1–24 characters, something visible, nothing hidden. */
export const nameSchema = v.pipe(
  v.string(),
  v.transform((name) => name.normalize('NFC').trim()),
  v.minLength(1, 'Enter a name.'),
  v.maxLength(MAX_NAME_LENGTH, `Names are at most ${MAX_NAME_LENGTH} characters.`),
  v.check((name) => !FORBIDDEN.test(name), 'Names cannot contain control or invisible characters.'),
  v.check((name) => VISIBLE.test(name), 'A name needs at least one visible character.'),
);

const seatSchema = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(15));
const tokenSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/));

export const clientMessageSchema = v.variant('type', [
  /** Say who you are; a token from an earlier `seated` reclaims that seat, a host key the host role. */
  v.strictObject({
    type: v.literal('join'),
    /** Optional: someone without a name who sits down is called "Player <seat + 1>". */
    name: v.optional(nameSchema),
    token: v.optional(tokenSchema),
    hostKey: v.optional(tokenSchema),
    /**
     * The client applies `patch` messages: after its first state, a change of the game comes as
     * only what changed in its view. Without it, every change is a whole `state` (CONTRACT §2).
     */
    patches: v.optional(v.boolean()),
  }),
  /** Change your name (and your seat's, if you have one). */
  v.strictObject({ type: v.literal('name'), name: nameSchema }),
  v.strictObject({ type: v.literal('sit'), seat: seatSchema }),
  /** Give up your seat (before the game starts). */
  v.strictObject({ type: v.literal('leave') }),
  v.strictObject({ type: v.literal('start') }),
  v.strictObject({
    type: v.literal('move'),
    move: v.unknown(),
    version: v.pipe(v.number(), v.integer(), v.minValue(0)),
  }),
  /** Host: put a bot on a seat (an empty one, or an absent player's), or take a bot off. */
  v.strictObject({ type: v.literal('bot'), seat: seatSchema, on: v.boolean() }),
  /** Host: remove an absent player from their seat. */
  v.strictObject({ type: v.literal('kick'), seat: seatSchema }),
  /**
   * After the game: a new game at the same table with the same seats. `gameNo` names the game
   * that is over, so a second request for the same rematch is answered, not refused.
   */
  v.strictObject({
    type: v.literal('rematch'),
    gameNo: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  }),
  /** After the game, for its players: the seed and every move. */
  v.strictObject({ type: v.literal('record') }),
  /** A seated player's reaction, shown to everyone beside their seat for a moment. */
  v.strictObject({ type: v.literal('react'), reaction: v.picklist(REACTIONS) }),
]);

export type ClientMessage = v.InferOutput<typeof clientMessageSchema>;

export type TableStatus = 'lobby' | 'playing' | 'over';

export interface SeatInfo {
  seat: Seat;
  name: string | null;
  bot: boolean;
  /** A player is at this seat with a live connection. */
  connected: boolean;
}

/**
 * The pause between two rounds while people are seated: who has said `nextRound`, who is still
 * awaited, and when the next round starts by itself (epoch ms).
 */
export interface RoundPause {
  ready: Seat[];
  waitingFor: Seat[];
  until: number | null;
}

/** What anyone with the link may know about a table (also `GET /api/tables/<id>`). */
export interface TableSummary {
  id: string;
  game: GameId;
  players: number;
  config: unknown;
  /** Seconds per move, or null when there is no clock. */
  clock: number | null;
  /** How hard the table's bots play. */
  botLevel: BotLevel;
  status: TableStatus;
  /** The game's own phase while playing, else the table status. */
  phase: string;
  seats: SeatInfo[];
  /** Which game at this table (1 for the first, +1 per rematch). */
  gameNo: number;
  spectators: number;
  /** Between two rounds: who is ready for the next one; null at any other time. */
  pause: RoundPause | null;
}

export interface GameRecord {
  game: GameId;
  gameNo: number;
  players: number;
  config: unknown;
  seed: string;
  moves: { seat: Seat; move: unknown }[];
}

export type ServerMessage =
  /** After `join`: the table and who you are at it (seat null = spectator). */
  | { type: 'welcome'; table: TableSummary; seat: Seat | null; host: boolean }
  /** The table changed: seats, names, connections, status. */
  | { type: 'table'; table: TableSummary }
  | { type: 'seated'; seat: Seat; token: string }
  /**
   * Your seat is no longer yours: you left it (perhaps from another tab), the host gave it to a
   * bot, or the host freed it.
   */
  | { type: 'unseated'; seat: Seat; reason: UnseatReason }
  /** After every change, per connection, redacted for its seat. `deadline`: epoch ms or null. */
  | {
      type: 'state';
      version: number;
      view: unknown;
      events: GameEvent[];
      deadline: number | null;
    }
  /**
   * Right after the first `state` on every join: the current game's public events so far, oldest
   * first, as they were broadcast (at most the last MAX_HISTORY_EVENTS).
   */
  | { type: 'history'; gameNo: number; events: GameEvent[] }
  /**
   * For a client that asked for patches: the state at `version` as the ops that turn its view at
   * `base` (the version before) into the new one. A client whose view is not at `base` joins
   * again for a whole state.
   */
  | {
      type: 'patch';
      version: number;
      base: number;
      ops: PatchOp[];
      events: GameEvent[];
      deadline: number | null;
    }
  | { type: 'record'; record: GameRecord }
  /** Someone at the table reacted (not kept: a table that restarts has forgotten it). */
  | { type: 'reaction'; seat: Seat; reaction: Reaction }
  | ({ type: 'error' } & Rejection);

export type UnseatReason = 'left' | 'bot' | 'freed';

export const MAX_HISTORY_EVENTS = 1000;

/** Error codes of the table protocol (the engine adds its own for refused moves). */
export type ProtocolErrorCode =
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
  | 'table-full'
  | 'internal';

/**
 * Whether a message is over the limit in UTF-8 bytes, as it came over the wire. A UTF-16 unit
 * takes 1 to 3 bytes (a surrogate pair 4 for two), so bytes are counted only when the length
 * alone cannot tell.
 */
export function overByteLimit(text: string): boolean {
  if (text.length > MAX_CLIENT_MESSAGE_BYTES) return true;
  if (text.length * 3 <= MAX_CLIENT_MESSAGE_BYTES) return false;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit < 0xdc00) {
      bytes += 4; // a surrogate pair: one code point of 4 bytes
      i++;
    } else bytes += 3;
  }
  return bytes > MAX_CLIENT_MESSAGE_BYTES;
}

export function parseClientMessage(
  raw: string | ArrayBuffer,
): { ok: true; message: ClientMessage } | { ok: false; error: Rejection } {
  if (typeof raw !== 'string') {
    return { ok: false, error: { code: 'bad-message', message: 'Send text frames of JSON.' } };
  }
  if (overByteLimit(raw)) {
    return {
      ok: false,
      error: {
        code: 'too-large',
        message: `Messages are at most ${MAX_CLIENT_MESSAGE_BYTES} bytes.`,
      },
    };
  }
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { ok: false, error: { code: 'bad-message', message: 'A message must be JSON.' } };
  }
  const parsed = v.safeParse(clientMessageSchema, data);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const where = issue.path?.map((p) => p.key).join('.');
    return {
      ok: false,
      error: { code: 'bad-message', message: where ? `${where}: ${issue.message}` : issue.message },
    };
  }
  return { ok: true, message: parsed.output };
}
