import { describe, expect, it } from 'vitest';
import { randomPick } from '../../../shared/engine/random.ts';
import type { Seat } from '../../../shared/engine/types.ts';
import { sneakBot, sneakEasyBot } from '../../../shared/games/sneak/bot.ts';
import { sneak } from '../../../shared/games/sneak/index.ts';
import { fillChoice } from '../../../shared/games/sneak/legal.ts';
import {
  candidates,
  determinize,
  sneakHardBot,
  value,
} from '../../../shared/games/sneak/search.ts';
import type { Card, Move, Scenario, State } from '../../../shared/games/sneak/types.ts';
import { isListed } from '../support/cards.ts';
import { randomFrom } from '../support/properties.ts';
import { shuffleHidden } from './adapter.ts';
import { ids, play, start } from './helpers.ts';

/** Dice that never roll the easy bot's slips (nor break a tie the other way), and the opposite. */
const steady = () => 0.99;
const daring = () => 0;

const choose = (state: State, seat: Seat, random: () => number = steady): Move =>
  sneakBot.choose(sneak.view(state, seat), random);

const sorted = (move: Move) =>
  'cards' in move ? { ...move, cards: [...move.cards].sort() } : move;

/** Whether `move` is one the view lists, or a stand-in filled with distinct cards of the seat's hand. */
const listed = (state: State, seat: Seat, move: Move): boolean =>
  isListed(sneak.legalMoves(state, seat), state.hands[seat]!, move);

/** Plays a whole game with bots in every seat; every move must be listed and accepted. */
function botGame(players: number, seed: string, onState?: (state: State) => void): State {
  const random = randomFrom(`${seed}/bots`);
  let state = sneak.setup(sneak.defaultConfig(players), players, seed);
  for (let step = 0; !sneak.result(state).over; step++) {
    if (step > 50_000) throw new Error(`game ${seed} did not end`);
    onState?.(state);
    const seats = sneak.toMove(state);
    const seat = randomPick(seats, random);
    const move = sneakBot.choose(sneak.view(state, seat), random);
    if (!listed(state, seat, move)) {
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

  it('banks a weak pair before the stock runs out, sneaking it (SN-3, SN-10)', () => {
    // A pair of 4s would be beaten by any higher pair flaunted in the endgame; a rival holding six
    // cards is unlikely to hold a better pair now.
    const state = start(duel('4C 4D 9H JS KD', '2C 5D 8S JH 3D 6C'));
    expect(sorted(choose(state, 0))).toEqual({ t: 'sneak', cards: ids(state, 0, '4C 4D').sort() });
  });

  it('draws instead while a bigger rival hand probably holds a better set', () => {
    const state = start(duel('4C 4D 9H JS KD', '2C 5D 8S JH 3D 6C 7H 10H QC KC'));
    expect(choose(state, 0)).toEqual({ t: 'draw' });
  });

  it('now and then bluffs, sneaking its lowest cards where no set is worth leading', () => {
    const state = start(duel('2C 7D 9H JS KD', '3C 5D 8S JH 3D 6C 7H 10H'));
    expect(choose(state, 0)).toEqual({ t: 'draw' });
    expect(sorted(choose(state, 0, daring))).toEqual({
      t: 'sneak',
      cards: ids(state, 0, '2C 7D').sort(),
    });
  });

  it('flaunts that match once the stock is gone (SN-12)', () => {
    const state = start(duel('AS AH AD 4C 7D 9H', '2C 5D 8S JH 3D 6C', ''));
    expect(sorted(choose(state, 0))).toEqual({
      t: 'flaunt',
      cards: ids(state, 0, 'AS AH AD').sort(),
    });
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
    expect(checked).toBeGreaterThan(300);
  });
});

describe('sneak easy bot', () => {
  it('plays as the normal bot when it does not slip', () => {
    const state = start(duel('AS AH AD 4C 7D 9H', '2C 5D 8S JH 3D 6C'));
    const view = sneak.view(state, 0);
    expect(sneakEasyBot.choose(view, steady)).toEqual(sneakBot.choose(view, steady));
  });

  it('slips by banking a pair face up while it could still draw', () => {
    const state = start(duel('KS KH 4C 7D 9H', '2C 5D 8S JH 3D 6C'));
    expect(sorted(sneakEasyBot.choose(sneak.view(state, 0), daring))).toEqual({
      t: 'flaunt',
      cards: ids(state, 0, 'KS KH').sort(),
    });
  });

  it('slips by letting a flaunt it could beat go by, or by beating it with its best card', () => {
    const state = answering('flaunt', '9S', '10S KS AH 2C');
    const slips = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const random = randomFrom(`slip-${i}`);
      // Roll a slip, then pick among the slips at random.
      let rolls = 0;
      const dice = () => (rolls++ === 0 ? 0 : random());
      slips.add(JSON.stringify(sneakEasyBot.choose(sneak.view(state, 1), dice)));
    }
    expect([...slips].sort()).toEqual(
      [{ t: 'challenge', cards: ids(state, 1, 'KS') }, { t: 'decline' }]
        .map((m) => JSON.stringify(m))
        .sort(),
    );
  });
});

describe('sneak hard bot', () => {
  /**
   * Three players, the stock gone: seat 0 flaunts its last card, the 9S. Seat 1 has won every card
   * but five, so the only cards it has not seen are seat 2's hand: the AS and the 3D.
   */
  function outbid(): State {
    const state = start({
      dealer: 2,
      hands: [['9S'], ['10S', '2H'], ['AS', '3D']],
      stock: [],
      won: [0, 47, 0],
    });
    return play(state, 0, { t: 'flaunt', cards: ids(state, 0, '9S') }).state;
  }

  it('keeps a card that another challenger would beat, where the normal bot spends it', () => {
    const state = outbid();
    // SN-9: seat 2's ace beats any spade; the 10S is worth more flaunted later (SN-12).
    expect(choose(state, 1)).toEqual({ t: 'challenge', cards: ids(state, 1, '10S') });
    expect(sneakHardBot.choose(sneak.view(state, 1), randomFrom('outbid'))).toEqual({
      t: 'decline',
    });
  });

  it('challenges a sneak it is likely to beat, and lets one by that it would likely lose', () => {
    // Seat 0 sneaks two of its four cards; the rest of the pack lies in the winnings.
    const sneaked = (mine: string) => {
      const state = start({
        dealer: 2,
        hands: ['5C 9S 2H 3H'.split(' '), mine.split(' '), '4S 6S 8D 10H JC QC'.split(' ')],
        stock: ['5H', '7D', '9D'],
        won: [15, 10, 10],
      });
      return play(state, 0, { t: 'sneak', cards: ids(state, 0, '5C 9S') }).state;
    };
    const strong = sneaked('KS KD 4C 9H');
    expect(sorted(sneakHardBot.choose(sneak.view(strong, 1), randomFrom('strong')))).toEqual({
      t: 'challenge',
      cards: ids(strong, 1, 'KS KD').sort(),
    });
    const weak = sneaked('2S 5D 9C JH');
    expect(sneakHardBot.choose(sneak.view(weak, 1), randomFrom('weak'))).toEqual({
      t: 'decline',
    });
  });

  it('weighs the draw against the leads the normal bot likes best while the stock lasts', () => {
    const state = start(duel('4C 4D 9H JS KD', '2C 5D 8S JH 3D 6C'));
    const weighed = candidates(sneak.view(state, 0), steady);
    expect(weighed[0]).toEqual({ t: 'draw' });
    expect(weighed.map(sorted)).toContainEqual({
      t: 'sneak',
      cards: ids(state, 0, '4C 4D').sort(),
    });
    expect(weighed.length).toBeLessThanOrEqual(4);
  });

  it('draws without searching on a turn that must draw (SN-2)', () => {
    const state = sneak.setup(sneak.defaultConfig(3), 3, 'first');
    expect(candidates(sneak.view(state, 1), steady)).toEqual([{ t: 'draw' }]);
  });

  it('weighs the usual challenge, declining and the strongest one against a flaunt', () => {
    const state = answering('flaunt', '9S', '10S KS AH 2C');
    expect(candidates(sneak.view(state, 1), steady)).toEqual([
      { t: 'challenge', cards: ids(state, 1, '10S') },
      { t: 'decline' },
      { t: 'challenge', cards: ids(state, 1, 'KS') },
    ]);
  });

  it('values a won game as 1, a lost one as 0, and a lead as better than a deficit', () => {
    const end = { ...start(duel('2C', '3C', '')), phase: 'gameOver' as const, winners: [1] };
    expect(value(end, 1)).toBe(1);
    expect(value(end, 0)).toBe(0);
    const ahead = start({ ...duel('2C 4D', '3C 5H', ''), totals: [60, 40] });
    expect(value(ahead, 0)).toBeGreaterThan(0.5);
    expect(value(ahead, 1)).toBeLessThan(0.5);
  });
});

/** A random legal move, stand-ins filled with real cards: every kind of lead and answer turns up. */
function randomMove(state: State, seat: Seat, random: () => number): Move {
  const legal = sneak.legalMoves(state, seat);
  const move = randomPick(legal, random);
  if (!('count' in move) || move.count === undefined) return move;
  const cards = fillChoice(
    state.hands[seat]!,
    { t: move.t, count: move.count },
    state.lead,
    random,
  );
  return { t: move.t, cards } as Move;
}

/** Every face of the game's packs, as many times as the packs hold it, and every id once. */
function expectWholeDeck(world: State): void {
  const all: Card[] = [...world.stock, ...(world.lead?.cards ?? [])];
  for (const hand of world.hands) all.push(...hand);
  for (const pile of world.won) all.push(...pile);
  expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
  const faces = new Map<string, number>();
  for (const c of all) faces.set(`${c.r}${c.s}`, (faces.get(`${c.r}${c.s}`) ?? 0) + 1);
  expect(faces.size).toBe(52);
  for (const n of faces.values()) expect(n).toBe(world.config.packs);
}

describe('sneak hard bot: dealt worlds', () => {
  it('deals worlds the engine accepts, that look the same from the seat, with the whole deck', {
    timeout: 60_000,
  }, () => {
    let checked = 0;
    for (let g = 0; g < 18; g++) {
      const players = 2 + (g % 6);
      const options = players === 4 && g % 12 === 8 ? { packs: 2 as const, target: 60 } : {};
      const parsed = sneak.parseConfig(options, players);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const random = randomFrom(`worlds-${g}`);
      let state = sneak.setup(parsed.config, players, `worlds-${g}`);
      for (let step = 0; step < 1500 && !sneak.result(state).over; step++) {
        const seats = sneak.toMove(state);
        const seat = randomPick(seats, random);
        const live = state.phase === 'play' || state.phase === 'challenge';
        if (live && random() < 0.05) {
          for (const s of seats) {
            const view = sneak.view(state, s);
            const world = determinize(view, random);
            expect(sneak.legalMoves(world, s)).toEqual(view.legal);
            expect(sneak.view(world, s)).toEqual(view);
            expectWholeDeck(world);
            checked++;
          }
        }
        // Mostly the normal bot, so that rounds end; random moves now and then for sneaks.
        const move =
          random() < 0.3
            ? randomMove(state, seat, random)
            : sneakBot.choose(sneak.view(state, seat), random);
        state = play(state, seat, move).state;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });
});
