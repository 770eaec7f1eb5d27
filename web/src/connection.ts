/**
 * One table's live connection, for the page's components (through `ConnectionContext`): the
 * transport (transport.ts) carries messages, `receive` (receive.ts) says what each one changes,
 * and this keeps the result in signals, with the actions a player may take. Each new view is
 * copied once, into the store the boards read, so that unchanged cards keep their buttons.
 */
import { batch, createContext, createSignal, useContext } from 'solid-js';
import { createStore, reconcile } from 'solid-js/store';
import type { BotLevel } from '../../shared/engine/bot.ts';
import type { Seat } from '../../shared/engine/types.ts';
import { type ClientMessage, parseServerMessage } from '../../shared/protocol.ts';
import type { Reaction } from '../../shared/reactions.ts';
import { NUDGES } from '../../shared/table/limits.ts';
import { earlyAnswered, takeFirstSight } from './early-socket.ts';
import { fading } from './fading.ts';
import type { Lang } from './i18n.ts';
import { predictMove, preparePrediction } from './prediction.ts';
import type { PushSubscriptionJson } from './push.ts';
import {
  type LiveState,
  moved,
  nothingReceived,
  type Predictor,
  type Received,
  receive,
  shownView,
  unanswered,
} from './receive.ts';
import { saved } from './saved.ts';
import { type LocalTable, openLocalTransport } from './solo/local-transport.ts';
import { reloadOntoNewBuild } from './stale-build.ts';
import { openTransport, type TransportHandlers } from './transport.ts';

export type { LiveState, LogEntry, TableError } from './receive.ts';
export type { Status } from './transport.ts';

/** How long a reaction shows beside its sender, and a nudge on screen. */
const REACTION_SHOW_MS = 4_000;
const NUDGE_SHOW_MS = 8_000;

/** A reminder that the table waits on `seat`, from the player at `by` (null: the host). */
export interface Nudge {
  seat: Seat;
  by: Seat | null;
  /** Counts nudges, so that the same one twice shows twice. */
  n: number;
}
/** The table answers every move; should that answer be lost, the board is not held longer. */
const ANSWER_WAIT_MS = 5_000;

/**
 * The page's connection to table `id`. `watching`: a table screen, which joins as a spectator
 * whatever seat this browser holds there, so that no hand shows on a screen everyone faces.
 * `local`: a solo table, kept and run in this browser (solo/), which the page reaches through
 * its worker instead of a socket: everything else is the same.
 */
export function connectTable(id: string, watching = false, local: LocalTable | null = null) {
  const [received, setReceived] = createSignal<Received>(nothingReceived);
  // The boards read the view from a store: reconciling each version into it keeps every
  // unchanged card the same object, so boards keep their buttons (and keyboard focus).
  const [live, setLive] = createStore<{ view: LiveState['view'] | null }>({ view: null });
  const reactions = fading<Reaction>();
  const [nudged, setNudged] = createSignal<Nudge | null>(null);
  let nudgeTimer: ReturnType<typeof setTimeout> | undefined;
  // The seats nudged (by anyone) within the table's minute, which it would refuse to nudge again.
  const resting = fading<true>();
  let answerTimer: ReturnType<typeof setTimeout> | undefined;

  /** Told just before each new version reaches the page (the board notes where its cards lie). */
  const beforeState = new Set<() => void>();

  const rest = (seat: Seat) => resting.show(seat, true, NUDGES.windowMs);

  function showNudge(seat: Seat, by: Seat | null): void {
    rest(seat);
    setNudged((old) => ({ seat, by, n: (old?.n ?? 0) + 1 }));
    clearTimeout(nudgeTimer);
    nudgeTimer = setTimeout(() => setNudged(null), NUDGE_SHOW_MS);
    // On the phone of the player nudged, a buzz too (where the browser can).
    if (seat === received().seat) navigator.vibrate?.([200, 100, 200]);
  }

  const predict: Predictor = (view, move) => {
    const game = received().table?.game;
    return game ? predictMove(game, view, move) : null;
  };

  /**
   * Moves the page on to `next`: the board's store takes the view it shows (a move's prediction,
   * else the latest version's), telling the board first where its cards lay.
   */
  function update(next: Received): void {
    const shown = shownView(next);
    const fresh = shown !== shownView(received()) ? shown : null;
    if (fresh) for (const listener of beforeState) listener();
    batch(() => {
      if (fresh) {
        const copy = structuredClone(fresh);
        setLive('view', live.view ? reconcile(copy, { key: 'id' }) : copy);
      }
      setReceived(next);
    });
    if (next.answering === null) clearTimeout(answerTimer);
  }

  function heard(text: string): void {
    const parsed = parseServerMessage(text);
    if (!parsed.ok) {
      console.warn(`Ignored a message from the table: ${parsed.error.message}`);
      return;
    }
    const { next, effects } = receive(received(), parsed.message, predict);
    update(next);
    // A seat's own moves are shown before the table answers, once the game's rules are here.
    const game = next.table?.game;
    if (game && next.seat !== null && next.live && !watching) preparePrediction(game);
    for (const effect of effects) {
      // A solo table keeps its own seat: this browser's list of seats is of live tables.
      if (effect.kind === 'seated') {
        if (!local) saved.holdSeat(id, effect.seat, effect.token);
      } else if (effect.kind === 'forget') {
        if (!local) saved.forgetSeat(id);
      } else if (effect.kind === 'rejoin') transport.reconnectNow();
      else if (effect.kind === 'nudge') showNudge(effect.seat, effect.by);
      else if (effect.kind === 'reload') reloadOntoNewBuild();
      else reactions.show(effect.seat, effect.reaction, REACTION_SHOW_MS);
    }
  }

  // A table link's page comes with what a spectator hears on joining (early-socket.ts): someone
  // who holds no seat here, or a table screen, sees the table from it before the socket opens,
  // unless the page's early socket has answered already (its view is newer; the transport hands
  // it on). A seat's holder waits for their own view, which the page's early socket brings.
  const sight = local ? null : takeFirstSight(id);
  const spectator = watching || (saved.token(id) === null && saved.hostKey(id) === null);
  if (sight && spectator && !earlyAnswered(id)) {
    for (const text of sight) heard(text);
  }

  const handlers: TransportHandlers = {
    credentials: () =>
      watching ? [] : [saved.token(id), saved.hostKey(id)].filter((c) => c !== null),
    joined(send) {
      if (watching) {
        send(JSON.stringify({ type: 'join', patches: true }));
        return;
      }
      const token = saved.token(id) ?? undefined;
      const hostKey = saved.hostKey(id) ?? undefined;
      // Without a name of their own, whoever sits down is named by the table ("Player 2").
      const name = saved.name() ?? undefined;
      send(JSON.stringify({ type: 'join', name, token, hostKey, patches: true }));
    },
    heard,
    // What was sent may never have arrived: the board goes back to the table's last word, and
    // the table says on rejoining whether the move was made (nothing is sent again).
    dropped: () => update(unanswered(received())),
  };
  const solo = local && openLocalTransport(id, handlers, local);
  const transport = solo || openTransport(id, handlers, () => received().table !== null);

  const send = (message: ClientMessage) => transport.send(JSON.stringify(message));
  const pick =
    <K extends keyof Received>(key: K) =>
    () =>
      received()[key];

  return {
    id,
    /** A table screen: it only watches, and offers none of a seat's controls. */
    screen: watching,
    /** A solo table's own ways: its game so far, to take online, and its move there. */
    solo: solo ? { upload: solo.upload, wentOnline: solo.wentOnline } : null,
    status: transport.status,
    table: pick('table'),
    seat: pick('seat'),
    host: pick('host'),
    log: pick('log'),
    /** How often a join has brought this page up to date (a first join, and every rejoin). */
    synced: pick('synced'),
    error: pick('error'),
    record: pick('record'),
    /** The cards the latest version brought or moved. */
    touched: pick('touched'),
    pending: () => received().answering !== null,
    /** Whether the board shows the move in flight as its game predicts it, before the answer. */
    predicted: () => received().predicted !== null,
    /**
     * The latest version, its view from the store the boards read: the move in flight's
     * predicted view until the table answers it.
     */
    state: (): LiveState | null => {
      const { live: now, predicted } = received();
      if (!now || !live.view) return null;
      // A predicted move may hand the turn on: the table sets the next clock, not this one.
      const stillTimed =
        !predicted || predicted.view.toMove.every((s) => now.view.toMove.includes(s));
      return { ...now, view: live.view, deadline: stillTimed ? now.deadline : null };
    },
    reactions: reactions.now,
    react: (reaction: Reaction) => send({ type: 'react', reaction }),
    /**
     * Gives the table this device's push subscription for the seat, to be notified when the table
     * waits on it while no tab of the seat is open, in `language`; null takes back the one this
     * socket gave.
     */
    push: (subscription: PushSubscriptionJson | null, language?: Lang) =>
      send({ type: 'push', subscription: subscription && { ...subscription, language } }),
    /** Calls `listener` before every new version; returns the way to stop. */
    onBeforeState(listener: () => void): () => void {
      beforeState.add(listener);
      return () => beforeState.delete(listener);
    },
    clearError: () => setReceived((r) => ({ ...r, error: null })),
    setName(name: string) {
      saved.setName(name);
      send({ type: 'name', name });
    },
    sit: (s: Seat) => send({ type: 'sit', seat: s }),
    leave() {
      setReceived((r) => ({ ...r, leaving: true }));
      send({ type: 'leave' });
    },
    start: () => send({ type: 'start' }),
    setBot: (s: Seat, on: boolean, level?: BotLevel) =>
      send(level ? { type: 'bot', seat: s, on, level } : { type: 'bot', seat: s, on }),
    kick: (s: Seat) => send({ type: 'kick', seat: s }),
    // Naming the game that is over: if someone else asked first, this is simply answered.
    rematch: () => send({ type: 'rematch', gameNo: received().table?.gameNo }),
    askRecord: () => send({ type: 'record' }),
    /** This seat's page shows game `gameNo`'s board: the clock may run on it now. */
    seen: (gameNo: number) => send({ type: 'seen', gameNo }),
    /** The latest nudge, for a few seconds. */
    nudged,
    nudge(s: Seat) {
      send({ type: 'nudge', seat: s });
      rest(s);
    },
    /** Whether `seat` was nudged within the minute the table allows one nudge in. */
    nudgeResting: (seat: Seat) => resting.now().has(seat),
    move(move: unknown) {
      const now = received().live;
      if (!now || received().answering !== null) return;
      // Sent first, so that the prediction's paint takes nothing from the way to the table.
      send({ type: 'move', move, version: now.version });
      update(moved(received(), move, predict));
      clearTimeout(answerTimer);
      answerTimer = setTimeout(() => update(unanswered(received())), ANSWER_WAIT_MS);
    },
    /** After `elsewhere`: this tab takes the seat back (another of its tabs gives way). */
    useHere: transport.reconnectNow,
    close() {
      transport.close();
      clearTimeout(answerTimer);
      reactions.stop();
      clearTimeout(nudgeTimer);
      resting.stop();
    },
  };
}

export type Connection = ReturnType<typeof connectTable>;

/** The table's connection, for every component of the table page. */
export const ConnectionContext = createContext<Connection>();

export function useConnection(): Connection {
  const conn = useContext(ConnectionContext);
  if (!conn) throw new Error('useConnection outside a table page');
  return conn;
}
