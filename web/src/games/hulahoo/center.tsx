/** The middle of the table: the top of the discard pile, the call in force and who made it. */
import { Show } from 'solid-js';
import type { View } from '../../../../shared/games/hulahoo/types.ts';
import { CardFace } from './card.tsx';
import { cardName } from './names.ts';
import { t, tn } from './strings.ts';
import { callText } from './words.ts';

export function Center(props: { view: View; names: string[] }) {
  const top = () => props.view.discard[props.view.discard.length - 1];
  const playing = () => props.view.phase === 'play' || props.view.phase === 'retarget';
  const caller = () => {
    const c = props.view.caller;
    if (c === null || !top()) return null;
    return c === props.view.you
      ? t('hh.calledByYou')
      : t('hh.calledBy', { name: props.names[c] ?? '' });
  };
  return (
    <div class="center hh-center">
      <figure class="pile">
        <Show when={top()} fallback={<span class="empty-pile" />}>
          {(card) => <CardFace card={card()} />}
        </Show>
      </figure>
      <div class="hh-state">
        <Show when={playing()}>
          <p class="call" aria-live="polite">
            {callText(props.view)}
          </p>
          <Show when={caller()}>{(c) => <p class="hh-caller">{c()}</p>}</Show>
        </Show>
        <p class="stock">
          {tn('hh.discard', props.view.discard.length)} · {t('hh.stock', { n: props.view.stock })}
        </p>
        {/* HH-3: everyone saw these go under the pile; they come up last. */}
        <Show when={props.view.returned?.length}>
          <p class="stock hh-under">
            {t('hh.under', { cards: props.view.returned.map(cardName).join(', ') })}
          </p>
        </Show>
      </div>
    </div>
  );
}
