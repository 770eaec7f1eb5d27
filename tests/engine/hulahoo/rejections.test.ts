/** Untrusted moves and options: every bad input is a typed rejection, never a throw. */
import { describe, expect, it } from 'vitest';
import { config, game, idOf, refused, scenario } from './helpers.ts';

describe('Hula-Hoo! refuses bad moves', () => {
  const s = scenario({
    dealer: 2,
    hands: [
      [5, 1],
      [6, 2],
      [9, 3],
    ],
    faceUp: [[10], [11], [12]],
  });

  it('refuses a move from a seat whose turn it is not', () => {
    refused(game.apply(s, 1, { t: 'play', card: idOf(s, 1, 6), call: 'higher' }), 'not-your-turn');
  });

  it('refuses cards the mover does not hold, including an opponent’s, without telling whose', () => {
    const other = game.apply(s, 0, { t: 'play', card: idOf(s, 1, 6), call: 'higher' });
    const made = game.apply(s, 0, { t: 'play', card: 'no-such-card', call: 'higher' });
    refused(other, 'unknown-card');
    expect(other).toEqual(made);
  });

  it('refuses malformed moves', () => {
    const card = idOf(s, 0, 5);
    for (const move of [
      null,
      42,
      'play',
      [],
      {},
      { t: 7 },
      { t: 'dance' },
      { t: 'play' },
      { t: 'play', card: 5, call: 'higher' },
      { t: 'play', card, call: 'up' },
      { t: 'play', card, call: 'higher', extra: 1 },
    ]) {
      refused(game.apply(s, 0, move), 'malformed-move');
    }
  });

  it('refuses a target when the chaos rule is off', () => {
    refused(
      game.apply(s, 0, { t: 'play', card: idOf(s, 0, 5), call: 'higher', target: 1 }),
      'target-not-allowed',
    );
  });

  it('refuses seats that do not exist', () => {
    for (const seat of [-1, 3, 0.5, Number.NaN]) {
      refused(game.apply(s, seat, { t: 'play', card: idOf(s, 0, 5), call: 'higher' }), 'bad-seat');
    }
  });

  it('refuses moves of another phase', () => {
    refused(game.apply(s, 0, { t: 'swap', cards: [] }), 'wrong-phase');
    refused(game.apply(s, 0, { t: 'place', cards: [] }), 'wrong-phase');
    refused(game.apply(s, 0, { t: 'retarget', target: 1, call: 'lower' }), 'wrong-phase');
    refused(game.apply(s, 0, { t: 'nextRound' }), 'wrong-phase');
  });

  it('explains a card that does not follow the call', () => {
    const after = game.apply(s, 0, { t: 'play', card: idOf(s, 0, 5), call: 'higher' });
    if (!after.ok) throw new Error('lead refused');
    const out = game.apply(after.state, 1, {
      t: 'play',
      card: idOf(after.state, 1, 2),
      call: 'lower',
    });
    refused(out, 'does-not-follow');
    expect(!out.ok && out.error.message).toContain('above 5');
  });
});

describe('Hula-Hoo! options', () => {
  it('defaults to the 77-point goal with every chaos rule off', () => {
    expect(game.parseConfig(undefined, 4)).toEqual({ ok: true, config: config() });
    expect(game.parseConfig({}, 4)).toEqual({ ok: true, config: config() });
  });

  it('fills in what is missing', () => {
    const parsed = game.parseConfig({ goal: { kind: 'wins' }, chaos: { noSwap: true } }, 3);
    expect(parsed).toEqual({
      ok: true,
      config: {
        goal: { kind: 'wins', wins: 3, consecutive: false },
        chaos: { chooseFaceUp: false, noSwap: true, chooseTarget: false },
      },
    });
  });

  it('refuses bad options with a reason', () => {
    for (const raw of [
      7,
      [],
      { goal: 'points' },
      { goal: { kind: 'laps' } },
      { goal: { kind: 'points', points: 0 } },
      { goal: { kind: 'points', points: 1.5 } },
      { goal: { kind: 'wins', consecutive: 'yes' } },
      { chaos: { noSwap: 1 } },
      { chaos: { teleport: true } },
      { speed: 'fast' },
      { firstDealer: 4 },
    ]) {
      const parsed = game.parseConfig(raw, 4);
      expect(parsed.ok, JSON.stringify(raw)).toBe(false);
      if (!parsed.ok) {
        expect(parsed.error.code).toBe('bad-config');
        expect(parsed.error.message.length).toBeGreaterThan(10);
      }
    }
  });

  it('refuses player counts outside 2–6', () => {
    for (const players of [1, 7, 2.5]) {
      const parsed = game.parseConfig({}, players);
      expect(!parsed.ok && parsed.error.code).toBe('bad-players');
    }
  });
});
