/** Everyone at the table: name, score, whose turn, who is away; the host can replace the absent. */
import { createEffect, createSignal, Index, on, onCleanup, Show } from 'solid-js';
import type { Seat } from '../../../shared/engine/types.ts';
import type { AnyView, SeatInfo, TableSummary } from '../../../shared/protocol.ts';
import { useConnection } from '../connection.ts';
import { score, t, tn } from '../i18n.ts';
import { saved } from '../saved.ts';
import { NameField } from './name-field.tsx';
import { NudgeButton } from './nudge.tsx';

/** How long the table waits on the same people before the others are offered a nudge. */
const NUDGE_AFTER_MS = 15_000;

export function Players(props: {
  table: TableSummary;
  names: string[];
  view: Pick<AnyView, 'toMove' | 'totals' | 'you' | 'phase'>;
  /** The score shown for a seat, if the game counts within a round. */
  score?: (seat: Seat) => number;
  /** The people the table waits on now (to move, to be ready, to play again). */
  waiting: Seat[];
}) {
  const conn = useConnection();
  // A nudge is offered once the same people have kept the table waiting a while.
  const [long, setLong] = createSignal(false);
  let timer: ReturnType<typeof setTimeout> | undefined;
  createEffect(
    on(
      () => props.waiting.join(),
      () => {
        setLong(false);
        clearTimeout(timer);
        timer = setTimeout(() => setLong(true), NUDGE_AFTER_MS);
      },
    ),
  );
  onCleanup(() => clearTimeout(timer));
  const nudgeable = (seat: Seat) =>
    long() &&
    props.waiting.includes(seat) &&
    seat !== props.view.you &&
    (conn.seat() !== null || conn.host());
  const waiting = () => props.view.toMove.filter((s) => s !== props.view.you);
  /**
   * A bot's seat someone may take now: between rounds or after the game, unless the bot stands
   * in for a player away, whose seat it keeps (ALL-4).
   */
  const botGivesWay = (s: SeatInfo) =>
    s.bot &&
    s.standIn === undefined &&
    (props.table.status !== 'playing' || props.view.phase === 'roundOver');
  const myTurn = () => props.view.you !== null && props.view.toMove.includes(props.view.you);
  const turnText = () => {
    // The game's end has its own panel, titled so: here, the totals it ended on.
    if (props.view.phase === 'gameOver') return t('scores.final');
    if (props.view.phase === 'roundOver') return t('round.over');
    if (myTurn()) return t('turn.you');
    if (props.view.toMove.length === props.table.players) return t('turn.simultaneous');
    // A predicted move whose next player only the table can tell (nobody to move meanwhile).
    if (props.view.toMove.length === 0) return t('turn.passing');
    return t('turn.wait', {
      names: waiting()
        .map((s) => props.names[s])
        .join(', '),
    });
  };
  // A seat asked for by someone with no name yet: the name first, then the seat.
  const [naming, setNaming] = createSignal<Seat | null>(null);
  const [name, setName] = createSignal('');
  function sitDown(seat: Seat) {
    if (saved.name()?.trim()) conn.sit(seat);
    else setNaming(seat);
  }
  function sitNamed(e: Event) {
    e.preventDefault();
    const seat = naming();
    const trimmed = name().trim();
    if (seat === null || !trimmed) return;
    conn.setName(trimmed);
    conn.sit(seat);
    setNaming(null);
  }
  return (
    <section class="players" aria-label={t('scores.title')}>
      <p class="turn" classList={{ mine: myTurn() }} aria-live="polite">
        {turnText()}
      </p>
      <ol>
        {/* By seat: a new summary redraws no row (nor its buttons, nor focus on them). */}
        <Index each={props.table.seats}>
          {(s) => (
            <li
              classList={{
                active: props.view.phase !== 'roundOver' && props.view.toMove.includes(s().seat),
                mine: s().seat === props.view.you,
                away: !s().bot && !s().connected,
              }}
            >
              <span class="who">
                {/* A bot keeps the name of the player it stands in for; "Bot 3" says it already. */}
                <Show when={s().bot && s().name !== null}>
                  <span class="bot-tag">{t('home.seat.bot')}</span>
                </Show>
                {props.names[s().seat]}
                <Show when={!s().bot && !s().connected}>
                  <span class="away"> · {t('seat.away')}</span>
                </Show>
              </span>
              <span class="score">
                {score(props.score?.(s().seat) ?? props.view.totals[s().seat] ?? 0)}
              </span>
              {/* A free seat mid-game (the host took a bot off): anyone watching may take it. */}
              <Show when={conn.seat() === null && !conn.screen && !s().bot && s().name === null}>
                <button type="button" class="small" onClick={() => sitDown(s().seat)}>
                  {t('seat.sit')}
                </button>
              </Show>
              {/* Between rounds a bot gives its seat to whoever watching takes it (ALL-4). */}
              <Show when={conn.seat() === null && !conn.screen && botGivesWay(s())}>
                <button type="button" class="small" onClick={() => sitDown(s().seat)}>
                  {t('seat.take')}
                </button>
              </Show>
              <Show when={nudgeable(s().seat)}>
                <NudgeButton seat={s().seat} name={props.names[s().seat] ?? ''} />
              </Show>
              <Show when={conn.host() && !s().bot && !s().connected && s().seat !== props.view.you}>
                <button type="button" class="small" onClick={() => conn.setBot(s().seat, true)}>
                  {t('seat.replace')}
                </button>
              </Show>
            </li>
          )}
        </Index>
      </ol>
      {/* Someone who never gave a name says it before sitting down, as the lobby asks. */}
      <Show when={naming() !== null && conn.seat() === null}>
        <form class="name-form" onSubmit={sitNamed}>
          <NameField label={t('name.label')} value={name()} onInput={setName} />
          <button type="submit">{t('seat.take')}</button>
        </form>
      </Show>
      <Show when={props.table.spectators > 0}>
        <p class="watching">{tn('players.watching', props.table.spectators)}</p>
      </Show>
    </section>
  );
}
