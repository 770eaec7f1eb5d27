/** What each message from the table changes in what the page knows (web/src/receive.ts). */
import { describe, expect, it } from 'vitest';
import {
  type AnyView,
  PROTOCOL_VERSION,
  type ServerMessage,
  type TableSummary,
} from '../../shared/protocol.ts';
import {
  moved,
  nothingReceived,
  type Predictor,
  type Received,
  receive,
  shownView,
  unanswered,
} from '../../web/src/receive.ts';

const view = (
  legal: AnyView['legal'],
  cards: { id: string; at: string }[] = [],
  round = 1,
): AnyView => ({
  phase: 'play',
  you: 0,
  toMove: [0],
  legal,
  totals: [0, 0],
  round,
  history: [],
  winners: [],
  players: [{ hand: cards.filter((c) => c.at === 'hand').map((c) => ({ id: c.id, v: 1 })) }],
  discard: cards.filter((c) => c.at === 'pile').map((c) => ({ id: c.id, v: 1 })),
});

const state = (version: number, v: AnyView, events: { type: string }[] = []): ServerMessage => ({
  type: 'state',
  version,
  view: v,
  events,
  deadline: null,
});

/** Feeds messages in turn; gives what the page knows then, and every effect asked for. */
function feed(messages: ServerMessage[], from: Received = nothingReceived, predict?: Predictor) {
  let r = from;
  const effects: unknown[] = [];
  for (const m of messages) {
    const out = receive(r, m, predict);
    r = out.next;
    effects.push(...out.effects);
  }
  return { r, effects };
}

describe('receiving the table', () => {
  it('a patch applies to the view it was made from, leaving that view as it was', () => {
    const first = view([{ t: 'draw' }], [{ id: 'a', at: 'hand' }]);
    const { r } = feed([state(1, first)]);
    const before = JSON.stringify(r.live!.view);
    const { r: next } = feed(
      [
        {
          type: 'patch',
          version: 2,
          base: 1,
          ops: [[['discard'], [{ id: 'a', v: 1 }]]],
          events: [],
          deadline: null,
        },
      ],
      r,
    );
    expect(next.live?.version).toBe(2);
    expect((next.live!.view as unknown as { discard: unknown[] }).discard).toHaveLength(1);
    expect(JSON.stringify(r.live!.view)).toBe(before);
    // The card that moved is marked; a first view marks nothing.
    expect([...next.touched]).toEqual(['a']);
    expect([...r.touched]).toEqual([]);
  });

  it('a patch of a view the page does not hold asks to join again, and changes nothing', () => {
    const { r } = feed([state(1, view([]))]);
    const out = receive(r, {
      type: 'patch',
      version: 5,
      base: 4,
      ops: [],
      events: [],
      deadline: null,
    });
    expect(out.next).toBe(r);
    expect(out.effects).toEqual([{ kind: 'rejoin' }]);
  });

  it('a move in flight is answered when the seat is no longer asked the same, not before', () => {
    const asked = view([{ t: 'draw' }, { t: 'flaunt', cards: ['x'] }]);
    const { r } = feed([state(1, asked)]);
    const waiting: Received = { ...r, answering: asked.legal };
    // Someone else answered a simultaneous question: this seat is asked the very same.
    expect(
      feed([state(2, view([{ t: 'draw' }, { t: 'flaunt', cards: ['x'] }]))], waiting).r.answering,
    ).not.toBeNull();
    expect(feed([state(2, view([{ t: 'draw' }]))], waiting).r.answering).toBeNull();
    expect(feed([{ type: 'error', code: 'stale', message: '' }], waiting).r.answering).toBeNull();
  });

  it('events go into the log, numbered; a new game starts a new log; the history replaces it', () => {
    const { r } = feed([
      state(1, view([]), [{ type: 'a' }, { type: 'b' }]),
      state(2, view([]), [{ type: 'gameStarted' }]),
    ]);
    expect(r.log.map((e) => [e.n, e.event.type, e.live])).toEqual([[2, 'gameStarted', true]]);
    const { r: joined } = feed([{ type: 'history', gameNo: 1, events: [{ type: 'x' }] }], r);
    expect(joined.log.map((e) => [e.n, e.event.type, e.live])).toEqual([[3, 'x', false]]);
  });

  it('a nudge changes nothing the page knows, and asks it to show who nudged whom', () => {
    const { r, effects } = feed([{ type: 'nudge', seat: 1, by: null }]);
    expect(r).toBe(nothingReceived);
    expect(effects).toEqual([{ kind: 'nudge', seat: 1, by: null }]);
  });

  it('seat tokens are remembered and forgotten; a bot keeping the seat means joining again', () => {
    expect(feed([{ type: 'seated', seat: 1, token: 't'.repeat(32) }]).effects).toEqual([
      { kind: 'seated', seat: 1, token: 't'.repeat(32) },
    ]);
    const left = feed([{ type: 'unseated', seat: 1, reason: 'left' }]);
    expect(left.effects).toEqual([{ kind: 'forget' }]);
    expect(left.r.error?.code).toBe('unseated.left');
    expect(feed([{ type: 'unseated', seat: 1, reason: 'bot' }]).effects).toEqual([
      { kind: 'rejoin' },
    ]);
    expect(feed([{ type: 'error', code: 'bad-token', message: '' }]).effects).toEqual([
      { kind: 'forget' },
    ]);
  });

  it('being marked ready between rounds answers the "next round" in flight', () => {
    const table = {
      pause: { ready: [1], waitingFor: [0], until: null },
    } as unknown as TableSummary;
    const waiting: Received = { ...nothingReceived, seat: 1, answering: [] };
    expect(feed([{ type: 'table', table }], waiting).r.answering).toBeNull();
    expect(feed([{ type: 'table', table }], { ...waiting, seat: 0 }).r.answering).toEqual([]);
  });

  it('a seat left on purpose needs no notice; a lost seat’s notice ends on sitting or a new game', () => {
    const asked = feed([{ type: 'unseated', seat: 1, reason: 'left' }], {
      ...nothingReceived,
      seat: 1,
      leaving: true,
    });
    expect(asked.r.error).toBeNull();
    expect(asked.r.leaving).toBe(false);
    const lost = feed([{ type: 'unseated', seat: 1, reason: 'freed' }]).r;
    expect(lost.error?.code).toBe('unseated.freed');
    expect(feed([{ type: 'seated', seat: 2, token: 't'.repeat(32) }], lost).r.error).toBeNull();
    expect(feed([state(1, view([]), [{ type: 'gameStarted' }])], lost).r.error).toBeNull();
    expect(feed([state(1, view([]), [{ type: 'drew' }])], lost).r.error?.code).toBe(
      'unseated.freed',
    );
    // A refusal from the table is not a lost seat: sitting down does not hide it.
    const refused = feed([{ type: 'error', code: 'not-your-turn', message: 'Wait.' }]).r;
    expect(feed([{ type: 'seated', seat: 0, token: 't'.repeat(32) }], refused).r.error?.code).toBe(
      'not-your-turn',
    );
  });

  it('each live log line keeps the seats as they were when it was heard', () => {
    const seats = (name: string | null, bot: boolean) =>
      [{ seat: 0, name, bot }] as unknown as TableSummary['seats'];
    const before = { seats: seats('Ann', false) } as TableSummary;
    const after = { seats: seats(null, true) } as TableSummary;
    const { r } = feed([
      { type: 'table', table: before },
      state(1, view([]), [{ type: 'played' }]),
      { type: 'table', table: after },
      state(2, view([]), [{ type: 'drew' }]),
    ]);
    expect(r.log.map((e) => e.seats)).toEqual([before.seats, after.seats]);
  });

  it('reloads onto the new build when the table speaks a newer protocol, and only then', () => {
    const table = { status: 'lobby', seats: [] } as unknown as TableSummary;
    const welcome = (protocol?: number): ServerMessage => ({
      type: 'welcome',
      table,
      seat: null,
      host: false,
      ...(protocol === undefined ? {} : { protocol }),
    });
    expect(feed([welcome(PROTOCOL_VERSION + 1)]).effects).toEqual([{ kind: 'reload' }]);
    // The same, an older table (a deploy under way) or an older server that says none: no reload.
    for (const protocol of [PROTOCOL_VERSION, PROTOCOL_VERSION - 1, undefined]) {
      expect(feed([welcome(protocol)]).effects).toEqual([]);
    }
  });

  describe('a move shown before its answer', () => {
    const start = view(
      [{ t: 'play', card: 'a' }],
      [
        { id: 'a', at: 'hand' },
        { id: 'b', at: 'hand' },
      ],
    );
    /** Plays the card named by the move: it leaves the hand for the pile, and the turn passes. */
    const played: Predictor = (v, move) => {
      const card = (move as { card: string }).card;
      const hand = (v.players as { hand: { id: string }[] }[])[0]!.hand;
      return {
        ...v,
        toMove: [1],
        legal: [],
        players: [{ hand: hand.filter((c) => c.id !== card) }],
        discard: [{ id: card, v: 1 }],
      };
    };
    const answer = view(
      [],
      [
        { id: 'b', at: 'hand' },
        { id: 'a', at: 'pile' },
      ],
    );
    const sent = () => moved(feed([state(1, start)]).r, { t: 'play', card: 'a' }, played);

    it('the board shows the predicted view at once, the card it moves marked', () => {
      const r = sent();
      expect(r.answering).toEqual(start.legal);
      expect(shownView(r)).toEqual(played(start, { t: 'play', card: 'a' }));
      expect(r.live?.view).toEqual(start);
      expect([...r.touched]).toEqual(['a']);
    });

    it('the table’s answer takes the prediction’s place', () => {
      const { r } = feed([{ ...state(2, { ...answer, toMove: [1] }) }], sent(), played);
      expect(r.predicted).toBeNull();
      expect(r.answering).toBeNull();
      expect(shownView(r)).toBe(r.live?.view);
      expect([...r.touched]).toEqual(['a']);
    });

    it('a version that is not yet its answer is shown with the move predicted again on it', () => {
      // Someone else's simultaneous choice came first: this seat is still asked the same.
      const other = { ...start, totals: [0, 3] };
      const { r } = feed([state(2, other)], sent(), played);
      expect(r.answering).not.toBeNull();
      expect(r.live?.version).toBe(2);
      expect(shownView(r)).toEqual(played(other, { t: 'play', card: 'a' }));
    });

    it('a refusal takes the prediction back and says why', () => {
      const { r } = feed([{ type: 'error', code: 'stale', message: 'Too late' }], sent(), played);
      expect(r.predicted).toBeNull();
      expect(shownView(r)).toEqual(start);
      expect(r.error).toEqual({ code: 'stale', message: 'Too late' });
    });

    it('a dropped connection takes it back too, until the table says what it heard', () => {
      const r = unanswered(sent());
      expect(shownView(r)).toEqual(start);
      expect(r.answering).toBeNull();
    });

    it('a move the game does not predict waits for the table, the board as it was', () => {
      const r = moved(feed([state(1, start)]).r, { t: 'play', card: 'a' }, () => null);
      expect(r.answering).not.toBeNull();
      expect(shownView(r)).toBe(r.live?.view);
    });
  });
});
