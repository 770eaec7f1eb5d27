/**
 * Your hand: a header (your name, clock, cards won, sort order), then the cards in rows. Only
 * the cards you may select now are in the tab order; the arrow keys move between them.
 */
import { createSignal, For, Show } from 'solid-js';
import type { Card, View } from '../../../../shared/games/sneak/types.ts';
import { loadForTab, storeForTab } from '../../saved.ts';
import { createRoving } from '../../ui/roving.ts';
import { SeatLive } from '../../ui/seat-live.tsx';
import { CardBack, CardFace, stable } from './card.tsx';
import { bySuit, type Sort } from './selection.ts';
import { t, tn } from './strings.ts';

export interface HandProps {
  view: View;
  /** Your cards, in the chosen order. */
  cards: Card[];
  /** Cards drawn, on their way: backs until the table tells their faces (Game.predict). */
  coming: number;
  sort: Sort;
  onSort: (sort: Sort) => void;
  /** Whether tapping cards selects them now (else the hand rests, nothing greyed out). */
  picking: boolean;
  selectable: (id: string) => boolean;
  chosen: (id: string) => boolean;
  /** A card worth a look: one that can beat the flaunt you answer. */
  hint: (id: string) => boolean;
  onTap: (id: string) => void;
  pending: boolean;
}

export function Hand(props: HandProps) {
  let row: HTMLFieldSetElement | undefined;
  /** Cards in the first row: up and down keep the column. */
  const columns = () => {
    const buttons = row ? [...row.querySelectorAll<HTMLElement>('.card-button')] : [];
    const top = buttons[0]?.offsetTop;
    const n = buttons.filter((b) => b.offsetTop === top).length;
    return n > 0 && n < buttons.length ? n : Number.POSITIVE_INFINITY;
  };
  const roving = createRoving(
    () => props.cards.map((c) => c.id),
    (id) => props.selectable(id),
    columns,
  );
  /** The cards of your sealed challenge: they stay in your hand until the reveal. */
  const committed = () => {
    const a = props.view.answer;
    return new Set(a?.t === 'challenge' ? a.cards.map((c) => c.id) : []);
  };
  return (
    <>
      <HandBar
        view={props.view}
        count={props.cards.length + props.coming}
        sort={props.sort}
        onSort={props.onSort}
      />
      <fieldset
        ref={row}
        class="card-row sn-hand"
        classList={{ picking: props.picking, many: props.cards.length > 14 }}
        onKeyDown={(e) => roving.onKeyDown(e)}
      >
        <legend class="sr-only">{t('sn.you.hand')}</legend>
        <Show when={props.cards.length + props.coming === 0}>
          <p class="sn-quiet sn-no-cards">{t('sn.you.noCards')}</p>
        </Show>
        <For each={props.cards}>
          {(card) => {
            const can = () => props.selectable(card.id) && !props.pending;
            const pressed = () => props.chosen(card.id);
            return (
              <button
                type="button"
                ref={(el) => roving.register(card.id, el)}
                class="card-button sn-card-button"
                classList={{
                  legal: can(),
                  selected: pressed(),
                  'sn-hint': props.hint(card.id) && !pressed(),
                  'sn-committed': committed().has(card.id),
                }}
                tabIndex={roving.tabIndex(card.id)}
                aria-pressed={props.picking ? pressed() : undefined}
                aria-disabled={!can()}
                onFocus={() => roving.focused(card.id)}
                onClick={() => can() && props.onTap(card.id)}
              >
                <CardFace card={card} />
              </button>
            );
          }}
        </For>
        <For each={Array.from({ length: props.coming })}>{() => <CardBack />}</For>
      </fieldset>
    </>
  );
}

/** Your name or "Your hand", your clock, the cards you won (they open below), the sort order. */
function HandBar(props: { view: View; count: number; sort: Sort; onSort: (s: Sort) => void }) {
  // Open or closed as the player left it, across a reload of the tab too.
  const kept = `sneak:winnings:${location.pathname}`;
  const [open, setOpen] = createSignal(loadForTab(kept) === 'open');
  const toggle = () => {
    setOpen(!open());
    storeForTab(kept, open() ? 'open' : 'closed');
  };
  const won = () => props.view.winnings;
  return (
    <>
      <div class="sn-hand-bar">
        <div class="sn-hand-title">
          <h2>
            {t('sn.you.hand')} <span class="sn-count">({props.count})</span>
          </h2>
          <span class="sn-live">
            <SeatLive seat={props.view.you!} />
          </span>
        </div>
        <button
          type="button"
          class="small sn-won-toggle"
          aria-expanded={open()}
          aria-controls="sn-winnings"
          onClick={toggle}
        >
          <span class="sn-mini-won" aria-hidden="true" /> {tn('sn.opp.won', won().length)}
        </button>
        <button
          type="button"
          class="small sn-sort"
          title={t('sn.sort.switch')}
          onClick={() => props.onSort(props.sort === 'suit' ? 'rank' : 'suit')}
        >
          <span aria-hidden="true">⇅ </span>
          <span class="sr-only">{t('sn.sort')} </span>
          {t(`sn.sort.${props.sort}`)}
        </button>
      </div>
      <section
        id="sn-winnings"
        class="sn-winnings"
        aria-label={t('sn.you.winnings', { n: won().length })}
        hidden={!open()}
      >
        <Show when={won().length > 0} fallback={<p class="sn-quiet">{t('sn.you.nothingWon')}</p>}>
          <span class="row sn-won-row">
            <For each={won().map(stable).sort(bySuit)}>{(c) => <CardFace card={c} small />}</For>
          </span>
        </Show>
      </section>
    </>
  );
}
