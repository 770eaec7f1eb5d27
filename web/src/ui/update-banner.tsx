/**
 * "A new version is ready", with the button that takes the page onto it (service-worker.ts): on
 * the home page whenever a new build's worker waits, and at a table only between rounds or games,
 * where a reload loses nothing. The table's socket joins again after it, as after any reload.
 */
import { Show } from 'solid-js';
import { t } from '../i18n.ts';
import { applyUpdate, roundUnderWay, updateReady } from '../service-worker.ts';

export function UpdateBanner() {
  return (
    <Show when={updateReady() && !roundUnderWay()}>
      <div class="banner update-banner" role="status">
        <span>{t('update.ready')}</span>
        <button type="button" class="primary" onClick={applyUpdate}>
          {t('update.reload')}
        </button>
      </div>
    </Show>
  );
}
