/**
 * The middle of the table: the draw pile, the discard pile and a card just drawn. A card the
 * player's own move brings, whose face only the table can tell yet (the card drawn, one swapped
 * out of a face-down place), shows as a back until the table's answer turns it up.
 */
import { Show } from 'solid-js';
import type { Hidden } from '../../../../shared/engine/types.ts';
import type { Card } from '../../../../shared/games/hilo/types.ts';
import { DRAW_PILE, useAdviceMark } from '../../advice-marks.ts';
import { CardBack, CardFace, SlotCard } from './card.tsx';
import { cardName, isHidden } from './names.ts';
import type { Play } from './play.ts';
import { clickDiscardPile, discardRole, drawMove, drawnCard, stepOf } from './selection.ts';
import { t, tn } from './strings.ts';

export function Piles(props: { play: Play }) {
  const v = () => props.play.view();
  const step = () => stepOf(v(), props.play.choices());
  const canDraw = () => drawMove(v()) !== undefined;
  const role = () => discardRole(v());
  const flipping = () => step() === 'flip';
  const top = () => v().discard.at(-1);
  const drawer = () => props.play.names()[v().turn ?? 0] ?? '';
  // In a replay the coach may mark the top card: its name says so, as the card's own would.
  const advice = useAdviceMark();
  const topLabel = () => {
    const card = top();
    return pileCard(card) + (card && !isHidden(card) ? advice(card.id).label : '');
  };

  return (
    <div class="hl-piles">
      <figure class="hl-pile">
        <button
          type="button"
          class="card-button hl-pile-button"
          classList={{ legal: canDraw() }}
          tabindex="-1"
          aria-disabled={!canDraw() || props.play.pending()}
          aria-label={`${t('hl.drawPile')}: ${tn('hl.cards', v().stock)}${advice(DRAW_PILE).label}`}
          onClick={() => {
            const move = drawMove(v());
            if (move) props.play.apply({ send: move });
          }}
        >
          {/* A draw the coach shows is marked on the pile: the card it brings was unknown. */}
          <span
            class="hl-pile-mark"
            classList={advice(DRAW_PILE).classes}
            data-advice={advice(DRAW_PILE).badge}
          >
            <Show
              when={v().stock > 0}
              fallback={<span class="empty-pile hl-empty-pile" aria-hidden="true" />}
            >
              <CardBack size="medium" />
            </Show>
          </span>
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
          aria-label={`${t('hl.discardPile')}: ${topLabel()}`}
          onClick={() => props.play.apply(clickDiscardPile(v(), props.play.choices()))}
        >
          <Show
            when={flipping() ? drawnCard(v()) : top()}
            fallback={<span class="empty-pile hl-empty-pile" aria-hidden="true" />}
          >
            {(card) => <SlotCard card={card()} size="medium" />}
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
                <figcaption>
                  {v().turn === v().you ? t('hl.yourCard') : t('hl.theirCard', { name: drawer() })}
                </figcaption>
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

/** The discard pile's top card in words: its name, face down while the table tells it, or none. */
function pileCard(card: Card | Hidden | undefined): string {
  if (!card) return t('hl.emptyPile');
  return isHidden(card) ? t('hl.faceDown') : cardName(card);
}
