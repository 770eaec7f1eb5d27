/**
 * The Sneak table: the other seats across the top, the stock and the lead (or the last contest)
 * in the middle, your hand below, and what to do with it right above the buttons that do it.
 * What a selection allows is worked out in selection.ts; this file holds the state and wires it.
 */
import { createEffect, createMemo, createSignal, on, Show } from 'solid-js';
import type { Seat } from '../../../../shared/engine/types.ts';
import type { Move, View } from '../../../../shared/games/sneak/types.ts';
import { load, loadForTab, store, storeForTab } from '../../saved.ts';
import type { BoardProps } from '../types.ts';
import { Actions, Guide } from './actions.tsx';
import { stable } from './card.tsx';
import { Hand } from './hand.tsx';
import { Opponents } from './opponents.tsx';
import { drewText, type Hands, handsOf, hiddenGrowth, keptDrew, moveKey } from './seats.ts';
import { actions, guide, type Sort, select, selectable, toggle } from './selection.ts';
import { TableCentre } from './table-centre.tsx';

export function Board(props: BoardProps<View, Move>) {
  const [sort, setSort] = createSignal<Sort>(load('sneak:sort') === 'rank' ? 'rank' : 'suit');
  const [picked, setPicked] = createSignal<string[]>([]);
  const sel = createMemo(() => select(props.view, picked(), sort()));
  /** One object per card id, so the hand's buttons (and their focus) outlive each new view. */
  const cards = createMemo(() => sel().hand.map(stable));
  const chosen = createMemo(() => new Set(sel().chosen.map((c) => c.id)));

  // A new turn, a new lead or an answer sent: start from an empty selection.
  createEffect(
    on(
      () => {
        const v = props.view;
        const lead = v.lead;
        return [
          v.phase,
          v.round,
          v.turn,
          lead?.by,
          lead?.kind,
          lead?.cards.length,
          v.legal.length > 0,
        ];
      },
      () => setPicked([]),
      { defer: true },
    ),
  );

  // The hands as they were before the last move (a copy: the view is updated in place), to
  // mark the seats that drew a card nobody else can see. The tab keeps the marks, so that a
  // reload at the same move shows them again.
  const kept = `sneak:drew:${location.pathname}`;
  const grown = createMemo(
    (prev: { key: string; hands: Hands | null; drew: Map<Seat, number> }) => {
      const key = moveKey(props.view);
      if (key === prev.key) return prev;
      const hands = handsOf(props.view);
      if (prev.hands === null) return { key, hands, drew: keptDrew(loadForTab(kept), key) };
      const drew = hiddenGrowth(prev.hands, hands);
      storeForTab(kept, drewText(key, drew));
      return { key, hands, drew };
    },
    { key: '', hands: null, drew: new Map<Seat, number>() },
  );

  function send(move: Move) {
    if (props.pending) return;
    setPicked([]);
    props.move(move);
  }

  function setSortOrder(next: Sort) {
    setSort(next);
    store('sneak:sort', next);
  }

  const answeringFlaunt = () => sel().mode === 'answer' && props.view.lead?.kind === 'flaunt';

  return (
    <div class="board sn-board" data-board="sneak">
      <Opponents view={props.view} names={props.names} drew={grown().drew} />
      <TableCentre view={props.view} names={props.names} />
      <Show when={props.view.you !== null}>
        <section class="sn-mine" aria-label={props.names[props.view.you!]}>
          <Hand
            view={props.view}
            cards={cards()}
            coming={sel().coming}
            sort={sort()}
            onSort={setSortOrder}
            picking={sel().picking}
            selectable={(id) => selectable(sel(), id)}
            chosen={(id) => chosen().has(id)}
            hint={(id) => answeringFlaunt() && selectable(sel(), id)}
            onTap={(id) => setPicked(toggle(sel(), id))}
            pending={props.pending}
          />
        </section>
      </Show>
      <Guide lines={guide(sel(), props.names)} answer={props.view.answer} />
      <Actions
        actions={actions(sel())}
        pending={props.pending}
        selected={sel().chosen.length > 0}
        send={send}
        clear={() => setPicked([])}
      />
    </div>
  );
}
