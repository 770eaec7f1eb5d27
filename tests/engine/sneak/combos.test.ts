import { describe, expect, it } from 'vitest';
import {
  beatsFlaunt,
  bestIndex,
  classify,
  compareCombos,
} from '../../../shared/games/sneak/combos.ts';
import type { ComboType } from '../../../shared/games/sneak/types.ts';
import { cards } from './helpers.ts';

describe('SN-6: the combo classifier', () => {
  const table: [string, ComboType, number[]][] = [
    ['5H', 'single', [5]],
    ['AS', 'single', [14]],
    ['4S 4H', 'match', [4, 4]],
    ['JS JH JD', 'match', [11, 11, 11]],
    ['AS AH AD AC', 'match', [14, 14, 14, 14]],
    ['AS AS', 'match', [14, 14]], // two packs: twin cards are a match
    ['5H 5H 5D', 'match', [5, 5, 5]],
    ['5H 6H 7H', 'straightFlush', [7, 6, 5]],
    ['7H 5H 6H', 'straightFlush', [7, 6, 5]],
    ['QS KS AS', 'straightFlush', [14, 13, 12]],
    ['AS 2S 3S', 'straightFlush', [3, 2, 1]],
    ['3S AS 2S', 'straightFlush', [3, 2, 1]],
    ['AC 2C', 'straightFlush', [2, 1]],
    ['10D JD QD KD AD', 'straightFlush', [14, 13, 12, 11, 10]],
    ['5H 6S 7H', 'straight', [7, 6, 5]],
    ['KD AS', 'straight', [14, 13]],
    ['AD 2S', 'straight', [2, 1]],
    ['AD 2S 3C 4H 5H', 'straight', [5, 4, 3, 2, 1]],
    [
      'AD 2S 3C 4H 5H 6H 7H 8H 9H 10H JH QH KH',
      'straight',
      [14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2],
    ],
    ['2H 9H KH', 'flush', [13, 9, 2]],
    ['KS AS 2S', 'flush', [14, 13, 2]], // no wrap-around
    ['QS KS AS 2S', 'flush', [14, 13, 12, 2]],
    ['5H 5H 6H', 'flush', [6, 5, 5]], // twins in a run are no sequence
    ['2S 9H', 'none', [9, 2]],
    ['KD AS 2C', 'none', [14, 13, 2]], // no wrap-around
    ['5H 5D 6H', 'none', [6, 5, 5]],
    ['5H 6S 8H', 'none', [8, 6, 5]],
  ];
  for (const [text, type, ranks] of table) {
    it(`classifies ${text} as ${type} ${ranks.join('-')}`, () => {
      const combo = classify(cards(text));
      expect(combo.type).toBe(type);
      expect(combo.ranks).toEqual(ranks);
    });
  }

  it('SN-6: keeps the suit of a single card, for flaunts', () => {
    expect(classify(cards('9D')).suit).toBe('D');
  });
});

describe('SN-6/SN-7: the comparator', () => {
  // [a, b, sign of compare(a, b)]
  const table: [string, string, -1 | 0 | 1][] = [
    // Types, highest first: match > straight flush > straight > flush > anything else.
    ['2S 2H', 'KH AH', 1],
    ['2H 3H', 'KS AH', 1],
    ['2H 3S', 'AH QH', 1],
    ['2H 4H', 'AS QH', 1],
    ['2S 2H 2D', 'QH KH AH', 1],
    ['4C 5D 6H', 'JS 9S 2S', 1],
    ['2S 4S', 'KD QH', -1], // KD-QH is a straight
    ['2S 4S', 'KD 10H', 1], // a flush beats a non-combo whatever the ranks
    // Within a type, rank by rank from the highest.
    ['KS KH', 'QS QD', 1],
    ['AS AH', 'KS KH', 1],
    ['2S 3H 4D', 'AS 2H 3D', 1], // the ace read low is the lowest run
    ['QS KH AD', 'JS QH KD', 1], // the ace read high is the highest run
    ['AS 2H 3D 4C 5S', '2S 3H 4D 5C 6S', -1],
    ['AH 9H 2H', 'AS 9S 3S', -1], // third card decides
    ['KH 9H 2H', 'QS JS 9S', 1],
    ['9S 2H', '8S 6H', 1],
    ['9S 2H', '9D 3H', -1],
    // Singles: rank alone, suit ignored.
    ['AS', 'KH', 1],
    ['2C', '3C', -1],
    // Ties.
    ['5H', '5S', 0],
    ['AS', 'AS', 0], // two packs
    ['KH 9H 2H', 'KS 9S 2S', 0],
    ['5H 6S 7D', '5C 6H 7S', 0],
    ['QS QH', 'QD QC', 0],
    ['AS 2S 3S', 'AH 2H 3H', 0],
  ];
  for (const [a, b, sign] of table) {
    it(`${a} ${sign > 0 ? 'beats' : sign < 0 ? 'loses to' : 'ties with'} ${b}`, () => {
      expect(Math.sign(compareCombos(classify(cards(a)), classify(cards(b))))).toBe(sign);
      expect(Math.sign(compareCombos(classify(cards(b)), classify(cards(a))))).toBe(-sign || 0);
    });
  }
});

describe('SN-9: which challenge beats a flaunt', () => {
  const table: [string, string, boolean][] = [
    ['9H', '5H', true],
    ['AH', 'KH', true],
    ['9S', '5H', false], // another suit never beats a single
    ['4H', '5H', false],
    ['5H', '5H', false], // the twin of two packs only ties
    ['6S 7H 8D', '5C 6H 7S', true],
    ['6S 7S 8S', '5C 6H 7S', false], // a straight flush does not beat a straight
    ['2S 2H', 'QH KH', false], // nor a match a straight flush
    ['5C 6H 7S', '5H 6S 7D', false], // equal
    ['2S 3S 4S', 'AH 2H 3H', true],
    ['KS KH', 'QS QH', true],
    ['AD 9D 3D', 'AS 9S 2S', true], // flushes of any suit compete
    ['AD 9D 3D', 'AS 9S 4S', false],
    ['2C 3C', '2H', false], // another size
  ];
  for (const [challenge, lead, beats] of table) {
    it(`${challenge} ${beats ? 'beats' : 'does not beat'} a flaunted ${lead}`, () => {
      expect(beatsFlaunt(classify(cards(challenge)), classify(cards(lead)))).toBe(beats);
    });
  }
});

describe('SN-8: picking the winner in reveal order', () => {
  it('SN-8: the leader, revealed first, wins a tie', () => {
    expect(bestIndex([classify(cards('9S')), classify(cards('9H'))])).toBe(0);
  });

  it('SN-8: among challengers tied above the leader, the first revealed wins', () => {
    const sets = ['5S 6S', 'KH KD', 'QS QH', 'KS KC'].map((t) => classify(cards(t)));
    expect(bestIndex(sets)).toBe(1);
  });

  it('SN-7: a later, strictly higher set wins', () => {
    const sets = ['5S 6S', 'KH KD', 'AS AH'].map((t) => classify(cards(t)));
    expect(bestIndex(sets)).toBe(2);
  });
});
