/**
 * A table's WebSockets as the runtime holds them, with each one's identity kept on it
 * (`serializeAttachment`, which survives hibernation) and read back once per wake-up. A socket
 * the table has closed is marked so, and is never listed or heard again.
 */
import type { ServerMessage } from '../shared/protocol.ts';
import type { Conn, Socket } from '../shared/table/conns.ts';
import { parseAttachment } from '../shared/table/stored.ts';

type Ws = WebSocket;

export class Sockets {
  private readonly ctx: DurableObjectState;
  /** Identities read back once per socket per wake-up, not once per message. */
  private readonly conns = new WeakMap<Ws, Conn>();

  constructor(ctx: DurableObjectState) {
    this.ctx = ctx;
  }

  /** The open sockets not closed by the table, with when the runtime last answered their ping. */
  list(): (Socket & { ws: Ws })[] {
    return this.ctx.getWebSockets().flatMap((ws) => {
      const conn = ws.readyState === WebSocket.OPEN ? this.connOf(ws) : null;
      if (!conn) return [];
      const pingedAt = this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? 0;
      return [{ conn, pingedAt, ws }];
    });
  }

  byId(): Map<string, Ws> {
    return new Map(this.list().map((s) => [s.conn.id, s.ws]));
  }

  /** A socket's identity, or null once the table closed it (it is then dropped unheard). */
  connOf(ws: Ws): Conn | null {
    let conn = this.conns.get(ws);
    if (!conn) {
      const stored: unknown = ws.deserializeAttachment();
      const parsed = parseAttachment(stored);
      if (!parsed) return null;
      conn = parsed;
      this.conns.set(ws, conn);
    }
    return conn;
  }

  attach(ws: Ws, conn: Conn): void {
    ws.serializeAttachment(conn);
    this.conns.set(ws, conn);
  }

  /** Marks a socket closed: from now on it counts toward nothing and is not heard. */
  forget(ws: Ws, conn: Conn): void {
    ws.serializeAttachment({ ...conn, closed: true });
    this.conns.delete(ws);
  }

  /** Closes a socket for good, marked first; gives its identity, if it was still the table's. */
  close(ws: Ws, code: number, reason: string): Conn | null {
    const conn = this.connOf(ws);
    if (conn) this.forget(ws, conn);
    try {
      ws.close(code, reason);
    } catch {
      // Already closing.
    }
    return conn;
  }

  send(ws: Ws, message: ServerMessage): void {
    this.text(ws, JSON.stringify(message));
  }

  /** The one way anything reaches a socket. */
  text(ws: Ws, text: string): void {
    try {
      ws.send(text);
    } catch {
      // The socket is closing; its close handler tidies up.
    }
  }
}
