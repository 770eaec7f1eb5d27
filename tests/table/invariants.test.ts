/**
 * The table's invariants (shared/table/invariants.ts), each shown to hold of a table as it is and
 * to break on a table built to break it.
 */
import { describe, expect, it } from 'vitest';
import {
  answered,
  bookkeeping,
  hidden,
  liveness,
  type Observed,
  seatAndView,
  stored,
  violations,
} from '../../shared/table/invariants.ts';
import { gameOf, hasGame, type Table, withMeta } from '../../shared/table/meta.ts';
import { WalkTable } from './walk.ts';

/** Ann (host, seat 0) and Bob (seat 1) at a HiLO table, dealt: both are asked to turn cards. */
function dealtTable(): WalkTable {
  const w = new WalkTable({
    game: 'hilo',
    players: 2,
    bots: [],
    clock: null,
    pace: 'live',
    imported: null,
    quick: false,
  });
  w.run({ t: 'open', who: 0, withToken: true, patches: false });
  w.run({ t: 'sit', i: 0, seat: 0 });
  w.run({ t: 'open', who: 1, withToken: true, patches: true });
  w.run({ t: 'sit', i: 1, seat: 1 });
  w.run({ t: 'start' });
  return w;
}

const dealt = (): Observed => dealtTable().observed();

/** The observed table with Bob's page changed. */
function bobs(o: Observed, change: (told: Observed['sockets'][number]['told']) => void): Observed {
  const sockets = o.sockets.map((s) => ({ conn: s.conn, told: structuredClone(s.told) }));
  change(sockets[1]!.told);
  return { ...o, sockets };
}

const playing = (t: Table) => {
  if (!hasGame(t)) throw new Error('no game');
  return t;
};

describe('the invariants', () => {
  it('all hold of a table just dealt', () => {
    expect(violations(dealt())).toEqual([]);
  });

  it('liveness: an awaited seat whose page holds a watcher’s board breaks it', () => {
    const o = dealt();
    const t = playing(o.table);
    const watching = bobs(o, (told) => {
      told.view = { version: t.meta.version, view: gameOf(t.meta).view(t.state, null) };
    });
    expect(liveness(watching)).toEqual([expect.stringContaining('seat 1 is awaited')]);
  });

  it('liveness: a bot awaited with no bots’ turn timed breaks it', () => {
    const o = dealt();
    const seats = o.table.meta.seats.map((s, seat) => (seat === 1 ? { ...s, bot: true } : s));
    const table = withMeta(o.table, { seats, botDue: null, deadline: null });
    expect(liveness({ ...o, table, sockets: o.sockets.slice(0, 1) })).toEqual([
      expect.stringContaining('the bot at seat 1 is awaited'),
    ]);
  });

  it('seat and view: a page told another seat than its token holds breaks it', () => {
    const o = bobs(dealt(), (told) => {
      told.seat = 0;
    });
    expect(seatAndView(o)).toEqual([expect.stringContaining('holds seat 1 and was told seat 0')]);
  });

  it('hidden: a page holding another seat’s view breaks it', () => {
    const o = dealt();
    const t = playing(o.table);
    const other = bobs(o, (told) => {
      told.view = { version: t.meta.version, view: gameOf(t.meta).view(t.state, 0) };
    });
    expect(hidden(other)).toEqual([expect.stringContaining('not the engine')]);
    const late = bobs(o, (told) => {
      told.view = { version: t.meta.version - 1, view: told.view!.view };
    });
    expect(hidden(late)).toEqual([expect.stringContaining(`the table is at ${t.meta.version}`)]);
  });

  it('stored: a table that reads back otherwise than it was written breaks it', () => {
    const o = dealt();
    const loaded = withMeta(o.loaded!, { lastActive: 1 });
    expect(stored({ ...o, loaded })).toEqual(['the table read back differs from the one written']);
    expect(stored({ ...o, loaded: null })).toEqual(['the table written does not read back']);
  });

  it('bookkeeping: one token in two seats, or a version gone back, breaks it', () => {
    const o = dealt();
    const seats = o.table.meta.seats.map((s) => ({
      ...s,
      tokenHash: o.table.meta.seats[0]!.tokenHash,
    }));
    expect(bookkeeping({ ...o, table: withMeta(o.table, { seats }) })).toContain(
      'a token holds two seats',
    );
    const before = withMeta(o.table, { version: o.table.meta.version + 1 });
    expect(bookkeeping({ ...o, before })).toEqual([
      expect.stringContaining('the version went back'),
    ]);
  });

  it('answered: a message that changed the table and was told to nobody breaks it', () => {
    const w = dealtTable();
    const o = w.observed();
    const out = { ...w.t.last!, send: [], summaryIn: null, write: null };
    const table = withMeta(o.table, { lastActive: o.table.meta.lastActive + 1 });
    const message = { conn: o.sockets[1]!.conn.id, type: 'nudge', out } as const;
    expect(answered({ ...o, table, message })).toEqual([expect.stringContaining('a nudge from')]);
    // The same message, changing nothing (a repeat), may go unanswered.
    expect(answered({ ...o, before: o.table, message })).toEqual([]);
  });
});
