/** Before the game: your name, the seats, the link to share, and the host's start button. */
import { createSignal, For, Show } from 'solid-js';
import { BOT_LEVELS, type BotLevel } from '../../../shared/engine/bot.ts';
import type { Seat } from '../../../shared/engine/types.ts';
import type { TableSummary } from '../../../shared/protocol.ts';
import { paceOf } from '../api.ts';
import { useConnection } from '../connection.ts';
import { gameInfo } from '../games/registry.ts';
import { clockText, t } from '../i18n.ts';
import { saved } from '../saved.ts';
import { NameField } from './name-field.tsx';
import { NotifyMe } from './notify.tsx';
import { ShareLink } from './share-link.tsx';

/** A bot seat's level: the host chooses it, everyone else reads it. */
function BotLevelChoice(props: { seat: Seat; name: string; level: BotLevel }) {
  const conn = useConnection();
  return (
    <Show when={conn.host()} fallback={<span class="bot-level">{t(`bots.${props.level}`)}</span>}>
      <select
        class="bot-level"
        aria-label={t('seat.botLevel', { name: props.name })}
        value={props.level}
        onChange={(e) => {
          const level = BOT_LEVELS.find((l) => l === e.currentTarget.value);
          if (level) conn.setBot(props.seat, true, level);
        }}
      >
        <For each={BOT_LEVELS}>
          {(level) => <option value={level}>{t(`bots.${level}`)}</option>}
        </For>
      </select>
    </Show>
  );
}

export function Lobby(props: { table: TableSummary; names: string[] }) {
  const conn = useConnection();
  const [name, setName] = createSignal(saved.name() ?? '');
  const full = () => props.table.seats.every((s) => s.bot || s.name !== null);
  const mySeat = () => conn.seat();
  /** The table's options, the same for everyone: the game's own and the clock (each bot's level is at its seat). */
  const settings = () => {
    const { game, config, clock } = props.table;
    const lines = gameInfo(game).settings(config);
    if (paceOf(props.table) === 'turn') lines.push(t('pace.turn'));
    lines.push(`${t('home.clock')}: ${clock ? clockText(clock) : t('home.clock.off')}`);
    return lines;
  };

  function saveName(e: Event) {
    e.preventDefault();
    const trimmed = name().trim();
    if (trimmed) conn.setName(trimmed);
  }

  return (
    <section class="lobby" aria-labelledby="lobby-title">
      <h2 id="lobby-title">{t('lobby.title')}</h2>
      {/* A room's screen only shows who sits where: its QR code is the way in (table.tsx). */}
      <Show when={!conn.screen}>
        <ShareLink id={props.table.id} />
        <form class="name-form" onSubmit={saveName}>
          <NameField label={t('name.label')} value={name()} onInput={setName} />
          <button type="submit">{t('name.save')}</button>
        </form>
      </Show>
      <ul class="lobby-seats">
        <For each={props.table.seats}>
          {(s) => (
            <li classList={{ mine: s.seat === mySeat(), bot: s.bot }}>
              <span class="seat-name">
                {s.seat === mySeat()
                  ? t('seat.you', { name: props.names[s.seat]! })
                  : props.names[s.seat]}
                <Show when={!s.bot && s.name !== null && !s.connected}>
                  <span class="away"> · {t('seat.away')}</span>
                </Show>
              </span>
              <Show when={s.bot}>
                <BotLevelChoice
                  seat={s.seat}
                  name={props.names[s.seat]!}
                  level={s.level ?? props.table.botLevel}
                />
              </Show>
              {/* A free seat, or a bot's, which gives way to a person in the lobby (ALL-4). */}
              <Show when={(s.bot || s.name === null) && mySeat() === null && !conn.screen}>
                <button
                  type="button"
                  onClick={() => {
                    const trimmed = name().trim();
                    if (trimmed) conn.setName(trimmed);
                    conn.sit(s.seat);
                  }}
                >
                  {s.bot ? t('seat.take') : t('seat.sit')}
                </button>
              </Show>
              <Show when={s.seat === mySeat()}>
                <button type="button" onClick={conn.leave}>
                  {t('seat.leave')}
                </button>
              </Show>
              <Show when={conn.host() && s.seat !== mySeat()}>
                <Show when={s.bot || s.name === null}>
                  <button type="button" onClick={() => conn.setBot(s.seat, !s.bot)}>
                    {s.bot ? t('seat.removeBot') : t('seat.addBot')}
                  </button>
                </Show>
                <Show when={!s.bot && s.name !== null && !s.connected}>
                  <button type="button" onClick={() => conn.kick(s.seat)}>
                    {t('seat.kick')}
                  </button>
                </Show>
              </Show>
            </li>
          )}
        </For>
      </ul>
      <NotifyMe />
      <ul class="table-options" aria-label={t('lobby.options')}>
        <For each={settings()}>{(line) => <li>{line}</li>}</For>
      </ul>
      <Show when={mySeat() === null && !conn.screen}>
        <p class="hint">{t('lobby.watching')}</p>
      </Show>
      <Show when={conn.host()} fallback={<p class="hint">{t('lobby.waitHost')}</p>}>
        <button class="primary" type="button" disabled={!full()} onClick={conn.start}>
          {t('lobby.start')}
        </button>
        <Show when={!full()}>
          <p class="hint">{t('lobby.needSeats')}</p>
        </Show>
      </Show>
    </section>
  );
}
