/**
 * "Notify me" as the player sees it (notify.ts does it): under their seat in the lobby, beside
 * the board in play. Nothing shows where notifications are not offered.
 */
import { createContext, Match, Show, Switch, useContext } from 'solid-js';
import { t } from '../i18n.ts';
import type { Notify, NotifyState } from '../notify.ts';

/** The table page's notifications, for the lobby and the game alike. */
export const NotifyContext = createContext<Notify>();

/** The player's notifications at this table, where they are offered: its button and its state. */
export function NotifyMe() {
  const notify = useContext(NotifyContext);
  const state = () => notify?.state() ?? { kind: 'hidden' as const };
  const is = (kind: NotifyState['kind']) => state().kind === kind;
  const failure = () => {
    const now = state();
    return now.kind === 'failed' ? now.reason : null;
  };
  return (
    <Show when={notify && !is('hidden')}>
      <div class="notify">
        <Switch>
          <Match when={is('off')}>
            <button type="button" onClick={() => notify?.turnOn()}>
              {t('notify.turnOn')}
            </button>
          </Match>
          <Match when={is('asking')}>
            <p role="status">{t('notify.asking')}</p>
          </Match>
          <Match when={is('working')}>
            <p role="status">{t('notify.working')}</p>
          </Match>
          <Match when={is('on')}>
            <p role="status">{t('notify.on')}</p>
            <button type="button" class="small" onClick={() => notify?.turnOff()}>
              {t('notify.turnOff')}
            </button>
          </Match>
          <Match when={is('denied')}>
            <p role="status">{t('notify.denied')}</p>
          </Match>
          <Match when={failure()}>
            {(reason) => (
              <>
                <p role="alert" class="error">
                  {t('notify.failed', { reason: reason() })}
                </p>
                <button type="button" class="small" onClick={() => notify?.turnOn()}>
                  {t('notify.retry')}
                </button>
              </>
            )}
          </Match>
          <Match when={is('home-screen')}>
            <p class="hint">{t('notify.homeScreen')}</p>
          </Match>
          <Match when={is('unsupported')}>
            <p class="hint">{t('notify.unsupported')}</p>
          </Match>
        </Switch>
      </div>
    </Show>
  );
}
