/**
 * Who sits where: taking and leaving seats, the host's bots and removals, names, and a player's
 * way back to a seat a bot kept for them (ALL-4). A socket acts for whichever seat its token's
 * hash holds now (`seatOf`): no seat number is ever taken on trust.
 */
import type { BotLevel } from '../engine/bot.ts';
import { fail } from '../engine/reject.ts';
import type { Result, Seat } from '../engine/types.ts';
import type { ErrorCode } from '../errors.ts';
import { nameKey } from '../names.ts';
import type { UnseatReason } from '../protocol.ts';
import { type Gone, isFree, type SeatRecord, type Table, type TableMeta } from './meta.ts';
import { midRound } from './play.ts';

/** The seat a token (by its hash) holds now, if any: the one source of who may act for a seat. */
export function seatOf(meta: TableMeta, tokenHash: string | null): Seat | null {
  if (tokenHash === null) return null;
  const seat = meta.seats.findIndex((s) => s.tokenHash === tokenHash);
  return seat >= 0 ? seat : null;
}

/** Whether that token held a seat in the current (or just finished) game: its record is theirs. */
export function playedIn(meta: TableMeta, tokenHash: string | null): boolean {
  return tokenHash !== null && meta.gamePlayers.includes(tokenHash);
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
 * Whether a person may take this seat from the bot that holds it: a bot of the table's own, not
 * one standing in for a player away, who may come back to it (ALL-4).
 */
export const botGivesWay = (s: SeatRecord) => s.bot && s.away === undefined;

/**
 * A free seat, or one a bot holds for the table, goes to whoever asks first, in the lobby or
 * between rounds, never mid-round: the seat's hand was dealt to somebody else (ALL-4: between
 * rounds and in the lobby seats are free to change). Two seats never share a name.
 */
export function sit(
  table: Table,
  seat: Seat,
  name: string,
  tokenHash: string,
): Result<{ meta: TableMeta }, ErrorCode> {
  const { meta } = table;
  const record = meta.seats[seat];
  if (!record) return fail('no-such-seat', `There is no seat ${seat}.`);
  if (!isFree(record) && !botGivesWay(record)) return fail('seat-taken', 'That seat is taken.');
  if (midRound(table)) {
    return fail('not-now', 'A seat is taken between rounds: sit down when this round ends.');
  }
  const clash = nameClash(meta, seat, name);
  if (clash) return fail('name-taken', clash);
  const seats = meta.seats.slice();
  seats[seat] = { name, bot: false, tokenHash };
  // Sitting down mid-game makes you one of its players; after the game it does not.
  const gamePlayers =
    meta.status === 'playing' ? [...meta.gamePlayers, tokenHash] : meta.gamePlayers;
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
  const held = seats[seat];
  if (!held) return meta;
  const { tokenHash, name, away } = held;
  const standIn = bot && tokenHash !== null && meta.status === 'playing';
  seats[seat] = standIn
    ? { name: null, bot, tokenHash: null, away: { tokenHash, name } }
    : { name: null, bot, tokenHash: null };
  // Whoever loses the seat: its holder, or the player a bot kept it for (who is now told "freed").
  const loser = tokenHash ?? (bot ? null : (away?.tokenHash ?? null));
  const gone =
    loser === null
      ? meta.gone
      : [...meta.gone, { tokenHash: loser, seat, reason }].slice(-2 * meta.players);
  return { ...meta, seats, gone, ready: meta.ready.filter((s) => s !== seat) };
}

/** Why a token lost its seat, if it held one here lately. */
export function goneFor(meta: TableMeta, tokenHash: string | null): Gone | null {
  return meta.gone.filter((g) => g.tokenHash === tokenHash).pop() ?? null;
}

/** Whether a token (by its hash) holds a seat, or would have it back at once (ALL-4). */
export const holds = (meta: TableMeta, tokenHash: string): boolean =>
  seatOf(meta, tokenHash) !== null || comeBack(meta, tokenHash) !== null;

/** How many seats someone could sit down in now: nobody holds them, and no round is played. */
export const freeSeatsNow = (table: Table): number =>
  midRound(table) ? 0 : table.meta.seats.filter(isFree).length;

/**
 * A player back with the token of a seat a bot took over while they were away: the seat is
 * theirs again at once, mid-round too (ALL-4). Null when no bot stands in for that token.
 */
export function comeBack(meta: TableMeta, tokenHash: string | null): TableMeta | null {
  const seat = meta.seats.findIndex((s) => s.bot && s.away?.tokenHash === tokenHash);
  const away = meta.seats[seat]?.away;
  if (tokenHash === null || !away) return null;
  const seats = meta.seats.slice();
  seats[seat] = { name: away.name, bot: false, tokenHash };
  const gone = meta.gone.filter((g) => g.tokenHash !== tokenHash);
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
  const held = seats[seat];
  if (!held) return fail('no-such-seat', `No seat ${seat} at this table.`);
  seats[seat] = { ...held, name };
  return { ok: true, meta: { ...meta, seats } };
}

/**
 * The host puts a bot on a seat (empty, or an absent player's, which the bot keeps for them) or
 * takes a bot off (the seat becomes free). Mid-round a bot keeps its seat: its hand was dealt to
 * the seat, and nobody else may see it (ALL-4).
 */
export function setBot(
  table: Table,
  seat: Seat,
  bot: { on: boolean; level?: BotLevel | undefined },
  connected: ReadonlySet<Seat>,
): Result<{ meta: TableMeta }, ErrorCode> {
  const { meta } = table;
  const record = meta.seats[seat];
  if (!record) return fail('no-such-seat', `There is no seat ${seat}.`);
  const { on, level } = bot;
  if (on && record.bot) return { ok: true, meta: withLevel(meta, seat, level) };
  if (!on && !record.bot) return { ok: true, meta };
  if (on && !isFree(record) && connected.has(seat)) {
    return fail('not-absent', 'A bot can only replace a player who is away.');
  }
  if (!on && midRound(table)) {
    return fail('not-now', 'A bot plays this seat until the round ends: free it between rounds.');
  }
  const next = reseat(meta, seat, on, on ? 'bot' : 'freed');
  return { ok: true, meta: on ? withLevel(next, seat, level) : next };
}

/** A bot seat's own level (any time: it changes how the bot thinks, not the game). */
function withLevel(meta: TableMeta, seat: Seat, level: BotLevel | undefined): TableMeta {
  const record = meta.seats[seat];
  if (!record || level === undefined || (record.level ?? meta.botLevel) === level) return meta;
  const seats = meta.seats.slice();
  seats[seat] = { ...record, level };
  return { ...meta, seats };
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
