/** The middle of the table: the draw pile, the discard pile and a card just drawn. */
import { Show } from 'solid-js';
import { CardBack, CardFace } from './card.tsx';
import { cardName } from './names.ts';
import type { Play } from './play.ts';
import {
  clickDiscardPile,
  discardRole,
  drawMove,
  drawnCard,
  stepOf,
  topDiscard,
} from './selection.ts';
import { t, tn } from './strings.ts';

export function Piles(props: { play: Play }) {
  const v = () => props.play.view();
  const step = () => stepOf(v(), props.play.choices());
  const canDraw = () => drawMove(v()) !== undefined;
  const role = () => discardRole(v());
  const flipping = () => step() === 'flip';
  const top = () => topDiscard(v());
  const drawer = () => props.play.names()[v().turn ?? 0] ?? '';

  return (
    <div class="hl-piles">
      <figure class="hl-pile">
        <button
          type="button"
          class="card-button hl-pile-button"
          classList={{ legal: canDraw() }}
          tabindex="-1"
          aria-disabled={!canDraw() || props.play.pending()}
          aria-label={`${t('hl.drawPile')}: ${tn('hl.cards', v().stock)}`}
          onClick={() => {
            const move = drawMove(v());
            if (move) props.play.apply({ send: move });
          }}
        >
          <Show
            when={v().stock > 0}
            fallback={<span class="empty-pile hl-empty-pile" aria-hidden="true" />}
          >
            <CardBack size="medium" />
          </Show>
        </button>
        <figcaption>
          <Show when={canDraw()} fallback={<span>{t('hl.drawPile')}</span>}>
            <span class="hl-tag">{t('hl.pile.draw')}</span>
          </Show>{' '}
          <span class="hl-count">{v().stock}</span>
          <Show when={v().stock === 0 && canDraw()}>
            <span class="hl-note">{t('hl.reshuffle')}</span>
          </Show>
        </figcaption>
      </figure>

      <figure class="hl-pile">
        <button
          type="button"
          class="card-button hl-pile-button"
          classList={{ legal: role() !== null, selected: step() === 'take' || flipping() }}
          tabindex="-1"
          aria-disabled={role() === null || props.play.pending()}
          aria-pressed={step() === 'take' || flipping()}
          aria-label={`${t('hl.discardPile')}: ${top() ? cardName(top()!) : t('hl.emptyPile')}`}
          onClick={() => props.play.apply(clickDiscardPile(v(), props.play.choices()))}
        >
          <Show
            when={flipping() ? drawnCard(v()) : top()}
            fallback={<span class="empty-pile hl-empty-pile" aria-hidden="true" />}
          >
            {(card) => <CardFace card={card()} size="medium" />}
          </Show>
        </button>
        <figcaption>
          <Show when={role()} fallback={<span>{t('hl.discardPile')}</span>}>
            {(r) => <span class="hl-tag">{t(`hl.pile.${r()}`)}</span>}
          </Show>
        </figcaption>
      </figure>

      <Show when={v().drawn !== null && !flipping()}>
        <figure class="hl-pile hl-drawn">
          <Show
            when={drawnCard(v())}
            fallback={
              <>
                <CardBack size="medium" />
                <figcaption>{t('hl.theirCard', { name: drawer() })}</figcaption>
              </>
            }
          >
            {(card) => (
              <>
                <CardFace card={card()} size="medium" label />
                <figcaption>
                  <span class="hl-tag">{t('hl.yourCard')}</span>
                </figcaption>
              </>
            )}
          </Show>
        </figure>
      </Show>
    </div>
  );
}
