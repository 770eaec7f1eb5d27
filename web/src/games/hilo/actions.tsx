/** Under your layout (beside it on a wide screen): what to do now, and the buttons to do it. */
import { Index, Match, Show, Switch } from 'solid-js';
import type { Hidden } from '../../../../shared/engine/types.ts';
import { colsOf, removeLine } from '../../../../shared/games/hilo/layout.ts';
import type { Card, Line } from '../../../../shared/games/hilo/types.ts';
import { SlotCard } from './card.tsx';
import { cardName, lineName } from './names.ts';
import type { Play } from './play.ts';
import {
  type Button,
  buttons,
  endWarning,
  lineColour,
  press,
  prompt,
  promptText,
} from './selection.ts';
import { t } from './strings.ts';

export function Actions(props: { play: Play; onPreview: (line: Line | null) => void }) {
  const v = () => props.play.view();
  const said = () => prompt(v(), props.play.choices(), props.play.names());
  const warning = () => endWarning(v(), props.play.names());
  const list = () => buttons(v(), props.play.choices());
  const grid = () => (v().you === null ? [] : (v().players[v().you!]?.layout ?? []));
  const act = (b: Button) => props.play.apply(press(v(), props.play.choices(), b));

  return (
    <div class="actions hl-actions" aria-live="polite">
      <Show when={warning()}>
        <p class="hl-ended" role="status">
          {warning()}
        </p>
      </Show>
      <Show when={said()}>
        {(p) => (
          <div class="choice">
            <p class="prompt">{promptText(p())}</p>
            <Index each={list()}>
              {(b) => (
                <Switch>
                  <Match when={as(b(), 'line')}>
                    {(l) => (
                      <button
                        type="button"
                        class="hl-line-button"
                        classList={{ selected: l().selected }}
                        aria-pressed={l().selected}
                        disabled={props.play.pending()}
                        onClick={() => act(l())}
                        onMouseEnter={() => props.onPreview(l().line)}
                        onMouseLeave={() => props.onPreview(null)}
                        onFocus={() => props.onPreview(l().line)}
                        onBlur={() => props.onPreview(null)}
                      >
                        {t('hl.line.pick', {
                          line: lineName(l().line),
                          colour: lineColour(v(), l().line),
                        })}
                      </button>
                    )}
                  </Match>
                  <Match when={as(b(), 'close')}>
                    {(c) => (
                      <button
                        type="button"
                        class="primary hl-close"
                        disabled={props.play.pending()}
                        onClick={() => act(c())}
                      >
                        <MiniGrid grid={removeLine(grid(), c().line, c().close)} />
                        <span>
                          <strong>{t(`hl.close.${c().close}`)}</strong>
                          <br />
                          {t(`hl.close.${c().close}Shape`)}
                        </span>
                      </button>
                    )}
                  </Match>
                  <Match when={true}>
                    <button
                      type="button"
                      classList={{ primary: primary(b()) }}
                      disabled={props.play.pending() || isOff(b())}
                      onClick={() => act(b())}
                    >
                      {label(b())}
                    </button>
                  </Match>
                </Switch>
              )}
            </Index>
          </div>
        )}
      </Show>
    </div>
  );
}

/** The button if it is of kind `id`, else false (for Solid's Match). */
const as = <K extends Button['id']>(b: Button, id: K) =>
  b.id === id ? (b as Extract<Button, { id: K }>) : false;

/** "Turn them up" waits for two picks. */
const isOff = (b: Button) => b.id === 'reveal' && b.move === undefined;

const primary = (b: Button) => b.id !== 'clear' && b.id !== 'cancel' && b.id !== 'keep';

function label(b: Button): string {
  switch (b.id) {
    case 'reveal':
      return t('hl.opening.go');
    case 'clear':
      return t('hl.opening.clear');
    case 'take':
      return t('hl.take', { card: cardName(b.card) });
    case 'draw':
      return t('hl.draw');
    case 'discard':
      return b.flip ? t('hl.discardFlip') : t('hl.discardIt');
    case 'cancel':
      return t('hl.cancel');
    case 'remove':
      return t('hl.remove', { line: lineName(b.line) });
    case 'keep':
      return t('hl.keep');
    default:
      return '';
  }
}

/** The layout a diagonal's closing up would leave, in miniature. */
function MiniGrid(props: { grid: (Card | Hidden)[][] }) {
  return (
    <span class="hl-grid hl-mini-grid" style={{ '--cols': colsOf(props.grid) }} aria-hidden="true">
      <Index each={props.grid}>
        {(row) => <Index each={row()}>{(card) => <SlotCard card={card()} size="mini" />}</Index>}
      </Index>
    </span>
  );
}
