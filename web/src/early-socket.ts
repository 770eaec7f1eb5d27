/**
 * What a table link's page knows before its code has loaded. The Worker writes into the page the
 * table's first sight (worker/pages.ts: what a spectator's socket hears on joining), and for a
 * visitor who holds a seat there, the page's inline script (web/index.html) opens and joins a
 * socket at once, so that their own view is on its way first. The connection (connection.ts)
 * takes both over; until then main.tsx reads the table's game from them, to start its board.
 * This module alone reads the first sight's block and the page's `hooplaEarly`.
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
  }
}

const earlySocket = (): EarlySocket | null => window.hooplaEarly ?? null;

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
function welcomed(data: string): { id?: unknown; game?: unknown } | null | undefined {
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
