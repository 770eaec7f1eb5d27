/**
 * The socket web/index.html opens for a table link before the page's code has loaded: it joins at
 * once, so the table's state is on its way first. The connection (connection.ts) takes it over;
 * until then main.tsx peeks at its welcome to fetch the game's board alongside the table page.
 * This module alone reads and clears the page's `hooplaEarly`.
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

/** Calls `then` with the table's game as soon as the early socket is welcomed. */
export function onEarlyGame(then: (game: GameId) => void): void {
  const early = earlySocket();
  if (!early) return;
  const peek = (data: string) => {
    if (!data.startsWith('{"type":"welcome"')) return false;
    // A hint to fetch the board early, read without the protocol's schemas (they come with the
    // table page, which checks this same message): a game it does not know is simply not fetched.
    const game: unknown = JSON.parse(data)?.table?.game;
    if (isGameId(game)) then(game);
    return true;
  };
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
