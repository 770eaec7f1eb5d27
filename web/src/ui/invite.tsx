/**
 * Between rounds and after a game: the way to bring friends in. At a solo table, "Invite friends"
 * takes the game online (solo/invite.ts); at a live table where bots hold seats, the table's link
 * and QR code, for a friend to take a bot's seat before the next round (ALL-4). Open by itself for
 * someone alone with bots; folded away when people already play together.
 */
import { createEffect, createSignal, on, Show } from 'solid-js';
import type { TableSummary } from '../../../shared/protocol.ts';
import { useConnection } from '../connection.ts';
import { t } from '../i18n.ts';
import { takeOnline } from '../solo/invite.ts';
import { afterNextPaint } from './after-paint.ts';
import { Refusal } from './refusal.tsx';
import { ShareLink } from './share-link.tsx';

export function Invite(props: { table: TableSummary }) {
  const conn = useConnection();
  const bots = () => props.table.seats.filter((s) => s.bot && s.standIn === undefined);
  const alone = () => props.table.seats.every((s) => s.bot || s.seat === conn.seat());
  return (
    <Show when={!conn.screen && conn.seat() !== null && bots().length > 0}>
      <Show when={conn.solo} fallback={<LiveInvite id={props.table.id} open={alone()} />}>
        {(solo) => <SoloInvite solo={solo()} />}
      </Show>
    </Show>
  );
}

function SoloInvite(props: { solo: NonNullable<ReturnType<typeof useConnection>['solo']> }) {
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string | null>(null);
  async function invite() {
    setBusy(true);
    setError(null);
    const why = await takeOnline(props.solo);
    setBusy(false);
    setError(why);
  }
  return (
    <div class="invite">
      <button type="button" aria-describedby="invite-hint" disabled={busy()} onClick={invite}>
        {busy() ? t('invite.going') : t('invite.button')}
      </button>
      <p class="hint" id="invite-hint">
        {t('invite.hint')}
      </p>
      <Refusal reason={error()} />
    </div>
  );
}

function LiveInvite(props: { id: string; open: boolean }) {
  // Alone with bots (a solo game just taken online, most of all), the link and its QR code are
  // what the moment is for: brought into view, "I'm ready" above them still in sight.
  let details: HTMLDetailsElement | undefined;
  createEffect(
    on(
      () => props.open,
      (open) => open && afterNextPaint(() => details?.scrollIntoView({ block: 'nearest' })),
    ),
  );
  return (
    <details class="invite" open={props.open} ref={details}>
      <summary>{t('invite.live')}</summary>
      <ShareLink id={props.id} />
    </details>
  );
}
