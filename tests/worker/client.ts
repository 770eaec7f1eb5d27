/**
 * A test client for a table: a real WebSocket through the Worker, with a message inbox. What it
 * sends is an input to the table, given warm or cold as the run says (cold.ts); when a cold run
 * closes its socket, it opens another and joins again as itself before anything else goes in.
 */
import { runInDurableObject, SELF } from 'cloudflare:test';
import * as v from 'valibot';
import type { CreatedTable, ImportedTable, ImportTable } from '../../shared/api.ts';
import { applyPatch } from '../../shared/patch.ts';
import { nameSchema, parseServerMessage, type ServerMessage } from '../../shared/protocol.ts';
import type { Table } from '../../shared/table/meta.ts';
import { loadTable, rowsOf } from '../../shared/table/stored.ts';
import { SqlRows, type TableStore } from '../../worker/store.ts';
import type { TableObject } from '../../worker/table-object.ts';
import { EVICTION, evictIdle, fetchWorker, input, onRestart, stubOf } from './cold.ts';

export { stubOf };

export type Msg = ServerMessage;
export type StateMsg = Extract<ServerMessage, { type: 'state' }>;

/** Who a client joined as, so that it can join again as itself after a restart. */
type Identity = { name?: string; token?: string; hostKey?: string; patches?: boolean };
/** A push subscription as the page gives it (`push`): given again after each join, as the page does. */
type Subscription = { endpoint: string; keys: { p256dh: string; auth: string } };

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

/**
 * `POST /api/tables/import` with `body` (as it is when text, else its JSON) from an address of
 * its own, through the Worker as the run takes it warm or cold.
 */
export const postImport = (body: unknown, headers: Record<string, string> = {}) =>
  fetchWorker('http://hoopla.test/api/tables/import', {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': newClientIp(), ...headers },
  });

/** An import the server takes: the new table. */
export async function importGame(body: ImportTable): Promise<ImportedTable> {
  const res = await postImport(body);
  if (res.status !== 201) throw new Error(`import failed: ${res.status} ${await res.text()}`);
  return res.json<ImportedTable>();
}

/**
 * A socket to the table, accepted, offering `protocols` as a page does (the table's own, a seat's
 * token, the host key); a refused upgrade throws with its status.
 */
async function openSocket(tableId: string, ip: string, protocols: string[]): Promise<WebSocket> {
  const res = await SELF.fetch(`http://hoopla.test/api/tables/${tableId}/ws`, {
    headers: {
      Upgrade: 'websocket',
      'cf-connecting-ip': ip,
      ...(protocols.length > 0 ? { 'Sec-WebSocket-Protocol': protocols.join(', ') } : {}),
    },
  });
  const ws = res.webSocket;
  if (!ws) throw new Error(`no websocket: ${res.status}`);
  if (
    protocols.length > 0 &&
    !protocols.includes(res.headers.get('Sec-WebSocket-Protocol') ?? '')
  ) {
    throw new Error(
      `not one of the offered subprotocols: ${res.headers.get('Sec-WebSocket-Protocol')}`,
    );
  }
  ws.accept();
  return ws;
}

export class Client {
  readonly received: Msg[] = [];
  readonly raw: string[] = [];
  private waiters: (() => void)[] = [];
  closed: { code: number; reason: string } | null = null;

  ws: WebSocket;
  private readonly tableId: string;
  private readonly ip: string;
  /** Set once it has said `join`; its token follows its seat. */
  private identity: Identity | null = null;
  /** The device's subscription the table took, if any: given again after each join. */
  private subscription: Subscription | null = null;
  /** The subscription last offered, kept once the table takes it (a refused one is forgotten). */
  private offered: Subscription | null = null;
  /**
   * A restart under way: its socket closing (`closed` once it has), the table's summary as this
   * client knew it before, and what it hears meanwhile, held apart until the restart is over.
   */
  private restart: {
    closed: Promise<void>;
    done: () => void;
    before: string | null;
    held: Msg[];
  } | null = null;
  private forgetRestarts: () => void;

  private constructor(tableId: string, ip: string, ws: WebSocket) {
    this.tableId = tableId;
    this.ip = ip;
    this.ws = ws;
    this.listen(ws);
    this.forgetRestarts = onRestart(tableId, {
      expectRestart: () => {
        let done = () => {};
        const closed = new Promise<void>((resolve) => {
          done = resolve;
        });
        this.restart = { closed, done, before: this.summaryKnown(), held: [] };
      },
      reopen: () => this.reopen(),
      settle: () => this.settle(),
    });
  }

  private listen(ws: WebSocket): void {
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
      this.heard(parsed.message);
      this.wake();
    });
    ws.addEventListener('close', (e) => {
      if (ws !== this.ws) return; // a socket a restart replaced
      if (this.restart) {
        this.restart.done();
        return;
      }
      this.closed = { code: e.code, reason: e.reason };
      this.forgetRestarts();
      this.wake();
    });
  }

  private heard(message: Msg): void {
    if (message.type === 'seated' && this.identity) this.identity.token = message.token;
    if (message.type === 'unseated' && this.identity) delete this.identity.token;
    if (message.type === 'push') this.subscription = message.on ? this.offered : null;
    (this.restart?.held ?? this.received).push(message);
  }

  /** The table's summary as this client last heard it, as JSON. */
  private summaryKnown(): string | null {
    for (let i = this.received.length - 1; i >= 0; i--) {
      const m = this.received[i];
      if (m?.type === 'table' || m?.type === 'welcome') return JSON.stringify(m.table);
    }
    return null;
  }

  /**
   * After a restart closed its socket (cold runs with `webSockets: 'close'`): a new socket from
   * the same address, joined again as itself, as the page does.
   */
  private async reopen(): Promise<void> {
    const restart = this.restart;
    if (!restart) return;
    // The runtime closes the sockets as it evicts: give the close a moment to arrive.
    const closed = await Promise.race([
      restart.closed.then(() => true),
      new Promise<false>((r) => setTimeout(r, 1000, false)),
    ]);
    if (!closed || this.closed) {
      this.restart = null;
      return;
    }
    this.ws = await openSocket(this.tableId, this.ip, []);
    this.listen(this.ws);
    if (!this.identity) return;
    this.ws.send(JSON.stringify({ type: 'join', ...this.identity }));
    const welcome = await this.waitFor(
      (m): m is Extract<Msg, { type: 'welcome' }> => m.type === 'welcome',
      0,
      5000,
      true,
    );
    if (welcome.table.status !== 'lobby') {
      await this.waitFor((m): m is Msg => m.type === 'history', 0, 5000, true);
    }
    if (this.subscription) {
      this.ws.send(JSON.stringify({ type: 'push', subscription: this.subscription }));
      await this.waitFor((m): m is Msg => m.type === 'push', 0, 5000, true);
    }
  }

  /**
   * Once every client of the table is back: what the table said on a join this client had
   * already heard (the welcome, its seat, the same state, the history, its subscription taken) is dropped, and so are
   * the summaries the others' rejoins caused, once one says the table is as it was (or, if it is
   * not, the last of them is kept); anything new is kept.
   */
  private async settle(): Promise<void> {
    const restart = this.restart;
    if (!restart) return;
    const asBefore = (m: Msg): m is Msg =>
      m.type === 'table' && JSON.stringify(m.table) === restart.before;
    if (restart.before !== null) {
      await this.waitFor(asBefore, 0, 400, true).catch(() => undefined);
    }
    this.restart = null;
    const known = this.lastState()?.version;
    const seat = this.seatHeld();
    const summaries = restart.held.filter((m) => m.type === 'table');
    const lastSummary = summaries.at(-1);
    for (const m of restart.held) {
      const repeated =
        m.type === 'welcome' ||
        m.type === 'history' ||
        (m.type === 'seated' && m.seat === seat) ||
        (m.type === 'push' && m.on && this.subscription !== null) ||
        (m.type === 'state' && m.version === known) ||
        (m.type === 'table' && (m !== lastSummary || asBefore(m)));
      if (!repeated) this.received.push(m);
    }
    this.wake();
  }

  /** The seat this client was last told it holds. */
  private seatHeld(): number | null {
    for (let i = this.received.length - 1; i >= 0; i--) {
      const m = this.received[i];
      if (m?.type === 'seated') return m.seat;
      if (m?.type === 'unseated') return null;
    }
    return null;
  }

  /** Opens a socket from `ip` (by default an address of its own, as distinct clients have). */
  static async open(
    tableId: string,
    ip = newClientIp(),
    protocols: string[] = [],
  ): Promise<Client> {
    const ws = await input(tableId, () => openSocket(tableId, ip, protocols));
    return new Client(tableId, ip, ws);
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

  /** Sends a message: an input to the table, given warm or cold as the run says (cold.ts). */
  send(message: unknown): void {
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    const sendNow = () => {
      // Who it joined as, once the join has gone (a restart before it has nobody to join as),
      // and the name it goes by since, as the page remembers it.
      if (typeof message === 'object' && message !== null) {
        const m = message as { type?: unknown } & Identity;
        if (m.type === 'join' && !this.identity) {
          const { name, token, hostKey, patches } = m;
          this.identity = { name, token, hostKey, patches };
        }
        if (m.type === 'push') {
          this.offered = (m as { subscription: Subscription | null }).subscription;
        }
        if (m.type === 'name' && this.identity) {
          // The page keeps only a name it could send: one the table would refuse stays unsaid.
          const named = v.safeParse(nameSchema, m.name);
          if (named.success) this.identity.name = named.output;
        }
      }
      this.ws.send(text);
    };
    if (EVICTION === 'none') {
      sendNow();
      return;
    }
    void input(this.tableId, () => {
      try {
        sendNow();
      } catch {
        // Closed meanwhile: the test sees it closed.
      }
    });
  }

  /** Waits for the first message (after `from`) that matches. */
  async waitFor<T extends Msg>(
    match: (m: Msg) => m is T,
    from = 0,
    ms = 5000,
    /** Among what it hears while it joins again after a restart. */
    held = false,
  ): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = ((held ? this.restart?.held : this.received) ?? []).slice(from).find(match);
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

  /**
   * The first state this client received at `version` or later: the one a step made, even when
   * bots (which move at once here) have made more since.
   */
  firstStateFrom(version: number, ms = 5000): Promise<StateMsg> {
    return this.waitFor((m): m is StateMsg => m.type === 'state' && m.version >= version, 0, ms);
  }

  /** Waits until a state at `version` or later has arrived; returns the latest state. */
  stateAtLeast(version: number, ms = 5000): Promise<StateMsg> {
    return this.waitFor(
      (m): m is StateMsg => m.type === 'state' && m.version >= version,
      0,
      ms,
    ).then(() => this.lastState()!);
  }

  close(): void {
    this.forgetRestarts();
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
 * Changes a table as if it had come to be so: in the object's memory and in its storage alike,
 * so that a cold run reads back what a warm one holds. (Through its memory, not an eviction: a
 * table whose bots play on is never idle, and the runtime evicts only an idle one.)
 */
export async function alterTable(tableId: string, change: (table: Table) => Table): Promise<void> {
  await runInDurableObject(stubOf(tableId), async (instance: TableObject, state) => {
    const holder = instance as unknown as { table: Table; store: TableStore };
    holder.table = change(holder.table);
    // Stored as a new deal is: the record, and the state as the game's snapshot.
    const rows = rowsOf(holder.table, holder.table, { state: true, log: null }, 0);
    state.storage.transactionSync(() => holder.store.rows.write(rows));
    if (rows.snapshot) holder.store.snapshotAt = rows.snapshot.n;
  });
}

/**
 * Moves a table's sockets back in time by `ms` (when they opened and were last heard from), those
 * of `seat` only if given, as if that long had passed without a word from them. The object reads
 * the attachments again once evicted, its sockets hibernating.
 */
export async function ageSockets(tableId: string, ms: number, seat?: number): Promise<void> {
  const stub = stubOf(tableId);
  const { seats } = (await storedTable(tableId)).meta;
  await runInDurableObject(stub, (_, state) => {
    for (const ws of state.getWebSockets()) {
      const att = v.parse(attachmentTimes, ws.deserializeAttachment());
      if (seat !== undefined && seats[seat]?.tokenHash !== att.tokenHash) continue;
      ws.serializeAttachment({ ...att, openedAt: att.openedAt - ms, heardAt: att.heardAt - ms });
    }
  });
  await evictIdle(stub);
}

/** The fields of a socket's attachment that ageSockets moves, the rest kept as they are. */
const attachmentTimes = v.looseObject({
  openedAt: v.number(),
  heardAt: v.number(),
  tokenHash: v.nullable(v.string()),
});

/** The table as its storage holds it now, read from its rows as the object reads them. */
export async function storedTable(tableId: string): Promise<Table> {
  return runInDurableObject(stubOf(tableId), (_, state) => {
    const out = loadTable(tableId, new SqlRows(state.storage.sql));
    if (!out.ok) throw new Error(out.error.message);
    if (!out.loaded) throw new Error('no table stored');
    return out.loaded.table;
  });
}

/** The table's stored record, as text: what a test looks for in it. */
export async function storedRecordText(tableId: string): Promise<string> {
  return runInDurableObject(stubOf(tableId), (_, state) => {
    const rows = state.storage.sql.exec<{ meta: string }>('SELECT meta FROM record').toArray();
    const moves = state.storage.sql.exec<{ entry: string }>('SELECT entry FROM moves').toArray();
    return [...rows.map((r) => r.meta), ...moves.map((m) => m.entry)].join('\n');
  });
}

/** The rows a table's storage holds, and the bytes of JSON in them. */
export async function storedRows(tableId: string): Promise<{ rows: number; bytes: number }> {
  return runInDurableObject(stubOf(tableId), (_, state) => {
    const sql = state.storage.sql;
    let rows = 0;
    let bytes = 0;
    for (const [table, text] of [
      ['record', 'meta'],
      ['snapshot', 'state'],
      ['moves', 'entry'],
    ]) {
      const sum = sql
        .exec<{ rows: number; bytes: number | null }>(
          `SELECT COUNT(*) AS rows, SUM(LENGTH(${text})) AS bytes FROM ${table}`,
        )
        .one();
      rows += sum.rows;
      bytes += sum.bytes ?? 0;
    }
    return { rows, bytes };
  });
}
