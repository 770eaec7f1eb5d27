/**
 * One table's live connection: joins with the remembered seat token, keeps the latest state, and
 * reconnects by itself (a deploy or a lost network closes sockets), getting the state again.
 */
import { createSignal } from 'solid-js';
import { createStore, reconcile, unwrap } from 'solid-js/store';
import type { GameEvent, Rejection, Seat } from '../../shared/engine/types.ts';
import type { ErrorCode } from '../../shared/errors.ts';
import { applyPatch } from '../../shared/patch.ts';
import {
  type AnyView,
  type ClientMessage,
  checkView,
  type GameRecord,
  parseServerMessage,
  type TableSummary,
  type UnseatReason,
} from '../../shared/protocol.ts';
import type { Reaction } from '../../shared/reactions.ts';
import { takeEarlySocket } from './early-socket.ts';
import { PING_MS, type SocketLife, verdict, WATCH_MS } from './liveness.ts';
import { saved } from './saved.ts';

/** `elsewhere`: the table closed this tab's socket for a newer tab of the same seat. */
export type Status = 'connecting' | 'open' | 'reconnecting' | 'missing' | 'elsewhere';

/** What the page tells the player went wrong: a refusal from the table, or a lost seat. */
export type TableError = Rejection<ErrorCode | `unseated.${UnseatReason}`>;

export interface LiveState {
  version: number;
  view: AnyView;
  deadline: number | null;
}

export interface LogEntry {
  n: number;
  event: GameEvent;
  /** Heard as it happened, not read back from the history on joining: worth a notice. */
  live: boolean;
}

/** The table closed the socket for a newer tab of the same seat: this one stays closed. */
const CLOSE_OTHER_TAB = 4001;
/** How long a reaction shows beside its sender. */
const REACTION_SHOW_MS = 4_000;
const ANSWER_WAIT_MS = 5_000;

/** Whether a new view still asks this seat the very question its move in flight answers. */
function stillAsked(view: LiveState['view'], legal: string): boolean {
  const you = view.you;
  return you !== null && view.toMove.includes(you) && JSON.stringify(view.legal) === legal;
}
const LOG_LIMIT = 200;

async function tableIsMissing(id: string): Promise<boolean> {
  try {
    return (await fetch(`/api/tables/${id}`)).status === 404;
  } catch {
    return false; // offline: keep trying
  }
}

export function connectTable(id: string) {
  const [status, setStatus] = createSignal<Status>('connecting');
  const [table, setTable] = createSignal<TableSummary | null>(null);
  const [seat, setSeat] = createSignal<Seat | null>(null);
  const [host, setHost] = createSignal(false);
  const [meta, setMeta] = createSignal<Omit<LiveState, 'view'> | null>(null);
  // Each state arrives as fresh JSON; reconciling it into a store keeps every unchanged card the
  // same object, so boards keep their buttons (and keyboard focus) from one move to the next.
  const [live, setLive] = createStore<{ view: LiveState['view'] | null }>({ view: null });
  const state = (): LiveState | null => {
    const m = meta();
    return m && live.view ? { ...m, view: live.view } : null;
  };
  const [log, setLog] = createSignal<LogEntry[]>([]);
  const [error, setError] = createSignal<TableError | null>(null);
  const [pending, setPending] = createSignal(false);
  const [record, setRecord] = createSignal<GameRecord | null>(null);
  /** Each seat's reaction while it shows (seat → reaction). */
  const [reactions, setReactions] = createSignal<ReadonlyMap<Seat, Reaction>>(new Map());
  const reactionTimers = new Map<Seat, ReturnType<typeof setTimeout>>();
  function showReaction(from: Seat, reaction: Reaction): void {
    setReactions((old) => new Map(old).set(from, reaction));
    clearTimeout(reactionTimers.get(from));
    reactionTimers.set(
      from,
      setTimeout(() => {
        setReactions((old) => {
          const next = new Map(old);
          next.delete(from);
          return next;
        });
      }, REACTION_SHOW_MS),
    );
  }

  let ws: WebSocket | null = null;
  let attempts = 0;
  let closed = false;
  let logged = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  /** The legal moves the move in flight was chosen from, until its answer comes. */
  let answering: string | null = null;
  let answerTimer: ReturnType<typeof setTimeout> | undefined;
  const settle = () => {
    answering = null;
    clearTimeout(answerTimer);
    setPending(false);
  };
  /** The current socket's life, for the watch (liveness.ts). */
  let life: SocketLife = { open: false, madeAt: Date.now(), heardAt: 0, probedAt: null };
  const ping = setInterval(() => ws?.readyState === WebSocket.OPEN && ws.send('ping'), PING_MS);
  const watch = setInterval(() => {
    if (status() === 'missing' || status() === 'elsewhere') return;
    if (ws !== null && verdict(life, Date.now()) !== 'ok') reconnectNow();
  }, WATCH_MS);
  /** Back in view or back online: a socket not open is replaced now, an open one is asked. */
  const wake = () => {
    if (closed || status() === 'missing' || status() === 'elsewhere') return;
    if (document.visibilityState === 'hidden') return;
    if (ws?.readyState === WebSocket.OPEN) {
      life = { ...life, probedAt: Date.now() };
      ws.send('ping');
    } else reconnectNow();
  };
  window.addEventListener('online', wake);
  document.addEventListener('visibilitychange', wake);

  /** Gives up on the current socket (or the wait for the next) and opens a new one at once. */
  function reconnectNow(): void {
    clearTimeout(retry);
    const old = ws;
    ws = null; // its close, whenever it comes, is no longer this connection's business
    old?.close(4000, 'stale');
    settle();
    setStatus('reconnecting');
    connect();
  }

  const send = (message: ClientMessage) => {
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  };

  /** Told just before each new version reaches the page (the board notes where its cards lie). */
  const beforeState = new Set<() => void>();

  function takeState(
    version: number,
    view: LiveState['view'],
    events: GameEvent[],
    deadline: number | null,
  ): void {
    for (const listener of beforeState) listener();
    setLive('view', live.view ? reconcile(view, { key: 'id' }) : view);
    setMeta({ version, deadline });
    // Someone else's answer in a simultaneous phase leaves this seat's choice as it was: the
    // move sent is still on its way, and the board waits for it rather than ask again.
    if (answering !== null && !stillAsked(view, answering)) settle();
    if (events.length > 0) {
      const entries = events.map((event) => ({ n: logged++, event, live: true }));
      // A new game starts a new log.
      const fresh = events[0]!.type === 'gameStarted';
      setLog((old) => [...(fresh ? [] : old), ...entries].slice(-LOG_LIMIT));
    }
  }

  function onMessage(data: string): void {
    life = { ...life, heardAt: Date.now() };
    if (data === 'pong') return;
    const parsed = parseServerMessage(data);
    if (!parsed.ok) {
      console.warn(`Ignored a message from the table: ${parsed.error.message}`);
      return;
    }
    const msg = parsed.message;
    switch (msg.type) {
      case 'welcome':
        setTable(msg.table);
        setSeat(msg.seat);
        setHost(msg.host);
        return;
      case 'table':
        setTable(msg.table);
        // A "next round" only marks this seat ready while others are awaited: this is its answer.
        if (answering !== null && msg.table.pause?.ready.includes(seat() ?? -1)) settle();
        return;
      case 'seated':
        saved.setToken(id, msg.token);
        setSeat(msg.seat);
        return;
      case 'unseated':
        setSeat(null);
        setError({ code: `unseated.${msg.reason}`, message: '' });
        // A bot keeps the seat for its player (ALL-4): joining again with the token takes it back.
        if (msg.reason === 'bot') reconnectNow();
        else saved.setToken(id, null);
        return;
      case 'history': {
        // The whole game so far, on joining: the log is rebuilt from it, not added to.
        const entries = msg.events.map((event) => ({ n: logged++, event, live: false }));
        setLog(entries.slice(-LOG_LIMIT));
        return;
      }
      case 'state':
        takeState(msg.version, msg.view, msg.events, msg.deadline);
        return;
      case 'patch': {
        const now = meta();
        // A patch of a view this client does not hold (a message lost on the way): join again,
        // which brings the whole state. The board is never left showing a stale game.
        if (!now || !live.view || now.version !== msg.base) {
          ws?.close(4000, 'resync');
          return;
        }
        const base = JSON.parse(JSON.stringify(unwrap(live.view))) as unknown;
        const view = checkView(applyPatch(base, msg.ops));
        // Patches that do not make a view are as good as lost: the whole state is fetched again.
        if (!view) {
          console.warn('A patch from the table did not make a view: joining again.');
          ws?.close(4000, 'resync');
          return;
        }
        takeState(msg.version, view, msg.events, msg.deadline);
        return;
      }
      case 'record':
        setRecord(msg.record);
        return;
      case 'reaction':
        showReaction(msg.seat, msg.reaction);
        return;
      case 'error':
        settle();
        if (msg.code === 'bad-token') saved.setToken(id, null);
        // A stale move was made on a board that has really changed since (simultaneous answers
        // are accepted): the fresh state is on its way, and the player is told to choose again.
        setError({ code: msg.code, message: msg.message });
        return;
    }
  }

  function connect(): void {
    const early = takeEarlySocket(id);
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/tables/${id}/ws`;
    const socket = early?.ws ?? new WebSocket(url);
    ws = socket;
    life = { open: false, madeAt: Date.now(), heardAt: 0, probedAt: null };
    const opened = () => {
      attempts = 0;
      life = { ...life, open: true, heardAt: Date.now() };
      setStatus('open');
    };
    if (early && socket.readyState === WebSocket.OPEN) {
      // The page's inline script opened this socket and joined on it: what it heard comes first.
      opened();
      for (const data of early.heard) onMessage(data);
    } else {
      socket.addEventListener('open', () => {
        opened();
        const token = saved.token(id) ?? undefined;
        const hostKey = saved.hostKey(id) ?? undefined;
        // Without a name of their own, whoever sits down is named by the table ("Player 2").
        const name = saved.name() ?? undefined;
        send({ type: 'join', name, token, hostKey, patches: true });
      });
    }
    socket.addEventListener('message', (e) => onMessage(String(e.data)));
    socket.addEventListener('close', async (e) => {
      if (closed || ws !== socket) return;
      settle();
      if (e.code === CLOSE_OTHER_TAB) {
        ws = null;
        setStatus('elsewhere');
        return;
      }
      if (!table() && (await tableIsMissing(id))) {
        setStatus('missing');
        return;
      }
      setStatus('reconnecting');
      // Back off: 0.5 s, 1 s, 2 s … up to 10 s, with jitter so a redeploy is not a stampede.
      const delay = Math.min(10_000, 500 * 2 ** attempts++) * (0.75 + Math.random() / 2);
      retry = setTimeout(connect, delay);
    });
  }

  connect();

  return {
    id,
    status,
    table,
    seat,
    host,
    state,
    log,
    error,
    pending,
    record,
    reactions,
    react: (reaction: Reaction) => send({ type: 'react', reaction }),
    /** Calls `listener` before every new version; returns the way to stop. */
    onBeforeState(listener: () => void): () => void {
      beforeState.add(listener);
      return () => beforeState.delete(listener);
    },
    clearError: () => setError(null),
    setName(name: string) {
      saved.setName(name);
      send({ type: 'name', name });
    },
    sit: (s: Seat) => send({ type: 'sit', seat: s }),
    leave: () => send({ type: 'leave' }),
    start: () => send({ type: 'start' }),
    setBot: (s: Seat, on: boolean) => send({ type: 'bot', seat: s, on }),
    kick: (s: Seat) => send({ type: 'kick', seat: s }),
    // Naming the game that is over: if someone else asked first, this is simply answered.
    rematch: () => send({ type: 'rematch', gameNo: table()?.gameNo }),
    askRecord: () => send({ type: 'record' }),
    move(move: unknown) {
      const now = state();
      if (!now || pending()) return;
      setError(null);
      setPending(true);
      answering = JSON.stringify(now.view.legal);
      // The server answers every move; should that answer be lost, the board is not held.
      answerTimer = setTimeout(settle, ANSWER_WAIT_MS);
      send({ type: 'move', move, version: now.version });
    },
    /** After `elsewhere`: this tab takes the seat back (another of its tabs gives way). */
    useHere: reconnectNow,
    close() {
      closed = true;
      clearInterval(ping);
      clearInterval(watch);
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', wake);
      clearTimeout(retry);
      for (const timer of reactionTimers.values()) clearTimeout(timer);
      ws?.close(1000, 'bye');
    },
  };
}

export type Connection = ReturnType<typeof connectTable>;
