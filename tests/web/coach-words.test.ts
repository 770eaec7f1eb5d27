/**
 * What the coach says (web/src/coach/): each game's moves in a few words with the cards they
 * involve, a turning point in a sentence in English, French and German, the caption of one shown
 * on the board, few real choices, and the chart in words.
 */
import './browser-globals.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { hilo } from '../../shared/games/hilo/index.ts';
import { hulahoo } from '../../shared/games/hulahoo/index.ts';
import type { State as HulaState } from '../../shared/games/hulahoo/types.ts';
import { sneak } from '../../shared/games/sneak/index.ts';
import { DRAW_PILE } from '../../web/src/advice-marks.ts';
import {
  chartSummary,
  fewChoicesText,
  pointText,
  shownCaption,
} from '../../web/src/coach/sentences.ts';
import { marksOf, turningPoints } from '../../web/src/coach/turning-points.ts';
import type { Words } from '../../web/src/coach/words/common.ts';
import { words as hiloWords } from '../../web/src/coach/words/hilo.ts';
import { words as hulaWords } from '../../web/src/coach/words/hulahoo.ts';
import { words as sneakWords } from '../../web/src/coach/words/sneak.ts';
import { setLang } from '../../web/src/i18n.ts';
import { openView } from '../../web/src/replay.ts';
import { decision, review } from './coach-fixture.ts';

const names = ['Ann', 'Bob', 'Cleo'];

/** Ann to lead in Hula-Hoo!, holding a 4, a 9 and a joker, a 12 face up. */
const lead: HulaState = hulahoo.fromScenario(hulahoo.defaultConfig(3), {
  dealer: 2,
  hands: [
    [4, 9, 7],
    [2, 3],
    [5, 6],
  ],
  faceUp: [[12], [], []],
  stock: [1, 1, 1],
});
const hulaView = openView(hulahoo, lead, 0);
/** The id of Ann's Hula-Hoo! card of value `v`. */
const idOf = (v: number) => [...lead.hands[0]!, ...lead.faceUp[0]!].find((c) => c.v === v)!.id;
const say = (words: Words, view: unknown) => (_: unknown, move: unknown) =>
  words(view, move, names, 0);

/** The text with its no-break spaces as spaces: which one a percentage takes varies by ICU. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

beforeEach(async () => {
  await setLang('en');
});

describe('Hula-Hoo!’s moves in words', () => {
  it('say the card played, the call and the target, and mark the card', () => {
    const nine = idOf(9);
    expect(hulaWords(hulaView, { t: 'play', card: nine, call: 'higher' }, names, 0)).toEqual({
      phrase: 'playing the 9 and calling higher',
      cards: [nine],
    });
    const joker = idOf(7);
    expect(
      hulaWords(hulaView, { t: 'play', card: joker, call: 'lower', target: 2 }, names, 0).phrase,
    ).toBe('playing the joker (7) and calling lower, at Cleo');
    // HH-6: a play with no call is a double.
    expect(hulaWords(hulaView, { t: 'play', card: nine }, names, 0).phrase).toBe(
      'playing the 9 as a double',
    );
  });

  it('say a swap by its cards, and keeping them all as such', () => {
    const twelve = idOf(12);
    expect(hulaWords(hulaView, { t: 'swap', cards: [twelve] }, names, 0)).toEqual({
      phrase: 'swapping the 12',
      cards: [twelve],
    });
    expect(hulaWords(hulaView, { t: 'swap', cards: [] }, names, 0)).toEqual({
      phrase: 'keeping your face-up cards',
      cards: [],
    });
  });

  it('say a move they do not know as another move, marking nothing', () => {
    expect(hulaWords(hulaView, { t: 'fly' }, names, 0)).toEqual({
      phrase: 'another move',
      cards: [],
    });
  });
});

describe('HiLO’s moves in words', () => {
  // Ann to play, a red 5 on the discard pile, a blue 9 at row 2, column 3 of her layout.
  const down = (c: number) => Array.from({ length: 9 }, (_, v) => ({ v, c, up: false }));
  const layout = down(0);
  layout[5] = { v: 9, c: 1, up: true };
  const state = hilo.fromScenario(hilo.defaultConfig(2), {
    dealer: 0,
    start: 0,
    layouts: [layout, down(2)],
    stock: [
      { v: 1, c: 3 },
      { v: 2, c: 3 },
    ],
    discard: [{ v: 5, c: 0 }],
  });
  const view = openView(hilo, state, 0);
  const you = 0;
  const top = state.discard.at(-1)!;
  const cell = { row: 1, col: 2 };
  const there = state.layouts[0]![1]![2]!.card;

  it('name the place in the layout, and mark the card taken and the one it replaces', () => {
    const said = hiloWords(view, { t: 'take', cell }, names, you);
    expect(said.phrase).toBe('taking the red 5 from the discard pile for row 2, column 3');
    expect(said.cards).toEqual([top.id, there.id]);
  });

  it('say a draw, which marks the draw pile (the card it brings was not known)', () => {
    expect(hiloWords(view, { t: 'draw' }, names, you)).toEqual({
      phrase: 'drawing from the pile',
      cards: [DRAW_PILE],
    });
  });
});

describe('Sneak’s moves in words', () => {
  const state = sneak.fromScenario(sneak.defaultConfig(3), {
    dealer: 2,
    hands: [['7H', '7S', 'KC'], ['2C'], ['3D']],
    stock: ['4C', '5C'],
  });
  const view = openView(sneak, state, 0);
  const sevens = ['H', 'S'].map((s) => state.hands[0]!.find((c) => c.r === 7 && c.s === s)!.id);

  it('name the cards led, and mark them', () => {
    expect(sneakWords(view, { t: 'flaunt', cards: sevens }, names, 0)).toEqual({
      phrase: 'flaunting the 7 of hearts and 7 of spades',
      cards: sevens,
    });
  });

  it('say a move that stands for any N cards by its size, marking no card', () => {
    expect(sneakWords(view, { t: 'sneak', cards: [], count: 2 }, names, 0)).toEqual({
      phrase: 'sneaking 2 cards',
      cards: [],
    });
  });
});

describe('a turning point', () => {
  const nine = { t: 'play', card: idOf(9), call: 'higher' };
  const four = { t: 'play', card: idOf(4), call: 'lower' };
  const point = (chance: number, bestChance: number) =>
    review([decision(4, 3, { played: four, best: nine, chance, bestChance, sure: true })], [0]);

  it('is a sentence naming its round, both moves, and what the better one was worth', () => {
    const [tp] = turningPoints(point(0.22, 0.4), say(hulaWords, hulaView));
    expect(pointText(tp!)).toBe(
      'Round 3: playing the 9 and calling higher was worth 18 points more of your chance to win (40% against 22%) than your move, playing the 4 and calling lower.',
    );
  });

  it('is said in French and in German', async () => {
    await setLang('fr');
    const [fr] = turningPoints(point(0.22, 0.4), say(hulaWords, hulaView));
    expect(spaced(pointText(fr!))).toBe(
      'Manche 3 : mieux valait jouer le 9 en annonçant plus, 18 points de chances de gagner en plus (40 % contre 22 %) que votre coup, jouer le 4 en annonçant moins.',
    );
    await setLang('de');
    const [de] = turningPoints(point(0.22, 0.4), say(hulaWords, hulaView));
    expect(spaced(pointText(de!))).toBe(
      'Runde 3: Besser war es, die Karte 9 zu spielen und höher anzusagen: 18 Punkte mehr Gewinnchance (40 % statt 22 %) als dein Zug, die Karte 4 zu spielen und tiefer anzusagen.',
    );
  });

  it('says a gain of less than a point as one point', () => {
    const [tp] = turningPoints(point(0.5, 0.504), say(hulaWords, hulaView));
    expect(pointText(tp!)).toContain('was worth 1 point more');
  });

  it('marks the better move’s cards and the played move’s, each told apart on the board', () => {
    const [tp] = turningPoints(point(0.22, 0.4), say(hulaWords, hulaView));
    expect(marksOf(tp!)).toEqual(
      new Map([
        [nine.card, 'better'],
        [four.card, 'played'],
      ]),
    );
    expect(shownCaption(tp!)).toBe(
      'Round 3, turning point 1. Better: playing the 9 and calling higher, outlined in green. Yours: playing the 4 and calling lower, outlined in orange.',
    );
  });

  it('marks a card both moves play as both', () => {
    const lower = { ...nine, call: 'lower' };
    const r = review([decision(4, 3, { played: lower, best: nine, bestChance: 0.6 })], [0]);
    const [tp] = turningPoints(r, say(hulaWords, hulaView));
    expect(marksOf(tp!)).toEqual(new Map([[nine.card, 'both']]));
  });

  it('shown for a move with no card to mark, says the move without an outline', () => {
    const r = review(
      [decision(4, 3, { played: { t: 'swap', cards: [] }, best: { t: 'swap', cards: [] } })],
      [0],
    );
    const [tp] = turningPoints(r, say(hulaWords, hulaView));
    expect(shownCaption(tp!)).toBe(
      'Round 3, turning point 1. Better: keeping your face-up cards. Yours: keeping your face-up cards.',
    );
  });
});

describe('the review', () => {
  it('lists its turning points in the order of the game, numbered, though ranked by gain', () => {
    const r = review(
      [
        decision(2, 1),
        decision(6, 1, { chance: 0.2, bestChance: 0.3, sure: true }),
        decision(9, 2, { chance: 0.1, bestChance: 0.5, sure: true }),
      ],
      [2, 1],
    );
    const points = turningPoints(r, say(hulaWords, hulaView));
    expect(points.map((p) => [p.n, p.decision.step])).toEqual([
      [1, 6],
      [2, 9],
    ]);
  });

  it('says when the game left few real choices, counting the moves with another to compare', () => {
    const r = review([decision(2, 1), decision(5, 1, { compared: 1 }), decision(8, 2)]);
    expect(fewChoicesText(r)).toBe(
      'This game left you few real choices: 2 of your 3 moves had another worth comparing.',
    );
    const many = review(Array.from({ length: 6 }, (_, i) => decision(i * 3, 1)));
    expect(fewChoicesText(many)).toBeNull();
  });

  it('sums up its chart in words: the first and last chance, the lowest and highest by round', () => {
    const r = review([
      decision(2, 1, { chance: 0.33 }),
      decision(5, 2, { chance: 0.12 }),
      decision(8, 3, { chance: 0.7 }),
      decision(11, 4, { chance: 0.55 }),
    ]);
    expect(chartSummary(r)).toBe(
      'From 33% at your first move to 55% at your last; lowest 12% in round 2, highest 70% in round 3.',
    );
  });
});
