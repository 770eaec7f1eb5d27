/** The page reads a server message only once it fits the protocol's schemas (shared/protocol.ts). */
import { describe, expect, it } from 'vitest';
import { checkView, parseServerMessage } from '../../shared/protocol.ts';

const view = {
  phase: 'play',
  you: 0,
  toMove: [0],
  legal: [{ t: 'draw' }],
  totals: [0, 0],
  round: 1,
  history: [],
  winners: [],
};
const table = {
  id: 'a'.repeat(64),
  game: 'sneak',
  players: 2,
  config: null,
  clock: null,
  pace: 'live',
  botLevel: 'hard',
  status: 'playing',
  phase: 'play',
  seats: [
    { seat: 0, name: 'Ann', bot: false, connected: true },
    { seat: 1, name: null, bot: true, connected: false },
  ],
  gameNo: 1,
  spectators: 0,
  pause: null,
};

const parse = (message: unknown) => parseServerMessage(JSON.stringify(message));

describe('server messages', () => {
  it('takes every kind of message the table sends, keeping the game’s own fields', () => {
    const messages = [
      { type: 'welcome', table, seat: null, host: false },
      { type: 'table', table: { ...table, pause: { ready: [0], waitingFor: [1], until: 5 } } },
      { type: 'seated', seat: 1, token: 't'.repeat(32) },
      { type: 'unseated', seat: 1, reason: 'bot' },
      {
        type: 'state',
        version: 3,
        view: { ...view, stock: 20 },
        events: [{ type: 'drew', seat: 0 }],
        deadline: null,
      },
      { type: 'history', gameNo: 1, events: [{ type: 'gameStarted', gameNo: 1 }] },
      { type: 'push', on: true },
      {
        type: 'patch',
        version: 4,
        base: 3,
        ops: [[['stock'], 19], [['lead']]],
        events: [],
        deadline: 1_700_000_000_000,
      },
      {
        type: 'record',
        record: { game: 'hilo', gameNo: 1, players: 2, config: {}, seed: 's', moves: [] },
      },
      { type: 'reaction', seat: 0, reaction: 'gg' },
      { type: 'error', code: 'stale', message: 'The game has moved on.' },
    ];
    for (const message of messages) {
      const out = parse(message);
      expect(out.ok, JSON.stringify(message)).toBe(true);
      if (out.ok) expect(out.message).toEqual(message);
    }
  });

  it('refuses what does not fit, saying where, instead of trusting it', () => {
    const malformed: [unknown, RegExp][] = [
      [{ type: 'welcome', table: { ...table, game: 'poker' }, seat: 0, host: false }, /game/],
      [
        { type: 'state', version: 3, view: { ...view, legal: 'all' }, events: [], deadline: null },
        /legal/,
      ],
      [{ type: 'state', version: -1, view, events: [], deadline: null }, /version/],
      [
        { type: 'patch', version: 4, base: 3, ops: [['stock', 19]], events: [], deadline: null },
        /ops/,
      ],
      [{ type: 'unseated', seat: 1, reason: 'bored' }, /reason/],
      [{ type: 'reaction', seat: 99, reaction: 'gg' }, /seat/],
      [{ type: 'error', code: 404, message: 'no' }, /code/],
      [{ type: 'surprise' }, /type/],
      [[], /.+/],
    ];
    for (const [message, where] of malformed) {
      const out = parse(message);
      expect(out.ok, JSON.stringify(message)).toBe(false);
      if (!out.ok) {
        expect(out.error.code).toBe('bad-message');
        expect(out.error.message).toMatch(where);
      }
    }
    const notJson = parseServerMessage('{"type":');
    expect(notJson.ok).toBe(false);
  });

  it('checks a view rebuilt from patches as a whole view', () => {
    expect(checkView({ ...view, hand: [] })).toEqual({ ...view, hand: [] });
    expect(checkView({ ...view, toMove: null })).toBeNull();
    expect(checkView(undefined)).toBeNull();
  });
});
