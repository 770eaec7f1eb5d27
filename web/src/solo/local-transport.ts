/**
 * A solo table's transport: what the page's connection (connection.ts) uses in place of a socket,
 * carrying the same messages to and from the table's worker (table-worker.ts). It is always
 * "open": the table is in this browser and needs no network.
 *
 * One tab at a time runs a table (its rows would otherwise be written by two): the tab holds a
 * lock named after it while its worker runs. Another tab of the same table says so, and its
 * "Play here" takes the lock over; the tab that held it stops its worker and says so in turn.
 */
import { createSignal } from 'solid-js';
import { BOT_DELAY_META } from '../../../shared/pace.ts';
import { replaceWith } from '../router.ts';
import type { Status, Transport, TransportHandlers } from '../transport.ts';
import { soloLock } from './lock.ts';
import type { FromWorker, ToWorker, Upload } from './worker-messages.ts';

/** The bots' pace the server wrote into this page (worker/pages.ts), in ms; null if none. */
function botDelay(): number | null {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${BOT_DELAY_META}"]`);
  const ms = Number(meta?.content ?? Number.NaN);
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}

export interface LocalTable {
  /** The new table's options (SoloOptions, as kept), the first time it opens; else null. */
  create: unknown;
  /** The table opened here, made from `create` when it was asked for. */
  opened(): void;
}

export function openLocalTransport(id: string, on: TransportHandlers, local: LocalTable) {
  const [status, setStatus] = createSignal<Status>('connecting');
  let worker: Worker | null = null;
  /** Lets go of the table's lock (its worker is then stopped). */
  let release: (() => void) | null = null;
  let closed = false;
  let uploaded: ((upload: Upload | null) => void) | null = null;
  /** What the page says before the table has opened waits for it. */
  let waiting: string[] | null = [];

  const tell = (message: ToWorker) => worker?.postMessage(message);
  const sendNow = (text: string) => tell({ kind: 'say', text });

  function heard(message: FromWorker): void {
    switch (message.kind) {
      case 'open': {
        local.opened();
        setStatus('open');
        on.joined(sendNow);
        for (const text of waiting ?? []) sendNow(text);
        waiting = null;
        break;
      }
      case 'heard':
        on.heard(message.text);
        break;
      case 'missing':
      case 'broken':
        if (message.kind === 'broken')
          console.error(`The solo table cannot be opened: ${message.why}`);
        stop('missing');
        break;
      case 'moved':
        stop('missing');
        replaceWith(`/t/${message.to}`);
        break;
      case 'upload':
        uploaded?.(message.upload);
        uploaded = null;
        break;
      case 'closed':
        on.dropped();
        break;
    }
  }

  function stop(next: Status): void {
    worker?.terminate();
    worker = null;
    release?.();
    release = null;
    on.dropped();
    setStatus(next);
  }

  /** Takes the table's lock (over from another tab with `steal`), then runs its worker. */
  function run(steal: boolean): void {
    const lock = soloLock(id);
    const options = steal ? { steal: true } : { ifAvailable: true };
    navigator.locks
      .request(lock, options, async (held) => {
        if (!held || closed) {
          if (!closed) setStatus('elsewhere');
          return;
        }
        const kept = new Promise<void>((resolve) => {
          release = resolve;
        });
        worker = new Worker(new URL('./table-worker.ts', import.meta.url), { type: 'module' });
        worker.addEventListener('message', (e: MessageEvent<FromWorker>) => heard(e.data));
        worker.addEventListener('error', (e) => {
          console.error('The solo table stopped.', e.message);
          stop('missing');
        });
        tell({ kind: 'open', id, create: local.create, botDelay: botDelay() });
        await kept;
      })
      .catch(() => {
        // Another tab took the table over (`steal`): this one stops, and says so.
        if (!closed) stop('elsewhere');
      });
  }

  run(false);

  const transport: Transport = {
    status,
    send(text: string) {
      if (waiting) waiting.push(text);
      else sendNow(text);
    },
    /** "Play here": the table is taken over from the tab that has it. */
    reconnectNow() {
      if (status() !== 'elsewhere') return;
      setStatus('connecting');
      waiting = [];
      run(true);
    },
    close() {
      closed = true;
      stop('connecting');
    },
  };
  return {
    ...transport,
    /** The game so far, for the server to carry on; null when it cannot be taken online now. */
    upload(): Promise<Upload | null> {
      return new Promise((resolve) => {
        if (!worker) return resolve(null);
        uploaded?.(null);
        uploaded = resolve;
        tell({ kind: 'upload' });
      });
    },
    /** The game now lives at live table `to`. */
    wentOnline: (to: string) => tell({ kind: 'online', to }),
  };
}

export type LocalTransport = ReturnType<typeof openLocalTransport>;
