/**
 * The middle of the table: the stock, the lead in force (or, between leads, the last contest:
 * what just happened), and who kept the last cards at a round's end.
 */
import { Index, Show } from 'solid-js';
import { classify } from '../../../../shared/games/sneak/combos.ts';
import type { Card, View } from '../../../../shared/games/sneak/types.ts';
import { CardBack, CardFace, stable } from './card.tsx';
import { LastContest } from './last-contest.tsx';
import { cardName } from './names.ts';
import { isCard } from './selection.ts';
import { comboName, t, tn } from './strings.ts';

export function TableCentre(props: { view: View; names: string[] }) {
  const lead = () => props.view.lead;
  return (
    <div class="sn-table" classList={{ 'sn-has-lead': lead() !== null }}>
      <Stock count={props.view.stock} />
      <Show when={lead()}>{(l) => <Lead lead={l()} view={props.view} names={props.names} />}</Show>
      <Show when={props.view.last}>
        {(last) => <LastContest last={last()} names={props.names} />}
      </Show>
      <Show when={!lead() && !props.view.last && props.view.phase === 'play'}>
        <p class="sn-quiet sn-no-lead">{t('sn.lead.none')}</p>
      </Show>
      <Show when={props.view.collected}>
        {(c) => (
          <p class="sn-collected">
            {tn('sn.collected', c().count, { name: props.names[c().seat]! })}
          </p>
        )}
      </Show>
    </div>
  );
}

function Stock(props: { count: number }) {
  return (
    <figure class="sn-stock">
      <Show when={props.count > 0} fallback={<span class="sn-empty-slot" />}>
        <span class="sn-stock-pile">
          <CardBack />
          <span class="sn-pill" aria-hidden="true">
            {props.count}
          </span>
        </span>
      </Show>
      <figcaption>
        <Show
          when={props.count > 0}
          fallback={
            <span class="sn-stock-empty">
              {t('sn.stockEmpty')} <span class="sn-wide">{t('sn.stockEmptyRule')}</span>
            </span>
          }
        >
          <span class="sr-only">{tn('sn.stockCount', props.count)}</span>
          <span aria-hidden="true">{t('sn.stock')}</span>
        </Show>
      </figcaption>
    </figure>
  );
}

function Lead(props: { lead: NonNullable<View['lead']>; view: View; names: string[] }) {
  const name = () => props.names[props.lead.by]!;
  const title = () => {
    const l = props.lead;
    if (l.kind === 'sneak') return tn('sn.lead.sneak', l.cards.length, { name: name() });
    const cards = l.cards.filter(isCard);
    const combo = cards.length === 1 ? cardName(cards[0]!) : comboName(classify(cards).type);
    return t('sn.lead.flaunt', { name: name(), combo });
  };
  return (
    <section class="sn-lead" aria-live="polite">
      <p class="sn-lead-title">{title()}</p>
      <span class="row sn-lead-cards" classList={{ 'sn-face-down': props.lead.kind === 'sneak' }}>
        <Index each={props.lead.cards}>
          {(c) => (
            <Show when={isCard(c()) && stable(c() as Card)} fallback={<CardBack />}>
              {(card) => <CardFace card={card()} />}
            </Show>
          )}
        </Index>
      </span>
      <Show when={props.lead.kind === 'sneak' && props.lead.by === props.view.you}>
        <p class="sn-quiet">{t('sn.lead.yours')}</p>
      </Show>
    </section>
  );
}
