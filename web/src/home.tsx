/** The start page: pick a game, seats, options and a pace; create the table; go there. */
import { batch, createSignal, For, Index, type JSX, Show } from 'solid-js';
import { BOT_LEVELS, type BotLevel } from '../../shared/engine/bot.ts';
import { GAME_IDS, type GameId } from '../../shared/engine/types.ts';
import { DEFAULT_TURN_CLOCK, PACES, type Pace, TURN_CLOCKS } from '../../shared/pace.ts';
import { createTable } from './api.ts';
import { gameInfo } from './games/registry.ts';
import { clockText, t } from './i18n.ts';
import { navigate } from './router.ts';
import { saved } from './saved.ts';
import type { SoloOptions } from './solo/worker-messages.ts';
import { NameField } from './ui/name-field.tsx';
import { YourTables } from './ui/your-tables.tsx';

/** A live table's clocks, in seconds per move (null: none). */
const LIVE_CLOCKS = [null, 15, 30, 60, 120];

function savedLevel(): BotLevel {
  const level = saved.botLevel();
  return BOT_LEVELS.find((l) => l === level) ?? 'normal';
}

/** One choice in a row of chips: a radio button that shows as its label. */
function Chip(props: {
  name: string;
  value: string | number;
  chosen: boolean;
  onPick: () => void;
  title?: string;
  children: JSX.Element;
}) {
  return (
    <label classList={{ chosen: props.chosen }} title={props.title}>
      <input
        class="sr-only"
        type="radio"
        name={props.name}
        value={props.value}
        checked={props.chosen}
        onChange={() => props.onPick()}
      />
      {props.children}
    </label>
  );
}

export default function Home() {
  const [game, setGame] = createSignal<GameId>('hulahoo');
  const [players, setPlayers] = createSignal(4);
  // Seat 0 is you; the others start as bots so one person can play at once.
  const [bots, setBots] = createSignal<boolean[]>([false, true, true, true, true, true, true]);
  // The chosen game's config, as its own options form sets it.
  const [options, setOptions] = createSignal<unknown>(gameInfo(game()).defaultConfig(players()));
  const [botLevel, setBotLevel] = createSignal<BotLevel>(savedLevel());
  const [pace, setPace] = createSignal<Pace>('live');
  const [liveClock, setLiveClock] = createSignal<number | null>(null);
  const [turnClock, setTurnClock] = createSignal(DEFAULT_TURN_CLOCK);
  const [name, setName] = createSignal(saved.name() ?? '');
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string | null>(null);

  const info = () => gameInfo(game());
  // The game, the player count and the options change as one: no form ever sees another game's
  // options, and each starts from the rules' own for the table's size.
  const pickGame = (id: GameId) => {
    const count = Math.min(Math.max(players(), gameInfo(id).min), gameInfo(id).max);
    batch(() => {
      setGame(id);
      setPlayers(count);
      setOptions(gameInfo(id).defaultConfig(count));
    });
  };
  const pickPlayers = (n: number) => {
    batch(() => {
      setPlayers(n);
      setOptions(info().defaultConfig(n));
    });
  };

  async function create(e: Event) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const trimmed = name().trim();
    if (trimmed) saved.setName(trimmed);
    saved.setBotLevel(botLevel());
    const botSeats = bots()
      .slice(0, players())
      .flatMap((bot, seat) => (bot && seat > 0 ? [seat] : []));
    const out = await createTable({
      game: game(),
      players: players(),
      bots: botSeats,
      botLevel: botLevel(),
      config: options(),
      // A live table says nothing of its pace: live is what the server makes without one.
      ...(pace() === 'turn'
        ? { pace: 'turn', clock: turnClock() }
        : liveClock()
          ? { clock: liveClock() }
          : {}),
    });
    setBusy(false);
    if (!out.ok) {
      setError(out.error.message);
      return;
    }
    saved.setHostKey(out.table.id, out.table.hostKey);
    saved.setSeatWish(out.table.id, 0); // the seat shown as "You"
    navigate(out.table.url);
  }

  /**
   * The same game against bots alone, kept and played in this browser with no server (solo/):
   * every seat but yours is a bot, whatever the seat plan says, and it needs no network.
   */
  function playSolo() {
    const trimmed = name().trim();
    if (trimmed) saved.setName(trimmed);
    saved.setBotLevel(botLevel());
    const id = [...crypto.getRandomValues(new Uint8Array(16))]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('');
    const table = { game: game(), players: players(), config: options(), botLevel: botLevel() };
    const wish: SoloOptions = { table, name: trimmed || null };
    saved.setSoloWish(id, JSON.stringify(wish));
    navigate(`/solo/${id}`);
  }

  return (
    <form class="home" onSubmit={create}>
      <h1>{t('tagline')}</h1>
      <YourTables />
      <fieldset class="games">
        <legend>{t('home.pick')}</legend>
        <For each={GAME_IDS}>
          {(id) => {
            const g = gameInfo(id);
            return (
              <label class="game-choice" classList={{ chosen: game() === id }}>
                <input
                  type="radio"
                  name="game"
                  value={id}
                  checked={game() === id}
                  onChange={() => pickGame(id)}
                />
                <span class="game-name">{g.name}</span>
                <span class="game-blurb">{g.blurb()}</span>
                <span class="game-count">{t('home.playerRange', { min: g.min, max: g.max })}</span>
              </label>
            );
          }}
        </For>
      </fieldset>

      <fieldset>
        <legend>{t('home.players')}</legend>
        <div class="counts">
          <For each={Array.from({ length: info().max - info().min + 1 }, (_, i) => info().min + i)}>
            {(n) => (
              <Chip name="players" value={n} chosen={players() === n} onPick={() => pickPlayers(n)}>
                {n}
              </Chip>
            )}
          </For>
        </div>
        <ol class="seat-plan" aria-label={t('home.seats')}>
          <li>{t('home.seat.you')}</li>
          <Index each={bots().slice(1, players())}>
            {(bot, i) => (
              <li>
                <button
                  type="button"
                  aria-pressed={bot()}
                  aria-describedby="seat-plan-hint"
                  onClick={() => setBots((b) => b.map((x, k) => (k === i + 1 ? !x : x)))}
                >
                  {bot() ? t('home.seat.bot') : t('home.seat.human')}
                </button>
              </li>
            )}
          </Index>
        </ol>
        <Show when={players() > 1}>
          <p class="hint" id="seat-plan-hint">
            {t('home.seats.hint')}
          </p>
        </Show>
        <div class="bot-level" role="radiogroup" aria-labelledby="bot-level-label">
          <span id="bot-level-label">{t('home.botLevel')}</span>
          <div class="counts">
            <For each={BOT_LEVELS}>
              {(level) => (
                <Chip
                  name="botLevel"
                  value={level}
                  chosen={botLevel() === level}
                  onPick={() => setBotLevel(level)}
                  title={t(`bots.${level}.hint`)}
                >
                  {t(`bots.${level}`)}
                </Chip>
              )}
            </For>
          </div>
          <p class="hint">{t(`bots.${botLevel()}.hint`)}</p>
        </div>
      </fieldset>

      <fieldset>
        <legend>{t('home.options')}</legend>
        {(() => {
          const Options = info().Options;
          return <Options players={players()} value={options()} onChange={setOptions} />;
        })()}
      </fieldset>

      <fieldset class="pace">
        <legend>{t('home.pace')}</legend>
        <div class="counts">
          <For each={PACES}>
            {(p) => (
              <Chip name="pace" value={p} chosen={pace() === p} onPick={() => setPace(p)}>
                {t(`pace.${p}`)}
              </Chip>
            )}
          </For>
        </div>
        <label class="field">
          <span>{t('home.clock')}</span>
          <Show
            when={pace() === 'turn'}
            fallback={
              <select
                aria-describedby="pace-hint"
                onChange={(e) =>
                  setLiveClock(e.currentTarget.value ? Number(e.currentTarget.value) : null)
                }
              >
                <For each={LIVE_CLOCKS}>
                  {(c) => (
                    <option value={c ?? ''} selected={c === liveClock()}>
                      {c ? clockText(c) : t('home.clock.off')}
                    </option>
                  )}
                </For>
              </select>
            }
          >
            <select
              aria-describedby="pace-hint"
              onChange={(e) => setTurnClock(Number(e.currentTarget.value))}
            >
              <For each={TURN_CLOCKS}>
                {(c) => (
                  <option value={c} selected={c === turnClock()}>
                    {clockText(c)}
                  </option>
                )}
              </For>
            </select>
          </Show>
        </label>
        <p class="hint" id="pace-hint">
          {pace() === 'turn'
            ? t('pace.turn.hint', { time: clockText(turnClock()) })
            : t('pace.live.hint')}
        </p>
      </fieldset>

      <p class="hint" id="solo-hint">
        {t('home.solo.hint')}
      </p>
      {/* Always in sight, at the bottom of the screen: the choices above already have defaults. */}
      <div class="create-bar">
        <NameField class="field" label={t('home.name')} value={name()} onInput={setName} />
        <Show when={error()}>
          <p class="error" role="alert">
            {error()}
          </p>
        </Show>
        <button class="primary" type="submit" disabled={busy()}>
          {busy() ? t('home.creating') : t('home.create')}
        </button>
        {/* Named by the words it shows: the long ones, or the short ones on a phone. */}
        <button class="solo-button" type="button" aria-describedby="solo-hint" onClick={playSolo}>
          <span class="long">{t('home.solo')}</span>
          <span class="short">{t('home.solo.short')}</span>
        </button>
      </div>
    </form>
  );
}
