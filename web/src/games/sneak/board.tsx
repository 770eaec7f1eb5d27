/**
 * The Sneak table: opponents across the top, the stock, the lead in force and the last contest in
 * the middle, your hand below with what you may do with the cards you select.
 */
import { createEffect, createMemo, createSignal, For, Index, type JSX, on, Show } from 'solid-js';
import type { Hidden, Seat } from '../../../../shared/engine/types.ts';
import { beatsFlaunt, classify, isFlauntable } from '../../../../shared/games/sneak/combos.ts';
import type { Card, Contest, Shown, Suit, View } from '../../../../shared/games/sneak/types.ts';
import { t, tn } from '../../i18n.ts';
import { load, store } from '../../saved.ts';
import type { BoardProps } from '../types.ts';
import { CardBack, CardFace, cardName, stable } from './card.tsx';
import { tieRule } from './contest.ts';
import { comboName } from './strings.ts';

type Sort = 'suit' | 'rank';

/** Suits alternate black and red across the hand. */
const SUIT_ORDER: Record<Suit, number> = { S: 0, H: 1, C: 2, D: 3 };
const byId = (a: Card, b: Card) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const bySuit = (a: Card, b: Card) => SUIT_ORDER[a.s] - SUIT_ORDER[b.s] || a.r - b.r || byId(a, b);
const byRank = (a: Card, b: Card) => a.r - b.r || SUIT_ORDER[a.s] - SUIT_ORDER[b.s] || byId(a, b);

/** A set of card ids as one string, whatever their order. */
const setKey = (ids: readonly string[]) => [...ids].sort().join(' ');

const isCard = (c: Card | Hidden): c is Card => !('hidden' in c);

/** How many card backs a pile shows at most; its count says the rest. */
const MAX_BACKS = 8;

/** What the legal moves allow, read once per view. */
interface Options {
  draw: boolean;
  /** Sizes a sneak lead may have. */
  sneaks: Set<number>;
  /** Every listed flaunt, as a set key. */
  flaunts: Set<string>;
  /** Sizes whose flaunts are too many to list (a stand-in): any combo of that size will do. */
  anyFlaunt: Set<number>;
  flauntMax: number;
  /** Answering a sneak: any cards of this size. */
  sneakChallenge: number | null;
  /** Answering a flaunt: every beating challenge, as a set key, and the cards that take part. */
  beats: Set<string>;
  beatCards: Set<string>;
  /** Answering a flaunt with too many beating sets to list: any set that beats it will do. */
  anyBeat: boolean;
  decline: boolean;
}

/** Whether the board offers the player anything to flaunt. */
const flaunting = (o: Options) => o.flaunts.size > 0 || o.anyFlaunt.size > 0;
/** Whether the player may challenge the lead in force with cards. */
const challenging = (o: Options) => o.sneakChallenge !== null || o.beats.size > 0 || o.anyBeat;

function readOptions(view: View): Options {
  const o: Options = {
    draw: false,
    sneaks: new Set(),
    flaunts: new Set(),
    anyFlaunt: new Set(),
    flauntMax: 0,
    sneakChallenge: null,
    beats: new Set(),
    beatCards: new Set(),
    anyBeat: false,
    decline: false,
  };
  for (const m of view.legal) {
    switch (m.t) {
      case 'draw':
        o.draw = true;
        break;
      case 'sneak':
        o.sneaks.add(m.count ?? m.cards.length);
        break;
      case 'flaunt':
        // A stand-in stands for every flaunt of its size: the board checks a selection itself.
        if (m.count !== undefined) o.anyFlaunt.add(m.count);
        else o.flaunts.add(setKey(m.cards));
        o.flauntMax = Math.max(o.flauntMax, m.count ?? m.cards.length);
        break;
      case 'challenge':
        if (m.count !== undefined && view.lead?.kind === 'flaunt') o.anyBeat = true;
        else if (m.count !== undefined) o.sneakChallenge = m.count;
        else {
          o.beats.add(setKey(m.cards));
          for (const id of m.cards) o.beatCards.add(id);
        }
        break;
      case 'decline':
        o.decline = true;
        break;
    }
  }
  return o;
}

export function Board(props: BoardProps<View>) {
  const me = () => props.view.you;
  const [sort, setSort] = createSignal<Sort>(load('sneak:sort') === 'rank' ? 'rank' : 'suit');
  const [picked, setPicked] = createSignal<string[]>([]);

  const options = createMemo(() => readOptions(props.view));
  const hand = createMemo(() =>
    me() === null ? [] : (props.view.players[me()!]?.hand ?? []).filter(isCard).map(stable),
  );
  const sorted = createMemo(() => [...hand()].sort(sort() === 'suit' ? bySuit : byRank));
  /** The selection, in the hand's order, without cards that have left the hand. */
  const chosen = createMemo(() => {
    const ids = new Set(picked());
    return sorted().filter((c) => ids.has(c.id));
  });
  const chosenIds = () => chosen().map((c) => c.id);
  const chosenCombo = createMemo(() => (chosen().length ? classify(chosen()).type : null));

  const lead = () => props.view.lead;
  const phase = () => props.view.phase;
  const leading = () => phase() === 'play' && (options().sneaks.size > 0 || flaunting(options()));
  const answering = () => phase() === 'challenge' && options().decline;
  const myTurn = () => phase() === 'play' && props.view.legal.length > 0;
  /** How many cards may be selected at once. */
  const capacity = () => {
    if (answering()) return lead()?.cards.length ?? 0;
    if (!leading()) return 0;
    return Math.max(options().flauntMax, ...options().sneaks);
  };
  const canPick = () => leading() || (answering() && challenging(options()));

  // A new turn, a new lead or an answer sent: start from an empty selection.
  createEffect(
    on(
      () =>
        [
          phase(),
          props.view.round,
          props.view.turn,
          lead()?.by,
          lead()?.kind,
          lead()?.cards.length,
          props.view.legal.length > 0,
        ].join('|'),
      () => setPicked([]),
      { defer: true },
    ),
  );

  const isChosen = (id: string) => picked().includes(id);
  /** The cards of your sealed challenge: they stay in your hand until the reveal. */
  const committed = createMemo(() => {
    const a = props.view.answer;
    return new Set(a?.t === 'challenge' ? a.cards.map((c) => c.id) : []);
  });
  const selectable = (card: Card) => {
    if (props.pending || !canPick()) return false;
    if (
      answering() &&
      lead()?.kind === 'flaunt' &&
      !options().anyBeat &&
      !options().beatCards.has(card.id)
    )
      return false;
    if (isChosen(card.id) || capacity() === 1) return true;
    return chosen().length < capacity();
  };

  function toggle(card: Card) {
    if (!selectable(card)) return;
    const current = chosenIds();
    if (current.includes(card.id)) setPicked(current.filter((id) => id !== card.id));
    else setPicked(capacity() === 1 ? [card.id] : [...current, card.id]);
  }

  function send(move: unknown) {
    if (props.pending) return;
    setPicked([]);
    props.move(move);
  }

  function setSortOrder(next: Sort) {
    setSort(next);
    store('sneak:sort', next);
  }

  const canSneak = () => options().sneaks.has(chosen().length);
  /** Listed, or of a size whose flaunts are too many to list and a combo (the rules' own check). */
  const canFlaunt = () => {
    const n = chosen().length;
    if (n === 0) return false;
    if (options().flaunts.has(setKey(chosenIds()))) return true;
    return options().anyFlaunt.has(n) && isFlauntable(classify(chosen()));
  };
  const canChallenge = () => {
    if (!answering() || chosen().length === 0) return false;
    const led = lead()!;
    if (led.kind === 'sneak') return chosen().length === options().sneakChallenge;
    if (options().beats.has(setKey(chosenIds()))) return true;
    return (
      options().anyBeat &&
      chosen().length === led.cards.length &&
      beatsFlaunt(classify(chosen()), classify(led.cards.filter(isCard)))
    );
  };

  /** The other seats, as numbers: the list keeps its elements while the views come and go. */
  const opponents = () => props.view.players.map((_, seat) => seat).filter((s) => s !== me());

  /** A seat's part in the moment: to play, leading, deciding, answered, or not asked. */
  const status = (seat: Seat): string | null => {
    const v = props.view;
    if (v.phase === 'play') return v.turn === seat ? 'turn' : null;
    if (v.phase !== 'challenge') return null;
    if (v.lead?.by === seat) return 'leads';
    const p = v.players[seat]!;
    if (!p.asked) return 'notAsked';
    return p.answered ? 'answered' : 'thinking';
  };

  const prompt = (): string => {
    const v = props.view;
    if (v.phase === 'play') {
      if (!myTurn())
        return v.turn === null ? '' : t('sn.prompt.wait', { name: props.names[v.turn]! });
      if (!leading()) {
        return v.players[me()!]?.fresh ? t('sn.prompt.firstDraw') : t('sn.prompt.emptyHand');
      }
      return options().draw ? t('sn.prompt.turn') : t('sn.prompt.noStock');
    }
    return '';
  };

  /** What the selection is, and why a button may still be off. */
  const selectionNote = (): string => {
    const n = chosen().length;
    const type = chosenCombo();
    if (n === 0 || type === null) return '';
    let text = tn('sn.sel.count', n, { combo: comboName(type) });
    if (leading() && type === 'none') {
      text += ` — ${options().sneaks.size ? t('sn.sel.notFlaunt') : t('sn.sel.notFlauntNoStock')}`;
    }
    if (leading() && n === capacity() && n < hand().length) {
      text += `. ${t('sn.sel.cap', { n })}`;
    }
    return text;
  };

  const answerNote = (): string => {
    const n = chosen().length;
    const count = lead()?.cards.length ?? 0;
    if (!challenging(options())) return '';
    if (n < count) return tn('sn.ask.pick', count);
    if (canChallenge()) return t('sn.ask.ready', { combo: comboName(chosenCombo() ?? 'none') });
    return t('sn.ask.noBeat');
  };

  function onHandKey(e: KeyboardEvent) {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home' && e.key !== 'End')
      return;
    const buttons = [
      ...(e.currentTarget as HTMLElement).querySelectorAll<HTMLButtonElement>('.card-button'),
    ];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next =
      e.key === 'Home'
        ? 0
        : e.key === 'End'
          ? buttons.length - 1
          : Math.min(buttons.length - 1, Math.max(0, at + (e.key === 'ArrowLeft' ? -1 : 1)));
    buttons[next]?.focus();
    e.preventDefault();
  }

  return (
    <div class="board sn-board" data-board="sneak">
      <ul class="opponents sn-opponents">
        <For each={opponents()}>
          {(seat) => (
            <li
              class="opponent sn-opponent"
              classList={{ active: status(seat) === 'turn' || status(seat) === 'thinking' }}
            >
              <span class="sn-opp-head">
                <span class="name">{props.names[seat]}</span>
                <Show when={status(seat)}>
                  {(s) => (
                    <span class="sn-status" data-status={s()}>
                      {t(`sn.status.${s()}`)}
                    </span>
                  )}
                </Show>
              </span>
              <Backs count={props.view.players[seat]!.hand.length} />
              <span class="count">
                {t('sn.opp.hand', { n: props.view.players[seat]!.hand.length })} ·{' '}
                {t('sn.opp.won', { n: props.view.players[seat]!.won })}
              </span>
            </li>
          )}
        </For>
      </ul>

      <div class="sn-table">
        <figure class="sn-stock">
          <Show when={props.view.stock > 0} fallback={<span class="sn-empty-slot" />}>
            <span class="sn-stock-pile">
              <CardBack />
              <span class="sn-pill" aria-hidden="true">
                {props.view.stock}
              </span>
            </span>
          </Show>
          <figcaption>
            <Show
              when={props.view.stock > 0}
              fallback={<span class="sn-stock-empty">{t('sn.stockEmpty')}</span>}
            >
              <span class="sr-only">{tn('sn.stockCount', props.view.stock)}</span>
              <span aria-hidden="true">{t('sn.stock')}</span>
            </Show>
          </figcaption>
        </figure>

        <section
          class="sn-lead"
          aria-live="polite"
          hidden={phase() === 'roundOver' || phase() === 'gameOver'}
        >
          <Show when={lead()} fallback={<p class="sn-quiet">{t('sn.lead.none')}</p>}>
            {(l) => (
              <>
                <p class="sn-lead-title">
                  <Show
                    when={l().kind === 'flaunt'}
                    fallback={tn('sn.lead.sneak', l().cards.length, { name: props.names[l().by]! })}
                  >
                    {flauntTitle(l().cards.filter(isCard), props.names[l().by]!)}
                  </Show>
                </p>
                <span
                  class="row sn-lead-cards"
                  classList={{ 'sn-face-down': l().kind === 'sneak' }}
                >
                  <Index each={l().cards}>
                    {(c) => (
                      <Show when={isCard(c()) && stable(c() as Card)} fallback={<CardBack />}>
                        {(card) => <CardFace card={card()} />}
                      </Show>
                    )}
                  </Index>
                </span>
                <Show when={l().kind === 'sneak' && l().by === me()}>
                  <p class="sn-quiet">{t('sn.lead.yours')}</p>
                </Show>
              </>
            )}
          </Show>
        </section>

        <Show when={props.view.last}>
          {(last) => <LastContest last={last()} names={props.names} />}
        </Show>
        <Show when={props.view.collected}>
          {(c) => (
            <p class="sn-collected">
              {tn('sn.collected', c().count, { name: props.names[c().seat]! })}
            </p>
          )}
        </Show>
      </div>

      <Show when={me() !== null}>
        <section class="sn-mine" aria-label={t('sn.you.hand')}>
          <div class="sn-panel" aria-live="polite" hidden={!prompt() && phase() !== 'challenge'}>
            <Show when={prompt()}>
              <p class="prompt">{prompt()}</p>
            </Show>
            <Show when={phase() === 'challenge' && lead()}>
              {(l) => (
                <ChallengeNote
                  view={props.view}
                  lead={l()}
                  names={props.names}
                  answering={answering()}
                  canBeat={options().beats.size > 0 || options().anyBeat}
                />
              )}
            </Show>
          </div>

          <div class="sn-hand-bar">
            <h3>
              {t('sn.you.hand')} <span class="sn-count">({hand().length})</span>
            </h3>
            <fieldset class="sn-sort">
              <legend class="sr-only">{t('sn.sort')}</legend>
              <button
                type="button"
                class="small"
                aria-pressed={sort() === 'suit'}
                onClick={() => setSortOrder('suit')}
              >
                {t('sn.sort.suit')}
              </button>
              <button
                type="button"
                class="small"
                aria-pressed={sort() === 'rank'}
                onClick={() => setSortOrder('rank')}
              >
                {t('sn.sort.rank')}
              </button>
            </fieldset>
          </div>

          <fieldset
            class="card-row sn-hand"
            classList={{
              crowded: sorted().length > 6,
              huge: sorted().length > 14,
              picking: canPick(),
            }}
            onKeyDown={onHandKey}
          >
            <legend class="sr-only">{t('sn.you.hand')}</legend>
            <Show when={sorted().length === 0}>
              <p class="sn-quiet sn-no-cards">{t('sn.you.noCards')}</p>
            </Show>
            <For each={sorted()}>
              {(card) => {
                const can = () => selectable(card);
                const pressed = () => isChosen(card.id);
                const hint = () =>
                  answering() &&
                  lead()?.kind === 'flaunt' &&
                  options().beatCards.has(card.id) &&
                  !pressed();
                return (
                  <button
                    type="button"
                    class="card-button sn-card-button"
                    classList={{
                      selected: pressed(),
                      'sn-hint': hint(),
                      'sn-committed': committed().has(card.id),
                    }}
                    aria-pressed={canPick() ? pressed() : undefined}
                    aria-disabled={!can()}
                    onClick={() => toggle(card)}
                  >
                    <CardFace card={card} />
                  </button>
                );
              }}
            </For>
          </fieldset>

          <Show when={myTurn() || answering()}>
            <div class="actions sn-actions">
              <Show when={chosen().length > 0}>
                <p class="sn-selection">{answering() ? answerNote() : selectionNote()}</p>
              </Show>
              <Show when={answering() && chosen().length === 0 && answerNote()}>
                <p class="sn-selection">{answerNote()}</p>
              </Show>
              <Show when={myTurn() && options().draw}>
                <ActionButton
                  primary={chosen().length === 0}
                  disabled={props.pending}
                  onClick={() => send({ t: 'draw' })}
                >
                  {t('sn.draw')}
                </ActionButton>
              </Show>
              <Show when={myTurn() && options().sneaks.size > 0}>
                <ActionButton
                  primary={canSneak()}
                  disabled={props.pending || !canSneak()}
                  onClick={() => send({ t: 'sneak', cards: chosenIds() })}
                >
                  {chosen().length ? t('sn.sneakN', { n: chosen().length }) : t('sn.sneak')}
                </ActionButton>
              </Show>
              <Show when={myTurn() && flaunting(options())}>
                <ActionButton
                  primary={canFlaunt()}
                  disabled={props.pending || !canFlaunt()}
                  onClick={() => send({ t: 'flaunt', cards: chosenIds() })}
                >
                  {canFlaunt()
                    ? t('sn.flauntN', { combo: comboName(chosenCombo() ?? 'none') })
                    : t('sn.flaunt')}
                </ActionButton>
              </Show>
              <Show when={answering()}>
                <Show when={challenging(options())}>
                  <ActionButton
                    primary={canChallenge()}
                    disabled={props.pending || !canChallenge()}
                    onClick={() => send({ t: 'challenge', cards: chosenIds() })}
                  >
                    {t('sn.challengeN', { n: lead()?.cards.length ?? 0 })}
                  </ActionButton>
                </Show>
                <ActionButton
                  primary={!challenging(options())}
                  disabled={props.pending}
                  onClick={() => send({ t: 'decline' })}
                >
                  {t('sn.decline')}
                </ActionButton>
              </Show>
              <Show when={chosen().length > 0}>
                <button
                  type="button"
                  class="sn-clear"
                  disabled={props.pending}
                  onClick={() => setPicked([])}
                >
                  {t('sn.clear')}
                </button>
              </Show>
            </div>
          </Show>

          <details class="sn-winnings">
            <summary>{t('sn.you.winnings', { n: props.view.winnings.length })}</summary>
            <Show
              when={props.view.winnings.length > 0}
              fallback={<p class="sn-quiet">{t('sn.you.nothingWon')}</p>}
            >
              <span class="row sn-won-row">
                <For each={props.view.winnings.map(stable).sort(bySuit)}>
                  {(c) => <CardFace card={c} small />}
                </For>
              </span>
            </Show>
          </details>
        </section>
      </Show>
    </div>
  );
}

/** "Bea flaunts: straight", or the card itself for a single one. */
function flauntTitle(cards: Card[], name: string): string {
  const combo = cards.length === 1 ? cardName(cards[0]!) : comboName(classify(cards).type);
  return t('sn.lead.flaunt', { name, combo });
}

function ActionButton(props: {
  primary: boolean;
  disabled: boolean;
  onClick: () => void;
  children: JSX.Element;
}) {
  return (
    <button
      type="button"
      classList={{ primary: props.primary }}
      disabled={props.disabled}
      onClick={() => props.onClick()}
    >
      {props.children}
    </button>
  );
}

/** A pile of up to MAX_BACKS card backs, overlapping; the count is written beside it. */
function Backs(props: { count: number }) {
  const shown = () => Array.from({ length: Math.min(props.count, MAX_BACKS) }, (_, i) => i);
  return (
    <span class="sn-backs" aria-hidden="true">
      <For each={shown()}>{() => <CardBack small />}</For>
    </span>
  );
}

/** The challenge of the moment, from where you sit: asked, answered, leading or left out. */
function ChallengeNote(props: {
  view: View;
  lead: NonNullable<View['lead']>;
  names: string[];
  answering: boolean;
  canBeat: boolean;
}) {
  const you = () => props.view.you!;
  const name = () => props.names[props.lead.by]!;
  const n = () => props.lead.cards.length;
  const flaunted = () => props.lead.cards.filter(isCard);
  const rule = () => {
    const cards = flaunted();
    if (cards.length === 1) return t('sn.ask.single', { suit: t(`sn.suit.${cards[0]!.s}`) });
    return t('sn.ask.combo', { combo: comboName(classify(cards).type), n: cards.length });
  };
  return (
    <>
      <Show when={props.lead.by === you()}>
        <p class="prompt">{t('sn.wait.yourLead')}</p>
      </Show>
      <Show when={props.answering}>
        <p class="prompt sn-ask">
          <Show
            when={props.lead.kind === 'flaunt'}
            fallback={tn('sn.ask.sneak', n(), { name: name() })}
          >
            {t('sn.ask.flaunt', { name: name() })} {rule()}
          </Show>
        </p>
        <Show when={props.lead.kind === 'flaunt' && !props.canBeat}>
          <p class="sn-quiet">{t('sn.ask.cannot')}</p>
        </Show>
        <p class="sn-quiet">{t('sn.ask.sealed')}</p>
      </Show>
      <Show when={props.view.answer}>
        {(a) => (
          <div class="sn-answer">
            <Show when={a().t === 'challenge'} fallback={<p>{t('sn.answer.decline')}</p>}>
              <p>{t('sn.answer.challenge')}</p>
              <span class="row">
                <For each={(a() as { cards: Card[] }).cards.map(stable)}>
                  {(c) => <CardFace card={c} small />}
                </For>
              </span>
            </Show>
            <p class="sn-quiet">{t('sn.wait.answers')}</p>
          </div>
        )}
      </Show>
      <Show
        when={
          props.lead.by !== you() &&
          !props.answering &&
          !props.view.answer &&
          !props.view.players[you()]?.asked
        }
      >
        <p class="sn-quiet">{t('sn.wait.notAsked')}</p>
      </Show>
    </>
  );
}

/** The last contest: who led what, what each side showed, and who took the cards. */
function LastContest(props: { last: Contest; names: string[] }) {
  const sides = (): Shown[] =>
    props.last.lead ? [props.last.lead, ...props.last.challengers] : props.last.challengers;
  const total = () => props.last.count * (1 + props.last.challengers.length);
  const summary = () => {
    const last = props.last;
    const name = props.names[last.winner]!;
    if (last.unseen) return tn('sn.last.unseen', last.count, { name });
    if (last.challengers.length === 0) return tn('sn.last.unbeaten', last.count, { name });
    return t('sn.last.won', { name, n: total() });
  };
  return (
    <section class="sn-last" aria-label={t('sn.last.title')}>
      <h3>{t('sn.last.title')}</h3>
      <Show when={props.last.unseen}>
        <div class="sn-side winner">
          <span class="sn-side-name">{props.names[props.last.leader]}</span>
          <Backs count={props.last.count} />
        </div>
      </Show>
      <Index each={sides()}>
        {(side) => (
          <div class="sn-side" classList={{ winner: side().seat === props.last.winner }}>
            <span class="sn-side-name">
              {props.names[side().seat]}
              <Show when={side().seat === props.last.leader}>
                <span class="sn-tag">{t('sn.last.lead')}</span>
              </Show>
              <Show when={side().seat === props.last.winner}>
                <span class="sn-tag sn-win">{t('sn.last.wins')}</span>
              </Show>
            </span>
            <span class="row">
              <For each={side().cards.map(stable)}>{(c) => <CardFace card={c} small />}</For>
            </span>
            <span class="sn-combo">{comboName(side().combo)}</span>
          </div>
        )}
      </Index>
      <p class="sn-last-summary">{summary()}</p>
      <Show when={tieRule(props.last)}>
        {(rule) => <p class="sn-last-tie">{t(`sn.last.tie.${rule()}`)}</p>}
      </Show>
    </section>
  );
}
