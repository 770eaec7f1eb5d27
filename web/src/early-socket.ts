/**
 * The socket web/index.html opens for a table link before the page's code has loaded: it joins at
 * once, so the table's state is on its way first. The connection (connection.ts) takes it over;
 * until then main.tsx peeks at its welcome to fetch the game's board alongside the table page.
 */
import type { GameId } from '../../shared/engine/types.ts';

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

export const earlySocket = (): EarlySocket | null => window.hooplaEarly ?? null;

/** Calls `then` with the table's game as soon as the early socket is welcomed. */
export function onEarlyGame(then: (game: GameId) => void): void {
  const early = earlySocket();
  if (!early) return;
  const peek = (data: string) => {
    if (!data.startsWith('{"type":"welcome"')) return false;
    then((JSON.parse(data) as { table: { game: GameId } }).table.game);
    return true;
  };
  if (early.heard.some(peek)) return;
  const listen = (e: MessageEvent) => {
    if (peek(String(e.data))) early.ws.removeEventListener('message', listen);
  };
  early.ws.addEventListener('message', listen);
}
