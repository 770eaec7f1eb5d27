/**
 * The table WebSocket protocol: every message is one JSON object with a `type`. Client messages
 * are untrusted: the server parses them with these schemas before anything else looks at them.
 */
import * as v from 'valibot';
import { BOT_LEVELS } from './engine/bot.ts';
import { fail } from './engine/reject.ts';
import { type BaseView, GAME_IDS, type Result, type Seat } from './engine/types.ts';
import type { ErrorCode } from './errors.ts';
import { issueText } from './issues.ts';
import { nameProblem, normalName } from './names.ts';
import { PACES } from './pace.ts';
import { pushSubscriptionSchema } from './push.ts';
import { REACTIONS } from './reactions.ts';

/** Larger client messages are refused unread. A move is a few hundred bytes at most. */
export const MAX_CLIENT_MESSAGE_BYTES = 4096;

/** A display name: NFC-normalized, trimmed, 1–24 characters, something visible, nothing hidden. */
export const nameSchema = v.pipe(
  v.string(),
  v.transform(normalName),
  v.rawCheck(({ dataset, addIssue }) => {
    const problem = dataset.typed ? nameProblem(dataset.value) : null;
    if (problem !== null) addIssue({ message: problem });
  }),
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
  /**
   * Host: put a bot on a seat (an empty one, or an absent player's), or take a bot off; `level`
   * sets that bot's own level (also for a bot already there), else it plays at the table's.
   */
  v.strictObject({
    type: v.literal('bot'),
    seat: seatSchema,
    on: v.boolean(),
    level: v.optional(v.picklist(BOT_LEVELS)),
  }),
  /** Host: remove an absent player from their seat. */
  v.strictObject({ type: v.literal('kick'), seat: seatSchema }),
  /**
   * After the game: "play again" — a seated player agrees to a new game at the same table with
   * the same seats, which starts once every seated person has agreed (bots always do); the host
   * may start it sooner with `start`, after a countdown everyone sees. `gameNo` names the game
   * that is over, so a request for a rematch that has begun is answered, not refused.
   */
  v.strictObject({
    type: v.literal('rematch'),
    gameNo: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  }),
  /** A seated player's page shows game `gameNo`'s board: the clock may run on them now. */
  v.strictObject({
    type: v.literal('seen'),
    gameNo: v.pipe(v.number(), v.integer(), v.minValue(0)),
  }),
  /** Remind a player the table is waiting on (once a minute per player, at most). */
  v.strictObject({ type: v.literal('nudge'), seat: seatSchema }),
  /** After the game, for its players: the seed and every move. */
  v.strictObject({ type: v.literal('record') }),
  /** A seated player's reaction, shown to everyone beside their seat for a moment. */
  v.strictObject({ type: v.literal('react'), reaction: v.picklist(REACTIONS) }),
  /**
   * A seated player's device asks to be told when the table waits on them while they are away
   * (its Web Push subscription, with the language of its notices), or, with null, no longer to be.
   */
  v.strictObject({ type: v.literal('push'), subscription: v.nullable(pushSubscriptionSchema) }),
]);

export type ClientMessage = v.InferOutput<typeof clientMessageSchema>;

/**
 * Server messages are checked too, on the client: a message that does not fit is logged and
 * dropped, never trusted. Objects are loose so that a field added later does not break an older
 * page still open.
 */
const eventSchema = v.looseObject({ type: v.string() });
const deadlineSchema = v.nullable(v.number());
const versionSchema = v.pipe(v.number(), v.integer(), v.minValue(0));
const pathSchema = v.array(v.union([v.string(), v.number()]));
const patchOpSchema = v.union([
  v.strictTuple([pathSchema]),
  v.strictTuple([pathSchema, v.unknown()]),
]);
const errorCodeSchema = v.custom<ErrorCode>((code) => typeof code === 'string');

export const TABLE_STATUSES = ['lobby', 'playing', 'over'] as const;
export type TableStatus = (typeof TABLE_STATUSES)[number];

const seatInfoSchema = v.looseObject({
  seat: seatSchema,
  name: v.nullable(v.string()),
  bot: v.boolean(),
  /**
   * A player is at this seat and not away: with a live connection; at a turn-based table, where
   * pages close between turns, unless their clock ran out since they last moved or looked.
   */
  connected: v.boolean(),
  /** A bot's seat, mid-game: the player it stands in for, who may come back to it (ALL-4). */
  standIn: v.optional(v.string()),
  /** A bot's seat: how hard it plays. */
  level: v.optional(v.picklist(BOT_LEVELS)),
});
export type SeatInfo = v.InferOutput<typeof seatInfoSchema>;
/** Who sits at a seat, as the page names it: a player, a bot, or a bot standing in for one. */
export type Sitting = Pick<SeatInfo, 'seat' | 'name' | 'bot' | 'standIn'>;

/**
 * The pause between two rounds while people are seated: who has said `nextRound`, who is still
 * awaited, and when the next round starts by itself (epoch ms).
 */
const roundPauseSchema = v.looseObject({
  ready: v.array(seatSchema),
  waitingFor: v.array(seatSchema),
  until: v.nullable(v.number()),
});
export type RoundPause = v.InferOutput<typeof roundPauseSchema>;

/**
 * After a game, once someone asked to play again: who agreed, who the next game waits for, and
 * when the host's countdown starts it (epoch ms; null: no countdown).
 */
const rematchCallSchema = v.looseObject({
  agreed: v.array(seatSchema),
  waitingFor: v.array(seatSchema),
  startsAt: v.nullable(v.number()),
});
export type RematchCall = v.InferOutput<typeof rematchCallSchema>;

/** What anyone with the link may know about a table (also `GET /api/tables/<id>`). */
export const tableSummarySchema = v.looseObject({
  id: v.string(),
  game: v.picklist(GAME_IDS),
  players: v.number(),
  config: v.unknown(),
  /** Seconds per move, or null when there is no clock. */
  clock: v.nullable(v.number()),
  /** Live, or turn-based (hours per move; absent from an older server: live). */
  pace: v.optional(v.picklist(PACES), 'live'),
  /** How hard the table's bots play. */
  botLevel: v.picklist(BOT_LEVELS),
  status: v.picklist(TABLE_STATUSES),
  /** The game's own phase while playing, else the table status. */
  phase: v.string(),
  seats: v.array(seatInfoSchema),
  /** Which game at this table (1 for the first, +1 per rematch). */
  gameNo: v.number(),
  spectators: v.number(),
  /** Between two rounds: who is ready for the next one; null at any other time. */
  pause: v.nullable(roundPauseSchema),
  /** After the game: the ready check for the next one, once asked for; absent or null otherwise. */
  rematch: v.optional(v.nullable(rematchCallSchema)),
  /**
   * Over HTTP only: the seats whose turn it is (none between rounds). Sockets learn it from their
   * view, so the summary they are sent does not change with every move.
   */
  toMove: v.optional(v.array(seatSchema)),
  /** Over HTTP only: when the decision the table waits on is made for its people (epoch ms). */
  deadline: v.optional(v.nullable(v.number())),
});
export type TableSummary = v.InferOutput<typeof tableSummarySchema>;

const gameRecordSchema = v.looseObject({
  game: v.picklist(GAME_IDS),
  gameNo: v.number(),
  players: v.number(),
  config: v.unknown(),
  seed: v.string(),
  /**
   * A game begun at a moment of another ("Play from here"): the state it began at, which its
   * replay starts from instead of dealing from `seed`.
   */
  start: v.optional(v.custom<object>((x) => typeof x === 'object' && x !== null)),
  moves: v.array(v.looseObject({ seat: seatSchema, move: v.unknown() })),
  /**
   * A game begun in a browser and taken over by the server: after move `after` (0: before any)
   * the state's generator was replaced by one seeded with `seed` (engine/rounds.ts: `reseed`).
   */
  reseeded: v.optional(
    v.looseObject({ after: v.pipe(v.number(), v.integer(), v.minValue(0)), seed: v.string() }),
  ),
});
export type GameRecord = v.InferOutput<typeof gameRecordSchema>;

type AnyMoveView = BaseView<{ t: string }>;

/** The fields every game's view has, each checked against `BaseView`; the rest is the game's own. */
const baseViewFields = {
  phase: v.string(),
  you: v.nullable(seatSchema),
  toMove: v.array(seatSchema),
  legal: v.array(v.looseObject({ t: v.string() })),
  totals: v.array(v.number()),
  round: v.number(),
  history: v.array(v.array(v.number())),
  winners: v.array(seatSchema),
} satisfies { [K in keyof AnyMoveView]: v.GenericSchema<unknown, AnyMoveView[K]> };
const viewSchema = v.looseObject(baseViewFields);
export type AnyView = v.InferOutput<typeof viewSchema>;

/** Events the table adds to a game's own: a game (re)started, a move the clock made for a seat. */
export type TableEvent =
  | { type: 'gameStarted'; gameNo: number }
  /** The clock ran out: the move that follows was made for `seat`. */
  | { type: 'timedOut'; seat: Seat }
  /** The move in the next `count` events was made by the bot standing in for `name`, away from `seat`. */
  | { type: 'standIn'; seat: Seat; name: string; count: number }
  /**
   * Who sat where from here on: told before a game's first move and each new round's deal, so
   * that a log read back later names each line's seat as it was then (ALL-4: mid-round only a
   * stand-in comes or goes, and `standIn` tells its moves).
   */
  | { type: 'sitting'; seats: Sitting[] };

export const UNSEAT_REASONS = ['left', 'bot', 'freed'] as const;
export type UnseatReason = (typeof UNSEAT_REASONS)[number];

/**
 * The version of this protocol as the page and the table speak it: raised when a page of an
 * older build can no longer play at a table of this one. The table says its own in `welcome`,
 * and a page that hears a newer one reloads once, onto the build that speaks it.
 */
export const PROTOCOL_VERSION = 1;

/**
 * The subprotocol a page's table socket offers first, and is answered with; its seat's token and
 * the host key, offered beside it, let the table know who is coming before `join` (CONTRACT §2).
 */
export const SUBPROTOCOL = 'hoopla';

/** Close codes: the table's own, beside the WebSocket ones. */
export const CLOSE = {
  /** A newer tab of the same seat took this one's place: the page does not reconnect by itself. */
  otherTab: 4001,
  /** The socket did not say `join` in time. */
  noJoin: 4008,
  tooManySpectators: 1013,
} as const;

export const serverMessageSchema = v.variant('type', [
  /** After `join`: the table and who you are at it (seat null = spectator). */
  v.looseObject({
    type: v.literal('welcome'),
    table: tableSummarySchema,
    seat: v.nullable(seatSchema),
    host: v.boolean(),
    /** The table's PROTOCOL_VERSION (absent from an older server). */
    protocol: v.optional(v.number()),
  }),
  /** The table changed: seats, names, connections, status. */
  v.looseObject({ type: v.literal('table'), table: tableSummarySchema }),
  v.looseObject({ type: v.literal('seated'), seat: seatSchema, token: v.string() }),
  /**
   * Your seat is no longer yours: you left it (perhaps from another tab), the host gave it to a
   * bot, or the host freed it.
   */
  v.looseObject({
    type: v.literal('unseated'),
    seat: seatSchema,
    reason: v.picklist(UNSEAT_REASONS),
  }),
  /** After every change, per connection, redacted for its seat. `deadline`: epoch ms or null. */
  v.looseObject({
    type: v.literal('state'),
    version: versionSchema,
    view: viewSchema,
    events: v.array(eventSchema),
    deadline: deadlineSchema,
  }),
  /**
   * Right after the first `state` on every join: the current game's public events so far, oldest
   * first, as they were broadcast (at most the last MAX_HISTORY_EVENTS).
   */
  v.looseObject({ type: v.literal('history'), gameNo: v.number(), events: v.array(eventSchema) }),
  /**
   * For a client that asked for patches: the state at `version` as the ops that turn its view at
   * `base` (the version before) into the new one. A client whose view is not at `base` joins
   * again for a whole state.
   */
  v.looseObject({
    type: v.literal('patch'),
    version: versionSchema,
    base: versionSchema,
    ops: v.array(patchOpSchema),
    events: v.array(eventSchema),
    deadline: deadlineSchema,
  }),
  v.looseObject({ type: v.literal('record'), record: gameRecordSchema }),
  /** Someone (at seat `by`, or the host without one) reminded `seat` that the table waits on them. */
  v.looseObject({ type: v.literal('nudge'), seat: seatSchema, by: v.nullable(seatSchema) }),
  /** Someone at the table reacted (not kept: a table that restarts has forgotten it). */
  v.looseObject({ type: v.literal('reaction'), seat: seatSchema, reaction: v.picklist(REACTIONS) }),
  /** The answer to `push`: this device is told (or no longer told) when the table waits on it. */
  v.looseObject({ type: v.literal('push'), on: v.boolean() }),
  v.looseObject({ type: v.literal('error'), code: errorCodeSchema, message: v.string() }),
]);

export type ServerMessage = v.InferOutput<typeof serverMessageSchema>;

/** A message from the server as the client reads it: checked, or why it does not fit. */
export function parseServerMessage(raw: string): Result<{ message: ServerMessage }, 'bad-message'> {
  return parseJson(raw, serverMessageSchema);
}

/** A view rebuilt from patches, checked as a whole view is. */
export function checkView(view: unknown): AnyView | null {
  const parsed = v.safeParse(viewSchema, view);
  return parsed.success ? parsed.output : null;
}

export const MAX_HISTORY_EVENTS = 1000;

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
): Result<{ message: ClientMessage }, 'bad-message' | 'too-large'> {
  if (typeof raw !== 'string') return fail('bad-message', 'Send text frames of JSON.');
  if (overByteLimit(raw)) {
    return fail('too-large', `Messages are at most ${MAX_CLIENT_MESSAGE_BYTES} bytes.`);
  }
  return parseJson(raw, clientMessageSchema);
}

/** JSON text checked against a schema; the first issue, and where, if it does not fit. */
function parseJson<S extends v.GenericSchema>(
  raw: string,
  schema: S,
): Result<{ message: v.InferOutput<S> }, 'bad-message'> {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return fail('bad-message', 'A message must be JSON.');
  }
  const parsed = v.safeParse(schema, data);
  if (!parsed.success) return fail('bad-message', issueText(parsed.issues));
  return { ok: true, message: parsed.output };
}
