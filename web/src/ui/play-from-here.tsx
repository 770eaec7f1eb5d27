/**
 * "Play from here", in the replay's controls: a new game at the moment the replay shows, for the
 * seat its player held, bots in the others (play-from-here.ts). Folded away until asked for; open,
 * the two ways side by side, each with what it means, and where to play: alone in this browser
 * (works offline) or at a live table with a link, which offline is disabled and says why. A
 * moment that is not offered says why instead; between rounds the new game starts at the next
 * deal, the same both ways. In the page's flow, so it never covers the board's controls.
 */
import { createResource, createSignal, createUniqueId, For, onCleanup, Show } from 'solid-js';
import type { BotLevel } from '../../../shared/engine/bot.ts';
import type { RoundState } from '../../../shared/engine/rounds.ts';
import type { GameId, Seat } from '../../../shared/engine/types.ts';
import type { GameRecord } from '../../../shared/protocol.ts';
import { t } from '../i18n.ts';
import type { FromHere } from '../play-from-here.ts';
import { navigate } from '../router.ts';
import { saved } from '../saved.ts';
import { Refusal } from './refusal.tsx';

/** The two ways, in the order they are shown, with their words. */
const WAYS = [
  { way: 'as-it-was', name: 'fromHere.asItWas', hint: 'fromHere.asItWas.hint' },
  { way: 'what-you-knew', name: 'fromHere.whatYouKnew', hint: 'fromHere.whatYouKnew.hint' },
] as const satisfies readonly { way: FromHere; name: string; hint: string }[];

/** Whether the browser says it has a network, as it changes. */
function createOnline(): () => boolean {
  const [online, setOnline] = createSignal(navigator.onLine);
  const update = () => setOnline(navigator.onLine);
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  onCleanup(() => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  });
  return online;
}

export function PlayFromHere(props: {
  game: GameId;
  record: GameRecord;
  /** The replay's step, and its state. */
  step: number;
  state: RoundState;
  seat: Seat;
  /** Each seat's bot level at the finished table, the new table's too (play-from-here.ts). */
  levels: readonly (BotLevel | undefined)[];
}) {
  // The positions, with every game's engine and worlds, load with the replay, not before it.
  const [api] = createResource(() => import('../play-from-here.ts'));
  const [way, setWay] = createSignal<FromHere>('as-it-was');
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string | null>(null);
  const online = createOnline();
  const id = createUniqueId();
  const loaded = () => (api.state === 'ready' ? api() : undefined);
  const offer = () => loaded()?.offerFor(props.game, props.state, props.seat);
  /** Where the new game starts, when the moment is offered. */
  const startsAt = () => {
    const o = offer();
    return o?.ok ? o.startsAt : null;
  };
  const refusal = () => {
    const o = offer();
    return o && !o.ok ? o.reason : null;
  };

  async function play(where: 'solo' | 'live') {
    const from = loaded();
    if (!from || busy()) return;
    setBusy(true);
    setError(null);
    const ask = {
      game: props.game,
      record: props.record,
      step: props.step,
      seat: props.seat,
      way: way(),
      name: saved.name(),
      levels: props.levels,
    };
    const made =
      where === 'solo' ? await from.playFromHereSolo(ask) : await from.playFromHereLive(ask);
    setBusy(false);
    if (!made.ok) setError(made.reason);
    else navigate(where === 'solo' ? `/solo/${made.id}` : `/t/${made.id}`);
  }

  return (
    <details class="from-here">
      <summary>{t('fromHere.open')}</summary>
      <Show when={offer()} fallback={<p class="loading">…</p>}>
        <Show when={startsAt()} fallback={<p class="hint">{refusal()}</p>}>
          {(at) => (
            <>
              <Show
                when={at() === 'next-deal'}
                fallback={
                  <fieldset class="from-here-ways">
                    <legend>{t('fromHere.how')}</legend>
                    <For each={WAYS}>
                      {(w) => (
                        <label class="from-here-way" classList={{ chosen: way() === w.way }}>
                          <input
                            type="radio"
                            name={`${id}-way`}
                            value={w.way}
                            checked={way() === w.way}
                            aria-describedby={`${id}-${w.way}`}
                            onChange={() => setWay(w.way)}
                          />
                          <span class="from-here-name">{t(w.name)}</span>
                          <span class="hint" id={`${id}-${w.way}`}>
                            {t(w.hint)}
                          </span>
                        </label>
                      )}
                    </For>
                  </fieldset>
                }
              >
                <p class="hint">{t('fromHere.nextDeal')}</p>
              </Show>
              <fieldset class="from-here-where">
                <legend>{t('fromHere.where')}</legend>
                <div class="from-here-place">
                  <button
                    type="button"
                    class="primary"
                    disabled={busy()}
                    aria-describedby={`${id}-alone`}
                    onClick={() => play('solo')}
                  >
                    {t('fromHere.alone')}
                  </button>
                  <span class="hint" id={`${id}-alone`}>
                    {t('fromHere.alone.hint')}
                  </span>
                </div>
                <div class="from-here-place">
                  <button
                    type="button"
                    disabled={busy() || !online()}
                    aria-describedby={`${id}-friends`}
                    onClick={() => play('live')}
                  >
                    {t('fromHere.friends')}
                  </button>
                  <span class="hint" id={`${id}-friends`}>
                    {online() ? t('fromHere.friends.hint') : t('fromHere.offline')}
                  </span>
                </div>
              </fieldset>
              <p class="from-here-status" role="status">
                {busy() ? t('fromHere.making') : ''}
              </p>
              <Refusal reason={error()} />
            </>
          )}
        </Show>
      </Show>
    </details>
  );
}
