/** What happened, in words, newest first. */
import { For, Show } from 'solid-js';
import type { Seat } from '../../../shared/engine/types.ts';
import type { LogEntry } from '../connection.ts';
import type { AnyGameModule } from '../games/types.ts';
import { t } from '../i18n.ts';
import { logLines } from './log-lines.ts';

type LogProps = {
  log: LogEntry[];
  module: AnyGameModule;
  names: string[];
  you: Seat | null;
};

/**
 * The newest line of the log, right under the board where the log is far below it (a phone):
 * what just happened, readable without scrolling. Screen readers hear it from the log itself.
 */
export function LatestLine(props: LogProps) {
  const latest = () => logLines(props.log, props.module, props.names, props.you).at(-1);
  return (
    <Show when={latest()}>
      {(line) => (
        <p class="latest-line" aria-hidden="true">
          {line().text}
        </p>
      )}
    </Show>
  );
}

export function Log(props: LogProps) {
  const lines = () => logLines(props.log, props.module, props.names, props.you).reverse();
  return (
    <section class="log" aria-label={t('log.title')}>
      <h2>{t('log.title')}</h2>
      <Show when={lines().length > 0} fallback={<p class="hint">{t('log.empty')}</p>}>
        {/* It scrolls, so a keyboard can reach it and scroll it too. */}
        <ol aria-live="polite" tabindex="0" aria-label={t('log.title')}>
          <For each={lines().slice(0, 60)}>{(line) => <li>{line.text}</li>}</For>
        </ol>
      </Show>
    </section>
  );
}
