/**
 * What each socket is sent of the game: its seat's view, built once per version and seat, whole
 * or as a patch of the view that seat was sent at the version before (as boardgame.io keeps its
 * player filter apart from its reducer). Pure: the views of the last version come in and go out.
 */
import type { GameEvent, Seat } from '../engine/types.ts';
import { diff } from '../patch.ts';
import type { AnyView, ServerMessage } from '../protocol.ts';
import type { Conn } from './conns.ts';
import { type Dealt, gameOf, hasGame, type Table } from './meta.ts';
import { newcomer } from './play.ts';
import { seatOf } from './seats.ts';

/** Each viewer's view at the version it was built for: the base of the next patch. */
export type Views = Map<Seat | null, Built>;

/**
 * Whose view a seat's sockets get: their own, or a spectator's for someone who sat down since the
 * round was dealt, until the next deal (ALL-4).
 */
export function viewerOf(table: Table, seat: Seat | null): Seat | null {
  return seat !== null && newcomer(table, seat) ? null : seat;
}

/** The seat a socket acts for now: wherever its token sits. */
export const seatOfConn = (table: Table, conn: Conn) => seatOf(table.meta, conn.tokenHash);

/** A viewer's view of the table's current version, from `views` when built already. */
function viewOf(table: Dealt, viewer: Seat | null, views: Views): Built {
  const known = views.get(viewer);
  if (known?.version === table.meta.version) return known;
  const built = {
    version: table.meta.version,
    view: gameOf(table.meta).view(table.state, viewer),
  };
  views.set(viewer, built);
  return built;
}

type Built = { version: number; view: AnyView };

/** The whole-state message for one viewer; its view is kept in `views` at the current version. */
export function stateMessage(
  table: Dealt,
  viewer: Seat | null,
  events: GameEvent[],
  views: Views,
): string {
  return JSON.stringify({
    type: 'state',
    version: table.meta.version,
    view: viewOf(table, viewer, views).view,
    events,
    deadline: table.meta.deadline,
  } satisfies ServerMessage);
}

/**
 * After a change, every joined socket's message: a patch of the view it was sent at the version
 * before (every joined socket got that one: each change reaches every socket, and one that joins
 * or changes seat gets a whole view), or the whole state for a client without patches. Each
 * viewer's messages are built once. Gives the messages by socket id, and the views as they now are.
 *
 * `previous` is the table before the change: a table just woken holds no views, so the view a
 * socket was sent at the version before is built again from it, where that socket saw the table
 * as the same viewer then. A cold table thus sends the same patches a warm one does.
 */
export function changeMessages(
  table: Dealt,
  conns: readonly Conn[],
  events: GameEvent[],
  before: Views,
  previous: Table,
): { messages: Map<string, string>; views: Views } {
  const { version, deadline } = table.meta;
  const views = new Map(before);
  const rebuilt: Views = new Map();
  const baseOf = (conn: Conn, viewer: Seat | null): Built | undefined => {
    if (!hasGame(previous) || previous.meta.version !== version - 1) return;
    // A socket that saw the table as another viewer before (a newcomer whose seat is dealt now)
    // holds that viewer's view: a patch of this one's would not apply to it.
    if (viewerOf(previous, seatOfConn(previous, conn)) !== viewer) return;
    const known = before.get(viewer);
    if (known?.version === version - 1) return known;
    return viewOf(previous, viewer, rebuilt);
  };
  const built = new Map<Seat | null, { whole?: string; patch?: string }>();
  const messages = new Map<string, string>();
  for (const conn of conns) {
    if (!conn.joined) continue;
    const viewer = viewerOf(table, seatOfConn(table, conn));
    let b = built.get(viewer);
    if (!b) {
      b = {};
      built.set(viewer, b);
    }
    const base = conn.patches ? baseOf(conn, viewer) : undefined;
    if (base) {
      b.patch ??= JSON.stringify({
        type: 'patch',
        version,
        base: version - 1,
        ops: diff(base.view, viewOf(table, viewer, views).view),
        events,
        deadline,
      } satisfies ServerMessage);
      messages.set(conn.id, b.patch);
    } else {
      b.whole ??= stateMessage(table, viewer, events, views);
      messages.set(conn.id, b.whole);
    }
  }
  return { messages, views };
}
