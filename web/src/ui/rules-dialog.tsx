/**
 * How to play, opened by itself the first time a player meets a game (remembered per game in
 * this browser), and again from the "Rules" button at any time. A modal dialog: Escape, the
 * close button or a tap outside it closes it, and focus returns where it was.
 */
import { createEffect, createSignal, Show } from 'solid-js';
import type { GameId } from '../../../shared/engine/types.ts';
import type { AnyGameModule } from '../games/types.ts';
import { t } from '../i18n.ts';
import { load, store } from '../saved.ts';
import { afterNextPaint } from './after-paint.ts';

const seenKey = (game: GameId) => `rules:${game}`;

type RulesText = Awaited<ReturnType<AnyGameModule['rules']>>;

/** Whether this browser has shown a game's rules before. */
export const rulesSeen = (game: GameId) => load(seenKey(game)) !== null;

export function RulesDialog(props: {
  game: GameId;
  name: string;
  /** The game's rules, loaded on the first opening (its board module's `rules`). */
  rules: AnyGameModule['rules'] | undefined;
  /** The table's config: the rules state the goal it plays to. */
  config?: unknown;
  open: boolean;
  onClose: () => void;
}) {
  let dialog!: HTMLDialogElement;
  /** Whether this opening is the first ever for the game (its title welcomes the newcomer). */
  const [first, setFirst] = createSignal(false);
  const [Rules, setRules] = createSignal<RulesText>();
  /** Opens with the rules' text there: never an empty dialog. */
  const show = (text: RulesText) => {
    setRules(() => text);
    if (!props.open || dialog.open) return;
    setFirst(!rulesSeen(props.game));
    store(seenKey(props.game), 'seen');
    dialog.showModal();
  };
  createEffect(() => {
    if (props.open && props.rules && !dialog.open) {
      const load = props.rules;
      // A frame after the board's: opening by itself on a first visit, the dialog comes over a
      // board already drawn rather than holding it back.
      afterNextPaint(() => void load().then(show, props.onClose));
    } else if (!props.open && dialog.open) {
      dialog.close();
    }
  });
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; Escape closes it natively
    <dialog
      ref={dialog}
      class="rules-dialog"
      aria-labelledby="rules-dialog-title"
      onClose={() => props.onClose()}
      onClick={(e) => {
        // A tap on the backdrop (the dialog itself, outside its content) closes it.
        if (e.target === dialog) dialog.close();
      }}
    >
      <div class="rules-dialog-body">
        <h2 id="rules-dialog-title">
          {first() ? t('rules.firstVisit', { game: props.name }) : t('rules.title')}
        </h2>
        <Show when={Rules()}>
          {(text) => {
            const R = text();
            return <R config={props.config} />;
          }}
        </Show>
        <form method="dialog" class="rules-dialog-actions">
          <button class="primary" type="submit">
            {t('rules.close')}
          </button>
        </form>
      </div>
    </dialog>
  );
}
