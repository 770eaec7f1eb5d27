/**
 * The platform's floor for `npm run load`: the least a table's Durable Object must do per move,
 * and nothing else. It parses one message, makes one durable write and sends one message to each
 * socket, of the size a table sends (the load test hands it a real state message to repeat). Run
 * in the same Miniflare as the app, so the table's CPU per move can be put as a ratio to it.
 */
import { DurableObject } from 'cloudflare:workers';

export class Floor extends DurableObject {
  /** The message every move sends to every socket. */
  payload = '';

  async fetch() {
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(_ws, raw) {
    const message = JSON.parse(raw);
    if (message.type === 'payload') {
      this.payload = message.text; // set once per table, before the moves
      return;
    }
    await this.ctx.storage.put('state', { n: message.n, text: this.payload });
    for (const socket of this.ctx.getWebSockets()) socket.send(this.payload);
  }
}

export default {
  /** `/floor/<table>`: one Floor object per table name. */
  fetch(request, env) {
    const name = new URL(request.url).pathname;
    return env.FLOOR.get(env.FLOOR.idFromName(name)).fetch(request);
  },
};
