/**
 * When a move shows on the board, as a player sees it: a script in the page (before the app's
 * own) watches the table's socket and the screen. For each move the page sends, it notes the tap
 * that sent it (the last click before), the first frame whose board differs from the board at the
 * tap, and when the table's answer arrived; for each version the table sends unasked (someone
 * else's move), the first frame whose board differs from the board when it arrived.
 *
 * "The board" is what a player reads off it: where each card lies (its id, or a back, in its
 * place), and whether the page says it is their turn. Buttons greying out while a move is on its
 * way change none of that.
 */
import type { Page } from 'playwright-core';
import { applyPatch, type PatchOp } from '../../shared/patch.ts';

/** One of the player's own moves, times in milliseconds since the page opened. */
export interface OwnMove {
  kind: string;
  /** The move as sent. */
  move: unknown;
  /** How many of `MoveTimes.views` the page had heard when it sent the move. */
  heard: number;
  tap: number;
  /** The first frame that showed the move; null if none did before the next move. */
  shown: number | null;
  /** Whether that frame showed the move as the page predicted it (before its answer). */
  predicted: boolean;
  /**
   * When the table's answer arrived: the next version it sent (which may be another seat's, heard
   * before the answer), or a refusal; null: not yet.
   */
  answered: number | null;
  /** The refusal's code, when the table refused the move. */
  refused: string | null;
}

/** A version the table sent on its own (another seat's move): when it came, when it showed. */
export interface OthersMove {
  arrived: number;
  shown: number | null;
}

export interface MoveTimes {
  own: OwnMove[];
  others: OthersMove[];
  /** Every state and patch the table sent, as sent: the views the page held, in turn. */
  views: string[];
}

/** The script the page runs first: it keeps its notes in `window.__moveTimes`. */
const WATCH = `(() => {
  const times = { own: [], others: [], views: [] };
  window.__moveTimes = times;
  // The last click, and the board as it found it (before the app's own handler ran).
  let lastClick = 0;
  let boardAtTap = '';
  addEventListener('click', (e) => { lastClick = e.timeStamp; boardAtTap = board(); }, true);

  const board = () => {
    const root = document.querySelector('.game');
    if (!root) return '';
    const parts = [];
    for (const el of root.querySelectorAll('[data-board] [data-card], [data-board] .card-back')) {
      const place = el.parentElement ? el.parentElement.className : '';
      parts.push((el.dataset.card || 'back') + '@' + place);
    }
    parts.sort();
    return (root.classList.contains('my-turn') ? 'mine|' : 'wait|') + parts.join(',');
  };

  // Watches, frame by frame, for the board to differ from how it was; then notes the frame.
  const watching = [];
  const frame = (now) => {
    if (watching.length > 0) {
      const seen = board();
      for (let i = watching.length - 1; i >= 0; i--) {
        const w = watching[i];
        if (seen !== w.from) {
          w.entry.shown = now;
          if ('predicted' in w.entry) w.entry.predicted = document.querySelector('.game[data-predicted]') !== null;
          watching.splice(i, 1);
        }
      }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);

  let inFlight = null;
  const NativeSocket = window.WebSocket;
  class Watched extends NativeSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        let msg;
        try { msg = JSON.parse(e.data); } catch { return; }
        const arrived = performance.now();
        // A refusal answers the last move, even after versions the table sent before it.
        const last = times.own[times.own.length - 1];
        if (msg.type === 'error' && last) {
          if (last.answered === null) last.answered = arrived;
          last.refused = msg.code;
          inFlight = null;
          return;
        }
        if (msg.type !== 'state' && msg.type !== 'patch') return;
        times.views.push(e.data);
        if (inFlight) {
          inFlight.answered = arrived;
          inFlight = null;
          return;
        }
        const entry = { arrived, shown: null };
        times.others.push(entry);
        watching.push({ entry, from: board() });
      });
    }
    send(data) {
      if (typeof data === 'string' && data.includes('"type":"move"')) {
        let move = null;
        try { move = JSON.parse(data).move; } catch {}
        const kind = move && typeof move.t === 'string' ? move.t : '?';
        const entry = {
          kind, move, heard: times.views.length, tap: lastClick,
          shown: null, predicted: false, answered: null, refused: null,
        };
        times.own.push(entry);
        inFlight = entry;
        watching.push({ entry, from: boardAtTap });
      }
      return super.send(data);
    }
  }
  window.WebSocket = Watched;
})();`;

/** Makes `page` note its moves' times from its next navigation on. */
export const watchMoves = (page: Page) => page.addInitScript(WATCH);

/** The notes so far. */
export const moveTimes = (page: Page) => page.evaluate<MoveTimes>('window.__moveTimes');

/** Waits until the table has answered the page's `n`th move (counting from 1). */
export async function answerOf(page: Page, n: number, timeout = 10_000): Promise<void> {
  const until = Date.now() + timeout;
  // Polled from here: the site's policy lets no page script evaluate a string.
  while ((await moveTimes(page)).own[n - 1]?.answered == null) {
    if (Date.now() > until) throw new Error(`move ${n} had no answer within ${timeout} ms`);
    await page.waitForTimeout(20);
  }
}

/** The median and 90th percentile of `values` (nearest rank), or null for none. */
export function spread(values: number[]): { median: number; p90: number } | null {
  if (values.length === 0) return null;
  const sorted = values.slice().sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { median: at(0.5), p90: at(0.9) };
}

/**
 * The view the page held when it sent `move`: the table's states and patches it had heard,
 * applied in turn as the page applies them.
 */
export function viewAtTap(times: MoveTimes, move: OwnMove): unknown {
  let view: unknown = null;
  for (const text of times.views.slice(0, move.heard)) {
    const msg = JSON.parse(text) as { type: string; view?: unknown; ops?: PatchOp[] };
    view = msg.type === 'state' ? msg.view : applyPatch(view, msg.ops ?? []);
  }
  return view;
}
