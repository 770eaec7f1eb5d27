/** Tables in memory for the pure table tests: started games, moves through the table's `play`. */
import type { ImportTable, Pace } from '../../shared/api.ts';
import type { BotLevel } from '../../shared/engine/bot.ts';
import { replayGame } from '../../shared/engine/replay.ts';
import { nextInt, seedRng } from '../../shared/engine/rng.ts';
import type { RoundState } from '../../shared/engine/rounds.ts';
import type { AnyGame, GameId, Seat } from '../../shared/engine/types.ts';
import { botFor } from '../../shared/games/bots.ts';
import { games as registry } from '../../shared/games/index.ts';
import type { GameRecord } from '../../shared/protocol.ts';
import type { LogEntry } from '../../shared/table/game-log.ts';
import { type Dealt, newTable, type Table, withMeta } from '../../shared/table/meta.ts';
import { applyMove, awaited, play as playMove, start } from '../../shared/table/play.ts';
import { quickConfig } from '../engine/adapters.ts';

/** The games by name, for tests that read one game's own state. */
export const games = {
  hulahoo: registry.hulahoo,
  hilo: registry.hilo,
  sneak: registry.sneak,
};

export type { Table };

/** A table in its lobby, its options checked as a table's are. */
export function lobby(
  game: GameId,
  players: number,
  config: unknown = {},
  extra: {
    bots?: Seat[];
    clock?: number | null;
    pace?: Pace;
    hostKeyHash?: string;
    now?: number;
  } = {},
): Table {
  const parsed = registry[game].parseConfig(config, players);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const meta = newTable({
    id: 't',
    game,
    players,
    config: parsed.config,
    bots: extra.bots ?? [],
    botLevel: 'normal',
    pace: extra.pace ?? 'live',
    clock: extra.clock ?? null,
    hostKeyHash: extra.hostKeyHash ?? 'h',
    now: extra.now ?? 0,
  });
  return { meta, state: null };
}

/** A started game with a person (token `hash<seat>`) in every seat but `bots`. */
export function started(
  game: GameId,
  players: number,
  config: unknown = {},
  extra: { bots?: Seat[]; clock?: number | null; seed?: string } = {},
): Dealt {
  const bots = extra.bots ?? [];
  const { meta } = lobby(game, players, config, { bots, clock: extra.clock });
  const seats = meta.seats.map((_, s) =>
    bots.includes(s)
      ? { name: null, bot: true, tokenHash: null }
      : { name: `P${s}`, bot: false, tokenHash: `hash${s}` },
  );
  const out = start({ ...meta, seats }, extra.seed ?? 'seed', 0);
  if (!out.ok) throw new Error(out.error.message);
  return { meta: out.meta, state: out.state };
}

export function play(t: Table, seat: Seat, move: unknown, version = t.meta.version) {
  const out = playMove(t, seat, move, version, 0);
  if (!out.ok) return { refused: out.error.code, table: t };
  if (out.kind === 'done') return { done: true, table: t };
  if (out.kind === 'ready') return { ready: true, table: withMeta(t, out.meta) };
  return { table: withMeta(out, {}) };
}

/** A dealt table with its game in `state` instead (a scenario the test sets). */
export function withState(t: Table, state: RoundState): Dealt {
  if (t.state === null) throw new Error('no game was dealt');
  return { meta: t.meta, state };
}

/** The table as if its game had just ended: the scene for what comes after a game. */
export function gameOver(t: Table): Dealt {
  if (t.state === null) throw new Error('no game was dealt');
  return { meta: { ...t.meta, status: 'over' }, state: t.state };
}

export const legal = (t: Table, seat: Seat) =>
  registry[t.meta.game].legalMoves(t.state, seat) as { t: string }[];

export const phaseOf = (t: Table) => (t.state as { phase: string }).phase;

/** Plays each awaited seat's first legal move from `t` until the round is over. */
export function roundOver(t: Dealt): Dealt {
  for (let step = 0; step < 2000; step++) {
    if (phaseOf(t) === 'roundOver') return t;
    const seat = awaited(t)[0];
    if (seat === undefined) break;
    const out = applyMove(t, seat, legal(t, seat)[0]);
    if (!out.ok) throw new Error(out.error.message);
    t = { meta: out.meta, state: out.state };
  }
  throw new Error('the round did not end');
}

/** A 4-player Sneak table of people at seat 0's turn, with a flaunt the three others can answer. */
export function sneakBeforeFlaunt(clock: number | null = null): Dealt {
  const config = games.sneak.parseConfig({}, 4);
  if (!config.ok) throw new Error(config.error.message);
  const state = games.sneak.fromScenario(config.config, {
    dealer: 3,
    hands: [
      ['QH', '2C'],
      ['KH', '3D'],
      ['5S', '6S'],
      ['AH', '4C'],
    ],
    stock: ['10C', 'JC'],
  });
  return { meta: started('sneak', 4, {}, { clock }).meta, state };
}

/** A plain random stream from a seed, for bots' choices. */
export function randomFrom(seed: string): () => number {
  const rng = seedRng(seed);
  return () => nextInt(rng, 0x40000000) / 0x40000000;
}

/** Bots play `state` on until it reaches `phase` (or the game is over), moves appended. */
export function playOn(
  game: AnyGame,
  state: RoundState,
  phase: 'roundOver' | 'gameOver',
  moves: LogEntry[],
  random: () => number,
): RoundState {
  const bot = botFor(game.id, 'normal');
  for (let i = 0; i < 20_000; i++) {
    if (state.phase === phase || state.phase === 'gameOver') return state;
    const seat: Seat = game.toMove(state)[0]!;
    const move = bot.choose(game.view(state, seat), random);
    const out = game.apply(state, seat, move);
    if (!out.ok) throw new Error(out.error.message);
    moves.push({ seat, move, events: out.events });
    state = out.state;
  }
  throw new Error(`never reached ${phase}`);
}

/** What a solo game is made of beyond its game: its size, options and bots' levels. */
export interface SoloShape {
  players: number;
  config: unknown;
  /** Each seat's bot level; null at the uploader's seat (0). */
  levels: (BotLevel | null)[];
}

/**
 * A solo game played in the browser (the uploader at seat 0, bots elsewhere; by default three
 * seats, quick options) to a round's end or its end: the upload it makes (`POST
 * /api/tables/import`), the state it reached and each move's events.
 */
export function soloUpload(
  id: GameId,
  to: 'roundOver' | 'gameOver',
  seed = `${id}-solo`,
  shape: SoloShape = { players: 3, config: quickConfig(id), levels: [null, 'normal', 'easy'] },
) {
  const game = registry[id];
  const { players, config, levels } = shape;
  const parsed = game.parseConfig(config, players);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const played: LogEntry[] = [];
  const first = game.setup(parsed.config, players, seed);
  const state = playOn(game, first, to, played, randomFrom(`${seed}:bots`));
  const moves = played.map(({ seat, move }) => ({ seat, move }));
  const body: ImportTable = {
    game: id,
    players,
    config,
    seed,
    moves,
    totals: game.result(state).totals,
    you: { seat: 0, name: 'Ann' },
    levels,
  };
  return { game, body, state, played, events: played.map((e) => e.events) };
}

/**
 * A long solo game: Sneak at six seats, two packs, to 250, over after some 4,750 moves (near the
 * most an upload may hold, MAX_IMPORT_MOVES) in about 170 KB, its log some 430 KB of JSON.
 */
export const longUpload = () =>
  soloUpload('sneak', 'gameOver', 'a', {
    players: 6,
    config: { packs: 2, target: 250 },
    levels: [null, 'normal', 'normal', 'easy', 'normal', 'easy'],
  });

/** The game a record holds, state by state, as every replay deals it (shared/engine/replay.ts). */
export const replayRecord = (rec: GameRecord): RoundState[] =>
  replayGame(registry[rec.game], rec).map((step) => step.state);
