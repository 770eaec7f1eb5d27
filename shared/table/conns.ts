/**
 * What a table knows of each of its sockets. The identity lives with the socket (the runtime keeps
 * it through hibernation, `serializeAttachment`); whether it has been heard from lately comes from
 * the runtime each time. Only sockets still open, and not closed by the table, are ever listed.
 */
import type { Seat } from '../engine/types.ts';
import { JOIN_WINDOW_MS, SILENCE_MS } from './limits.ts';

/** A socket's identity: who it is and what it was last told. */
export interface Conn {
  id: string;
  /** When it opened, and when the table last heard a message from it (to HEARD_GRAIN_MS). */
  openedAt: number;
  heardAt: number;
  /** Its client (clientKey): the limits on sockets still to join, and on spectators' renames. */
  client: string;
  joined: boolean;
  /**
   * SHA-256 of the token it sat down or rejoined with; its seat is wherever that sits now. Before
   * `join`, of the seat's token it presented at the upgrade, if one did.
   */
  tokenHash: string | null;
  /** The seat it was last told it has, so it can be told when that changes. */
  seat: Seat | null;
  /** It holds the host key (before `join`: it presented it at the upgrade). */
  host: boolean;
  name: string | null;
  /** It takes `patch` messages (it said so when joining). */
  patches: boolean;
  /** Everyone was last told it had fallen silent (SILENCE_MS). */
  silent: boolean;
  /** The push endpoint its device gave the table (notify.ts): `push` null forgets that one. */
  device: string | null;
}

/** An open socket at this moment: its identity, and when the runtime last answered its ping. */
export interface Socket {
  conn: Conn;
  pingedAt: number;
}

/** A new socket's identity. */
export function newConn(id: string, client: string, now: number): Conn {
  return {
    id,
    openedAt: now,
    heardAt: now,
    client,
    joined: false,
    tokenHash: null,
    seat: null,
    host: false,
    name: null,
    patches: false,
    silent: false,
    device: null,
  };
}

/** When the table last heard from a socket: a message, or the runtime's answer to its ping. */
export const heardAt = (s: Socket) => Math.max(s.conn.heardAt, s.pingedAt);

/** Whether a socket has been heard from lately: a seat whose sockets are all silent is away. */
export const isLive = (s: Socket, now: number) => now - heardAt(s) < SILENCE_MS;

/** When the table must look at its sockets: one must have joined by then, a seat's may go silent. */
export function socketChecks(sockets: readonly Socket[], now: number): number[] {
  return sockets.flatMap((s) => {
    if (!s.conn.joined) return [s.conn.openedAt + JOIN_WINDOW_MS];
    if (s.conn.tokenHash === null) return [];
    // A silent one is looked at again as often, to see it back.
    return [(s.conn.silent ? now : heardAt(s)) + SILENCE_MS];
  });
}
