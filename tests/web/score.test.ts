import { describe, expect, it } from 'vitest';
import { score } from '../../web/src/i18n.ts';

describe('scores as the page writes them', () => {
  it('writes a negative score with the minus sign the cards use, not a hyphen', () => {
    expect([score(-2), score(0), score(17)]).toEqual(['\u22122', '0', '17']);
  });
});
