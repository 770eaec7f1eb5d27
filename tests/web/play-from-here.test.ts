/**
 * "Play from here", the page's two entry points (web/src/play-from-here.ts), in Node: from a
 * finished game's record and a step, the upload that makes the new table — the moment as its
 * start, no move, the player at their seat and bots at the finished table's levels — kept for a solo
 * table's worker, which its own check takes, or posted to the import, whose answer this browser
 * keeps as for any table it made. A moment not offered, or a record that does not replay, comes
 * back as a reason in words, never as an exception.
 */
import './browser-globals.ts';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ImportTable, importTableSchema } from '../../shared/api.ts';
import { games } from '../../shared/games/index.ts';
import type { GameRecord } from '../../shared/protocol.ts';
import { positionTable } from '../../shared/table/imported.ts';
import {
  offerFor,
  type PlayFromHere,
  playFromHereLive,
  playFromHereSolo,
} from '../../web/src/play-from-here.ts';
import { saved } from '../../web/src/saved.ts';
import { configOf, replayRecord, soloUpload } from '../table/support.ts';

const { body } = soloUpload('sneak', 'gameOver');
const record: GameRecord = {
  game: 'sneak',
  gameNo: 1,
  players: body.players,
  config: configOf(body),
  seed: body.seed,
  moves: body.moves,
};
const states = replayRecord(record);
const engine = games.sneak;
/** A moment of the first round, some moves in. */
const STEP = 9;

const ask = (change: Partial<PlayFromHere> = {}): PlayFromHere => ({
  game: 'sneak',
  record,
  step: STEP,
  seat: 0,
  way: 'as-it-was',
  name: 'Ann',
  ...change,
});

/** The upload a solo table's worker is left to make table `id` from. */
function wishFor(id: string): ImportTable {
  const kept: unknown = JSON.parse(saved.soloWish(id) ?? 'null');
  return (kept as { position: ImportTable }).position;
}

/** Every card object in an upload: anything with an id (a move names cards by id alone). */
function cardsIn(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [];
  if ('id' in value) return [value];
  return Object.values(value).flatMap(cardsIn);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('play from here, alone', () => {
  it('leaves the new solo table’s worker the moment as its start, Ann in her seat and bots', async () => {
    const out = await playFromHereSolo(ask({ levels: ['easy', 'hard', undefined] }));
    if (!out.ok) throw new Error(out.reason);
    expect(out.id).toMatch(/^[0-9a-f]{32}$/);
    const upload = wishFor(out.id);
    expect(upload).toMatchObject({
      game: 'sneak',
      players: 3,
      moves: [],
      you: { seat: 0, name: 'Ann' },
      levels: [null, 'hard', 'normal'],
      totals: engine.result(states[STEP]!).totals,
    });
    expect({ ...(upload.start as object), rng: null }).toEqual({ ...states[STEP]!, rng: null });
    const made = positionTable({ body: upload, id: 't', tokenHash: 'a', hostKeyHash: 'b', now: 0 });
    expect(made.ok).toBe(true);
  });

  it('from what Ann knew: she sees the moment as she saw it; bots play at normal unless told', async () => {
    const out = await playFromHereSolo(ask({ way: 'what-you-knew', seat: 1, name: null }));
    if (!out.ok) throw new Error(out.reason);
    const upload = wishFor(out.id);
    expect(upload.you).toEqual({ seat: 1 });
    expect(upload.levels).toEqual(['normal', null, 'normal']);
    expect(engine.view(upload.start, 1)).toEqual(engine.view(states[STEP]!, 1));
  });

  it('leaves out a name no table takes: the seat’s own is used', async () => {
    const out = await playFromHereSolo(ask({ name: '   ' }));
    if (!out.ok) throw new Error(out.reason);
    expect(wishFor(out.id).you).toEqual({ seat: 0 });
  });
});

describe('play from here, refused in words', () => {
  it('after the game’s end, at a step the game has not, from a record that does not replay', async () => {
    const end = states.length - 1;
    expect(offerFor('sneak', states[end]!, 0)).toEqual({
      ok: false,
      reason: 'The game is over here: go back to a moment of play.',
    });
    expect(await playFromHereSolo(ask({ step: end }))).toEqual({
      ok: false,
      reason: 'The game is over here: go back to a moment of play.',
    });
    const lost = { ok: false, reason: 'This moment of the game could not be found again.' };
    expect(await playFromHereSolo(ask({ step: end + 1 }))).toEqual(lost);
    const broken = { ...record, moves: [{ seat: 2, move: { t: 'fold' } }, ...record.moves] };
    expect(await playFromHereLive(ask({ record: broken }))).toEqual(lost);
  });

  it('between rounds, offers the next deal', () => {
    const pause = states.findIndex((s) => s.phase === 'roundOver');
    expect(offerFor('sneak', states[pause]!, 0)).toEqual({ ok: true, startsAt: 'next-deal' });
    expect(offerFor('sneak', states[STEP]!, 0)).toEqual({ ok: true, startsAt: 'here' });
  });
});

describe('play from here, with friends', () => {
  const ID = 'b'.repeat(64);

  it('posts the upload to the import, and keeps the new table’s host key and seat', async () => {
    let sent: unknown;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent = { url, body: JSON.parse(String(init.body)) };
      const made = { id: ID, url: `/t/${ID}`, hostKey: 'host-key', seat: 0, token: 'seat-token' };
      return new Response(JSON.stringify(made), { status: 201 });
    });
    expect(await playFromHereLive(ask())).toEqual({ ok: true, id: ID });
    expect(sent).toMatchObject({
      url: '/api/tables/import',
      body: { moves: [], you: { seat: 0 } },
    });
    expect(saved.hostKey(ID)).toBe('host-key');
    expect(saved.token(ID)).toBe('seat-token');
  });

  it('from what Ann knew, posts the record up to the moment and no card at all: the table deals what she could not see', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      posted.push(JSON.parse(String(init.body)));
      const made = { id: ID, url: `/t/${ID}`, hostKey: 'host-key', seat: 1, token: 'seat-token' };
      return new Response(JSON.stringify(made), { status: 201 });
    });
    expect(await playFromHereLive(ask({ way: 'what-you-knew', seat: 1 }))).toEqual({
      ok: true,
      id: ID,
    });
    const [sent] = posted;
    expect(sent).toEqual({
      game: 'sneak',
      players: 3,
      config: record.config,
      seed: record.seed,
      moves: record.moves.slice(0, STEP),
      from: { step: STEP, way: 'what-you-knew' },
      totals: engine.result(states[STEP]!).totals,
      you: { seat: 1, name: 'Ann' },
      levels: ['normal', null, 'normal'],
    });
    expect(cardsIn(sent)).toEqual([]);
    expect(v.is(importTableSchema, sent)).toBe(true);
  });

  it('says the server’s refusal, or that the network is gone', async () => {
    const error = { code: 'bad-start', message: 'start: it names a seat not there' };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error }), { status: 400 }));
    expect(await playFromHereLive(ask())).toEqual({ ok: false, reason: error.message });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const offline = await playFromHereLive(ask());
    expect(offline.ok || offline.reason).toMatch(/^You are offline/);
  });
});
