/**
 * What a turning point's move led to, in words (web/src/coach/led-to.ts): every kind of
 * consequence in English, French and German, and the turning point's sentence that ends with it.
 */
import './browser-globals.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Consequence } from '../../shared/coach/consequence/index.ts';
import { hulahoo } from '../../shared/games/hulahoo/index.ts';
import { ledToText } from '../../web/src/coach/led-to.ts';
import { pointText } from '../../web/src/coach/sentences.ts';
import { turningPoints } from '../../web/src/coach/turning-points.ts';
import { words as hulaWords } from '../../web/src/coach/words/hulahoo.ts';
import { type Lang, setLang } from '../../web/src/i18n.ts';
import { openView } from '../../web/src/replay.ts';
import { decision, review } from './coach-fixture.ts';

const names = ['Ann', 'Bob', 'Cleo'];

/** The text with its no-break spaces as spaces: which one a percentage takes varies by ICU. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

beforeEach(async () => {
  await setLang('en');
});

/** One of each kind, two where the words count. */
const cases: Consequence[] = [
  { kind: 'hh.out', turns: 1 },
  { kind: 'hh.out', turns: 2 },
  { kind: 'hh.wonOut', points: 12 },
  { kind: 'hh.wonLast', points: 1 },
  { kind: 'hh.lost', winner: 1, points: 9 },
  { kind: 'hl.hilo', turns: 0 },
  { kind: 'hl.hilo', turns: 1 },
  { kind: 'hl.hilo', turns: 3 },
  { kind: 'hl.round', sum: -4 },
  { kind: 'hl.doubled', sum: 14, score: 28 },
  { kind: 'sn.leadHeld', count: 4 },
  { kind: 'sn.leadLost', by: 2, count: 6 },
  { kind: 'sn.wonUnseen', count: 1 },
  { kind: 'sn.won', count: 3 },
  { kind: 'sn.challengeWon', count: 2 },
  { kind: 'sn.challengeLost', by: 1, count: 4 },
  { kind: 'sn.round', points: 17 },
];

/** How each language says `cases`, in their order. */
const said: Record<Lang, string[]> = {
  en: [
    'on your next turn you had no card to play and dropped out',
    '2 turns later you had no card to play and dropped out',
    'you went on to win the round with your last card, for 12 points',
    'you went on to win the round as the last one in, for 1 point',
    'Bob went on to win the round, for 9 points',
    'you removed a HILO that same turn',
    'you removed a HILO on your next turn',
    'you removed a HILO 3 turns later',
    'the round ended with −4 in your layout',
    'the round ended with 14 in your layout, doubled to 28: you had ended it without the lowest sum',
    'your lead was challenged and you won the contest: 4 cards',
    'Cleo challenged your lead and won the contest: 6 cards',
    'nobody challenged, and you won 1 card unseen',
    'nobody challenged, and you won 3 cards',
    'you won the contest: 2 cards',
    'Bob won the contest: 4 cards',
    'you ended the round with 17 points',
  ],
  fr: [
    'au tour suivant, vous n’aviez plus de carte jouable et avez été éliminé',
    '2 tours plus tard, vous n’aviez plus de carte jouable et avez été éliminé',
    'vous avez ensuite gagné la manche avec votre dernière carte, pour 12 points',
    'vous avez ensuite gagné la manche, seul en lice, pour 1 point',
    'Bob a ensuite gagné la manche, pour 9 points',
    'vous avez retiré un HILO dans le même tour',
    'vous avez retiré un HILO au tour suivant',
    'vous avez retiré un HILO 3 tours plus tard',
    'la manche s’est terminée avec −4 dans votre grille',
    'la manche s’est terminée avec 14 dans votre grille, compté double (28) : vous l’aviez terminée sans avoir la plus petite somme',
    'votre mise a été défiée et vous avez gagné le duel : 4 cartes',
    'Cleo a défié votre mise et gagné le duel : 6 cartes',
    'sans défi, vous avez gagné 1 carte sans la montrer',
    'sans défi, vous avez gagné 3 cartes',
    'vous avez gagné le duel : 2 cartes',
    'Bob a gagné le duel : 4 cartes',
    'vous avez fini la manche avec 17 points',
  ],
  de: [
    'im nächsten Zug hattest du keine spielbare Karte mehr und bist ausgeschieden',
    '2 Züge später hattest du keine spielbare Karte mehr und bist ausgeschieden',
    'danach hast du die Runde mit deiner letzten Karte gewonnen, für 12 Punkte',
    'danach hast du die Runde als Letzte(r) im Spiel gewonnen, für 1 Punkt',
    'danach hat Bob die Runde gewonnen, für 9 Punkte',
    'du hast noch im selben Zug einen HILO abgeräumt',
    'du hast im nächsten Zug einen HILO abgeräumt',
    'du hast 3 Züge später einen HILO abgeräumt',
    'die Runde endete mit −4 in deiner Auslage',
    'die Runde endete mit 14 in deiner Auslage, verdoppelt auf 28: Du hattest sie beendet, ohne die niedrigste Summe zu haben',
    'dein Ausspiel wurde herausgefordert und du hast das Duell gewonnen: 4 Karten',
    'Cleo hat dein Ausspiel herausgefordert und das Duell gewonnen: 6 Karten',
    'unangefochten hast du 1 Karte ungesehen gewonnen',
    'unangefochten hast du 3 Karten gewonnen',
    'du hast das Duell gewonnen: 2 Karten',
    'Bob hat das Duell gewonnen: 4 Karten',
    'du hast die Runde mit 17 Punkten beendet',
  ],
};

describe('what a move led to, in words', () => {
  it('covers every kind of consequence', () => {
    const kinds: Record<Consequence['kind'], true> = {
      'hh.out': true,
      'hh.wonOut': true,
      'hh.wonLast': true,
      'hh.lost': true,
      'hl.hilo': true,
      'hl.round': true,
      'hl.doubled': true,
      'sn.leadHeld': true,
      'sn.leadLost': true,
      'sn.wonUnseen': true,
      'sn.won': true,
      'sn.challengeWon': true,
      'sn.challengeLost': true,
      'sn.round': true,
    };
    expect(new Set(cases.map((c) => c.kind))).toEqual(new Set(Object.keys(kinds)));
  });

  it.each(['en', 'fr', 'de'] as const)('says each in %s', async (l) => {
    await setLang(l);
    expect(cases.map((c) => spaced(ledToText(c, names)))).toEqual(said[l]);
  });
});

describe('a turning point with what its move led to', () => {
  // Ann to lead in Hula-Hoo!, holding a 4, a 9 and a joker.
  const lead = hulahoo.fromScenario(hulahoo.defaultConfig(3), {
    dealer: 2,
    hands: [
      [4, 9, 7],
      [2, 3],
      [5, 6],
    ],
    faceUp: [[], [], []],
    stock: [1, 1, 1],
  });
  const view = openView(hulahoo, lead, 0);
  const idOf = (v: number) => lead.hands[0]!.find((c) => c.v === v)!.id;
  const say = (_: unknown, move: unknown) => hulaWords(view, move, names, 0);
  const nine = { t: 'play', card: idOf(9), call: 'higher' };
  const four = { t: 'play', card: idOf(4), call: 'lower' };
  const r = review(
    [decision(4, 3, { played: four, best: nine, chance: 0.22, bestChance: 0.4, sure: true })],
    [0],
  );
  const out = (): string => ledToText({ kind: 'hh.out', turns: 2 }, names);

  it('ends its sentence with it, in English, French and German', async () => {
    const sentence = () => spaced(pointText(turningPoints(r, say, out)[0]!));
    expect(sentence()).toBe(
      'Round 3: playing the 9 and calling higher was worth 18 points more of your chance to win (40% against 22%) than your move, playing the 4 and calling lower; 2 turns later you had no card to play and dropped out.',
    );
    await setLang('fr');
    expect(sentence()).toBe(
      'Manche 3 : mieux valait jouer le 9 en annonçant plus, 18 points de chances de gagner en plus (40 % contre 22 %) que votre coup, jouer le 4 en annonçant moins ; 2 tours plus tard, vous n’aviez plus de carte jouable et avez été éliminé.',
    );
    await setLang('de');
    expect(sentence()).toBe(
      'Runde 3: Besser war es, die Karte 9 zu spielen und höher anzusagen: 18 Punkte mehr Gewinnchance (40 % statt 22 %) als dein Zug, die Karte 4 zu spielen und tiefer anzusagen; 2 Züge später hattest du keine spielbare Karte mehr und bist ausgeschieden.',
    );
  });

  it('where nothing of note followed, reads as without it', () => {
    const [nothing] = turningPoints(r, say, () => null);
    const [without] = turningPoints(r, say);
    expect(nothing!.led).toBeNull();
    expect(pointText(nothing!)).toBe(pointText(without!));
    expect(pointText(nothing!)).toMatch(/than your move, playing the 4 and calling lower\.$/);
  });
});
