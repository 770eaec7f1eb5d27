/**
 * Random message sequences from several sockets per table (fast-check), the host's seat changes
 * (bots on and off, players removed) among them: whatever they send, in whatever order, no
 * socket ever sees the view of a seat its token does not hold, and no token sees a hand it did
 * not hold when that hand was dealt, but for a player coming back to their own seat (ALL-4).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Client, createTable, storedTable } from './client.ts';
import { moveIfAsked, viewOf } from './play.ts';

const SLOTS = 3;
const PLAYERS = 2;

type Action =
  | { a: 'open'; slot: number; token: number | null }
  | { a: 'sit'; slot: number; seat: number }
  | { a: 'leave'; slot: number }
  | { a: 'move'; slot: number }
  | { a: 'name'; slot: number }
  | { a: 'close'; slot: number }
  | { a: 'start' }
  | { a: 'kick'; seat: number }
  | { a: 'bot'; seat: number; on: boolean };

const slot = fc.integer({ min: 0, max: SLOTS - 1 });
const seat = fc.integer({ min: 0, max: PLAYERS - 1 });
const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ a: fc.constant('open' as const), slot, token: fc.option(fc.nat(3)) }),
  },
  { weight: 3, arbitrary: fc.record({ a: fc.constant('sit' as const), slot, seat }) },
  { weight: 2, arbitrary: fc.record({ a: fc.constant('leave' as const), slot }) },
  { weight: 2, arbitrary: fc.record({ a: fc.constant('move' as const), slot }) },
  { weight: 1, arbitrary: fc.record({ a: fc.constant('name' as const), slot }) },
  { weight: 1, arbitrary: fc.record({ a: fc.constant('close' as const), slot }) },
  { weight: 2, arbitrary: fc.record({ a: fc.constant('start' as const) }) },
  { weight: 1, arbitrary: fc.record({ a: fc.constant('kick' as const), seat }) },
  { weight: 2, arbitrary: fc.record({ a: fc.constant('bot' as const), seat, on: fc.boolean() }) },
);

/** The table's truth at one moment: who holds each seat, and which game it plays. */
interface Truth {
  holders: (string | null)[];
  gameNo: number;
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Waits until no socket has received anything for a while: 60 ms of silence (three looks 20 ms
 * apart), which a loaded machine's table still answers within, and 3 s at most.
 */
async function quiet(clients: Client[]): Promise<void> {
  let last = -1;
  let still = 0;
  for (let i = 0; i < 150 && still < 3; i++) {
    await new Promise((r) => setTimeout(r, 20));
    const now = clients.reduce((n, c) => n + c.received.length, 0);
    still = now === last ? still + 1 : 0;
    last = now;
  }
}

describe('seat ownership under random traffic', () => {
  it('no socket ever sees a view of a seat its token does not hold', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(action, { minLength: 1, maxLength: 3 }), { minLength: 6, maxLength: 16 }),
        async (steps) => {
          const table = await createTable({ game: 'hulahoo', players: PLAYERS });
          const host = await Client.join(table.id, 'Host', { hostKey: table.hostKey });
          const slots: (Client | null)[] = Array(SLOTS).fill(null);
          /** Every token each socket has had: joined with, or been given by `seated`. */
          const tokensOf = new Map<Client, Set<string>>();
          const issued: string[] = [];
          const hashes = new Map<string, string>();
          const truth = async (): Promise<Truth> => {
            const { meta } = await storedTable(table.id);
            return { holders: meta.seats.map((s) => s.tokenHash), gameNo: meta.gameNo };
          };
          /** Per game, every token hash that has held each seat so far. */
          const everHeld = new Map<number, Set<string>[]>();
          /** Per game and round, who may see each seat's hand: whoever held it by its deal. */
          const dealtTo = new Map<string, Set<string>[]>();
          const note = (t: Truth) => {
            const seen =
              everHeld.get(t.gameNo) ?? Array.from({ length: PLAYERS }, () => new Set<string>());
            everHeld.set(t.gameNo, seen);
            t.holders.forEach((h, s) => {
              if (h !== null) seen[s]!.add(h);
            });
          };
          const track = (c: Client) => {
            for (const m of c.received)
              if (m.type === 'seated') {
                tokensOf.get(c)!.add(m.token);
                if (!issued.includes(m.token)) issued.push(m.token);
              }
          };
          const all = () => [host, ...slots.filter((c): c is Client => c !== null)];
          tokensOf.set(host, new Set());
          try {
            for (const batch of steps) {
              const before = await truth();
              note(before);
              const marks = new Map(all().map((c) => [c, c.received.length]));
              for (const step of batch) {
                const c = 'slot' in step ? slots[step.slot] : null;
                switch (step.a) {
                  case 'open': {
                    slots[step.slot]?.close();
                    // One of the latest tokens: a second tab, a reload, or a stale one.
                    const token =
                      step.token === null ? undefined : issued[issued.length - 1 - step.token];
                    const fresh = await Client.open(table.id);
                    tokensOf.set(fresh, new Set(token ? [token] : []));
                    marks.set(fresh, 0);
                    fresh.send({ type: 'join', name: `S${step.slot}`, token });
                    slots[step.slot] = fresh;
                    break;
                  }
                  case 'sit':
                    c?.send({ type: 'sit', seat: step.seat });
                    break;
                  case 'leave':
                    c?.send({ type: 'leave' });
                    break;
                  case 'move':
                    if (c) moveIfAsked(c);
                    break;
                  case 'name':
                    c?.send({ type: 'name', name: `N${Math.floor(Math.random() * 9)}` });
                    break;
                  case 'close':
                    c?.close();
                    slots[step.slot] = null;
                    break;
                  case 'start': {
                    // Bots on the free seats first, so that games start often enough to matter
                    // (never on every seat: a table of bots plays on by itself).
                    const summaries = host.received.filter((m) => m.type === 'table');
                    const latest = summaries[summaries.length - 1];
                    const seats = latest?.type === 'table' ? latest.table.seats : [];
                    const free = seats.filter((s) => !s.bot && s.name === null);
                    if (free.length < seats.length)
                      for (const s of free) host.send({ type: 'bot', seat: s.seat, on: true });
                    host.send({ type: 'start' });
                    break;
                  }
                  case 'kick':
                    host.send({ type: 'kick', seat: step.seat });
                    break;
                  case 'bot':
                    host.send({ type: 'bot', seat: step.seat, on: step.on });
                    break;
                }
              }
              await quiet(all());
              const after = await truth();
              note(after);
              for (const c of [...marks.keys()]) {
                track(c);
                for (const t of tokensOf.get(c)!)
                  if (!hashes.has(t)) hashes.set(t, await sha256(t));
                const mine = new Set([...tokensOf.get(c)!].map((t) => hashes.get(t)!));
                for (const m of c.received.slice(marks.get(c))) {
                  if (m.type !== 'state') continue;
                  const you = viewOf(m).you;
                  if (you === null) continue;
                  const held = [before.holders[you], after.holders[you]].some(
                    (h) => h !== null && mine.has(h!),
                  );
                  expect(held, `a socket saw seat ${you}'s view`).toBe(true);
                  // The hand in this view was dealt when its round began: the round is first seen
                  // in this batch or an earlier one, and only who held the seat by then (or held
                  // it earlier in the game, coming back to it) may see it.
                  const round = `${after.gameNo}/${(m.view as unknown as { round: number }).round}`;
                  if (!dealtTo.has(round)) {
                    dealtTo.set(
                      round,
                      everHeld.get(after.gameNo)!.map((held) => new Set(held)),
                    );
                  }
                  const allowed = dealtTo.get(round)![you]!;
                  expect(
                    [...mine].some((h) => allowed.has(h)),
                    `a token saw seat ${you}'s hand of round ${round}, dealt to someone else`,
                  ).toBe(true);
                }
              }
              // At rest, every open socket that has a board sees exactly the seat it holds now,
              // but for someone who sat down between rounds: a spectator's view until the deal.
              for (const c of all()) {
                const last = c.lastState();
                if (!last || c.closed) continue;
                const holds = after.holders.findIndex(
                  (h) => h !== null && [...tokensOf.get(c)!].some((t) => hashes.get(t) === h),
                );
                const { you, phase } = viewOf(last);
                if (you === null && holds >= 0 && phase === 'roundOver') continue;
                expect(you).toBe(holds >= 0 ? holds : null);
              }
            }
          } finally {
            for (const c of all()) c.close();
          }
        },
      ),
      // A failure is reported as found: shrinking random traffic over real sockets outlasts the
      // test's time.
      { numRuns: 40, endOnFailure: true },
    );
  }, 120_000);
});
