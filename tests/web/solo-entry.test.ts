/**
 * A solo table's entry as IndexedDB hands it back (web/src/solo/solo-db.ts): whatever was written,
 * by this page or an older one, is read as an entry only when it has what the home page and the
 * table's worker use; anything else is left out rather than shown or trusted.
 */
import { describe, expect, it } from 'vitest';
import { entryOf } from '../../web/src/solo/solo-db.ts';

const good = {
  id: '0123456789abcdef0123456789abcdef',
  seat: 0,
  at: 1_700_000_000_000,
  token: 't',
  hostKey: 'h',
  online: null,
  summary: {
    game: 'hilo',
    status: 'playing',
    seats: [
      { seat: 0, name: 'Ann', bot: false, connected: true },
      { seat: 1, name: null, bot: true, connected: false },
    ],
    toMove: [0],
  },
};

describe('a solo table’s entry from storage', () => {
  it('reads back as written', () => {
    expect(entryOf(structuredClone(good))).toEqual(good);
    const online = { ...good, online: 'a'.repeat(64) };
    expect(entryOf(online)?.online).toBe('a'.repeat(64));
  });

  it.each([
    ['nothing', undefined],
    ['a string', 'entry'],
    ['an id that is no solo id', { ...good, id: 'x' }],
    ['no seat', { ...good, seat: undefined }],
    ['a seat that is no number', { ...good, seat: '0' }],
    ['no secrets', { ...good, token: undefined }],
    ['a game nobody plays', { ...good, summary: { ...good.summary, game: 'poker' } }],
    ['seats that are no list', { ...good, summary: { ...good.summary, seats: {} } }],
    ['a seat without its flags', { ...good, summary: { ...good.summary, seats: [{ seat: 0 }] } }],
    ['a live table that is no table id', { ...good, online: '/t/elsewhere' }],
  ])('leaves out %s', (_, raw) => {
    expect(entryOf(raw)).toBeNull();
  });
});
