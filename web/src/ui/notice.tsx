/**
 * What happened to this player that they must not miss, on their own board: a move the clock
 * made for them, or a game's own notice (knocked out of a round). Only for events heard live, not
 * for the history read back on joining. A notice belongs to its moment: it ends when dismissed, at
 * the player's next move, and with its round, its game or the seat it was for. Between rounds
 * it gives way to the round's end, which says how the round ended; all but the one on what a
 * stand-in did, which that panel does not say, for a player back at a round's end or after the game.
 */
import { createEffect, createMemo, createSignal, on, Show } from 'solid-js';
import type { Seat } from '../../../shared/engine/types.ts';
import { useConnection } from '../connection.ts';
import type { AnyGameModule } from '../games/types.ts';
import { t, tn } from '../i18n.ts';
import { standInSince } from './log-lines.ts';

export function Notice(props: {
  module: AnyGameModule | undefined;
  names: string[];
  you: Seat | null;
  round: number;
  gameNo: number;
  /** Between rounds and after the game, when the panel that says how the round ended is shown. */
  hidden: boolean;
}) {
  const conn = useConnection();
  const [notice, setNotice] = createSignal<{ text: string; between: boolean } | null>(null);
  /** A notice of this moment; `between`: shown at a round's end and after the game too. */
  const setText = (text: string | null, between = false) =>
    setNotice(text === null ? null : { text, between });
  let seen = -1;
  createEffect(
    on(
      () => conn.log(),
      (log) => {
        const module = props.module;
        const you = props.you;
        const fresh = log.filter((entry) => entry.n > seen && entry.live);
        seen = log.length > 0 ? log[log.length - 1]!.n : seen;
        if (!module || you === null) return;
        let late = false;
        for (const entry of fresh) {
          const event = entry.event;
          if (event.type === 'timedOut') {
            late = event.seat === you;
            continue;
          }
          if (late) {
            const line = module.describe(event, props.names, you);
            if (line !== null) {
              setText(t('notice.timedOut', { line }));
              late = false;
            }
          }
          const before = log.filter((e) => e.n < entry.n).map((e) => e.event);
          const view = conn.state()?.view;
          const own = view && module.notice?.(event, before, props.names, you, view);
          if (own) setText(own);
        }
      },
    ),
  );
  // Back at a seat a bot kept for them: one line on what it did meanwhile. Looked at on every
  // join that brought the page up to date, the one before this board was drawn included.
  let told = 0;
  createEffect(
    on(
      () => [conn.synced(), props.module, props.you] as const,
      ([synced, module, you]) => {
        if (synced === told || !module || you === null) return;
        told = synced;
        const { moves, last } = standInSince(conn.log(), module, props.names, you);
        if (moves > 0 && last !== null) setText(tn('notice.standIn', moves, { line: last }), true);
      },
    ),
  );
  // A memo, so that only a new round, game or seat ends the notice, not every new state.
  const moment = createMemo(() => `${props.gameNo}|${props.round}|${props.you}`);
  createEffect(on(moment, () => setText(null), { defer: true }));
  // The player's next move means they have seen it.
  createEffect(
    on(
      () => conn.pending(),
      (pending) => pending && setText(null),
    ),
  );
  return (
    <Show when={notice()?.between || !props.hidden ? notice() : null}>
      <p class="notice" role="status">
        <span>{notice()?.text}</span>
        <button type="button" class="small" onClick={() => setText(null)}>
          {t('notice.dismiss')}
        </button>
      </p>
    </Show>
  );
}
