import { describe, expect, it } from 'vitest';
import type { Seat } from '../../../shared/engine/types.ts';
import { sneakBot } from '../../../shared/games/sneak/bot.ts';
import { sneak } from '../../../shared/games/sneak/index.ts';
import type { Move, Scenario, State } from '../../../shared/games/sneak/types.ts';
import { randomFrom } from '../support/properties.ts';
import { shuffleHidden } from './adapter.ts';
import { ids, play, start } from './helpers.ts';

/** Dice that never roll the bot's occasional surprises (a bluff, a lure), and the opposite. */
const steady = () => 0.99;
const daring = () => 0;

const choose = (state: State, seat: Seat, random: () => number = steady): Move =>
  sneakBot.choose(sneak.view(state, seat), random);

const sorted = (move: Move) =>
  'cards' in move ? { ...move, cards: [...move.cards].sort() } : move;

/** Whether `move` is one the view lists, a stand-in filled with distinct cards of the seat's hand. */
function isListed(state: State, seat: Seat, move: Move): boolean {
  const legal = sneak.legalMoves(state, seat);
  const json = JSON.stringify(sorted(move));
  if (legal.some((m) => JSON.stringify(sorted(m)) === json)) return true;
  // A stand-in's size: any cards of the hand (whether they are a legal choice, `apply` says next).
  if (move.t !== 'sneak' && move.t !== 'challenge' && move.t !== 'flaunt') return false;
  const hand = new Set(state.hands[seat]!.map((c) => c.id));
  return (
    !('count' in move) &&
    new Set(move.cards).size === move.cards.length &&
    move.cards.every((id) => hand.has(id)) &&
    legal.some((m) => m.t === move.t && m.count === move.cards.length)
  );
}

/** Plays a whole game with bots in every seat; every move must be listed and accepted. */
function botGame(players: number, seed: string, onState?: (state: State) => void): State {
  const random = randomFrom(`${seed}/bots`);
  let state = sneak.setup(sneak.defaultConfig(players), players, seed);
  for (let step = 0; !sneak.result(state).over; step++) {
    if (step > 50_000) throw new Error(`game ${seed} did not end`);
    onState?.(state);
    const seats = sneak.toMove(state);
    const seat = seats[Math.floor(random() * seats.length)]!;
    const move = sneakBot.choose(sneak.view(state, seat), random);
    if (!isListed(state, seat, move)) {
      throw new Error(`game ${seed}: ${JSON.stringify(move)} is not legal`);
    }
    const out = sneak.apply(state, seat, move);
    if (!out.ok) {
      throw new Error(`game ${seed}: ${JSON.stringify(move)} refused: ${out.error.code}`);
    }
    state = out.state;
  }
  return state;
}

describe('sneak bot: self-play', () => {
  // A few seconds: about 300,000 bot moves.
  it('plays 150 whole games of 2 to 7 bots with legal moves only', { timeout: 60_000 }, () => {
    for (let g = 0; g < 150; g++) {
      const end = botGame(2 + (g % 6), `self-${g}`);
      expect(end.phase).toBe('gameOver');
      expect(end.winners.length).toBeGreaterThan(0);
    }
  });
});

/** Two players, one pack: seat 1 dealt, so seat 0 moves first. */
const duel = (mine: string, theirs: string, stock = '10C QD KH'): Scenario => ({
  dealer: 1,
  hands: [mine.split(' '), theirs.split(' ')],
  stock: stock.split(' ').filter(Boolean),
});

/** Three players: seat 0 leads `lead` (a sneak or a flaunt), then seat 1 is asked to answer. */
function answering(kind: 'sneak' | 'flaunt', lead: string, mine: string): State {
  const state = start({
    dealer: 2,
    hands: [`${lead} 2H 3H`.split(' '), mine.split(' '), '4S 6S 8D 10H JC QC'.split(' ')],
    stock: ['5H', '7D', '9D'],
  });
  return play(state, 0, { t: kind, cards: ids(state, 0, lead) }).state;
}

describe('sneak bot: its own turn', () => {
  it('draws on its first turn (SN-2)', () => {
    const state = sneak.setup(sneak.defaultConfig(3), 3, 'first');
    expect(choose(state, 1)).toEqual({ t: 'draw' });
  });

  it('keeps drawing while its hand is small', () => {
    const state = start(duel('KS 3D', '2C 5D 8S JH 3C 6C'));
    expect(choose(state, 0)).toEqual({ t: 'draw' });
  });

  it('flaunts a strong match that nobody can beat', () => {
    const state = start(duel('AS AH AD 4C 7D 9H', '2C 5D 8S JH 3D 6C'));
    expect(sorted(choose(state, 0))).toEqual({
      t: 'flaunt',
      cards: ids(state, 0, 'AS AH AD').sort(),
    });
  });

  it('now and then sneaks that match instead, to lure challengers it beats', () => {
    const state = start(duel('AS AH AD 4C 7D 9H', '2C 5D 8S JH 3D 6C'));
    expect(sorted(choose(state, 0, daring))).toEqual({
      t: 'sneak',
      cards: ids(state, 0, 'AS AH AD').sort(),
    });
  });

  it('sends real card ids, without the stand-in count, when it sneaks', () => {
    const state = start(duel('AS AH AD 4C 7D 9H', '2C 5D 8S JH 3D 6C'));
    const move = choose(state, 0, daring);
    expect(Object.keys(move).sort()).toEqual(['cards', 't']);
    expect(play(state, 0, move).state.phase).toBe('challenge');
  });

  it('once the stock is gone, flaunts the card least likely to be beaten (SN-12)', () => {
    const state = start(duel('7H AS 3D', '2C 5D 8S JH 3C 6C', ''));
    expect(choose(state, 0)).toEqual({ t: 'flaunt', cards: ids(state, 0, 'AS') });
  });

  it('asks for the next round when the round is over', () => {
    const state = start({ dealer: 1, hands: [['2C'], []], stock: [] });
    expect(state.phase).toBe('roundOver');
    expect(choose(state, 1)).toEqual({ t: 'nextRound' });
  });
});

describe('sneak bot: answering a lead', () => {
  it('challenges a sneak with a strong combo of its size', () => {
    const state = answering('sneak', '5C 9S', 'KS KD 4C 9H');
    expect(sorted(choose(state, 1))).toEqual({
      t: 'challenge',
      cards: ids(state, 1, 'KS KD').sort(),
    });
  });

  it('declines a sneak without a strong combo', () => {
    const state = answering('sneak', '5C 9S', '2S 5D 9C JH');
    expect(choose(state, 1)).toEqual({ t: 'decline' });
  });

  it('challenges with less the more cards are at stake', () => {
    // A straight is too weak against two hidden cards, strong enough against five.
    const two = answering('sneak', '5C 9S', '8H 9C 2S');
    expect(choose(two, 1)).toEqual({ t: 'decline' });
    const five = answering('sneak', '5C 9S KC QD 4D', '5S 6D 7C 8H 9C');
    expect(sorted(choose(five, 1))).toEqual({
      t: 'challenge',
      cards: ids(five, 1, '5S 6D 7C 8H 9C').sort(),
    });
  });

  it('declines when its clock runs out, even holding a strong combo (SN-5)', () => {
    const state = answering('sneak', '5C 9S', 'KS KD 4C 9H');
    expect(sneakBot.onTimeout!(sneak.view(state, 1), steady)).toEqual({ t: 'decline' });
  });

  it('makes its usual move when its clock runs out on its own turn', () => {
    const state = start(duel('KS 3D', '2C 5D 8S JH 3C 6C'));
    expect(sneakBot.onTimeout!(sneak.view(state, 0), steady)).toEqual({ t: 'draw' });
  });

  it('challenges a flaunt with the cheapest card that beats it (SN-9)', () => {
    const state = answering('flaunt', '9S', '10S KS AH 2C');
    expect(choose(state, 1)).toEqual({ t: 'challenge', cards: ids(state, 1, '10S') });
  });

  it('challenges a flaunted match with the cheapest higher match', () => {
    const state = answering('flaunt', '9S 9H', 'KS KH 10C 10D');
    expect(sorted(choose(state, 1))).toEqual({
      t: 'challenge',
      cards: ids(state, 1, '10C 10D').sort(),
    });
  });

  it('declines a flaunt it cannot beat', () => {
    const state = answering('flaunt', 'AS', 'KS KH 10C 10D');
    expect(choose(state, 1)).toEqual({ t: 'decline' });
  });
});

describe('sneak bot: hidden information', () => {
  it('chooses the same move whatever lies in the stock and the hands it cannot see', () => {
    let checked = 0;
    for (let g = 0; g < 24; g++) {
      const shuffle = randomFrom(`hide-${g}`);
      botGame(2 + (g % 6), `hide-${g}`, (state) => {
        if (shuffle() > 0.05) return;
        for (const seat of sneak.toMove(state)) {
          const other = shuffleHidden(state, seat, shuffle);
          expect(choose(other, seat, randomFrom(`same-${checked}`))).toEqual(
            choose(state, seat, randomFrom(`same-${checked}`)),
          );
          checked++;
        }
      });
    }
    expect(checked).toBeGreaterThan(500);
  });
});
