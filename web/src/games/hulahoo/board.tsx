/**
 * The Hula-Hoo! table: the others along the top, the pile and the call in the middle, your cards
 * below, then what to do and the buttons. What a tap means lives in selection.ts.
 */
import { createMemo, createSignal, Show } from 'solid-js';
import type { Move, View } from '../../../../shared/games/hulahoo/types.ts';
import type { BoardProps } from '../types.ts';
import { Actions } from './actions.tsx';
import { Center } from './center.tsx';
import { MyArea } from './my-area.tsx';
import { Opponents } from './opponents.tsx';
import { keep, NO_SELECTION, type Selection, tap } from './selection.ts';

export function Board(props: BoardProps<View, Move>) {
  const [raw, setRaw] = createSignal<Selection>(NO_SELECTION);
  // A new view can make the selection stale (the card was played, the phase moved on).
  const selection = createMemo(() => keep(props.view, raw()));
  const clear = () => setRaw(NO_SELECTION);
  const send = (move: Move) => {
    if (props.pending) return;
    clear();
    props.move(move);
  };
  return (
    <div class="board hh-board" data-board="hulahoo" classList={{ pending: props.pending }}>
      <Opponents view={props.view} names={props.names} />
      <Center view={props.view} names={props.names} />
      <Show when={props.view.you !== null}>
        <MyArea
          view={props.view}
          names={props.names}
          selection={selection()}
          onTap={(id) => !props.pending && setRaw(tap(props.view, selection(), id))}
          onEscape={clear}
        />
      </Show>
      <Actions
        view={props.view}
        names={props.names}
        selection={selection()}
        pending={props.pending}
        send={send}
        cancel={clear}
      />
    </div>
  );
}
