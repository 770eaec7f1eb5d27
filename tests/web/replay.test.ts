/**
 * Replaying a finished game from its record: the same states as the game played, every card shown
 * face up once it is over (those the viewer did not see marked), and a record that does not replay is refused, not shown wrong.
 */
import { describe, expect, it } from 'vitest';
import { nextInt, seedRng } from '../../shared/engine/rng.ts';
import { reseed } from '../../shared/engine/rounds.ts';
import type { AnyGame, Seat } from '../../shared/engine/types.ts';
import { botFor } from '../../shared/games/bots.ts';
import { games } from '../../shared/games/index.ts';
import type { SneakEvent, State as SneakState } from '../../shared/games/sneak/types.ts';
import type { GameRecord } from '../../shared/protocol.ts';
import { openView, replaySteps, unseenCards } from '../../web/src/replay.ts';

function randomFrom(seed: string): () => number {
  const rng = seedRng(seed);
  return () => nextInt(rng, 0x40000000) / 0x40000000;
}

/**
 * Plays bots against each other for `limit` moves at most; returns the record and the states.
 * With `reseedAt`, the generator is replaced (as the server does with a game it takes over) once
 * the first round is over, and the record says where.
 */
function playGame(game: AnyGame, players: number, seed: string, limit = 400, reseedAt?: string) {
  const config = game.defaultConfig(players);
  let state = game.setup(config, players, seed);
  const states = [state];
  const record: GameRecord = { game: game.id, gameNo: 1, players, config, seed, moves: [] };
  const random = randomFrom(`${seed}:bots`);
  const bot = botFor(game.id, 'normal');
  for (let i = 0; i < limit && game.toMove(state).length > 0; i++) {
    const seat: Seat = game.toMove(state)[0]!;
    const move = bot.choose(game.view(state, seat), random);
    const out = game.apply(state, seat, move);
    if (!out.ok) throw new Error(out.error.message);
    record.moves.push({ seat, move });
    state = out.state;
    if (reseedAt !== undefined && !record.reseeded && state.phase === 'roundOver') {
      state = reseed(state, reseedAt);
      record.reseeded = { after: record.moves.length, seed: reseedAt };
    }
    states.push(state);
  }
  return { record, states };
}

describe.each(Object.values(games).map((g) => [g.id, g] as const))('%s replay', (_id, game) => {
  it('deals again from the seed and reaches every state the game went through', () => {
    const { record, states } = playGame(game, 3, 'replay-a');
    const steps = replaySteps(game, record);
    expect(steps).toHaveLength(states.length);
    expect(steps.map((s) => s.state)).toEqual(states);
    expect(steps[0]!.seat).toBeNull();
    expect(steps[1]!.seat).toBe(record.moves[0]!.seat);
  });

  it('replaces the generator where the record says it was reseeded, and deals as the game did', () => {
    const { record, states } = playGame(game, 3, 'replay-r', 400, 'server-seed');
    expect(record.reseeded?.after).toBeGreaterThan(0);
    const steps = replaySteps(game, record);
    expect(steps.map((s) => s.state)).toEqual(states);
    // Without it, the deals after the reseed are the first seed's, not the game's.
    const { reseeded: _, ...plain } = record;
    const again = () => {
      try {
        return replaySteps(game, plain).map((s) => s.state);
      } catch {
        return null; // its moves no longer fit the cards dealt
      }
    };
    expect(again()).not.toEqual(states);
  });

  it('shows every card face up to the viewer, marks those it did not see, and offers nothing to do', () => {
    const { record } = playGame(game, 3, 'replay-b', 12);
    const step = replaySteps(game, record).at(-1)!;
    const view = openView(game, step.state, 0);
    expect(view.legal).toEqual([]);
    expect(view.toMove).toEqual([]);
    expect(view.you).toBe(0);
    expect(JSON.stringify(view)).not.toContain('"hidden"');
    // What seat 0 saw during play hid some cards: exactly those are marked.
    const live = JSON.stringify(game.view(step.state, 0));
    expect(live).toContain('"hidden":true');
    const unseen = unseenCards(game, step.state, 0);
    expect(unseen.size).toBeGreaterThan(0);
    for (const id of unseen) {
      expect(JSON.stringify(view)).toContain(`"id":"${id}"`);
      expect(live).not.toContain(`"id":"${id}"`);
    }
    for (const seat of [1, 2]) {
      // Each player's place shows at least what its owner saw of it.
      const own = JSON.stringify(
        (game.view(step.state, seat) as { players: unknown[] }).players[seat],
      );
      for (const id of own.match(/"id":"[^"]+"/g) ?? []) {
        expect(JSON.stringify(view.players[seat])).toContain(id);
      }
    }
  });

  it('leaves the live views alone: a seat during play still sees others’ cards hidden', () => {
    const { record } = playGame(game, 3, 'replay-d', 30);
    const state = replaySteps(game, record).at(-1)!.state;
    openView(game, state, 0);
    expect(JSON.stringify(game.view(state, 0))).toContain('"hidden":true');
  });

  it('refuses a record whose moves do not replay', () => {
    const { record } = playGame(game, 2, 'replay-c', 6);
    const moves = record.moves.map((m, i) => (i === 2 ? { ...m, move: { t: 'fold' } } : m));
    const broken = { ...record, moves };
    expect(() => replaySteps(game, broken)).toThrow(/does not replay/);
  });
});

describe('Sneak replay', () => {
  const game = games.sneak;
  /** A game of three played until someone has won a sneak unseen (SN-10), and its replay. */
  function unseenWin() {
    for (const seed of ['unseen-a', 'unseen-b', 'unseen-c', 'unseen-d']) {
      const { record, states } = playGame(game, 3, seed);
      const steps = replaySteps(game, record);
      const at = steps.findIndex((s) => s.events.some((e) => e.type === 'won' && e.unseen));
      if (at > 0) return { steps, states, at };
    }
    throw new Error('no sneak was won unseen');
  }

  it('tells and shows the cards of a sneak won unseen, which the live game kept hidden', () => {
    const { steps, states, at } = unseenWin();
    const step = steps[at]!;
    const sneaked = (steps[at - 1]!.state as SneakState).lead!.cards;
    const won = (step.events as SneakEvent[]).find((e) => e.type === 'won')!;
    if (won.type !== 'won') throw new Error('no win');
    expect(won.cards).toEqual(sneaked);
    const names = sneaked.map((c) => `"id":"${c.id}"`);
    for (const you of [0, 1, 2]) {
      if (you === won.seat) continue;
      // The open view shows them in the last contest, marked as not seen during play.
      const last = JSON.stringify(openView(game, step.state, you).last);
      for (const id of names) expect(last).toContain(id);
      for (const c of sneaked) expect(unseenCards(game, step.state, you)).toContain(c.id);
      // Live, the same state hides them from the others.
      const live = JSON.stringify(game.view(states[at]!, you));
      for (const id of names) expect(live).not.toContain(id);
    }
  });
});
