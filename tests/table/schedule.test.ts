/**
 * The table's timing policy (shared/table/schedule.ts): the clock's deadline, the bots' due time, the pause
 * between rounds, and which move the alarm makes, as the Durable Object applies them: one due
 * move at a time, timers derived again after every change.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, GameEvent, Seat } from '../../shared/engine/types.ts';
import type { State as HulaState } from '../../shared/games/hulahoo/types.ts';
import { cardName } from '../../shared/games/sneak/faces.ts';
import type { State as SneakState } from '../../shared/games/sneak/types.ts';
import { type Dealt, type TableMeta, withMeta } from '../../shared/table/meta.ts';
import { applyMove, awaited, play } from '../../shared/table/play.ts';
import {
  alarmTime,
  BACKSTOP_MS,
  BOTS_ROUND_PAUSE_MS,
  botsSoon,
  dueMoves,
  ROUND_PAUSE_MS,
  resultsIn,
  SOON_MS,
  sameDecision,
  timersAfter,
} from '../../shared/table/schedule.ts';
import { setBot } from '../../shared/table/seats.ts';
import {
  games,
  legal,
  phaseOf,
  roundOver,
  sneakBeforeFlaunt,
  started,
  type Table,
} from './support.ts';

const BOT_DELAY = 900;

/** Sets the timers of a freshly started table, as the DO does when a game starts. */
function begin(t: Table, now: number): Table {
  return withMeta(t, timersAfter(null, t, null, now, BOT_DELAY));
}

/** A move through the table's rules, then the timers for what it leads to. */
function move(t: Table, seat: Seat, m: unknown, now: number): Table {
  const out = play(t, seat, m, t.meta.version, now);
  if (!out.ok) throw new Error(`${out.error.code}: ${out.error.message}`);
  if (out.kind === 'done') return t;
  const next = withMeta(out.kind === 'ready' ? t : out, out.meta);
  const mover = out.kind === 'ready' ? null : seat;
  return withMeta(next, timersAfter(t, next, mover, now, BOT_DELAY));
}

/** A change of seats (no move): the timers are derived again from the same game state. */
function reseat(t: Table, meta: TableMeta, now: number): Table {
  const next = withMeta(t, meta);
  return withMeta(next, timersAfter(t, next, null, now, BOT_DELAY));
}

/** What the alarm does at `now`: the first due move, or nothing. */
function alarm(t: Table, now: number): { table: Table; made: string | null } {
  const due = dueMoves(t, now)[0];
  if (!due) return { table: t, made: null };
  const m = due.roundStart ? { t: 'nextRound' } : legal(t, due.seat)[0]!;
  if (t.state === null) throw new Error('no game was dealt');
  const out = applyMove(t, due.seat, m);
  if (!out.ok) throw new Error(out.error.message);
  const timers = timersAfter(t, out, due.seat, now, BOT_DELAY);
  const made = `${due.timedOut ? 'timedOut ' : ''}${due.seat} ${m.t}`;
  return { table: withMeta(out, timers), made };
}

/** A HiLO round at its end, timers set as they would be at `now`. */
function hiloRoundOver(players: number, extra: Parameters<typeof started>[3], now: number): Dealt {
  const t = roundOver(started('hilo', players, {}, extra));
  // The last move of the round came from whoever turned their last card: not awaited any more.
  return withMeta(t, timersAfter(null, t, null, now, BOT_DELAY));
}

describe('the pause between rounds', () => {
  it('with a per-move clock, the pause ending starts one round and plays nobody’s opening', () => {
    // The reported bug: 2-player HiLO, 30 s clock. The deadline of the round's end passed, and one
    // alarm played the next round's opening for both players.
    let t: Table = hiloRoundOver(2, { clock: 30 }, 1_000);
    expect(t.meta.deadline).toBe(1_000 + 30_000); // the pause: the clock's length, if over 20 s
    expect(t.meta.botDue).toBeNull();
    expect(dueMoves(t, 30_999)).toEqual([]);
    const fired = alarm(t, 31_000);
    expect(fired.made).toBe('0 nextRound'); // not a time-out: nobody's move was played
    t = fired.table;
    expect(phaseOf(t)).toBe('opening');
    expect(t.meta.deadline).toBe(31_000 + 30_000); // the opening's own clock
    expect(dueMoves(t, 31_000)).toEqual([]);
    expect(alarm(t, 31_000).made).toBeNull();
  });

  it('lasts at least 20 s when the clock is shorter or off', () => {
    expect(hiloRoundOver(2, { clock: 5 }, 0).meta.deadline).toBe(ROUND_PAUSE_MS);
    expect(hiloRoundOver(2, { clock: null }, 0).meta.deadline).toBe(ROUND_PAUSE_MS);
  });

  it('a bot never starts the next round while a person is seated', () => {
    const t = hiloRoundOver(2, { bots: [1] }, 0);
    expect(t.meta.botDue).toBeNull();
    expect(dueMoves(t, 19_999)).toEqual([]);
    expect(dueMoves(t, 20_000)).toEqual([{ seat: 0, timedOut: false, roundStart: true }]);
  });

  it('starts as soon as every seated person is ready', () => {
    let t: Table = hiloRoundOver(3, { bots: [2] }, 0);
    t = move(t, 1, { t: 'nextRound' }, 2_000);
    expect(phaseOf(t)).toBe('roundOver');
    expect(t.meta.ready).toEqual([1]);
    expect(t.meta.deadline).toBe(ROUND_PAUSE_MS); // a ready mark does not restart the pause
    expect(dueMoves(t, 2_000)).toEqual([]);
    t = move(t, 0, { t: 'nextRound' }, 3_000);
    expect(phaseOf(t)).toBe('opening');
    expect(t.meta.ready).toEqual([]);
  });

  it('starts when the last person not ready gives their seat to a bot', () => {
    let t: Table = hiloRoundOver(2, {}, 0);
    t = move(t, 0, { t: 'nextRound' }, 1_000);
    const out = setBot(t, 1, { on: true }, new Set());
    if (!out.ok) throw new Error(out.error.message);
    t = reseat(t, out.meta, 2_000);
    expect(t.meta.botDue).toBe(2_000);
    expect(alarm(t, 2_000).made).toBe('0 nextRound');
  });

  it('a table of bots alone goes on by itself after a short pause', () => {
    const t = hiloRoundOver(2, { bots: [0, 1], clock: 30 }, 0);
    expect(t.meta.deadline).toBeNull();
    expect(t.meta.botDue).toBe(BOTS_ROUND_PAUSE_MS);
    expect(dueMoves(t, BOTS_ROUND_PAUSE_MS)).toEqual([
      { seat: 0, timedOut: false, roundStart: true },
    ]);
  });
});

describe('simultaneous phases keep one clock', () => {
  it('HiLO opening: an answer leaves the others’ deadline; the next turn gets its own', () => {
    let t = begin(started('hilo', 3, {}, { clock: 30 }), 0);
    expect(phaseOf(t)).toBe('opening');
    expect(t.meta.deadline).toBe(30_000);
    t = move(t, 1, legal(t, 1)[0], 10_000);
    expect(t.meta.deadline).toBe(30_000);
    t = move(t, 0, legal(t, 0)[0], 20_000);
    expect(t.meta.deadline).toBe(30_000);
    t = move(t, 2, legal(t, 2)[0], 25_000);
    expect(phaseOf(t)).toBe('play');
    expect(t.meta.deadline).toBe(25_000 + 30_000);
  });

  it('HiLO opening: when time runs out, each late player is played for, one alarm at a time', () => {
    let t = begin(started('hilo', 3, {}, { clock: 30 }), 0);
    t = move(t, 1, legal(t, 1)[0], 10_000);
    expect(dueMoves(t, 30_000).map((d) => [d.seat, d.timedOut])).toEqual([
      [0, true],
      [2, true],
    ]);
    let fired = alarm(t, 30_000);
    expect(fired.made).toBe('timedOut 0 reveal');
    fired = alarm(fired.table, 30_001);
    expect(fired.made).toBe('timedOut 2 reveal');
    expect(phaseOf(fired.table)).toBe('play');
    // The play phase's first turn has a clock of its own: nothing more is due.
    expect(alarm(fired.table, 30_002).made).toBeNull();
  });

  it('Sneak challenges: every asked seat answers against one deadline', () => {
    let t = begin(sneakBeforeFlaunt(20), 0);
    const flaunt = legal(t, 0).find((m) => m.t === 'flaunt');
    t = move(t, 0, flaunt, 5_000);
    expect(phaseOf(t)).toBe('challenge');
    expect(t.meta.deadline).toBe(25_000);
    t = move(t, 2, { t: 'decline' }, 10_000);
    t = move(t, 3, { t: 'decline' }, 12_000);
    expect(t.meta.deadline).toBe(25_000);
    expect(dueMoves(t, 25_000)).toEqual([{ seat: 1, timedOut: true, roundStart: false }]);
  });
});

describe('one decision', () => {
  it('is keyed by game, round and phase, not by which seats are asked', () => {
    const over = hiloRoundOver(2, {}, 0);
    const out = applyMove(over, 0, { t: 'nextRound' });
    if (!out.ok) throw new Error(out.error.message);
    const opening = { meta: out.meta, state: out.state };
    // Both seats are asked before and after, yet the opening of a new round is a new decision.
    expect(awaited(over)).toEqual([0, 1]);
    expect(awaited(opening)).toEqual([0, 1]);
    expect(sameDecision(over, opening, null)).toBe(false);
    expect(sameDecision(opening, opening, null)).toBe(true);
    const rematch = {
      meta: { ...opening.meta, gameNo: opening.meta.gameNo + 1 },
      state: opening.state,
    };
    expect(sameDecision(opening, rematch, null)).toBe(false);
  });
});

describe('bots and people', () => {
  it('a bot and a person awaited at once: the bot moves when due, the person keeps the clock', () => {
    let t = begin(started('hilo', 2, {}, { bots: [1], clock: 30 }), 0);
    expect(t.meta.deadline).toBe(30_000);
    expect(t.meta.botDue).toBe(BOT_DELAY);
    expect(dueMoves(t, BOT_DELAY)).toEqual([{ seat: 1, timedOut: false, roundStart: false }]);
    const fired = alarm(t, BOT_DELAY);
    expect(fired.made).toBe('1 reveal');
    t = fired.table;
    expect(t.meta.deadline).toBe(30_000);
    expect(t.meta.botDue).toBeNull();
    expect(dueMoves(t, 29_999)).toEqual([]);
  });

  it('a person replaced by a bot mid-decision: the clock stops and the bot is due', () => {
    let t = begin(started('hulahoo', 2, { chaos: { noSwap: true } }, { clock: 30 }), 0);
    const waiting = awaited(t)[0]!;
    expect(t.meta.deadline).toBe(30_000);
    const out = setBot(t, waiting, { on: true }, new Set());
    if (!out.ok) throw new Error(out.error.message);
    t = reseat(t, out.meta, 10_000);
    expect(t.meta.deadline).toBeNull();
    expect(t.meta.botDue).toBe(10_000 + BOT_DELAY);
    expect(alarm(t, 10_000 + BOT_DELAY).made).toMatch(new RegExp(`^${waiting} play`));
  });

  it('a turn passing on restarts the clock; without a clock there is no deadline', () => {
    let t = begin(started('hulahoo', 2, { chaos: { noSwap: true } }, { clock: 15 }), 0);
    const first = awaited(t)[0]!;
    t = move(t, first, legal(t, first)[0], 4_000);
    expect(awaited(t)).not.toEqual([first]);
    expect(t.meta.deadline).toBe(4_000 + 15_000);

    let off = begin(started('hulahoo', 2, { chaos: { noSwap: true } }), 0);
    expect(off.meta.deadline).toBeNull();
    const seat = awaited(off)[0]!;
    off = move(off, seat, legal(off, seat)[0], 1_000);
    expect(off.meta.deadline).toBeNull();
    expect(dueMoves(off, 1e12)).toEqual([]);
  });
});

describe('the one alarm', () => {
  const meta = (deadline: number | null, botDue: number | null) =>
    ({ deadline, botDue }) as unknown as Table['meta'];

  it('rings at the earliest of the clean-up, a look at the sockets, the clock and the bots’ turn', () => {
    // A bots' turn later than SOON_MS is the alarm's own.
    const later = 1_000 + SOON_MS + 1;
    expect(alarmTime(meta(later + 5_000, later), [1e9], 1_000)).toBe(later);
    expect(alarmTime(meta(9_000, null), [1e9], 1_000)).toBe(9_000);
    expect(alarmTime(meta(null, null), [1e9], 1_000)).toBe(1e9);
    expect(alarmTime(meta(later + 5_000, later), [1e9, 3_000], 1_000)).toBe(3_000);
  });

  it('keeps a bots’ turn soon on a timer, with the alarm BACKSTOP_MS behind it', () => {
    expect(botsSoon(meta(null, 5_000), 1_000)).toBe(5_000);
    expect(alarmTime(meta(null, 5_000), [1e9], 1_000)).toBe(5_000 + BACKSTOP_MS);
    // The clock or a look at the sockets still ring on time.
    expect(alarmTime(meta(9_000, 5_000), [1e9], 1_000)).toBe(9_000);
    expect(alarmTime(meta(null, 5_000), [1e9, 3_000], 1_000)).toBe(3_000);
    // Nothing soon: no timer.
    expect(botsSoon(meta(null, 1_000 + SOON_MS + 1), 1_000)).toBeNull();
    expect(botsSoon(meta(9_000, null), 1_000)).toBeNull();
    expect(botsSoon(null, 1_000)).toBeNull();
  });

  it('leaves the clock and the bots out while the table makes no moves by itself (ALL-3)', () => {
    expect(alarmTime(null, [1e9, 7_000], 1_000)).toBe(7_000);
    expect(alarmTime(null, [1e9], 1_000)).toBe(1e9);
  });

  it('never rings at or before now: a bots’ turn already due rings at once, not in the past', () => {
    // workerd drops an alarm set in the past from inside the alarm handler (workerd#6866).
    expect(botsSoon(meta(null, 4_000), 5_000)).toBe(5_000);
    expect(alarmTime(meta(5_000, null), [1e9], 5_000)).toBe(5_001);
    expect(alarmTime(meta(null, 4_000 - SOON_MS * 9), [1e9], 5_000)).toBe(5_000 + BACKSTOP_MS);
  });
});

describe('results, after which the bots hold the table', () => {
  /** A move the engine must accept: the next state and the events it tells. */
  function told(game: AnyGame, state: unknown, seat: Seat, move: unknown) {
    const out = game.apply(state, seat, move);
    if (!out.ok) throw new Error(out.error.message);
    return { state: out.state as unknown, events: out.events as GameEvent[] };
  }

  it('Sneak: a contest’s outcome is one, challenged or not; a lead and an answer are not', () => {
    const sneak = games.sneak;
    const state = sneakBeforeFlaunt().state as unknown as SneakState;
    // Seat 0 flaunts its queen of hearts, which seat 1's king of hearts beats (SN-9).
    const named = (seat: Seat, name: string): string =>
      state.hands[seat]!.find((c) => cardName(c) === name)!.id;
    const led = told(sneak, state, 0, { t: 'flaunt', cards: [named(0, 'QH')] });
    expect(led.events.map((e) => e.type)).toEqual(['flaunted']);
    expect(resultsIn(sneak, led.events)).toBe(false);

    // Challenged: the cards shown and who takes them.
    const answered = told(sneak, led.state, 1, { t: 'challenge', cards: [named(1, 'KH')] });
    expect(resultsIn(sneak, answered.events)).toBe(false);
    const declined = told(sneak, answered.state, 2, { t: 'decline' });
    expect(resultsIn(sneak, declined.events)).toBe(false);
    const contest = told(sneak, declined.state, 3, { t: 'decline' });
    expect(contest.events.map((e) => e.type)).toEqual(['answered', 'revealed', 'won']);
    expect(resultsIn(sneak, contest.events)).toBe(true);

    // Unchallenged: the leader takes the cards back.
    let quiet = led.state;
    for (const seat of [1, 2]) quiet = told(sneak, quiet, seat, { t: 'decline' }).state;
    const taken = told(sneak, quiet, 3, { t: 'decline' });
    expect(taken.events.map((e) => e.type)).toEqual(['answered', 'won']);
    expect(resultsIn(sneak, taken.events)).toBe(true);

    // A result is its own game's: another game's events of the same name are not.
    expect(resultsIn(games.hilo, contest.events)).toBe(false);
  });

  it('Hula-Hoo!: a player knocked out is one; a card answered is not', () => {
    const hulahoo = games.hulahoo;
    const config = hulahoo.parseConfig({ chaos: { noSwap: true } }, 3);
    if (!config.ok) throw new Error(config.error.message);
    // Dealer 2, so seat 0 leads. Seat 1 holds no 13 and no joker.
    const state: HulaState = hulahoo.fromScenario(config.config, {
      dealer: 2,
      hands: [
        [13, 2, 3, 4, 5],
        [1, 2, 3, 4, 5],
        [7, 8, 9, 10, 11],
      ],
      faceUp: [
        [1, 2, 3, 4, 5],
        [6, 8, 9, 10, 11],
        [1, 2, 3, 4, 6],
      ],
      stock: [],
    });
    const lead = (v: number) => {
      const card = state.hands[0]!.find((c) => c.v === v)!.id;
      return told(hulahoo, state, 0, { t: 'play', card, call: 'higher' }).events;
    };
    // HH-8: a 13 called higher, which seat 1 cannot answer.
    const knocked = lead(13);
    expect(knocked.map((e) => e.type)).toContain('eliminated');
    expect(resultsIn(hulahoo, knocked)).toBe(true);
    const played = lead(2);
    expect(played.map((e) => e.type)).toEqual(['played']);
    expect(resultsIn(hulahoo, played)).toBe(false);
  });
});
