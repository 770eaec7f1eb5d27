/**
 * The door of the table: a socket opening (admission, CONTRACT §2, limits.ts), its `join` (who it
 * is, which seat its token holds, whether it may watch), the room each seat's tabs, the host's
 * and the spectators' take, and a socket closing. Nobody is refused at the upgrade; `join`
 * applies the table's caps.
 */
import { type Failure, fail } from '../engine/reject.ts';
import type { ErrorCode } from '../errors.ts';
import type { ClientMessage } from '../protocol.ts';
import { CLOSE, PROTOCOL_VERSION } from '../protocol.ts';
import type { Conn } from './conns.ts';
import {
  giveWay,
  HEARD_GRAIN_MS,
  JOIN_WINDOW_MS,
  MAX_SPECTATORS,
  MAX_SPECTATORS_PER_CLIENT,
  MAX_TABS_PER_SEAT,
  MAX_UNJOINED,
  NETWORK_LEVELS,
  networkAt,
} from './limits.ts';
import type { Step } from './outbox.ts';
import { seen } from './play.ts';
import * as seats from './seats.ts';

type Join = Extract<ClientMessage, { type: 'join' }>;

/**
 * Admission at the door (CONTRACT §2, limits.ts): nobody is refused here. A socket that presented
 * a seat's token or the host key is let in ahead of everyone; of the others, past MAX_UNJOINED
 * waiting, the client with the most waiting loses its oldest. `join` applies the table's caps.
 */
export function admit(s: Step, conn: Conn, presented: readonly string[]): void {
  const waiting = closeLateJoiners(s);
  const tokenHash = presented.find((hash) => seats.holds(s.meta, hash)) ?? null;
  const host = presented.includes(s.meta.hostKeyHash);
  const vouched = { ...conn, tokenHash, host };
  if (tokenHash !== null || host) {
    // One seat's (or the host's) sockets still to join: its own oldest gives way past its tabs.
    const own = waiting.filter((c) => c.tokenHash === tokenHash && c.host === host);
    makeRoom(s, own, CLOSE.noJoin, 'Join first');
  } else {
    const crowd = [...waiting.filter((c) => c.tokenHash === null && !c.host), vouched];
    if (crowd.length > MAX_UNJOINED) {
      const old = giveWay(crowd, (c) => c.client);
      if (old) s.close(old, CLOSE.noJoin, 'Join first');
    }
  }
  s.attach(vouched);
}

/** Closes the sockets that did not join in time; gives those still waiting, oldest first. */
export function closeLateJoiners(s: Step): Conn[] {
  const waiting: Conn[] = [];
  for (const conn of s.open()) {
    if (conn.joined) continue;
    if (s.world.now - conn.openedAt >= JOIN_WINDOW_MS) s.close(conn, CLOSE.noJoin, 'Join first');
    else waiting.push(conn);
  }
  return waiting.sort((a, b) => a.openedAt - b.openedAt);
}

/** Notes that a socket spoke (to HEARD_GRAIN_MS); back from silence, everyone sees it. */
export function heard(s: Step, conn: Conn): void {
  if (s.world.now - conn.heardAt < HEARD_GRAIN_MS && !conn.silent) return;
  if (conn.silent && conn.joined) s.summaryChanged();
  s.attach({ ...conn, heardAt: s.world.now, silent: false });
}

export function join(
  s: Step,
  conn: Conn,
  input: { message: Join; tokenHash: string | null; hostKeyHash: string | null },
): Failure<ErrorCode> | undefined {
  heard(s, conn);
  const { message: msg } = input;
  if (conn.joined) return fail('already-joined', 'You have already joined.');
  // What the join says goes; what the socket presented at the upgrade stands in for what it omits.
  const tokenHash = input.tokenHash ?? conn.tokenHash;
  // Back to a seat a bot kept for them while they were away: theirs again at once (ALL-4).
  const back = seats.comeBack(s.meta, tokenHash);
  if (back) s.reseat(back);
  const seat = seats.seatOf(s.meta, tokenHash);
  // A seat's token always gets in; its oldest tab gives way past the tabs a seat may have.
  if (seat !== null) makeRoomForTab(s, (c) => s.seatOf(c) === seat);
  // Back at the table after their clock ran out: no longer away.
  if (seat !== null) s.cameBack(seat);
  // The socket as the tabs' limit and a seat's return left it.
  const current = s.conn(conn.id);
  if (!current) return;
  if (tokenHash !== null && seat === null) {
    // Back after losing the seat while away: told why, as the tabs that were open were.
    const gone = seats.goneFor(s.meta, tokenHash);
    if (gone) s.tellUnseated(current, gone.seat, tokenHash);
    else s.refuse(current, fail('bad-token', 'That seat is no longer yours; you are watching.'));
  }
  const host =
    (input.hostKeyHash ?? (current.host ? s.meta.hostKeyHash : null)) === s.meta.hostKeyHash;
  // The host's tabs without a seat are bounded as a seat's are.
  if (seat === null && host) makeRoomForTab(s, (c) => c.host && s.seatOf(c) === null);
  if (seat === null && !host && !makeRoomToWatch(s, current)) {
    s.close(current, CLOSE.tooManySpectators, 'Too many spectators');
    return fail('table-full', 'This table has as many spectators as it can take.');
  }
  const joined: Conn = {
    ...current,
    joined: true,
    tokenHash: seat === null ? null : tokenHash,
    seat,
    host,
    name: msg.name ?? null,
    patches: msg.patches === true,
  };
  s.attach(joined);
  // The name the page remembers, if it fits the table and the seat's pace of renames.
  if (seat !== null && msg.name !== undefined && msg.name !== s.meta.seats[seat]?.name) {
    const named = seats.rename(s.meta, seat, msg.name);
    if (named.ok && s.mayRename(seat)) {
      s.reseat(named.meta);
    }
  }
  s.send(joined, {
    type: 'welcome',
    table: s.summaryNow(),
    seat,
    host,
    protocol: PROTOCOL_VERSION,
  });
  if (seat !== null && msg.token) s.send(joined, { type: 'seated', seat, token: msg.token });
  s.sendState(joined);
  if (s.table.state !== null) s.sendHistory(joined);
  s.summaryChanged();
}

/** A socket closed by its client (or failed): it counts toward nothing from now on. */
export function closed(s: Step, conn: Conn): void {
  s.forget(conn);
  // A seat with no page open any more cannot look: its clock runs as an away player's does.
  const seat = s.seatOf(conn);
  if (seat !== null && !s.pageOpen(seat)) s.retime(seen(s.meta.firstLook, seat));
  // The last person gone: a day from now the bots stop (ALL-3).
  if (s.open().length === 0) s.amend({ lastSeen: s.world.now });
}

/**
 * Whether `newcomer` may watch (limits.ts): within its client's places and the table's; with
 * the table's full, in place of the oldest of a client holding more than the newcomer's would;
 * or, failing that, in a place more kept for each seat free to take.
 */
function makeRoomToWatch(s: Step, newcomer: Conn): boolean {
  const watching = s
    .open()
    .filter((c) => c.joined && !c.host && s.seatOf(c) === null)
    .sort((a, b) => a.openedAt - b.openedAt);
  // Seats before spectators: one place more for each seat someone could take now.
  const free = seats.freeSeatsNow(s.table);
  const mine = watching.filter((c) => c.client === newcomer.client).length;
  if (mine >= MAX_SPECTATORS_PER_CLIENT + free) return false;
  if (mine >= MAX_SPECTATORS_PER_CLIENT) return watching.length < MAX_SPECTATORS + free;
  if (watching.length < MAX_SPECTATORS) return true;
  const old = giveWay([...watching, newcomer], (c) => c.client);
  if (old && old !== newcomer && holdsMore(watching, old.client, newcomer.client)) {
    s.close(old, CLOSE.tooManySpectators, 'Too many spectators');
    return true;
  }
  return watching.length < MAX_SPECTATORS + free;
}

/**
 * Whether, in the widest network where they differ, `client`'s holds more of `conns` than
 * `newcomer`'s would with the newcomer in: a place goes from the many to the few, never between equals.
 */
function holdsMore(conns: readonly Conn[], client: string, newcomer: string): boolean {
  for (let level = 0; level < NETWORK_LEVELS; level++) {
    const theirs = networkAt(client, level);
    const mine = networkAt(newcomer, level);
    if (theirs === mine) continue;
    const count = (net: string) => conns.filter((c) => networkAt(c.client, level) === net).length;
    return count(theirs) > count(mine) + 1;
  }
  return false;
}

/** Closes the oldest joined tabs that are `mine` (one seat's, or the host's) until one more fits. */
function makeRoomForTab(s: Step, mine: (conn: Conn) => boolean): void {
  const tabs = s
    .open()
    .filter((c) => c.joined && mine(c))
    .sort((a, b) => a.openedAt - b.openedAt);
  makeRoom(s, tabs, CLOSE.otherTab, 'Opened in another tab');
}

/** Closes the oldest of `conns` (oldest first) until one more fits in MAX_TABS_PER_SEAT. */
function makeRoom(s: Step, conns: readonly Conn[], code: number, reason: string): void {
  for (const old of conns.slice(0, Math.max(0, conns.length - MAX_TABS_PER_SEAT + 1))) {
    s.close(old, code, reason);
  }
}
