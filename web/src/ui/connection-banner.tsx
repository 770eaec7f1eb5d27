/**
 * The table's connection, said honestly while the board stays as it was: "Offline" the moment
 * the device says so, "reconnecting" while a new socket is on its way, and once back, what
 * happened meanwhile (how many moves, or a new game), for a few seconds. It floats over the
 * page's top bar, so the board neither moves nor hides behind it.
 */
import { createEffect, createSignal, on, onCleanup, Show } from 'solid-js';
import { useConnection } from '../connection.ts';
import { t, tn } from '../i18n.ts';

interface Standing {
  gameNo: number;
  version: number;
}

/** How long "back online" stays up. */
const BACK_MS = 6_000;
/** How long an open socket is given to join again before "back online" is said without it. */
const SETTLE_MS = 1_500;

export function ConnectionBanner() {
  const conn = useConnection();
  /** Where the game stood when the connection was lost; null while connected. */
  let before: Standing | null = null;
  /** Back online: where the game stood when it was lost, while "back" is said. */
  const [back, setBack] = createSignal<Standing | null>(null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  onCleanup(() => clearTimeout(timer));
  const lost = () => conn.status() === 'offline' || conn.status() === 'reconnecting';
  const sayBack = () => {
    if (!before) return;
    setBack(before);
    before = null;
    timer = setTimeout(() => setBack(null), BACK_MS);
  };
  // What happened meanwhile, counted from what has come in so far: moves held back by a socket
  // that lived through the outage may arrive after "back online" is first said.
  const backText = () => {
    const from = back();
    if (!from) return null;
    if ((conn.table()?.gameNo ?? 0) !== from.gameNo) return t('status.backNewGame');
    const moved = (conn.state()?.version ?? 0) - from.version;
    return moved > 0 ? tn('status.backMoved', moved) : t('status.back');
  };
  createEffect(
    on(lost, (isLost) => {
      if (!isLost || before) return;
      clearTimeout(timer);
      setBack(null);
      before = { gameNo: conn.table()?.gameNo ?? 0, version: conn.state()?.version ?? 0 };
    }),
  );
  // Back once a new socket's join has brought the page up to date.
  createEffect(
    on(
      () => conn.synced(),
      () => {
        if (before && conn.status() === 'open') sayBack();
      },
      { defer: true },
    ),
  );
  // A socket that lived through the outage (the device said offline, the socket stayed open)
  // brings no new join: back all the same, once what it held back has come in.
  let settle: ReturnType<typeof setTimeout> | undefined;
  onCleanup(() => clearTimeout(settle));
  createEffect(
    on(
      () => conn.status(),
      (status) => {
        clearTimeout(settle);
        if (status === 'open' && before) settle = setTimeout(sayBack, SETTLE_MS);
      },
      { defer: true },
    ),
  );
  const text = () => {
    const status = conn.status();
    if (status === 'offline' || status === 'reconnecting') return t(`status.${status}`);
    return backText();
  };
  return (
    <Show when={text()}>
      {(shown) => (
        <p class="banner floating" classList={{ lost: lost() }} role="status">
          {shown()}
        </p>
      )}
    </Show>
  );
}
