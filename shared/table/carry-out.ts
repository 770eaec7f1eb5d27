/**
 * The one interpreter of the step's outbox: what one input did, carried out in its order behind
 * a small interface that each host of a table implements — the Durable Object, the solo table's
 * worker, the tests. A new field of the outbox is carried out here, once, and a host that lacks
 * what it needs does not compile.
 */
import type { Conn } from './conns.ts';
import type { Table } from './meta.ts';
import type { Notice } from './notify.ts';
import type { Outbox } from './outbox.ts';
import { type Rows, rowsOf } from './stored.ts';

/** The inputs a step holds back: the host gives each to the step again when its time comes. */
export type Held = 'summary' | 'names' | 'notices';

/** What a host's work gives back: nothing, or a promise where that work is I/O. */
export type Done = void | Promise<void>;

export interface Host {
  /** The moves of the current game that the latest snapshot holds, as stored. */
  snapshotAt(): number;
  /** One input's rows, as one transaction; nothing is sent before it is done. */
  write(rows: Rows): Done;
  /** Everything the table stored goes: it was left idle long enough. */
  erase(): Done;
  /** A socket's identity changed. */
  attach(conn: Conn): void;
  send(conn: string, text: string): void;
  /** Closes a socket for good (after its messages). */
  close(conn: string, code: number, reason: string): void;
  /** Notices for players away, sent while the table goes on. */
  push(notices: readonly Notice[]): void;
  /** Gives the step `kind` in `ms`, unless that input is waiting already. */
  hold(kind: Held, ms: number): void;
  /** The next wake-ups: the alarm at `wake` (null: none), a timer in memory at `soon`. */
  plan(wake: number | null, soon: number | null): Done;
  /** A move the step asks for: a bot's, or the clock's for a person out of time. */
  think(ask: NonNullable<Outbox['think']>): void;
  /** What went wrong without stopping the table, for the log. */
  problem(text: string): void;
}

/** What one input stores: its record, state and move as they changed, and the devices. */
function rowsFrom(before: Table, out: Outbox, snapshotAt: number): Rows {
  const rows: Rows = out.write ? rowsOf(before, out.table, out.write, snapshotAt) : {};
  if (out.devices) rows.devices = out.devices;
  return rows;
}

/** `next` once `done` is: at once for a host whose work is done when it returns. */
const then = (done: Done, next: () => Done): Done =>
  done instanceof Promise ? done.then(next) : next();

/**
 * Carries out the outbox of the input that took the table from `before` to `out.table`: its rows
 * stored first (or the table erased), then the sockets' identities, messages and closes, the
 * notices, the held inputs, the wake-ups and a move to think about.
 */
export function carryOut(before: Table, out: Outbox, host: Host): Done {
  for (const problem of out.problems) host.problem(problem);
  if (out.erase) return host.erase();
  const rows = out.write || out.devices ? rowsFrom(before, out, host.snapshotAt()) : null;
  const stored: Done = rows ? host.write(rows) : undefined;
  return then(stored, () => {
    for (const conn of out.attach) host.attach(conn);
    for (const { conn, text } of out.send) host.send(conn, text);
    for (const { conn, code, reason } of out.close) host.close(conn, code, reason);
    if (out.push.length > 0) host.push(out.push);
    if (out.summaryIn !== null) host.hold('summary', out.summaryIn);
    if (out.namesIn !== null) host.hold('names', out.namesIn);
    if (out.noticesIn !== null) host.hold('notices', out.noticesIn);
    return then(host.plan(out.wake, out.soon), () => {
      if (out.think) host.think(out.think);
    });
  });
}
