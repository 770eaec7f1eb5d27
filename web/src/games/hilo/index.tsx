import { For } from 'solid-js';
import type { GameModule } from '../types.ts';

/** Placeholder until the hilo board lands: the legal moves as buttons. */
const module: GameModule<{ legal: unknown[] }> = {
  Board: (props) => (
    <div class="board" data-board="hilo">
      <For each={props.view.legal}>
        {(m) => (
          <button type="button" onClick={() => props.move(m)}>
            {JSON.stringify(m)}
          </button>
        )}
      </For>
    </div>
  ),
  describe: (event) => event.type,
  Rules: () => null,
};
export default module;
