/**
 * A random walk of whole tables: ordinary inputs in unusual orders, through the pure step and the
 * one outbox interpreter (harness.ts), with the table's invariants (shared/table/invariants.ts)
 * checked after every input. Each table is a short episode — a game, its size, bots, clock and
 * pace, sometimes a game taken online (an import) — and a list of commands drawn from a seed; a
 * command names its socket, seat or move by number, resolved when it runs, so that any part of a
 * list runs too, and a failing list shrinks to the few commands that still break the table.
 *
 * Run by walk.test.ts in `npm test`, and for long runs by `npm run walk -- --steps N --seed S`.
 */
import type { BotLevel } from '../../shared/engine/bot.ts';
import { nextInt, type RngState, seedRng } from '../../shared/engine/rng.ts';
import { GAME_IDS, type GameId, type Seat } from '../../shared/engine/types.ts';
import { games as registry } from '../../shared/games/index.ts';
import type { ClientMessage } from '../../shared/protocol.ts';
import { importedTable } from '../../shared/table/imported.ts';
import {
  hear,
  type Observed,
  type Told,
  toldNothing,
  type Violation,
  violations,
} from '../../shared/table/invariants.ts';
import { hasGame, type Table } from '../../shared/table/meta.ts';
import { botsStopped } from '../../shared/table/schedule.ts';
import { loadTable } from '../../shared/table/stored.ts';
import { quickConfig } from '../engine/adapters.ts';
import { TestTable } from './harness.ts';
import { soloUpload } from './support.ts';

/** A table's make-up at the start of an episode. */
export interface Setup {
  game: GameId;
  players: number;
  bots: Seat[];
  clock: number | null;
  pace: 'live' | 'turn';
  /** A solo game of three taken online at its first round's end or over, not a new lobby. */
  imported: 'roundOver' | 'gameOver' | null;
  /** Short games (each adapter's `quick`), so that game overs and rematches come often. */
  quick: boolean;
}

export type Command =
  | { t: 'open'; who: number; withToken: boolean; patches: boolean }
  | { t: 'close'; i: number }
  | { t: 'sit'; i: number; seat: number }
  | { t: 'leave'; i: number }
  | { t: 'name'; i: number; n: number }
  | { t: 'start' }
  | { t: 'bot'; seat: number; on: boolean; level: BotLevel | null }
  | { t: 'kick'; seat: number }
  | { t: 'move'; i: number; k: number }
  | { t: 'stale'; i: number }
  | { t: 'junk'; i: number }
  | { t: 'rematch'; i: number }
  | { t: 'seen'; i: number }
  | { t: 'nudge'; i: number; seat: number }
  | { t: 'react'; i: number }
  | { t: 'record'; i: number }
  | { t: 'later'; ms: number; ping: boolean }
  | { t: 'alarm' }
  | { t: 'evict' }
  | { t: 'restart' };

export interface Episode {
  setup: Setup;
  commands: Command[];
}

/** How many people may come to a table (the first holds the host key). */
const PEOPLE = 5;
const LEVELS: BotLevel[] = ['easy', 'normal', 'hard'];

const pick = <T>(rng: RngState, items: readonly T[]): T => items[nextInt(rng, items.length)]!;

/** A table's make-up, drawn. */
export function drawSetup(rng: RngState, games: readonly GameId[] = GAME_IDS): Setup {
  const game = pick(rng, games);
  const imported = nextInt(rng, 6) > 0 ? null : pick(rng, ['roundOver', 'gameOver'] as const);
  const players = imported ? 3 : 2 + nextInt(rng, registry[game].maxPlayers - 1);
  const bots = Array.from({ length: players }, (_, s) => s).filter(
    (s) => s > 0 && nextInt(rng, 3) === 0,
  );
  const pace = nextInt(rng, 5) === 0 ? 'turn' : 'live';
  const clock = pace === 'turn' ? 3600 : pick(rng, [null, null, 20, 60]);
  return { game, players, bots, clock, pace, imported, quick: nextInt(rng, 2) === 0 };
}

/** One command, drawn: moves and time most often, then sockets and seats, then the rest. */
export function drawCommand(rng: RngState): Command {
  const i = nextInt(rng, 8);
  const seat = nextInt(rng, 7);
  const roll = nextInt(rng, 100);
  if (roll < 38) return { t: 'move', i, k: nextInt(rng, 1000) };
  if (roll < 46)
    return {
      t: 'later',
      ms: pick(rng, [200, 1500, 6000, 25_000, 90_000, 3_700_000]),
      ping: nextInt(rng, 4) > 0,
    };
  if (roll < 54) return { t: 'alarm' };
  if (roll < 61) {
    return {
      t: 'open',
      who: nextInt(rng, PEOPLE),
      withToken: nextInt(rng, 5) > 0,
      patches: nextInt(rng, 2) === 0,
    };
  }
  if (roll < 66) return { t: 'close', i };
  if (roll < 71) return { t: 'sit', i, seat };
  if (roll < 73) return { t: 'leave', i };
  if (roll < 75) return { t: 'start' };
  if (roll < 79)
    return {
      t: 'bot',
      seat,
      on: nextInt(rng, 3) > 0,
      level: nextInt(rng, 2) ? pick(rng, LEVELS) : null,
    };
  if (roll < 82) return { t: 'kick', seat };
  if (roll < 85) return { t: 'rematch', i };
  if (roll < 87) return { t: 'seen', i };
  if (roll < 89) return { t: 'nudge', i, seat };
  if (roll < 90) return nextInt(rng, 2) ? { t: 'react', i } : { t: 'record', i };
  if (roll < 91) return { t: 'name', i, n: nextInt(rng, 4) };
  if (roll < 93) return { t: 'stale', i };
  if (roll < 94) return { t: 'junk', i };
  if (roll < 98) return { t: 'evict' };
  return { t: 'restart' };
}

/**
 * Most tables begin as friends begin them: the host opens the link and sits, each other seat is
 * taken by someone or given a bot, and the host starts; the rest of the commands follow. Every
 * one of these is an ordinary command, left out when a list is shrunk like any other.
 */
function prelude(rng: RngState, setup: Setup): Command[] {
  if (setup.imported) return [{ t: 'open', who: 0, withToken: true, patches: false }];
  if (nextInt(rng, 5) === 0) return [];
  const out: Command[] = [{ t: 'open', who: 0, withToken: true, patches: false }];
  out.push({ t: 'sit', i: 0, seat: 0 });
  for (let seat = 1; seat < setup.players; seat++) {
    if (setup.bots.includes(seat)) continue;
    if (seat < PEOPLE && nextInt(rng, 2) === 0) {
      out.push({ t: 'open', who: seat, withToken: true, patches: nextInt(rng, 2) === 0 });
      out.push({ t: 'sit', i: seat, seat });
    } else out.push({ t: 'bot', seat, on: true, level: null });
  }
  out.push({ t: 'start' });
  return out;
}

export function drawEpisode(rng: RngState, length: number, games?: readonly GameId[]): Episode {
  const setup = drawSetup(rng, games);
  const start = prelude(rng, setup).slice(0, length);
  const rest = Array.from({ length: length - start.length }, () => drawCommand(rng));
  return { setup, commands: [...start, ...rest] };
}

/** A page at the table: whose it is, and what it holds from what it heard. */
interface Page {
  socket: string;
  who: number;
  told: Told;
  /** How many of its socket's messages are taken into `told`. */
  read: number;
}

/** What the walk saw: the moments reached, and the first broken invariant with what led to it. */
export interface Seen {
  steps: number;
  moments: Set<string>;
  broken: { at: number; violations: Violation[] } | null;
}

/** One table under the walk: the harness, its pages and its people's tokens. */
export class WalkTable {
  readonly t: TestTable;
  readonly pages: Page[] = [];
  private readonly tokens = new Map<number, string>();
  /** The table as it was before the latest command. */
  private before: Table;
  /** The latest command's message, if it was a joined page's, and its outbox. */
  private message: Observed['message'] = null;
  /** The table last read back from storage, and the written one it was read back after. */
  private loaded: { after: Table; table: Table | null } | null = null;

  constructor(setup: Setup) {
    if (setup.imported) {
      const { body } = soloUpload(setup.game, setup.imported, `walk-${setup.game}`);
      const out = importedTable({
        body,
        id: 't',
        tokenHash: 'h:imported',
        hostKeyHash: 'h:host-key',
        serverSeed: 'server',
        now: 1_000_000,
      });
      if (!out.ok) throw new Error(out.error.message);
      this.t = new TestTable({ from: out });
      this.tokens.set(0, 'imported');
    } else {
      this.t = new TestTable({ ...setup, config: setup.quick ? quickConfig(setup.game) : {} });
    }
    this.before = this.t.table;
  }

  /** The page at number `i` among the open ones, if any is open. */
  private page(i: number): Page | undefined {
    const open = this.pages.filter((p) => this.t.sockets.has(p.socket));
    return open.length === 0 ? undefined : open[i % open.length];
  }

  private host(): Page | undefined {
    return this.pages.find((p) => p.who === 0 && this.t.sockets.has(p.socket));
  }

  private send(page: Page | undefined, message: Exclude<ClientMessage, { type: 'join' }>): void {
    if (!page) return;
    const joined = this.t.sockets.get(page.socket)?.conn.joined ?? false;
    const out = this.t.send(page.socket, message);
    if (joined) this.message = { conn: page.socket, type: message.type, out };
  }

  /** Gives the table one command, as its host would give the input. */
  run(c: Command): void {
    const { t } = this;
    this.before = t.table;
    this.message = null;
    switch (c.t) {
      case 'open': {
        const token = c.withToken ? this.tokens.get(c.who) : undefined;
        const socket = t.open(`client${c.who}`, token ? [token] : []);
        this.pages.push({
          socket,
          who: c.who,
          told: toldNothing(),
          read: 0,
        });
        t.join(socket, {
          name: `P${c.who}`,
          ...(token ? { token } : {}),
          ...(c.who === 0 ? { hostKey: 'host-key' } : {}),
          ...(c.patches ? { patches: true } : {}),
        });
        break;
      }
      case 'close': {
        const page = this.page(c.i);
        if (page) t.close(page.socket);
        break;
      }
      case 'sit':
        this.send(this.page(c.i), { type: 'sit', seat: c.seat % t.table.meta.players });
        break;
      case 'leave':
        this.send(this.page(c.i), { type: 'leave' });
        break;
      case 'name':
        this.send(this.page(c.i), { type: 'name', name: `Name ${c.n}` });
        break;
      case 'start':
        this.send(this.host(), { type: 'start' });
        break;
      case 'bot': {
        const seat = c.seat % t.table.meta.players;
        const level = c.level ? { level: c.level } : {};
        this.send(this.host(), { type: 'bot', seat, on: c.on, ...level });
        break;
      }
      case 'kick':
        this.send(this.host(), { type: 'kick', seat: c.seat % t.table.meta.players });
        break;
      case 'move':
        this.move(c.i, c.k);
        break;
      case 'stale': {
        const page = this.page(c.i);
        const version = Math.max(0, (page?.told.view?.version ?? 1) - 1);
        this.send(page, { type: 'move', move: { t: 'nextRound' }, version });
        break;
      }
      case 'junk':
        this.send(this.page(c.i), {
          type: 'move',
          move: { t: 'fold', n: 99 },
          version: t.table.meta.version,
        });
        break;
      case 'rematch':
        this.send(this.page(c.i), { type: 'rematch', gameNo: t.table.meta.gameNo });
        break;
      case 'seen':
        this.send(this.page(c.i), { type: 'seen', gameNo: t.table.meta.gameNo });
        break;
      case 'nudge':
        this.send(this.page(c.i), { type: 'nudge', seat: c.seat % t.table.meta.players });
        break;
      case 'react':
        this.send(this.page(c.i), { type: 'react', reaction: 'wow' });
        break;
      case 'record':
        this.send(this.page(c.i), { type: 'record' });
        break;
      case 'later':
        if (c.ping) for (const socket of t.sockets.keys()) t.pinged(socket);
        t.later(c.ms);
        break;
      case 'alarm':
        t.alarm();
        break;
      case 'evict':
        // The runtime evicts an object only when nothing of it is pending.
        if (!t.holding()) t.reload();
        break;
      case 'restart':
        this.restart();
        break;
    }
    this.readAll();
  }

  /**
   * A page's move: one of its view's legal moves; a page that sat down in the pause, which
   * watches the round's end, presses "I'm ready" all the same (round-pause.tsx).
   */
  private move(i: number, k: number): void {
    const page = this.page(i);
    if (!page) return;
    const held = page.told.view;
    const view = held?.view as { you?: Seat | null; legal?: unknown[] } | undefined;
    const legal = view?.legal ?? [];
    if (view?.you !== null && view?.you !== undefined && legal.length > 0) {
      this.send(page, { type: 'move', move: legal[k % legal.length], version: held!.version });
      return;
    }
    if (page.told.seat !== null && view?.you === null && page.told.summary?.pause) {
      this.send(page, { type: 'move', move: { t: 'nextRound' }, version: held?.version ?? 0 });
    }
  }

  /** A restart (a deploy): every socket closed, the table woken from storage, pages back. */
  private restart(): void {
    const { t } = this;
    const open = this.pages.filter((p) => t.sockets.has(p.socket));
    for (const p of open) t.close(p.socket);
    t.reload();
    for (const p of open) {
      this.run({ t: 'open', who: p.who, withToken: true, patches: false });
    }
  }

  /** Takes what each page heard into what it holds. */
  private readAll(): void {
    for (const page of this.pages) {
      const heard = this.t.heard.get(page.socket) ?? [];
      for (; page.read < heard.length; page.read++) page.told = hear(page.told, heard[page.read]!);
    }
  }

  /** The table as the invariants look at it now. */
  observed(): Observed {
    const { t } = this;
    // Storage is read back after each write (reading it is most of a step's cost).
    if (this.loaded?.after !== t.stored) {
      const out = loadTable('t', t.storage);
      if (!out.ok) throw new Error(out.error.message);
      this.loaded = { after: t.stored, table: out.loaded?.table ?? null };
    }
    const sockets = this.pages
      .filter((p) => t.sockets.has(p.socket))
      .map((p) => ({ conn: t.sockets.get(p.socket)!.conn, told: p.told }));
    return {
      before: this.before,
      table: t.table,
      sockets,
      loaded: this.loaded.table,
      written: t.stored,
      botsStopped: botsStopped(t.table.meta, t.sockets.size, t.now),
      message: this.message,
    };
  }

  /** The table deleted itself (idle for long enough): nothing of it is left to walk. */
  get gone(): boolean {
    return this.t.last?.erase ?? false;
  }

  /** Where the table is: its phase, and who holds each seat (a person here or away, a bot…). */
  moment(): string {
    const { meta } = this.t.table;
    const here = new Set(
      [...this.t.sockets.values()].flatMap((s) => (s.conn.tokenHash ? [s.conn.tokenHash] : [])),
    );
    const phase = hasGame(this.t.table)
      ? meta.status === 'over'
        ? 'over'
        : this.t.table.state.phase
      : 'lobby';
    const holders = meta.seats
      .map((s) =>
        s.bot
          ? s.away
            ? 'stand-in'
            : 'bot'
          : s.tokenHash === null
            ? 'free'
            : here.has(s.tokenHash)
              ? 'here'
              : 'away',
      )
      .sort()
      .join(',');
    return `${meta.game}:${phase}:${holders}`;
  }
}

/** Runs one episode, checking after every command; where it first broke, if it did. */
export function runEpisode(
  e: Episode,
  moments?: Set<string>,
): { at: number; violations: Violation[] } | null {
  const w = new WalkTable(e.setup);
  for (const [at, c] of e.commands.entries()) {
    w.run(c);
    if (w.gone) return null;
    moments?.add(w.moment());
    const broken = violations(w.observed());
    if (broken.length > 0) return { at, violations: broken };
  }
  return null;
}

/**
 * The shortest list found that still breaks an invariant the episode broke: commands after the
 * break dropped, then each command in turn left out while the break remains.
 */
export function shrink(e: Episode): Episode {
  const first = runEpisode(e);
  if (!first) return e;
  const kinds = new Set(first.violations.map((v) => v.invariant));
  const breaks = (commands: Command[]) =>
    runEpisode({ setup: e.setup, commands })?.violations.some((v) => kinds.has(v.invariant)) ??
    false;
  let commands = e.commands.slice(0, first.at + 1);
  // Passes of ever smaller chunks, again until a whole pass leaves nothing out.
  for (let before = Number.POSITIVE_INFINITY; commands.length < before; ) {
    before = commands.length;
    for (let chunk = Math.ceil(commands.length / 2); chunk >= 1; chunk = Math.floor(chunk / 2)) {
      for (let i = commands.length - chunk; i >= 0; i -= chunk) {
        const fewer = [...commands.slice(0, i), ...commands.slice(i + chunk)];
        if (breaks(fewer)) commands = fewer;
      }
    }
  }
  return { setup: e.setup, commands };
}

/**
 * How many commands a table gets: most a short evening, some long enough for whole games of
 * every kind (a Sneak round alone takes a hundred inputs and more).
 */
const LENGTHS = [100, 200, 200, 400, 1500];

/** A walk of `steps` commands in episodes of drawn lengths, from `seed`. */
export function walk(
  seed: string,
  steps: number,
  options: { games?: readonly GameId[] } = {},
): Seen & { failed: Episode | null } {
  const rng = seedRng(seed);
  const moments = new Set<string>();
  let done = 0;
  while (done < steps) {
    const length = pick(rng, LENGTHS);
    const e = drawEpisode(rng, Math.min(length, steps - done), options.games);
    const broken = runEpisode(e, moments);
    if (broken) return { steps: done + broken.at + 1, moments, broken, failed: e };
    done += e.commands.length;
  }
  return { steps: done, moments, broken: null, failed: null };
}
