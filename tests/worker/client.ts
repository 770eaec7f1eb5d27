/** A test client for a table: a real WebSocket through the Worker, with a message inbox. */
import { env, runInDurableObject, SELF } from 'cloudflare:test';
import type { CreatedTable } from '../../shared/api.ts';
import { applyPatch } from '../../shared/patch.ts';
import { parseServerMessage, type ServerMessage } from '../../shared/protocol.ts';
import type { Table } from '../../worker/table/meta.ts';
import type { TableObject } from '../../worker/table-object.ts';

export type Msg = ServerMessage;
export type StateMsg = Extract<ServerMessage, { type: 'state' }>;

/** The Durable Object of a table, for the tests that reach inside it. */
export const stubOf = (id: string) => env.TABLES.get(env.TABLES.idFromString(id));

let clients = 0;

/**
 * A client address of its own for each call, as Cloudflare's edge would report it: table creation
 * is rate-limited per address, and these tests create many tables.
 */
export const newClientIp = () => {
  clients++;
  return `198.51.${100 + (Math.floor(clients / 250) % 100)}.${clients % 250}`;
};

export async function createTable(body: Record<string, unknown>): Promise<CreatedTable> {
  const res = await SELF.fetch('http://hoopla.test/api/tables', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': newClientIp() },
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return res.json<CreatedTable>();
}

export class Client {
  readonly received: Msg[] = [];
  readonly raw: string[] = [];
  private waiters: (() => void)[] = [];
  closed: { code: number; reason: string } | null = null;

  readonly ws: WebSocket;

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.addEventListener('message', (e) => {
      const text =
        typeof e.data === 'string' ? e.data : new TextDecoder().decode(e.data as ArrayBuffer);
      this.raw.push(text);
      if (text === 'pong') return; // the runtime's answer to a ping, not a message of the table's
      // Every message a test hears is checked as the page checks it: one that does not fit the
      // protocol's schemas fails the run.
      const parsed = parseServerMessage(text);
      if (!parsed.ok)
        throw new Error(`malformed server message (${parsed.error.message}): ${text}`);
      this.received.push(parsed.message);
      this.wake();
    });
    ws.addEventListener('close', (e) => {
      this.closed = { code: e.code, reason: e.reason };
      this.wake();
    });
  }

  /** Opens a socket from `ip` (by default an address of its own, as distinct clients have). */
  static async open(tableId: string, ip = newClientIp()): Promise<Client> {
    const res = await SELF.fetch(`http://hoopla.test/api/tables/${tableId}/ws`, {
      headers: { Upgrade: 'websocket', 'cf-connecting-ip': ip },
    });
    const ws = res.webSocket;
    if (!ws) throw new Error(`no websocket: ${res.status}`);
    ws.accept();
    return new Client(ws);
  }

  /** Opens a socket and joins; with a token it reclaims that seat. */
  static async join(
    tableId: string,
    name: string,
    extra: { token?: string; hostKey?: string; patches?: boolean } = {},
  ): Promise<Client> {
    const client = await Client.open(tableId);
    client.send({ type: 'join', name, ...extra });
    await client.next('welcome');
    return client;
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Waits for the first message (after `from`) that matches. */
  async waitFor<T extends Msg>(match: (m: Msg) => m is T, from = 0, ms = 5000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.received.slice(from).find(match);
      if (found) return found;
      if (this.closed) throw new Error(`socket closed: ${this.closed.code} ${this.closed.reason}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; last messages: ${this.raw.slice(-3).join('\n')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The next message of a type, counting from now. */
  next<K extends Msg['type']>(
    type: K,
    from = this.received.length,
  ): Promise<Extract<Msg, { type: K }>> {
    return this.waitFor(
      (m): m is Extract<Msg, { type: K }> => m.type === type,
      Math.min(from, this.received.length),
    );
  }

  lastState(): StateMsg | undefined {
    for (let i = this.received.length - 1; i >= 0; i--) {
      const m = this.received[i]!;
      if (m.type === 'state') return m;
    }
    return undefined;
  }

  /** Waits until a state at `version` or later has arrived. */
  stateAtLeast(version: number, ms = 5000): Promise<StateMsg> {
    return this.waitFor(
      (m): m is StateMsg => m.type === 'state' && m.version >= version,
      0,
      ms,
    ).then(() => this.lastState()!);
  }

  close(): void {
    try {
      this.ws.close(1000, 'bye');
    } catch {
      // Already closed.
    }
  }
}

/** A started 2-player game between Ann (host, seat 0) and Bob (seat 1), with their seat tokens. */
export async function twoPlayerGame(body: Record<string, unknown>) {
  const table = await createTable({ players: 2, ...body });
  const ann = await Client.join(table.id, 'Ann', { hostKey: table.hostKey });
  const bob = await Client.join(table.id, 'Bob');
  ann.send({ type: 'sit', seat: 0 });
  const annSeat = await ann.next('seated');
  bob.send({ type: 'sit', seat: 1 });
  const bobSeat = await bob.next('seated');
  ann.send({ type: 'start' });
  await ann.stateAtLeast(1);
  await bob.stateAtLeast(1);
  return { table, ann, bob, annToken: annSeat.token, bobToken: bobSeat.token };
}

/**
 * The views a client that takes patches holds, version by version, rebuilt from its whole states
 * and patches. A patch must apply to the version it names as its base.
 */
export function viewsFrom(client: Client): Map<number, unknown> {
  const views = new Map<number, unknown>();
  let version = -1;
  let view: unknown = null;
  for (const msg of client.received) {
    if (msg.type === 'state') {
      version = msg.version;
      view = msg.view;
    } else if (msg.type === 'patch') {
      if (msg.base !== version)
        throw new Error(`a patch on ${msg.base} reached a view at ${version}`);
      version = msg.version;
      view = applyPatch(view, msg.ops);
    } else continue;
    views.set(version, view);
  }
  return views;
}

/**
 * Moves a table's sockets back in time by `ms` (when they opened and were last heard from), those
 * of `seat` only if given, as if that long had passed without a word from them.
 */
export async function ageSockets(tableId: string, ms: number, seat?: number): Promise<void> {
  await runInDurableObject(stubOf(tableId), (instance: TableObject, state) => {
    const meta = (instance as unknown as { table: Table }).table.meta;
    for (const ws of state.getWebSockets()) {
      const att = ws.deserializeAttachment() as {
        openedAt: number;
        heardAt: number;
        tokenHash: string | null;
      };
      if (seat !== undefined && meta.seats[seat]?.tokenHash !== att.tokenHash) continue;
      ws.serializeAttachment({ ...att, openedAt: att.openedAt - ms, heardAt: att.heardAt - ms });
    }
    // The object's copies of the attachments are read again.
    (instance as unknown as { sockets: { conns: WeakMap<object, unknown> } }).sockets.conns =
      new WeakMap();
  });
}
