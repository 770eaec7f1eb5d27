/**
 * "Play from here", the page's side: a new table at a moment of a finished game's replay, for the
 * seat its player held, bots in the other seats, so that a lesson can be played again. The
 * moment is recomputed from the game's record (shared/engine/replay.ts); the state the new game
 * starts at is the pure position (shared/table/position.ts), made here, then taken to a table the
 * way a solo game is taken online: as an import with `start` and no move yet (POST
 * /api/tables/import), or as a solo table this browser makes from the same upload
 * (solo/table-worker.ts), which needs no network.
 *
 * Two entry points, for the replay's controls (ui/play-from-here.tsx) and anything else that
 * offers it (a review of the game):
 * - `playFromHereSolo(ask)` → the new solo table's id: open it at `/solo/<id>`;
 * - `playFromHereLive(ask)` → the new live table's id: open it at `/t/<id>`, whose host key and
 *   seat token this browser keeps (saved.ts), as for a table it made.
 * Each resolves to `{ ok: false, reason }` (words for the player) rather than throwing: a moment
 * not offered (`offerFor` says which ahead), a record that does not replay, or a refusal.
 */
import * as v from 'valibot';
import type { ImportTable } from '../../shared/api.ts';
import type { BotLevel } from '../../shared/engine/bot.ts';
import { stateAt } from '../../shared/engine/replay.ts';
import type { RoundState } from '../../shared/engine/rounds.ts';
import type { GameId, Seat } from '../../shared/engine/types.ts';
import { games } from '../../shared/games/index.ts';
import { parseState } from '../../shared/games/states.ts';
import { type GameRecord, nameSchema } from '../../shared/protocol.ts';
import { toBase64url } from '../../shared/push.ts';
import { positionTable } from '../../shared/table/imported.ts';
import {
  type FromHere,
  offerAt,
  type PositionCode,
  positionAt,
  type StartsAt,
} from '../../shared/table/position.ts';
import { t } from './i18n.ts';
import { saved } from './saved.ts';
import { importToTable } from './solo/invite.ts';
import type { PositionWish } from './solo/worker-messages.ts';

export type { FromHere, StartsAt };

/** What "Play from here" is asked: a moment of a finished game, for a seat, one way. */
export interface PlayFromHere {
  game: GameId;
  /** The finished game's record, as its replay has it. */
  record: GameRecord;
  /** The replay's step: 0 is the deal, n the state after the game's n-th move. */
  step: number;
  /** The seat its player held, theirs again at the new table. */
  seat: Seat;
  way: FromHere;
  /** Their name at the new table; none (or one no table takes): their seat's, "Player n". */
  name: string | null;
  /**
   * How each seat's bot plays, by seat: as the finished table's played (a seat's own level, else
   * the table's); normal where none is said.
   */
  levels?: readonly (BotLevel | undefined)[];
}

/** The new table's id, or why there is none, in the player's words. */
export type Played = { ok: true; id: string } | { ok: false; reason: string };

/** Why a moment is not offered, in the player's words. */
const REFUSALS: Record<PositionCode, () => string> = {
  'game-over': () => t('fromHere.gameOver'),
  'seat-out': () => t('fromHere.seatOut'),
  'no-such-seat': () => t('fromHere.noSeat'),
  'no-world': () => t('fromHere.noWorld'),
};

/**
 * Whether `seat` may play on from `state` (a step of the replay), and where the new game starts
 * (at the moment itself, or between rounds at the next deal); else why not, in words.
 */
export function offerFor(
  game: GameId,
  state: RoundState,
  seat: Seat,
): { ok: true; startsAt: StartsAt } | { ok: false; reason: string } {
  const offer = offerAt(game, state, seat);
  return offer.ok ? offer : { ok: false, reason: REFUSALS[offer.error.code]() };
}

/** A solo table at the moment: made in this browser when `/solo/<id>` opens, bots and all. */
export async function playFromHereSolo(ask: PlayFromHere): Promise<Played> {
  const made = uploadFor(ask);
  if (!made.ok) return made;
  // The checks the table's worker makes, made here first, so that a refusal is said here.
  const checked = positionTable({
    body: made.upload,
    id: 'check',
    tokenHash: 'check',
    hostKeyHash: 'check',
    now: Date.now(),
  });
  if (!checked.ok) return { ok: false, reason: checked.error.message };
  const id = [...crypto.getRandomValues(new Uint8Array(16))]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
  const wish: PositionWish = { position: made.upload };
  saved.setSoloWish(id, JSON.stringify(wish));
  return { ok: true, id };
}

/**
 * A live table at the moment, with a link to share: this browser its host, in its seat. From
 * what the seat knew, the table deals the cards it could not see (`atMomentUpload`).
 */
export async function playFromHereLive(ask: PlayFromHere): Promise<Played> {
  const made = ask.way === 'what-you-knew' ? atMomentUpload(ask) : uploadFor(ask);
  if (!made.ok) return made;
  return importToTable(made.upload);
}

type Made = { ok: true; upload: ImportTable } | { ok: false; reason: string };

/**
 * The upload that makes a table at the moment (api.ts: `importTableSchema`): the position as its
 * `start`, no move, the scores so far, the seat's player and a bot at every other seat.
 */
function uploadFor(ask: PlayFromHere): Made {
  const state = momentOf(ask);
  if (state === null) return { ok: false, reason: t('fromHere.noMoment') };
  const seed = newSecret();
  const out = positionAt({
    game: ask.game,
    state,
    seat: ask.seat,
    way: ask.way,
    seed,
    random: Math.random,
  });
  if (!out.ok) return { ok: false, reason: REFUSALS[out.error.code]() };
  const { record } = ask;
  const upload: ImportTable = {
    game: ask.game,
    players: record.players,
    config: record.config,
    seed,
    start: out.state,
    moves: [],
    totals: games[ask.game].result(out.state).totals,
    ...seatsFor(ask),
  };
  return { ok: true, upload };
}

/**
 * The upload that has the table make a live table from what the seat knew (api.ts: `from`):
 * the finished game's record as far as the moment, and its step. Dealt here, the cards the seat
 * could not see would lie in this browser: every bot's and friend's hand at the new table.
 */
function atMomentUpload(ask: PlayFromHere): Made {
  const state = momentOf(ask);
  if (state === null) return { ok: false, reason: t('fromHere.noMoment') };
  // Said here, where the moment is known, rather than by the table.
  const offer = offerAt(ask.game, state, ask.seat);
  if (!offer.ok) return { ok: false, reason: REFUSALS[offer.error.code]() };
  const { record, step } = ask;
  const { start, reseeded } = record;
  const upload: ImportTable = {
    game: ask.game,
    players: record.players,
    config: record.config,
    seed: record.seed,
    ...(start === undefined ? {} : { start }),
    moves: record.moves.slice(0, step).map(({ seat, move }) => ({ seat, move })),
    ...(reseeded === undefined ? {} : { reseeded: { after: reseeded.after, seed: reseeded.seed } }),
    from: { step, way: 'what-you-knew' },
    totals: games[ask.game].result(state).totals,
    ...seatsFor(ask),
  };
  return { ok: true, upload };
}

/** The seats of the new table: the seat's player (under their name, if one a table takes), bots elsewhere. */
function seatsFor(ask: PlayFromHere): Pick<ImportTable, 'you' | 'levels'> {
  const name = v.safeParse(nameSchema, ask.name);
  return {
    you: name.success ? { seat: ask.seat, name: name.output } : { seat: ask.seat },
    levels: Array.from({ length: ask.record.players }, (_, s) =>
      s === ask.seat ? null : (ask.levels?.[s] ?? 'normal'),
    ),
  };
}

/**
 * The replay's state at the step; null where the record has none. Parsed as its game's state: a
 * record's start came from a table, and nothing of the position runs on a state that is not one.
 */
function momentOf({ game, record, step }: PlayFromHere): RoundState | null {
  let state: RoundState;
  try {
    state = stateAt(games[game], record, step);
  } catch {
    return null; // a record that does not replay, or has no such step
  }
  const parsed = parseState(game, state);
  return parsed.ok ? parsed.state : null;
}

/** A fresh secret seed: 192 random bits. */
const newSecret = () => toBase64url(crypto.getRandomValues(new Uint8Array(24)));
