/** The others' layouts: small tiles along the top, looked at, never touched. */
import { createMemo, For, Index, Show } from 'solid-js';
import type { Hidden } from '../../../../shared/engine/types.ts';
import { colsOf } from '../../../../shared/games/hilo/layout.ts';
import type { Card } from '../../../../shared/games/hilo/types.ts';
import { SeatLive } from '../../ui/seat-live.tsx';
import { Badges, ScoreRoom } from './badges.tsx';
import { SlotCard } from './card.tsx';
import type { Play } from './play.ts';
import { othersInOrder } from './selection.ts';
import { t } from './strings.ts';

export function Opponents(props: { play: Play }) {
  const v = () => props.play.view();
  const seats = createMemo(() => othersInOrder(v()));
  const over = () => v().phase === 'roundOver' || v().phase === 'gameOver';
  return (
    <ul class="opponents hl-opponents" data-n={seats().length}>
      <For each={seats()}>
        {(seat) => {
          const name = () => props.play.names()[seat] ?? '';
          return (
            <li
              class="opponent hl-opponent"
              classList={{
                active: v().toMove.includes(seat) && !over(),
                ended: v().endedBy === seat && !over(),
              }}
            >
              <div class="hl-who">
                <span class="name">{name()}</span>
                <Badges play={props.play} seat={seat} narrow />
                <SeatLive seat={seat} />
              </div>
              <ScoreRoom play={props.play} seat={seat} />
              <StaticGrid
                grid={v().players[seat]!.layout}
                label={t('hl.layoutOf', { name: name() })}
              />
            </li>
          );
        }}
      </For>
    </ul>
  );
}

function StaticGrid(props: { grid: (Card | Hidden)[][]; label: string }) {
  return (
    <Show when={props.grid.length > 0} fallback={<p class="hl-none">{t('hl.noCards')}</p>}>
      <fieldset class="hl-grid hl-small-grid" style={{ '--cols': colsOf(props.grid) }}>
        <legend class="sr-only">{props.label}</legend>
        <Index each={props.grid}>
          {(row) => (
            <Index each={row()}>{(card) => <SlotCard card={card()} size="small" label />}</Index>
          )}
        </Index>
      </fieldset>
    </Show>
  );
}
