import './browser-globals.ts';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../shared/engine/types.ts';
import { setLang } from '../../web/src/i18n.ts';
import { logLines, standInSince } from '../../web/src/ui/log-lines.ts';

/** A game whose log line is "<name> <event type>" for events with a seat, nothing otherwise. */
const game = {
  describe: (e: GameEvent, names: string[]) =>
    typeof e.seat === 'number' ? `${names[e.seat]} ${e.type}` : null,
};
const names = ['Ann', 'Bob'];
/** The same game where a seat is knocked out by someone else's move (Hula-Hoo!'s HH-8). */
const knocks = { ...game, befalls: (e: GameEvent) => e.type === 'eliminated' };
const entries = (events: GameEvent[]) => events.map((event, n) => ({ n, event }));

describe('the log', () => {
  it('reads a move the clock made as that move, “(time ran out)”, with no line of its own', () => {
    void setLang('en');
    const lines = logLines(
      entries([
        { type: 'gameStarted', gameNo: 1 },
        { type: 'played', seat: 0 },
        { type: 'timedOut', seat: 1 },
        { type: 'drew', seat: 1 },
        { type: 'eliminated', seat: 1 },
        { type: 'played', seat: 0 },
      ]),
      game,
      names,
      0,
    );
    expect(lines.map((l) => l.text)).toEqual([
      'Ann played',
      'Bob drew (time ran out)',
      'Bob eliminated',
      'Ann played',
    ]);
    expect(lines.map((l) => l.timedOut)).toEqual([null, 1, null, null]);
  });

  it('marks nothing when the next line is someone else’s', () => {
    void setLang('en');
    const lines = logLines(
      entries([
        { type: 'timedOut', seat: 1 },
        { type: 'revealed', seat: 0 },
        { type: 'drew', seat: 1 },
      ]),
      game,
      names,
      null,
    );
    expect(lines.map((l) => l.text)).toEqual(['Ann revealed', 'Bob drew']);
  });

  it('names the seat as it was when a live line was heard, today’s names for the history', () => {
    void setLang('en');
    const seat = (name: string | null, bot: boolean) => [
      { seat: 0, name, bot },
      { seat: 1, name: 'Bob', bot: false },
    ];
    const log = [
      { n: 0, event: { type: 'played', seat: 0 } },
      { n: 1, event: { type: 'played', seat: 0 }, seats: seat('Ann', false) },
      { n: 2, event: { type: 'played', seat: 0 }, seats: seat(null, true) },
    ] as Parameters<typeof logLines>[0];
    const lines = logLines(log, game, ['Ann', 'Bob'], 1);
    expect(lines.map((l) => l.text)).toEqual(['Ann played', 'Ann played', 'Bot 1 played']);
  });

  it('names the bot that stood in for someone away, for its move’s events only (ALL-4)', () => {
    void setLang('en');
    const lines = logLines(
      entries([
        { type: 'standIn', seat: 1, name: 'Bob', count: 2 },
        { type: 'swapped', seat: 1 },
        { type: 'drew', seat: 1 },
        { type: 'played', seat: 0 },
        { type: 'played', seat: 1 },
      ]),
      game,
      // The seat is a bot's while it stands in; Bob is back by the last line.
      names,
      0,
    );
    expect(lines.map((l) => l.text)).toEqual([
      'Bob’s bot swapped',
      'Bob’s bot drew',
      'Ann played',
      'Bob played',
    ]);
  });

  it('tells a player back at their seat what their bot did since their own last move', () => {
    void setLang('en');
    const log = entries([
      { type: 'played', seat: 1 },
      { type: 'standIn', seat: 1, name: 'Bob', count: 1 },
      { type: 'swapped', seat: 1 },
      { type: 'played', seat: 0 },
      { type: 'standIn', seat: 1, name: 'Bob', count: 1 },
      { type: 'drew', seat: 1 },
    ]);
    expect(standInSince(log, game, names, 1)).toEqual({ moves: 2, last: 'Bob’s bot drew' });
    // Once they have moved themselves, there is nothing to tell.
    const later = entries([...log.map((e) => e.event), { type: 'played', seat: 1 }]);
    expect(standInSince(later, game, names, 1)).toEqual({ moves: 0, last: null });
    expect(standInSince(log, game, names, 0)).toEqual({ moves: 0, last: null });
  });

  it('names the stand-in for what befell its seat through others’ moves, until its player moves', () => {
    void setLang('en');
    const log = entries([
      { type: 'standIn', seat: 1, name: 'Bob', count: 1 },
      { type: 'played', seat: 1 },
      { type: 'played', seat: 0 },
      { type: 'eliminated', seat: 1 },
      { type: 'played', seat: 1 },
      { type: 'eliminated', seat: 1 },
    ]);
    // Read back after Bob came back: today's names are his.
    expect(logLines(log, knocks, names, 1).map((l) => l.text)).toEqual([
      'Bob’s bot played',
      'Ann played',
      'Bob’s bot eliminated',
      'Bob played',
      'Bob eliminated',
    ]);
  });

  it('names one stand-in knocked out by another’s move after its own bot', () => {
    void setLang('en');
    const log = entries([
      { type: 'standIn', seat: 2, name: 'Cy', count: 1 },
      { type: 'played', seat: 2 },
      { type: 'standIn', seat: 1, name: 'Bob', count: 2 },
      { type: 'played', seat: 1 },
      { type: 'eliminated', seat: 2 },
    ]);
    expect(logLines(log, knocks, ['Ann', 'Bob', 'Cy'], 0).map((l) => l.text)).toEqual([
      'Cy’s bot played',
      'Bob’s bot played',
      'Cy’s bot eliminated',
    ]);
  });

  it('reads lines back under the names of whoever sat there then, as the table said', () => {
    void setLang('en');
    const sat = (second: { name: string | null; bot: boolean; standIn?: string }) => ({
      type: 'sitting',
      seats: [
        { seat: 0, name: 'Ann', bot: false },
        { seat: 1, ...second },
      ],
    });
    const log = entries([
      { type: 'played', seat: 1 },
      sat({ name: null, bot: true }),
      { type: 'played', seat: 1 },
      // Carol took the bot's seat between rounds.
      sat({ name: 'Carol', bot: false }),
      { type: 'played', seat: 1 },
      // Her stand-in from the next deal: its moves say so themselves, and so does what befalls it.
      sat({ name: null, bot: true, standIn: 'Carol' }),
      { type: 'eliminated', seat: 1 },
    ]);
    expect(logLines(log, knocks, ['Ann', 'Carol'], 1).map((l) => l.text)).toEqual([
      'Carol played',
      'Bot 2 played',
      'Carol played',
      'Carol’s bot eliminated',
    ]);
  });

  it('tells a player back what befell their stand-in, and no move of theirs ends its watch', () => {
    void setLang('en');
    const log = entries([
      { type: 'played', seat: 1 },
      { type: 'standIn', seat: 1, name: 'Bob', count: 1 },
      { type: 'played', seat: 1 },
      { type: 'played', seat: 0 },
      { type: 'eliminated', seat: 1 },
    ]);
    expect(standInSince(log, knocks, names, 1)).toEqual({ moves: 1, last: 'Bob’s bot eliminated' });
  });

  it('quotes the latest line of the stand-in’s last move, not its first', () => {
    void setLang('en');
    const log = entries([
      { type: 'standIn', seat: 1, name: 'Bob', count: 2 },
      { type: 'drew', seat: 1 },
      { type: 'placed', seat: 1 },
      { type: 'played', seat: 0 },
    ]);
    expect(standInSince(log, game, names, 1)).toEqual({ moves: 1, last: 'Bob’s bot placed' });
  });
});
