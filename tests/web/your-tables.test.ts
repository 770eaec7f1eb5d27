/** The home page's "Your tables": which come first, and how the time left on a clock is said. */
import './browser-globals.ts';
import { describe, expect, it } from 'vitest';
import type { TableSummary } from '../../shared/protocol.ts';
import { type Held, yourTablesOrder, yourTurnAt } from '../../web/src/api.ts';
import { clockText, setLang, timeLeft } from '../../web/src/i18n.ts';

const HOUR = 3_600_000;

/** A held table: seat 0 is this browser's; what the summary says beyond that is `more`. */
function held(id: string, more: Partial<TableSummary>): Held {
  const table: TableSummary = {
    id,
    game: 'hulahoo',
    players: 2,
    config: {},
    clock: 86_400,
    pace: 'live',
    botLevel: 'normal',
    status: 'playing',
    phase: 'play',
    seats: [],
    gameNo: 1,
    spectators: 0,
    pause: null,
    toMove: [],
    ...more,
  };
  return { id, seat: 0, at: 0, table };
}

describe('your tables', () => {
  it('lists the turn-based tables waiting on you first, the soonest deadline on top', () => {
    const list = [
      held('live-mine', { toMove: [0], clock: 30 }),
      held('turn-other', { pace: 'turn', toMove: [1], deadline: 1 * HOUR }),
      held('turn-late', { pace: 'turn', toMove: [0], deadline: 20 * HOUR }),
      held('lobby', { pace: 'turn', status: 'lobby' }),
      held('turn-soon', { pace: 'turn', toMove: [0, 1], deadline: 2 * HOUR }),
      held('turn-ready', {
        pace: 'turn',
        phase: 'roundOver',
        pause: { ready: [1], waitingFor: [0], until: null },
      }),
    ];
    expect(yourTablesOrder(list).map((h) => h.id)).toEqual([
      'turn-soon',
      'turn-late',
      // Between rounds, the table waits for your "ready"; it has no deadline to sort by.
      'turn-ready',
      'live-mine',
      'turn-other',
      'lobby',
    ]);
    expect(list.filter(yourTurnAt)).toHaveLength(3);
  });

  it('reads a summary from an older server, which says no pace, as live', () => {
    const older = held('old', { toMove: [0] });
    expect(yourTurnAt(older)).toBe(false);
    expect(yourTurnAt(held('done', { pace: 'turn', status: 'over', toMove: [0] }))).toBe(false);
  });

  it('says the time left in hours, then minutes, never “0 min” while any is left', async () => {
    await setLang('en');
    expect(timeLeft(24 * HOUR - 1000)).toBe('24 h left');
    expect(timeLeft(23 * HOUR + 59 * 60_000)).toBe('23 h left');
    expect(timeLeft(HOUR)).toBe('1 h left');
    expect(timeLeft(HOUR - 30_000)).toBe('1 h left');
    expect(timeLeft(45 * 60_000)).toBe('45 min left');
    expect(timeLeft(1000)).toBe('1 min left');
    expect(timeLeft(0)).toBe('Time is up');
    expect(timeLeft(-5000)).toBe('Time is up');
    expect(timeLeft(72 * HOUR, 'short')).toBe('72 h');
    expect(timeLeft(-5000, 'short')).toBe('0 min');
    await setLang('fr');
    expect(timeLeft(23 * HOUR)).toBe('encore 23 h');
    expect(timeLeft(45 * 60_000)).toBe('encore 45 min');
    await setLang('de');
    expect(timeLeft(23 * HOUR)).toBe('noch 23 Std.');
    expect(timeLeft(45 * 60_000, 'short')).toBe('45 Min.');
    await setLang('en');
  });

  it('writes a clock’s setting in seconds, or a turn-based table’s in hours', async () => {
    await setLang('en');
    expect(clockText(30)).toBe('30 s');
    expect(clockText(600)).toBe('600 s');
    expect(clockText(3600)).toBe('1 h');
    expect(clockText(259_200)).toBe('72 h');
    await setLang('de');
    expect(clockText(43_200)).toBe('12 Std.');
    await setLang('en');
  });
});
