/**
 * The platform's floor for `npm run load`: the least a table's Durable Object must do per move,
 * and nothing else. It parses one message, makes one durable write and sends one message to each
 * socket. What it sends are the tables' own messages, sampled by the load test and taken in turn:
 * the same sizes, and content that compresses as theirs does (one message repeated would cost
 * zlib next to nothing). Run in the same Miniflare as the app, so the table's CPU per move can be
 * put as a ratio to it.
 */
import { DurableObject } from 'cloudflare:workers';

export class Floor extends DurableObject {
  /** The messages the moves send to every socket, one per move, in turn. */
  payloads = [''];

  async fetch() {
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(_ws, raw) {
    const message = JSON.parse(raw);
    if (message.type === 'payloads') {
      this.payloads = message.texts; // set once per table, before the moves
      return;
    }
    const text = this.payloads[message.n % this.payloads.length];
    await this.ctx.storage.put('state', { n: message.n, text });
    for (const socket of this.ctx.getWebSockets()) socket.send(text);
  }
}

export default {
  /** `/floor/<table>`: one Floor object per table name. */
  fetch(request, env) {
    const name = new URL(request.url).pathname;
    return env.FLOOR.get(env.FLOOR.idFromName(name)).fetch(request);
  },
};
