/**
 * The HiLO table: the others' layouts small along the top, the piles and a drawn card in the
 * middle, your own layout large below, and what you may do now underneath. Everything you can do
 * comes from `view.legal`; a move is sent as the very object listed there.
 */
import { createEffect, createMemo, createSignal, For, Index, on, Show } from 'solid-js';
import type { Hidden, Seat } from '../../../../shared/engine/types.ts';
import { colsOf, isDiagonal, lineCells, removeLine } from '../../../../shared/games/hilo/layout.ts';
import type { Card, Cell, Close, Line, Move, View } from '../../../../shared/games/hilo/types.ts';
import { t, tn } from '../../i18n.ts';
import type { BoardProps } from '../types.ts';
import { CardBack, CardFace, cardName, colourName, isHidden, SlotCard, slotName } from './card.tsx';
import { lastCardWarning } from './warnings.ts';

type Grid = (Card | Hidden)[][];
type Of<T extends Move['t']> = Extract<Move, { t: T }>;
type Target = 'pick' | 'take' | 'place' | 'flip' | 'line';

const same = (a: Cell, b: Cell) => a.row === b.row && a.col === b.col;
const sameLine = (a: Line, b: Line) => a.kind === b.kind && (a.index ?? 0) === (b.index ?? 0);

export function lineName(line: Line): string {
  return t(`hl.line.${line.kind}`, { n: (line.index ?? 0) + 1 });
}

function joinNames(list: string[]): string {
  if (list.length < 2) return list.join('');
  return `${list.slice(0, -1).join(', ')}${t('hl.and')}${list[list.length - 1]}`;
}

export function Board(props: BoardProps<View>) {
  const v = () => props.view;
  const me = () => v().you;
  const legal = () => v().legal;
  const mine = () => (me() === null ? null : (v().players[me()!] ?? null));
  const myGrid = (): Grid => mine()?.layout ?? [];
  const top = () => v().discard[v().discard.length - 1];
  const drawnCard = () => {
    const d = v().drawn;
    return d !== null && !isHidden(d) ? d : null;
  };

  const of = <T extends Move['t']>(kind: T) =>
    createMemo(() => legal().filter((m): m is Of<T> => m.t === kind));
  const reveals = of('reveal');
  const takes = of('take');
  const draws = of('draw');
  const places = of('place');
  const discards = of('discard');
  const hilos = of('hilo');
  const keeps = of('keep');

  /** Local choices on the way to a move. */
  const [mode, setMode] = createSignal<'none' | 'take' | 'flip'>('none');
  const [picks, setPicks] = createSignal<Cell[]>([]);
  const [line, setLine] = createSignal<Line | null>(null);
  const [preview, setPreview] = createSignal<Line | null>(null);
  const reset = () => {
    setMode('none');
    setPicks([]);
    setLine(null);
    setPreview(null);
  };
  // A new set of choices (the next step, or someone else's turn) starts clean; others getting
  // ready in the opening leaves yours alone.
  const legalKey = createMemo(() => JSON.stringify(legal()));
  createEffect(on(legalKey, reset, { defer: true }));

  const send = (move: Move | undefined) => {
    if (!move || props.pending) return;
    reset();
    props.move(move);
  };

  /** Distinct HILO lines on offer (a diagonal is listed once per way of closing up). */
  const offered = createMemo(() => {
    const lines: Line[] = [];
    for (const m of hilos()) if (!lines.some((l) => sameLine(l, m.line))) lines.push(m.line);
    return lines;
  });
  const lineColour = (l: Line) => {
    const cell = lineCells(l)[0]!;
    const card = myGrid()[cell.row]?.[cell.col];
    return card && !isHidden(card) ? colourName(card.c) : '';
  };
  const inLine = (l: Line | null, cell: Cell) =>
    l !== null && lineCells(l).some((c) => same(c, cell));

  /** What clicking this cell of your layout would do now, or null. */
  const target = (cell: Cell): Target | null => {
    if (reveals().length > 0) {
      return reveals().some((m) => m.cells.some((c) => same(c, cell))) ? 'pick' : null;
    }
    if (mode() === 'take') return takes().some((m) => same(m.cell, cell)) ? 'take' : null;
    if (mode() === 'flip') {
      return discards().some((m) => m.flip && same(m.flip, cell)) ? 'flip' : null;
    }
    if (places().some((m) => same(m.cell, cell))) return 'place';
    if (offered().some((l) => inLine(l, cell))) return 'line';
    return null;
  };

  function clickCell(cell: Cell) {
    if (props.pending) return;
    switch (target(cell)) {
      case 'pick': {
        const now = picks();
        if (now.some((c) => same(c, cell))) setPicks(now.filter((c) => !same(c, cell)));
        else setPicks(now.length < 2 ? [...now, cell] : [now[1]!, cell]);
        return;
      }
      case 'take':
        return send(takes().find((m) => same(m.cell, cell)));
      case 'place':
        return send(places().find((m) => same(m.cell, cell)));
      case 'flip':
        return send(discards().find((m) => m.flip && same(m.flip, cell)));
      case 'line': {
        // Cycles through the lines through this cell, for a cell where two HILOs cross.
        const through = offered().filter((l) => inLine(l, cell));
        const at = through.findIndex((l) => line() !== null && sameLine(l, line()!));
        setLine(through[(at + 1) % through.length]!);
        return;
      }
      default:
    }
  }

  const chosenReveal = () => {
    const [a, b] = picks();
    if (!a || !b) return undefined;
    const order = (c: Cell) => c.row * 3 + c.col;
    const [x, y] = order(a) < order(b) ? [a, b] : [b, a];
    return reveals().find((m) => same(m.cells[0], x) && same(m.cells[1], y));
  };

  function clickDiscardPile() {
    if (props.pending) return;
    if (takes().length > 0) {
      setMode(mode() === 'take' ? 'none' : 'take');
    } else if (discards().length > 0) {
      const plain = discards().find((m) => m.flip === undefined);
      if (plain) send(plain);
      else setMode(mode() === 'flip' ? 'none' : 'flip');
    }
  }

  const picked = (cell: Cell) => {
    const own = mine()?.chosen;
    if (own) return own.findIndex((c) => same(c, cell));
    return picks().findIndex((c) => same(c, cell));
  };

  const seats = createMemo(() => {
    const n = v().players.length;
    const from = me() === null ? 0 : me()! + 1;
    const list: Seat[] = [];
    for (let i = 0; i < n; i++) list.push((from + i) % n);
    return me() === null ? list : list.filter((s) => s !== me());
  });

  const opening = () => v().phase === 'opening';
  const over = () => v().phase === 'roundOver' || v().phase === 'gameOver';
  const myTurn = () => me() !== null && v().turn === me();
  const notReady = () =>
    v()
      .players.map((p, s) => ({ p, s }))
      .filter((x) => !x.p.ready && x.s !== me())
      .map((x) => props.names[x.s]!);

  const statusText = () => {
    const turn = v().turn;
    if (opening()) return t('hl.opening.watch');
    if (turn === null) return '';
    if (turn === me()) return t('hl.turn.you');
    const name = props.names[turn]!;
    if (v().phase === 'drawn') return t('hl.turn.drawn', { name });
    if (v().phase === 'hilo') return t('hl.turn.hilo', { name });
    return t('hl.turn.other', { name });
  };

  const endedText = () => {
    const ender = v().endedBy;
    if (ender === null || over()) return '';
    if (ender === me()) return t('hl.ended.you');
    const name = props.names[ender]!;
    if (myTurn() && v().lastTurns.includes(me()!)) return t('hl.ended.yours', { name });
    const others = v().lastTurns.map((s) => (s === me() ? t('hl.you') : props.names[s]!));
    return t('hl.ended.other', { name, names: joinNames(others) });
  };

  const lastCardText = () => (lastCardWarning(v()) ? t('hl.lastCard') : '');

  /**
   * Whether the actions bar holds a short prompt for you (on a phone it then stays in sight); the
   * HILO choice is too tall for that and would hide the lines it is about.
   */
  const acting = () =>
    keeps().length === 0 &&
    (legal().some((m) => m.t !== 'nextRound') || (opening() && me() !== null) || mode() !== 'none');

  const scoreText = (s: Seat) => {
    const sum = v().roundSums?.[s];
    const score = v().roundScores?.[s];
    if (!over() || sum === undefined || score === undefined) return '';
    return score !== sum ? t('hl.sumDoubled', { sum, score }) : t('hl.sum', { sum });
  };

  const Badges = (p: { seat: Seat }) => {
    const player = () => v().players[p.seat]!;
    return (
      <>
        <Show when={v().dealer === p.seat}>
          <span class="hl-badge">{t('hl.dealer')}</span>
        </Show>
        <Show when={opening()}>
          <span class="hl-badge" classList={{ ok: player().ready }}>
            {player().ready ? `✓ ${t('hl.ready')}` : t('hl.choosing')}
          </span>
        </Show>
        <Show when={!over() && v().endedBy === p.seat}>
          <span class="hl-badge warn">{t('hl.ender')}</span>
        </Show>
        <Show when={!over() && v().lastTurns.includes(p.seat)}>
          <span class="hl-badge warn">{t('hl.lastTurn')}</span>
        </Show>
        <Show when={v().drawn !== null && v().turn === p.seat && p.seat !== me()}>
          <span class="hl-badge">{t('hl.holding')}</span>
        </Show>
        <Show when={scoreText(p.seat)}>
          <span class="hl-badge score">{scoreText(p.seat)}</span>
        </Show>
      </>
    );
  };

  return (
    <div
      class="board hl-board"
      classList={{ pending: props.pending }}
      data-board="hilo"
      aria-busy={props.pending}
    >
      <div class="hl-head">
        <span class="hl-round">{t('hl.round', { n: v().round })}</span>
        <span class="hl-status" classList={{ mine: myTurn() }}>
          {statusText()}
        </span>
      </div>
      <Show when={endedText() || lastCardText()}>
        <p class="hl-ended" role="status">
          {endedText() || lastCardText()}
        </p>
      </Show>

      <ul class="opponents hl-opponents">
        <For each={seats()}>
          {(seat) => (
            <li
              class="opponent hl-opponent"
              classList={{
                active: v().toMove.includes(seat) && !over(),
                ended: v().endedBy === seat && !over(),
              }}
            >
              <span class="hl-who">
                <span class="name">{props.names[seat]}</span>
                <Badges seat={seat} />
              </span>
              <StaticGrid
                grid={v().players[seat]!.layout}
                label={t('hl.layoutOf', { name: props.names[seat]! })}
              />
            </li>
          )}
        </For>
      </ul>

      <div class="hl-middle">
        <div class="hl-piles">
          <figure class="hl-pile">
            <button
              type="button"
              class="card-button hl-pile-button"
              classList={{ legal: draws().length > 0 }}
              tabindex="-1"
              aria-disabled={draws().length === 0 || props.pending}
              aria-label={`${t('hl.drawPile')}: ${tn('hl.cards', v().stock)}`}
              onClick={() => send(draws()[0])}
            >
              <Show
                when={v().stock > 0}
                fallback={<span class="empty-pile hl-empty-pile" aria-hidden="true" />}
              >
                <CardBack size="medium" />
              </Show>
              <Show when={draws().length > 0}>
                <span class="hl-tag" aria-hidden="true">
                  {t('hl.pile.draw')}
                </span>
              </Show>
            </button>
            <figcaption>
              {t('hl.drawPile')} · {v().stock}
              <Show when={v().stock === 0 && draws().length > 0}> ({t('hl.reshuffle')})</Show>
            </figcaption>
          </figure>

          <figure class="hl-pile">
            <button
              type="button"
              class="card-button hl-pile-button"
              classList={{
                legal: takes().length > 0 || discards().length > 0,
                selected: mode() !== 'none',
              }}
              tabindex="-1"
              aria-disabled={(takes().length === 0 && discards().length === 0) || props.pending}
              aria-pressed={mode() !== 'none'}
              aria-label={`${t('hl.discardPile')}: ${top() ? cardName(top()!) : t('hl.emptyPile')}`}
              onClick={clickDiscardPile}
            >
              <Show
                when={mode() === 'flip' ? drawnCard() : top()}
                fallback={<span class="empty-pile hl-empty-pile" aria-hidden="true" />}
              >
                {(card) => <CardFace card={card()} size="medium" />}
              </Show>
              <Show when={takes().length > 0 || discards().length > 0}>
                <span class="hl-tag" aria-hidden="true">
                  {takes().length > 0 ? t('hl.pile.take') : t('hl.pile.discard')}
                </span>
              </Show>
            </button>
            <figcaption>
              {t('hl.discardPile')} · {v().discard.length}
            </figcaption>
          </figure>

          <Show when={v().drawn !== null && mode() !== 'flip'}>
            <figure class="hl-pile hl-drawn">
              <Show
                when={drawnCard()}
                fallback={
                  <>
                    <CardBack size="medium" />
                    <figcaption>{t('hl.theirCard', { name: props.names[v().turn!]! })}</figcaption>
                  </>
                }
              >
                {(card) => (
                  <>
                    <CardFace card={card()} size="medium" label />
                    <figcaption>{t('hl.yourCard')}</figcaption>
                  </>
                )}
              </Show>
            </figure>
          </Show>
        </div>

        <Show when={mine()}>
          <section
            class="hl-mine"
            classList={{
              active: v().toMove.includes(me()!) && !over(),
              ended: v().endedBy === me() && !over(),
            }}
          >
            <h2 class="hl-who">
              <span class="name">{t('hl.yourLayout')}</span>
              <Badges seat={me()!} />
            </h2>
            <Show when={myGrid().length > 0} fallback={<p class="hl-none">{t('hl.noCards')}</p>}>
              <OwnGrid
                grid={myGrid()}
                target={target}
                picked={picked}
                offered={offered()}
                selectedLine={line()}
                previewLine={preview()}
                pending={props.pending}
                onCell={clickCell}
              />
            </Show>
          </section>
        </Show>
      </div>

      <div class="actions hl-actions" classList={{ live: acting() }} aria-live="polite">
        <Show when={reveals().length > 0}>
          <div class="choice">
            <p class="prompt">{t('hl.opening.pick', { n: picks().length })}</p>
            <button
              type="button"
              class="primary"
              disabled={props.pending || !chosenReveal()}
              onClick={() => send(chosenReveal())}
            >
              {t('hl.opening.go')}
            </button>
            <Show when={picks().length > 0}>
              <button type="button" onClick={() => setPicks([])}>
                {t('hl.opening.clear')}
              </button>
            </Show>
          </div>
        </Show>
        <Show when={opening() && me() !== null && reveals().length === 0}>
          <p class="prompt">{t('hl.opening.wait', { names: joinNames(notReady()) })}</p>
        </Show>

        <Show when={(takes().length > 0 || draws().length > 0) && mode() === 'none'}>
          <div class="choice">
            <p class="prompt">
              {takes().length > 0 && top()
                ? t('hl.prompt.play', { card: cardName(top()!) })
                : t('hl.prompt.drawOnly')}
            </p>
            <Show when={takes().length > 0 && top()}>
              <button
                type="button"
                class="primary"
                disabled={props.pending}
                onClick={() => setMode('take')}
              >
                {t('hl.take', { card: cardName(top()!) })}
              </button>
            </Show>
            <Show when={draws().length > 0}>
              <button
                type="button"
                class="primary"
                disabled={props.pending}
                onClick={() => send(draws()[0])}
              >
                {t('hl.draw')}
              </button>
            </Show>
          </div>
        </Show>
        <Show when={mode() === 'take' && top()}>
          <div class="choice">
            <p class="prompt">{t('hl.prompt.take', { card: cardName(top()!) })}</p>
            <button type="button" onClick={() => setMode('none')}>
              {t('hl.cancel')}
            </button>
          </div>
        </Show>

        <Show when={places().length > 0 && mode() === 'none' && drawnCard()}>
          {(card) => (
            <div class="choice">
              <p class="prompt">{t('hl.prompt.drawn', { card: cardName(card()) })}</p>
              <button
                type="button"
                class="primary"
                disabled={props.pending}
                onClick={clickDiscardPile}
              >
                {discards().some((m) => m.flip) ? t('hl.discardFlip') : t('hl.discardIt')}
              </button>
            </div>
          )}
        </Show>
        <Show when={mode() === 'flip'}>
          <div class="choice">
            <p class="prompt">{t('hl.prompt.flip')}</p>
            <button type="button" onClick={() => setMode('none')}>
              {t('hl.cancel')}
            </button>
          </div>
        </Show>

        <Show when={keeps().length > 0}>
          <div class="choice hl-hilo">
            <p class="prompt">
              {v().chain
                ? t('hl.prompt.chain')
                : offered().length > 1
                  ? t('hl.prompt.hilos', { n: offered().length })
                  : t('hl.prompt.hilo')}
            </p>
            <For each={offered()}>
              {(l) => (
                <button
                  type="button"
                  class="hl-line-button"
                  classList={{ selected: line() !== null && sameLine(line()!, l) }}
                  aria-pressed={line() !== null && sameLine(line()!, l)}
                  disabled={props.pending}
                  onClick={() => setLine(l)}
                  onMouseEnter={() => setPreview(l)}
                  onMouseLeave={() => setPreview(null)}
                  onFocus={() => setPreview(l)}
                  onBlur={() => setPreview(null)}
                >
                  {t('hl.line.pick', { line: lineName(l), colour: lineColour(l) })}
                </button>
              )}
            </For>
            <button type="button" disabled={props.pending} onClick={() => send(keeps()[0])}>
              {t('hl.keep')}
            </button>
            <Show when={line()}>
              {(l) => (
                <Show
                  when={isDiagonal(l())}
                  fallback={
                    <div class="hl-confirm">
                      <button
                        type="button"
                        class="primary"
                        disabled={props.pending}
                        onClick={() => send(hilos().find((m) => sameLine(m.line, l())))}
                      >
                        {t('hl.remove')}: {lineName(l())}
                      </button>
                    </div>
                  }
                >
                  <div class="hl-confirm">
                    <p>{t('hl.prompt.close')}</p>
                    <For each={['rows', 'cols'] as Close[]}>
                      {(close) => (
                        <button
                          type="button"
                          class="primary hl-close"
                          disabled={props.pending}
                          onClick={() =>
                            send(hilos().find((m) => sameLine(m.line, l()) && m.close === close))
                          }
                        >
                          <MiniGrid grid={removeLine(myGrid(), l(), close)} />
                          <span>
                            <strong>{t(`hl.close.${close}`)}</strong>
                            <br />
                            {t(`hl.close.${close}Shape`)}
                          </span>
                        </button>
                      )}
                    </For>
                  </div>
                </Show>
              )}
            </Show>
          </div>
        </Show>
      </div>
    </div>
  );
}

/** Someone else's layout: looked at, not touched. */
function StaticGrid(props: { grid: Grid; label: string }) {
  return (
    <Show when={props.grid.length > 0} fallback={<p class="hl-none">{t('hl.noCards')}</p>}>
      <fieldset class="hl-grid hl-small-grid" style={{ '--cols': colsOf(props.grid) }}>
        <legend class="sr-only">{props.label}</legend>
        <Index each={props.grid}>
          {(row) => (
            <Index each={row()}>{(card) => <SlotCard card={card()} size="small" label />}</Index>
          )}
        </Index>
      </fieldset>
    </Show>
  );
}

/** The layout a diagonal's closing up would leave, in miniature. */
function MiniGrid(props: { grid: Grid }) {
  return (
    <span class="hl-grid hl-mini-grid" style={{ '--cols': colsOf(props.grid) }} aria-hidden="true">
      <Index each={props.grid}>
        {(row) => <Index each={row()}>{(card) => <SlotCard card={card()} size="mini" />}</Index>}
      </Index>
    </span>
  );
}

/** Your layout: every place a button, live only when it is a legal target right now. */
function OwnGrid(props: {
  grid: Grid;
  target: (cell: Cell) => Target | null;
  picked: (cell: Cell) => number;
  offered: Line[];
  selectedLine: Line | null;
  previewLine: Line | null;
  pending: boolean;
  onCell: (cell: Cell) => void;
}) {
  let root: HTMLFieldSetElement | undefined;
  const choosing = createMemo(() =>
    props.grid.some((row, r) => row.some((_, c) => props.target({ row: r, col: c }) !== null)),
  );
  const onLine = (l: Line | null, cell: Cell) =>
    l !== null && lineCells(l).some((c) => same(c, cell));

  /** Arrow keys move between places, as in a grid. */
  function onKeyDown(e: KeyboardEvent) {
    const delta: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const step = delta[e.key];
    const from = (e.target as HTMLElement).closest<HTMLElement>('[data-row]');
    if (!step || !from || !root) return;
    const row = Number(from.dataset.row) + step[0];
    const col = Number(from.dataset.col) + step[1];
    const next = root.querySelector<HTMLElement>(`[data-row="${row}"][data-col="${col}"]`);
    if (next) {
      e.preventDefault();
      next.focus();
    }
  }

  return (
    <fieldset
      ref={root}
      class="hl-grid hl-own-grid"
      classList={{ choosing: choosing() }}
      style={{ '--cols': colsOf(props.grid) }}
      onKeyDown={onKeyDown}
    >
      <legend class="sr-only">{t('hl.yourLayout')}</legend>
      <Index each={props.grid}>
        {(row, r) => (
          <Index each={row()}>
            {(card, c) => {
              const cell = { row: r, col: c };
              const kind = () => props.target(cell);
              const live = () => kind() !== null && !props.pending;
              const pick = () => props.picked(cell);
              const label = () => {
                const base = t('hl.cell', { row: r + 1, col: c + 1, card: slotName(card()) });
                return pick() >= 0 ? `${base} (${t('hl.picked')})` : base;
              };
              return (
                <button
                  type="button"
                  class="card-button hl-cell"
                  classList={{
                    legal: kind() !== null && kind() !== 'line',
                    selected: pick() >= 0,
                    'in-hilo': props.offered.some((l) => onLine(l, cell)),
                    'line-selected': onLine(props.selectedLine, cell),
                    'line-preview': onLine(props.previewLine, cell),
                  }}
                  data-row={r}
                  data-col={c}
                  tabindex={kind() !== null ? 0 : -1}
                  aria-disabled={!live()}
                  aria-pressed={kind() === 'pick' ? pick() >= 0 : undefined}
                  aria-label={label()}
                  onClick={() => live() && props.onCell(cell)}
                >
                  <SlotCard card={card()} size="large" />
                  <Show when={pick() >= 0}>
                    <span class="hl-pick" aria-hidden="true">
                      {pick() + 1}
                    </span>
                  </Show>
                </button>
              );
            }}
          </Index>
        )}
      </Index>
    </fieldset>
  );
}
