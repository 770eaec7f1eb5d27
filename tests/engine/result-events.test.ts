/**
 * Each game's result events (Game.resultEvents), after which a table's bots hold on so people can
 * read them: every one is an event the game tells in play while its round goes on, where the hold
 * is all that gives people the time to read it.
 */
import { describe, expect, it } from 'vitest';
import { randomPick } from '../../shared/engine/random.ts';
import type { AnyGame, GameEvent } from '../../shared/engine/types.ts';
import { games } from '../../shared/games/index.ts';
import { ADAPTER, ADAPTERS } from './adapters.ts';
import { describeEachGame } from './support/per-game.ts';
import { type PropertyAdapter, randomFrom } from './support/properties.ts';

/** A move's events, and whether its round goes on after it. */
interface Told {
  events: GameEvent[];
  roundGoesOn: boolean;
}

/** Random play of the first `rounds` rounds of each variant at every player count. */
function tell(adapter: PropertyAdapter<unknown>, rounds: number): Told[] {
  const game = adapter.game as AnyGame;
  const random = randomFrom(`results/${game.id}`);
  const told: Told[] = [];
  for (const raw of adapter.variants) {
    for (let players = adapter.minPlayers; players <= adapter.maxPlayers; players++) {
      const parsed = game.parseConfig(raw, players);
      if (!parsed.ok) throw new Error(parsed.error.message);
      let state = game.setup(parsed.config, players, `results/${players}`);
      let ended = 0;
      for (let step = 0; step < 20_000 && ended < rounds; step++) {
        const seat = game.toMove(state)[0];
        if (seat === undefined) break;
        let move = randomPick(game.legalMoves(state, seat), random);
        if (adapter.concretize) move = adapter.concretize(state, seat, move, random);
        const out = game.apply(state, seat, move);
        if (!out.ok) throw new Error(`legal move refused: ${out.error.message}`);
        state = out.state;
        const { phase } = state as { phase: string };
        const roundGoesOn = phase !== 'roundOver' && phase !== 'gameOver';
        if (!roundGoesOn) ended++;
        told.push({ events: out.events, roundGoesOn });
      }
    }
  }
  return told;
}

describe('result events', () => {
  describeEachGame(ADAPTERS, ADAPTER, '%s', (id, adapter) => {
    it('each is told in play while the round goes on', () => {
      const midRound = new Set<string>();
      for (const { events, roundGoesOn } of tell(adapter, 3)) {
        if (roundGoesOn) for (const e of events) midRound.add(e.type);
      }
      for (const type of games[id].resultEvents) {
        expect(midRound, `${id} tells "${type}" mid-round`).toContain(type);
      }
    });
  });

  it('Sneak’s are a contest’s outcome, Hula-Hoo!’s a player knocked out', () => {
    expect(games.sneak.resultEvents).toEqual(['revealed', 'won']);
    expect(games.hulahoo.resultEvents).toEqual(['eliminated']);
  });

  it('HiLO has none: its layouts are revealed only as its round ends, in the pause that follows', () => {
    expect(games.hilo.resultEvents).toEqual([]);
    const reveals = tell(ADAPTERS.hilo!, 3).filter(({ events }) =>
      events.some((e) => e.type === 'revealed'),
    );
    expect(reveals.length).toBeGreaterThan(0);
    for (const { events, roundGoesOn } of reveals) {
      expect(roundGoesOn).toBe(false);
      expect(events.map((e) => e.type)).toContain('roundOver');
    }
  });
});
