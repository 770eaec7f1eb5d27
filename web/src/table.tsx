/** A table: the lobby until the game starts, then the game's board with the table around it. */
import { createEffect, createMemo, createSignal, onCleanup, Show } from 'solid-js';
import { Portal } from 'solid-js/web';
import type { TableSummary, UnseatReason } from '../../shared/protocol.ts';
import { ConnectionContext, connectTable, type TableError, useConnection } from './connection.ts';
import { gameInfo, loadBoard, loadedBoard } from './games/registry.ts';
import { t } from './i18n.ts';
import { createNotify, isPushRefusal } from './notify.ts';
import { saved } from './saved.ts';
import { seatNames } from './seat-names.ts';
import { setRoundUnderWay } from './service-worker.ts';
import type { LocalTable } from './solo/local-transport.ts';
import { ConnectionBanner } from './ui/connection-banner.tsx';
import { Game } from './ui/game.tsx';
import { HomeLink } from './ui/home-link.tsx';
import { Lobby } from './ui/lobby.tsx';
import { NotifyContext } from './ui/notify.tsx';
import { RulesDialog, rulesSeen } from './ui/rules-dialog.tsx';
import { QrCode } from './ui/share-link.tsx';

/** The refusals a player can meet in play, which we say in our own words. */
type OwnError = 'stale' | `unseated.${UnseatReason}`;
const OWN_ERRORS: Record<OwnError, true> = {
  stale: true,
  'unseated.left': true,
  'unseated.bot': true,
  'unseated.freed': true,
};
const isOwn = (code: TableError['code']): code is OwnError => Object.hasOwn(OWN_ERRORS, code);

/** Our own words, in the player's language, where we have them; else the server's. */
const errorText = (error: TableError) =>
  isOwn(error.code) ? t(`error.${error.code}`) : error.message;

/** A board that did not load (a lost network, a new deploy): said in the console, "…" stays. */
const reportUnloaded = (err: unknown) => console.error('The game board did not load.', err);

/** How long a table shown from its first sight may wait for its socket before the page says so. */
const SLOW_CONNECT_MS = 2_000;

/** `/t/<id>?screen`: the table for a screen everyone faces (a TV, a laptop), watching. */
const isScreen = () => new URLSearchParams(location.search).has('screen');

/**
 * A solo table's opening: the options the home page left for it, if it is new (they are
 * forgotten once its worker has made it).
 */
function soloTable(id: string): LocalTable {
  let create: unknown = null;
  try {
    // Checked by the worker, as the server checks a new table.
    create = JSON.parse(saved.soloWish(id) ?? 'null');
  } catch {
    // Nothing readable: the table is one made before, or none.
  }
  return { create, opened: () => saved.setSoloWish(id, null) };
}

export default function TablePage(props: { id: string; solo?: boolean }) {
  const onScreen = !props.solo && isScreen();
  const conn = connectTable(props.id, onScreen, props.solo ? soloTable(props.id) : null);
  onCleanup(() => conn.close());

  // The creator arrives from the home page, which showed them in seat 0 as "You": they sit there
  // (or, should someone have been quicker, in the first free seat), once.
  let seatWish = onScreen ? null : saved.takeSeatWish(props.id);
  createEffect(() => {
    const table = conn.table();
    if (seatWish === null || !table || conn.seat() !== null) return;
    const free = table.seats.filter((s) => !s.bot && s.name === null);
    const seat = free.find((s) => s.seat === seatWish) ?? free[0];
    seatWish = null;
    if (seat && table.status !== 'over') conn.sit(seat.seat);
  });

  // A new version is offered between rounds and games, never in the middle of a round.
  createEffect(() => {
    const table = conn.table();
    const phase = conn.state()?.view.phase ?? table?.phase;
    setRoundUnderWay(table?.status === 'playing' && phase !== 'roundOver');
  });
  onCleanup(() => setRoundUnderWay(false));

  // While the page shows the table from its first sight, its socket's opening goes unsaid unless
  // it takes a while: a banner there for a blink would only push the table down and back.
  const [slow, setSlow] = createSignal(false);
  const slowTimer = setTimeout(() => setSlow(true), SLOW_CONNECT_MS);
  onCleanup(() => clearTimeout(slowTimer));

  /**
   * The connection's state while it has not opened, or will not, said above the table; a lost
   * one is said over it (ConnectionBanner).
   */
  const trouble = () => {
    const status = conn.status();
    if (status === 'open' || status === 'offline' || status === 'reconnecting') return null;
    if (status === 'connecting' && conn.table() && !slow()) return null;
    return status;
  };

  /** What went wrong, for the toast; a refused subscription is said beside its button instead. */
  const toast = () => {
    const error = conn.error();
    return error && !isPushRefusal(error.code) ? error : null;
  };

  return (
    <ConnectionContext.Provider value={conn}>
      <section class="table-page" classList={{ screen: onScreen }}>
        <Show when={trouble()}>
          {(status) => (
            <p class="banner" role="status">
              {props.solo && status() === 'missing'
                ? t('status.missingSolo')
                : t(`status.${status()}`)}
              <Show when={status() === 'missing'}>
                {' '}
                <HomeLink>{t('status.home')}</HomeLink>
              </Show>
              <Show when={status() === 'elsewhere'}>
                {' '}
                <button type="button" onClick={conn.useHere}>
                  {t('status.useHere')}
                </button>
              </Show>
            </p>
          )}
        </Show>
        <ConnectionBanner />
        <Show when={conn.table()}>{(table) => <Table table={table()} />}</Show>
        <Show when={onScreen && conn.table()}>{(table) => <ScreenJoin table={table()} />}</Show>
        <Show when={toast()}>
          {(error) => (
            <div class="toast" role="alert">
              <span>{errorText(error())}</span>
              <button type="button" onClick={conn.clearError}>
                {t('error.dismiss')}
              </button>
            </div>
          )}
        </Show>
      </section>
    </ConnectionContext.Provider>
  );
}

/** On a table screen, while a seat is free: the link's QR code in a corner, to sit down from a phone. */
function ScreenJoin(props: { table: TableSummary }) {
  const free = () =>
    props.table.status !== 'over' && props.table.seats.some((s) => !s.bot && s.name === null);
  return (
    <Show when={free()}>
      <figure class="screen-join">
        <QrCode link={`${location.origin}/t/${props.table.id}`} label={t('lobby.qr')} />
        <figcaption>{t('screen.join')}</figcaption>
      </figure>
    </Show>
  );
}

function Table(props: { table: TableSummary }) {
  const conn = useConnection();
  const info = () => gameInfo(props.table.game);
  // The board's code starts loading as soon as the game is known, in the lobby or with the state;
  // at a table link it has loaded before the page is drawn (main.tsx), and is there at once.
  const game = createMemo(() => props.table.game);
  const [module, setModule] = createSignal(loadedBoard(game()));
  createEffect(() => {
    const id = game();
    if (!loadedBoard(id)) void loadBoard(id).then(setModule, reportUnloaded);
  });
  const names = () => seatNames(props.table.seats);
  // How to play opens by itself on a player's first table of a game, once its text has loaded;
  // never on a room's screen, where it would hide the table from everyone and nobody taps it away.
  const [rulesOpen, setRulesOpen] = createSignal(!conn.screen && !rulesSeen(props.table.game));
  // The dialog is made the first time it opens: a closed one is nothing the first board needs.
  const [rulesMade, setRulesMade] = createSignal(rulesOpen());
  const openRules = () => {
    setRulesMade(true);
    setRulesOpen(true);
  };
  const notify = createNotify(conn);
  // The table's styles come with its game's board (table.css): nothing is drawn before them.
  return (
    <Show when={module()} fallback={<p class="loading">…</p>}>
      <NotifyContext.Provider value={notify}>
        {/* The game's name and its rules sit in the site's top bar: the board gets the height. */}
        <Portal mount={document.getElementById('page-head') ?? undefined}>
          <div class="table-head">
            <h1 class="table-title">
              {info().name}
              <Show when={conn.seat() === null}>
                <span class="badge">{t('spectator')}</span>
              </Show>
            </h1>
            {/* Named by the words it shows: the long ones, or the short ones on a phone. */}
            <button type="button" class="rules-button" onClick={openRules}>
              <span class="long">{t('rules.title')}</span>
              <span class="short">{t('rules.open')}</span>
            </button>
          </div>
        </Portal>
        <Show when={rulesMade()}>
          <RulesDialog
            game={props.table.game}
            name={info().name}
            rules={module()?.rules}
            config={props.table.config}
            open={rulesOpen()}
            onClose={() => setRulesOpen(false)}
          />
        </Show>
        <Show
          when={props.table.status !== 'lobby'}
          fallback={<Lobby table={props.table} names={names()} />}
        >
          {/* The game's state follows the welcome at once: draw nothing in between. */}
          <Show when={conn.state()}>
            <Game table={props.table} names={names()} module={module()} />
          </Show>
        </Show>
      </NotifyContext.Provider>
    </Show>
  );
}
