/** Drives human seats over real sockets with random legal moves, as a careless but honest player. */
import type { Seat } from '../../shared/engine/types.ts';
import { fillStandIn } from '../engine/support/cards.ts';
import type { Client, StateMsg } from './client.ts';

/** What these players read of any game's view. */
type PlayerView = {
  phase: string;
  you: Seat | null;
  toMove: Seat[];
  legal: Record<string, unknown>[];
  players: { hand?: ({ id: string } | { hidden: true })[] }[];
};

/** Short games (each adapter's `quick`), so that a whole game over sockets takes seconds. */
export { quickConfig as quick } from '../engine/adapters.ts';

let seed = 1;
const random = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};

/** A random legal move from the view, with real cards for a stand-in. */
export function randomMove(view: PlayerView): unknown {
  const move = view.legal[Math.floor(random() * view.legal.length)]!;
  return fillStandIn(move, () => view, random);
}

export function viewOf(state: StateMsg): PlayerView {
  return state.view as unknown as PlayerView;
}

/** Whether this client's seat has a decision to make in the latest state. */
function asked(client: Client): boolean {
  const state = client.lastState();
  if (!state) return false;
  const view = viewOf(state);
  return view.you !== null && view.toMove.includes(view.you) && view.legal.length > 0;
}

/** If it is this client's turn, makes a random legal move and returns the version it was made on. */
export function moveIfAsked(client: Client): number | null {
  if (!asked(client)) return null;
  const state = client.lastState()!;
  const view = viewOf(state);
  client.send({ type: 'move', move: randomMove(view), version: state.version });
  return state.version;
}

const sent = new WeakMap<Client, number[]>();

/**
 * Waits until the client may send again within the table's flood limit (a person is never this
 * quick, but a test player answering every state at once would be).
 */
async function pace(client: Client): Promise<void> {
  const times = sent.get(client) ?? [];
  const now = Date.now();
  const recent = times.filter((t) => now - t < 1000);
  if (recent.length >= 8) await new Promise((r) => setTimeout(r, 1000 - (now - recent[0]!)));
  recent.push(Date.now());
  sent.set(client, recent);
}

/**
 * Plays the humans until the game is over (the bots play through the table's alarm). Everyone
 * asked at a version answers it once: in a simultaneous phase, and between rounds, where the
 * next round starts only once every person is ready.
 */
export function playToEnd(humans: Client[], maxSteps = 5000): Promise<void> {
  return playTo(humans, 'gameOver', maxSteps);
}

/** Plays the humans until the game reaches `phase` (or is over). */
export async function playTo(humans: Client[], phase: string, maxSteps = 5000): Promise<void> {
  const answered = new Map<Client, number>();
  const unanswered = (human: Client, version: number) =>
    human.lastState()?.version === version && asked(human) && answered.get(human) !== version;
  for (let step = 0; step < maxSteps; step++) {
    const latest = Math.max(...humans.map((h) => h.lastState()?.version ?? 0));
    const last = humans.find((h) => h.lastState()?.version === latest)?.lastState();
    const now = last && (last.view as { phase: string }).phase;
    if (now === phase || now === 'gameOver') return;
    const human = humans.find((h) => unanswered(h, latest));
    if (human) {
      await pace(human);
      if (moveIfAsked(human) !== null) answered.set(human, latest);
      if (humans.some((h) => unanswered(h, latest))) continue;
    }
    // Wait for the next state: ours, or a bot's.
    await humans[0]!.stateAtLeast(latest + 1, human ? 5000 : 10000);
    await Promise.all(humans.map((h) => h.stateAtLeast(latest + 1)));
  }
  throw new Error('the game did not end');
}
