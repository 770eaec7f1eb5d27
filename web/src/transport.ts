/**
 * The table's socket, kept open: it takes over the socket the page opened early, reconnects by
 * itself (a deploy or a lost network closes sockets) with backoff, replaces a socket that has gone
 * quiet (liveness.ts), and stops for good when the table is gone or a newer tab took the seat.
 * It knows nothing of the messages: it hands on what it hears and sends what it is given.
 */
import { type Accessor, createSignal } from 'solid-js';
import { CLOSE, SUBPROTOCOL } from '../../shared/protocol.ts';
import { takeEarlySocket } from './early-socket.ts';
import { PING_MS, type SocketLife, verdict, WATCH_MS } from './liveness.ts';

/**
 * `offline`: the device says it has no network (a socket may still look open, but carries
 * nothing); `elsewhere`: the table closed this tab's socket for a newer tab of the same seat.
 */
export type Status = 'connecting' | 'open' | 'offline' | 'reconnecting' | 'missing' | 'elsewhere';

/** How the page's connection reaches its table: a socket here, a worker for a solo table. */
export interface Transport {
  status: Accessor<Status>;
  /** Sends a client message (held until the first join, if it comes before). */
  send(text: string): void;
  /** Gives up on the current way in for a new one, at once. */
  reconnectNow(): void;
  close(): void;
}

export interface TransportHandlers {
  /** What a new socket presents before it joins (a seat's token, the host key), if anything. */
  credentials(): string[];
  /** A new socket opened: say who you are (the early socket has joined already). */
  joined(send: (text: string) => void): void;
  heard(text: string): void;
  /** The socket is gone: nothing sent on it will be answered. */
  dropped(): void;
}

async function tableIsMissing(id: string): Promise<boolean> {
  try {
    return (await fetch(`/api/tables/${id}`)).status === 404;
  } catch {
    return false; // offline: keep trying
  }
}

export function openTransport(
  id: string,
  on: TransportHandlers,
  everSummarized: () => boolean,
): Transport {
  const [status, setStatus] = createSignal<Status>('connecting');
  let ws: WebSocket | null = null;
  let attempts = 0;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let life: SocketLife = { open: false, madeAt: Date.now(), heardAt: 0, probedAt: null };
  const stopped = () => closed || status() === 'missing' || status() === 'elsewhere';
  /** Not connected: said as offline while the device has no network, else as reconnecting. */
  const lost = () => setStatus(navigator.onLine ? 'reconnecting' : 'offline');

  const sendNow = (text: string) => {
    if (ws?.readyState === WebSocket.OPEN) ws.send(text);
  };
  // The page may show the table before its first socket has joined (the first sight the Worker
  // wrote into it): what it sends meanwhile (a name, a seat taken) waits for that join.
  let unjoined: string[] | null = [];
  const send = (text: string) => {
    if (unjoined) unjoined.push(text);
    else sendNow(text);
  };
  const firstJoined = () => {
    const waiting = unjoined ?? [];
    unjoined = null;
    for (const text of waiting) sendNow(text);
  };
  // The next ping is set when the last is answered: a timer set from a socket's message is not
  // one a hidden tab's browser holds back to once a minute (as it does a repeating timer), so the
  // table hears from an open tab within its SILENCE_MS, in view or not.
  let ping: ReturnType<typeof setTimeout> | undefined;
  const pingLater = () => {
    clearTimeout(ping);
    ping = setTimeout(() => sendNow('ping'), PING_MS);
  };
  const watch = setInterval(() => {
    if (!stopped() && ws !== null && verdict(life, Date.now()) !== 'ok') reconnectNow();
  }, WATCH_MS);
  /**
   * Back in view or back online: a socket not open is replaced now, an open one is asked. After
   * the device was offline, a new socket: one that looked open all along may have lost what was
   * sent to it meanwhile, and a new one joins with the whole state.
   */
  const wake = () => {
    if (stopped() || document.visibilityState === 'hidden') return;
    if (ws?.readyState === WebSocket.OPEN && status() !== 'offline') {
      life = { ...life, probedAt: Date.now() };
      ws.send('ping');
    } else reconnectNow();
  };
  /** The device lost its network: said at once, whatever the socket still looks like. */
  const offline = () => {
    if (!stopped()) setStatus('offline');
  };
  window.addEventListener('online', wake);
  window.addEventListener('offline', offline);
  document.addEventListener('visibilitychange', wake);

  /** Gives up on the current socket (or the wait for the next) and opens a new one at once. */
  function reconnectNow(): void {
    clearTimeout(retry);
    const old = ws;
    ws = null; // its close, whenever it comes, is no longer this transport's business
    old?.close(4000, 'stale');
    on.dropped();
    lost();
    connect();
  }

  function connect(): void {
    const early = takeEarlySocket(id);
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/tables/${id}/ws`;
    const socket = early?.ws ?? new WebSocket(url, [SUBPROTOCOL, ...on.credentials()]);
    ws = socket;
    life = { open: false, madeAt: Date.now(), heardAt: 0, probedAt: null };
    const opened = () => {
      attempts = 0;
      life = { ...life, open: true, heardAt: Date.now() };
      setStatus('open');
      pingLater();
    };
    const heard = (text: string) => {
      life = { ...life, heardAt: Date.now() };
      if (text === 'pong') pingLater();
      else on.heard(text);
    };
    if (early && socket.readyState === WebSocket.OPEN) {
      // The page's inline script opened this socket and joined on it: what it heard comes first.
      opened();
      for (const text of early.heard) heard(text);
      firstJoined();
    } else {
      socket.addEventListener('open', () => {
        opened();
        on.joined(sendNow);
        firstJoined();
      });
    }
    socket.addEventListener('message', (e) => heard(String(e.data)));
    socket.addEventListener('close', async (e) => {
      if (closed || ws !== socket) return;
      on.dropped();
      if (e.code === CLOSE.otherTab) {
        ws = null;
        setStatus('elsewhere');
        return;
      }
      if (!everSummarized() && (await tableIsMissing(id))) {
        setStatus('missing');
        return;
      }
      lost();
      // Back off: 0.5 s, 1 s, 2 s … up to 10 s, with jitter so a redeploy is not a stampede.
      const delay = Math.min(10_000, 500 * 2 ** attempts++) * (0.75 + Math.random() / 2);
      retry = setTimeout(connect, delay);
    });
  }

  connect();

  return {
    status,
    send,
    reconnectNow,
    close() {
      closed = true;
      clearTimeout(ping);
      clearInterval(watch);
      window.removeEventListener('online', wake);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', wake);
      clearTimeout(retry);
      ws?.close(1000, 'bye');
    },
  };
}
