/**
 * Your own layout, large: each place a button, live only when a click on it does something now.
 * Only live places are in the tab order (one at a time); the arrow keys, Home and End move
 * between them, up and down keeping the column.
 */
import { createMemo, Index, Show } from 'solid-js';
import { colsOf } from '../../../../shared/games/hilo/layout.ts';
import type { Cell, Line } from '../../../../shared/games/hilo/types.ts';
import { useAdviceMark } from '../../advice-marks.ts';
import { useHiddenMark } from '../../last-move.ts';
import { createRoving } from '../../ui/roving.ts';
import { SeatLive } from '../../ui/seat-live.tsx';
import { Badges } from './badges.tsx';
import { SlotCard } from './card.tsx';
import { isHidden, slotName } from './names.ts';
import type { Play } from './play.ts';
import {
  cellKey,
  chosenLine,
  clickCell,
  offeredLines,
  onLine,
  pickIndex,
  stepOf,
  targetOf,
} from './selection.ts';
import { t } from './strings.ts';

export function MyLayout(props: { play: Play; previewLine: () => Line | null }) {
  const v = () => props.play.view();
  const me = () => v().you!;
  const grid = () => v().players[me()]?.layout ?? [];
  const over = () => v().phase === 'roundOver' || v().phase === 'gameOver';
  const target = (cell: Cell) => targetOf(v(), props.play.choices(), cell);
  const mark = useHiddenMark();
  const advice = useAdviceMark();

  const order = createMemo(() =>
    grid().flatMap((row, r) => row.map((_, c) => cellKey({ row: r, col: c }))),
  );
  const byKey = (key: string): Cell => {
    const [row, col] = key.split('-').map(Number) as [number, number];
    return { row, col };
  };
  const roving = createRoving(
    order,
    (key) => target(byKey(key)) !== null,
    () => colsOf(grid()),
  );
  const choosing = () => order().some((key) => target(byKey(key)) !== null);
  const lines = () => (stepOf(v(), props.play.choices()) === 'hilo' ? offeredLines(v()) : []);
  const chosen = () => chosenLine(v(), props.play.choices());

  return (
    <section
      class="hl-mine"
      classList={{
        active: v().toMove.includes(me()) && !over(),
        ended: v().endedBy === me() && !over(),
      }}
    >
      <div class="hl-who">
        <h2 class="name">{t('hl.yourLayout')}</h2>
        <Badges play={props.play} seat={me()} />
        <SeatLive seat={me()} />
      </div>
      <Show when={grid().length > 0} fallback={<p class="hl-none">{t('hl.noCards')}</p>}>
        <fieldset
          class="hl-grid hl-own-grid"
          classList={{ choosing: choosing() }}
          style={{ '--cols': colsOf(grid()), '--rows': grid().length }}
          onKeyDown={(e) => roving.onKeyDown(e)}
        >
          <legend class="sr-only">{t('hl.yourLayout')}</legend>
          <Index each={grid()}>
            {(row, r) => (
              <Index each={row()}>
                {(card, c) => {
                  const cell = { row: r, col: c };
                  const key = cellKey(cell);
                  const kind = () => target(cell);
                  const live = () => kind() !== null && !props.play.pending();
                  const pick = () => pickIndex(v(), props.play.choices(), cell);
                  const label = () => {
                    const shown = card();
                    const base =
                      t('hl.cell', { row: r + 1, col: c + 1, card: slotName(shown) }) +
                      (isHidden(shown) ? '' : mark(shown.id).label + advice(shown.id).label);
                    // The pick's number shows on the card: its name says it too (WCAG 2.5.3).
                    return pick() >= 0 ? `${base} (${t('hl.picked', { n: pick() + 1 })})` : base;
                  };
                  return (
                    <button
                      type="button"
                      class="card-button hl-cell"
                      classList={{
                        legal: kind() !== null && kind() !== 'line',
                        selected: pick() >= 0,
                        'in-hilo': lines().some((l) => onLine(l, cell)),
                        'line-selected': onLine(chosen(), cell),
                        'line-preview': onLine(props.previewLine(), cell),
                      }}
                      ref={(el) => roving.register(key, el)}
                      tabindex={kind() !== null ? roving.tabIndex(key) : -1}
                      aria-disabled={!live()}
                      aria-pressed={kind() === 'pick' ? pick() >= 0 : undefined}
                      aria-label={label()}
                      onFocus={() => roving.focused(key)}
                      onClick={() => {
                        if (live()) props.play.apply(clickCell(v(), props.play.choices(), cell));
                      }}
                    >
                      <SlotCard card={card()} size="large" />
                      {/* On a face-down card only: a face shown (a finished game's replay) keeps
                          its value in view, and the name says which pick it was. */}
                      <Show when={pick() >= 0 && isHidden(card())}>
                        <span class="hl-pick" aria-hidden="true">
                          {pick() + 1}
                        </span>
                      </Show>
                    </button>
                  );
                }}
              </Index>
            )}
          </Index>
        </fieldset>
      </Show>
    </section>
  );
}
