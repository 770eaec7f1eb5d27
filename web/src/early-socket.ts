/**
 * What a table link's page knows before its code has loaded. The Worker writes into the page the
 * table's first sight (worker/pages.ts: what a spectator's socket hears on joining), and for a
 * visitor who holds a seat there, the page's inline script (web/index.html) opens and joins a
 * socket at once, so that their own view is on its way first. Anyone else's socket is opened by
 * the same script when the page's code starts (`openEarlySocket`): with the page's first bytes it
 * would share the runtime and the network with the page's files, and slow a board that comes from
 * the first sight anyway. The connection (connection.ts) takes both over; until then main.tsx
 * reads the table's game from them, to start its board. This module alone reads the first
 * sight's block and the page's `hooplaEarly` and `hooplaOpenEarly`.
 */
import { GAME_IDS, type GameId } from '../../shared/engine/types.ts';

const isGameId = (x: unknown): x is GameId => GAME_IDS.includes(x as GameId);

export interface EarlySocket {
  id: string;
  ws: WebSocket;
  /** What the socket heard before the page took it over. */
  heard: string[];
}

declare global {
  interface Window {
    hooplaEarly?: EarlySocket;
    /** The inline script's way to open the early socket, left for the page's code to call. */
    hooplaOpenEarly?: () => void;
  }
}

const earlySocket = (): EarlySocket | null => window.hooplaEarly ?? null;

/** Opens the early socket the inline script left for the page's code to open, if it left one. */
export function openEarlySocket(): void {
  const open = window.hooplaOpenEarly;
  window.hooplaOpenEarly = undefined;
  open?.();
}

/** The id of the first sight's data block; worker/pages.ts writes it. */
const FIRST_SIGHT_ID = 'first-sight';

/** The first sight's messages, taken out of the page once (a later table has none). */
let firstSight: string[] | null = (() => {
  const block = document.getElementById(FIRST_SIGHT_ID);
  if (!block) return null;
  block.remove();
  try {
    const heard: unknown = JSON.parse(block.textContent ?? '');
    return Array.isArray(heard) && heard.every((m) => typeof m === 'string') ? heard : null;
  } catch {
    return null;
  }
})();

/**
 * The table in a welcome message, read without the protocol's schemas (they come with the table
 * page, which checks the same message): what it says is only a hint here. Undefined: not a welcome.
 */
function welcomed(
  data: string,
): { id?: unknown; game?: unknown; status?: unknown } | null | undefined {
  if (!data.startsWith('{"type":"welcome"')) return undefined;
  try {
    return JSON.parse(data)?.table ?? null;
  } catch {
    return null;
  }
}

/**
 * The first sight of table `id`, once: the messages a spectator's socket would have heard on
 * joining, as the Worker wrote them into the page. Null: none, or another table's.
 */
export function takeFirstSight(id: string): string[] | null {
  const heard = firstSight;
  firstSight = null;
  return heard?.[0] !== undefined && welcomed(heard[0])?.id === id ? heard : null;
}

/**
 * Whether the early socket of table `id` is open and has heard its whole answer to the join: the
 * welcome, and while a game is on, the state that follows it at once. That answer is newer than
 * the first sight (written before the page was sent), so a spectator's page starts from it
 * instead when it comes first (it may, while the rest of the page's code loads on a slow device):
 * one table read before the first board, not two.
 */
export function earlyAnswered(id: string): boolean {
  const early = earlySocket();
  if (!early || early.id !== id || early.ws.readyState !== WebSocket.OPEN) return false;
  const table = early.heard.map(welcomed).find((t) => t !== undefined);
  if (!table) return false;
  return table.status === 'lobby' || early.heard.some((m) => m.startsWith('{"type":"state"'));
}

/** Calls `then` with the table's game as soon as the page knows it. */
export function onEarlyGame(then: (game: GameId) => void): void {
  const peek = (data: string) => {
    const table = welcomed(data);
    if (table === undefined) return false;
    // A game it does not know is simply not fetched.
    if (isGameId(table?.game)) then(table.game);
    return true;
  };
  if (firstSight?.some(peek)) return;
  const early = earlySocket();
  if (!early) return;
  if (early.heard.some(peek)) return;
  const listen = (e: MessageEvent) => {
    if (peek(String(e.data))) early.ws.removeEventListener('message', listen);
  };
  early.ws.addEventListener('message', listen);
}

/**
 * Takes over the early socket for table `id`, once: open and joined (its messages so far are
 * returned with it), or still opening (its inline join is dropped: the page joins itself).
 */
export function takeEarlySocket(id: string): EarlySocket | null {
  const early = earlySocket();
  window.hooplaEarly = undefined;
  if (!early || early.id !== id) {
    early?.ws.close(1000, 'not needed');
    return null;
  }
  early.ws.onmessage = null;
  if (early.ws.readyState === WebSocket.CONNECTING) {
    early.ws.onopen = null;
    return early;
  }
  if (early.ws.readyState === WebSocket.OPEN) return early;
  return null;
}
