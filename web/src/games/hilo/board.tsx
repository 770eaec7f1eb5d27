/**
 * The HiLO table: the others' layouts small along the top, then the piles, your own layout and
 * what you may do now, side by side on a wide screen and stacked on a phone, so that a whole turn
 * fits one screen. What each click does comes from selection.ts; a move is sent as the very
 * object listed in `view.legal`.
 */
import { createEffect, createMemo, createSignal, on, Show } from 'solid-js';
import type { Line, Move, View } from '../../../../shared/games/hilo/types.ts';
import type { BoardProps } from '../types.ts';
import { Actions } from './actions.tsx';
import { MyLayout } from './my-layout.tsx';
import { Opponents } from './opponents.tsx';
import { Piles } from './piles.tsx';
import type { Play } from './play.ts';
import { type Choices, type Click, START, status } from './selection.ts';
import { t } from './strings.ts';
import { yourTurn } from './warnings.ts';

export function Board(props: BoardProps<View, Move>) {
  const v = () => props.view;
  const [choices, setChoices] = createSignal<Choices>(START);
  const [preview, setPreview] = createSignal<Line | null>(null);
  const reset = () => {
    setChoices(START);
    setPreview(null);
  };
  // A new set of choices (the next step, or someone else's turn) starts clean; others getting
  // ready in the opening leaves yours alone.
  const legalKey = createMemo(() => JSON.stringify(v().legal));
  createEffect(on(legalKey, reset, { defer: true }));

  const send = (move: Move) => {
    if (props.pending) return;
    reset();
    props.move(move);
  };
  const play: Play = {
    view: v,
    names: () => props.names,
    pending: () => props.pending,
    choices,
    apply: (click: Click) => {
      if (click === null || props.pending) return;
      if ('send' in click) send(click.send);
      else setChoices(click.choices);
    },
  };

  return (
    <div
      class="board hl-board"
      classList={{ pending: props.pending }}
      data-board="hilo"
      aria-busy={props.pending}
    >
      <div class="hl-head">
        <span class="hl-round">{t('hl.round', { n: v().round })}</span>
        <span class="hl-status" classList={{ mine: yourTurn(v()) }}>
          {status(v(), props.names)}
        </span>
      </div>
      <Opponents play={play} />
      <div class="hl-middle" classList={{ watching: v().you === null }}>
        <Piles play={play} />
        <Show when={v().you !== null}>
          <MyLayout play={play} previewLine={preview} />
        </Show>
        <Actions play={play} onPreview={setPreview} />
      </div>
    </div>
  );
}
