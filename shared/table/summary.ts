/**
 * The table's public summary (CONTRACT §2, `GET /api/tables/<id>`): its game, seats with names,
 * bots and who is here, its phase, and between rounds who is ready.
 */
import type { GameEvent, Seat } from '../engine/types.ts';
import type { RoundPause, SeatInfo, Sitting, TableSummary } from '../protocol.ts';
import { isLive, type Socket } from './conns.ts';
import { isPlaying, type SeatRecord, type Table, type TableMeta } from './meta.ts';
import { betweenRounds, peopleSeated } from './play.ts';
import { rematchCall } from './rematch.ts';
import { defaultName, seatOf } from './seats.ts';
import { waitingOn } from './waiting.ts';

/** Who is here: the seats with a socket heard from lately (the others are away), and spectators. */
export function presence(
  table: Table,
  sockets: readonly Socket[],
  now: number,
): { here: Set<Seat>; spectators: number } {
  const here = new Set<Seat>();
  let spectators = 0;
  for (const s of sockets) {
    if (!s.conn.joined) continue;
    const seat = seatOf(table.meta, s.conn.tokenHash);
    if (seat === null) spectators++;
    else if (isLive(s, now)) here.add(seat);
  }
  return { here, spectators };
}

/**
 * The seats whose player is not away, given the seats with a page `here`. At a live table a
 * player is away once their pages fall silent; at a turn-based one everybody closes the page
 * between turns, so once its first game is dealt a player is away only when their clock ran out
 * on them since they last moved or opened the table (`outOfTime`). In its lobby, where no clock
 * runs, the pages say it, so that the host may still free a seat taken by someone who left. The
 * host may replace or remove only a player away.
 */
export function notAway(table: Table, here: ReadonlySet<Seat>): Set<Seat> {
  const { meta } = table;
  if (meta.pace !== 'turn' || meta.status === 'lobby') return new Set(here);
  return new Set(
    peopleSeated(meta).filter((seat) => here.has(seat) || !meta.outOfTime.includes(seat)),
  );
}

/**
 * The seats out of time after a move for `seat` (TableMeta.outOfTime), the same array when they
 * did not change: at a turn-based table a move the clock made adds its seat, any other move for
 * it (its player's, or a bot's in their place) takes it off.
 */
export function outOfTimeAfter(meta: TableMeta, seat: Seat, events: readonly GameEvent[]): Seat[] {
  const timedOut = events.some((e) => e.type === 'timedOut' && e.seat === seat);
  const listed = meta.outOfTime.includes(seat);
  if (meta.pace !== 'turn' || timedOut === listed) return meta.outOfTime;
  return timedOut ? [...meta.outOfTime, seat] : meta.outOfTime.filter((s) => s !== seat);
}

/** The summary of the table as its sockets are now. */
export function tableSummary(table: Table, sockets: readonly Socket[], now: number): TableSummary {
  const { here, spectators } = presence(table, sockets, now);
  return summarize(table, notAway(table, here), spectators);
}

/** The summary, `connected` being the seats whose player is not away (notAway). */
export function summarize(
  table: Table,
  connected: ReadonlySet<Seat>,
  spectators: number,
): TableSummary {
  const { meta } = table;
  const seats: SeatInfo[] = meta.seats.map((s, seat) => ({
    ...sitter(s, seat),
    connected: !s.bot && connected.has(seat),
    ...(s.bot ? { level: s.level ?? meta.botLevel } : {}),
  }));
  const phase = isPlaying(table) ? table.state.phase : meta.status;
  return {
    id: meta.id,
    game: meta.game,
    players: meta.players,
    config: meta.config,
    clock: meta.clock,
    pace: meta.pace,
    botLevel: meta.botLevel,
    status: meta.status,
    phase,
    seats,
    gameNo: meta.gameNo,
    spectators,
    pause: roundPause(table),
    rematch: rematchCall(meta),
  };
}

function roundPause(table: Table): RoundPause | null {
  if (!betweenRounds(table)) return null;
  const { meta } = table;
  const { ready } = meta;
  return {
    ready: ready.slice(),
    waitingFor: waitingOn(table),
    until: meta.deadline ?? meta.botDue,
  };
}

/** Who sits at each seat: a player, a bot, or a bot standing in for a player away (ALL-4). */
export const sitting = (meta: TableMeta): Sitting[] => meta.seats.map(sitter);

const sitter = (s: SeatRecord, seat: Seat): Sitting => ({
  seat,
  name: s.name,
  bot: s.bot,
  ...(s.bot && s.away ? { standIn: standInName(s.away, seat) } : {}),
});

/** Who a bot stands in for: the away player's name, or the one a nameless player went by. */
export const standInName = (away: { name: string | null }, seat: Seat): string =>
  away.name ?? defaultName(seat);
