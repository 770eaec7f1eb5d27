import { Show } from 'solid-js';
import type { Seat } from '../../../../shared/engine/types.ts';
import type { Play } from './play.ts';
import { doubledShort, scoreText } from './selection.ts';
import { t } from './strings.ts';

/**
 * A seat's standing this round, as small chips beside its name. `narrow`: an opponent's tile,
 * where "choosing" shows as an ellipsis (its word kept for screen readers) and longer chips wrap.
 */
export function Badges(props: { play: Play; seat: Seat; narrow?: boolean }) {
  const v = () => props.play.view();
  const over = () => v().phase === 'roundOver' || v().phase === 'gameOver';
  const player = () => v().players[props.seat]!;
  return (
    <>
      <Show when={v().dealer === props.seat}>
        <span class="hl-badge">{t('hl.dealer')}</span>
      </Show>
      <Show when={v().phase === 'opening'}>
        <Show
          when={!player().ready}
          fallback={<span class="hl-badge ok">{`✓ ${t('hl.ready')}`}</span>}
        >
          <Show when={props.narrow} fallback={<span class="hl-badge">{t('hl.choosing')}</span>}>
            <span class="hl-badge" title={t('hl.choosing')}>
              <span aria-hidden="true">…</span>
              <span class="sr-only">{t('hl.choosing')}</span>
            </span>
          </Show>
        </Show>
      </Show>
      <Show when={!over() && v().endedBy === props.seat}>
        <span class="hl-badge warn">{t('hl.ender')}</span>
      </Show>
      <Show when={!over() && v().lastTurns.includes(props.seat)}>
        <span class="hl-badge warn">{t('hl.lastTurn')}</span>
      </Show>
      <Show when={scoreText(v(), props.seat)}>
        {(text) => (
          <Show
            when={props.narrow && doubledShort(v(), props.seat)}
            fallback={<span class="hl-badge score">{text()}</span>}
          >
            {(short) => (
              <span class="hl-badge score" title={text()}>
                <span aria-hidden="true">{short()}</span>
                <span class="sr-only">{text()}</span>
              </span>
            )}
          </Show>
        )}
      </Show>
    </>
  );
}

/**
 * Room for a seat's score chip in its opponent tile. The chips sit in a line that takes the
 * tile's width from the grid, so a tile whose lines are gone (one or two columns left) would cut
 * "36×2=72" short; this invisible copy of the chip's text widens the tile to hold it.
 */
export function ScoreRoom(props: { play: Play; seat: Seat }) {
  const v = () => props.play.view();
  return (
    <Show when={doubledShort(v(), props.seat) || scoreText(v(), props.seat)}>
      {(text) => (
        <span class="hl-score-room" aria-hidden="true">
          {text()}
        </span>
      )}
    </Show>
  );
}
