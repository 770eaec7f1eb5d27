/**
 * The table as one step: from the table (its record and game state) and one input — a socket
 * opening, its `join`, a client's message, a socket closing, the alarm, a bot's decision, the
 * moment to write renames or send the summary — plus the time, the sockets and fresh secrets, to
 * the next table and a complete outbox: what to store, every message as text for every socket,
 * which sockets to close, what a bot must think about, and when to wake next. Every rule of the
 * table is here or below (admission.ts: the door; handlers.ts: client messages; alarm.ts: what
 * the table does by itself; outbox.ts: the step's work in progress); the Durable Object
 * (table-object.ts) only carries inputs in and the outbox out, and sees the step through this
 * module alone.
 */

import { fail } from '../engine/reject.ts';
import type { ClientMessage, ServerMessage, TableSummary } from '../protocol.ts';
import { admit, closed, heard, join } from './admission.ts';
import { alarm, decided } from './alarm.ts';
import type { Conn } from './conns.ts';
import { handle, type Said, type SeatToken } from './handlers.ts';
import { stateMessage } from './messages.ts';
import { hasGame, type Table } from './meta.ts';
import type { PushOutcome } from './notify.ts';
import { type Memory, type Outbox, Step, type World } from './outbox.ts';
import { awaited, midRound } from './play.ts';
import type { Due } from './schedule.ts';
import { tableSummary } from './summary.ts';

export { type Memory, newMemory, type Outbox, type World } from './outbox.ts';

type Join = Extract<ClientMessage, { type: 'join' }>;

/** One thing that happens to a table. */
export type Input =
  /**
   * A socket opens (the upgrade), with the hashes of what it presented in its subprotocols: a
   * seat's token or the host key among them lets it in ahead of everyone.
   */
  | { kind: 'open'; conn: Conn; presented: readonly string[] }
  | {
      kind: 'join';
      conn: string;
      message: Join;
      tokenHash: string | null;
      hostKeyHash: string | null;
    }
  /** Any other client message; `token` only for a `sit` by a socket without a seat. */
  | { kind: 'message'; conn: string; message: Said; token: SeatToken | null }
  /** A socket closed by its client (or failed): it counts toward nothing from now on. */
  | { kind: 'closed'; conn: Conn }
  | { kind: 'alarm' }
  /** A bot's move for `due`, thought about at `version`; undefined when the bot failed. */
  | { kind: 'decided'; due: Due; version: number; move: unknown }
  /** The renames of the last RENAME_FLUSH_MS go into the table. */
  | { kind: 'names' }
  /** The summary held back by TABLE_BROADCAST_MS goes out. */
  | { kind: 'summary' }
  /**
   * How a notice to a device went (worker/notices.ts): `gone` (its push service said 404 or 410)
   * forgets it at once, `failed` counts towards forgetting it (notify.ts: afterPush).
   */
  | { kind: 'pushed'; endpoint: string; outcome: PushOutcome }
  /** The notices held back by `World.noticeDelay` are due (notify.ts). */
  | { kind: 'notices' };

/** The table's next state and outbox after one input. `memory` is updated in place. */
export function step(table: Table, input: Input, memory: Memory, world: World): Outbox {
  const s = new Step(table, memory, world);
  switch (input.kind) {
    case 'open':
      admit(s, input.conn, input.presented);
      break;
    case 'join': {
      const conn = s.conn(input.conn);
      const refused = conn && join(s, conn, input);
      if (conn && refused) s.refuse(conn, refused);
      break;
    }
    case 'message': {
      const conn = s.conn(input.conn);
      if (!conn) break;
      heard(s, conn);
      // The socket as `heard` left it.
      const latest = s.conn(input.conn) ?? conn;
      s.answer(conn, () =>
        latest.joined
          ? handle(s, input.message, { conn: latest, seat: s.seatOf(latest), token: input.token })
          : fail('not-joined', 'Say "join" first.'),
      );
      break;
    }
    case 'closed':
      closed(s, input.conn);
      break;
    case 'alarm':
      alarm(s);
      break;
    case 'decided':
      decided(s, input.due, input.version, input.move);
      break;
    case 'names':
      s.writeNames();
      break;
    case 'summary':
      s.summaryDue();
      break;
    case 'pushed':
      s.pushed(input.endpoint, input.outcome);
      break;
    case 'notices':
      // The notices held back are due: notifyAway tells them.
      break;
    default:
      return input satisfies never;
  }
  s.resume();
  s.notifyAway(input.kind === 'notices');
  return s.finish();
}

/**
 * What the page of a table link shows before its own socket opens: what a spectator's socket
 * hears on joining (the welcome, then the game's state). The history is left to the socket.
 */
export function firstSight(table: Table, memory: Memory, world: World): string[] {
  const welcome: ServerMessage = {
    type: 'welcome',
    table: tableSummary(table, world.sockets, world.now),
    seat: null,
    host: false,
  };
  const heardFirst = [JSON.stringify(welcome)];
  if (hasGame(table)) heardFirst.push(stateMessage(table, null, [], memory.views));
  return heardFirst;
}

/**
 * For `GET /api/tables/<id>` and a table link: the summary, whose turn it is while a round is
 * played (between rounds nobody is to move: the next round waits on whoever is not ready), and
 * when the decision waited on is made for its people (a turn-based table's "time left").
 */
export function publicSummary(table: Table, world: Pick<World, 'now' | 'sockets'>): TableSummary {
  return {
    ...tableSummary(table, world.sockets, world.now),
    toMove: midRound(table) ? awaited(table) : [],
    deadline: table.meta.deadline,
  };
}
