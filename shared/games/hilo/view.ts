import { HIDDEN } from '../../engine/cards.ts';
import type { Hidden, Seat } from '../../engine/types.ts';
import { legalMoves } from './legal.ts';
import { toMove } from './turns.ts';
import type { Card, Layout, PlayerView, State, View } from './types.ts';

/**
 * What a layout shows is the same for every viewer (HL-15 hides face-down cells from the owner
 * too), and states share the layouts a move leaves alone: each is drawn once, then reused.
 */
const shownLayouts = new WeakMap<Layout, (Card | Hidden)[][]>();

function shownLayout(layout: Layout): (Card | Hidden)[][] {
  let shown = shownLayouts.get(layout);
  if (shown === undefined) {
    shown = Object.freeze(
      layout.map((row) => Object.freeze(row.map((slot) => (slot.up ? slot.card : HIDDEN)))),
    ) as (Card | Hidden)[][];
    shownLayouts.set(layout, shown);
  }
  return shown;
}

/**
 * HL-15: face-down cells are hidden from everybody, their owner too; the draw pile from everybody;
 * a drawn card from all but the drawer. Face-up cells and the discard pile are public. Opening
 * choices stay sealed until every seat has chosen (HL-2).
 */
export function view(state: State, you: Seat | null): View {
  return shown(state, you, false);
}

/**
 * The view of a finished game's state, where nothing is secret: every face-down cell and a drawn
 * card face up.
 */
export function openView(state: State, you: Seat | null): View {
  return shown(state, you, true);
}

function shown(state: State, you: Seat | null, open: boolean): View {
  const players: PlayerView[] = [];
  for (let s = 0; s < state.players; s++) {
    const opening = state.openings[s] ?? null;
    players.push({
      layout: open
        ? state.layouts[s]!.map((row) => row.map((slot) => slot.card))
        : shownLayout(state.layouts[s]!),
      ready: opening !== null,
      chosen: s === you && opening !== null ? opening : null,
      turns: state.turns[s]!,
      total: state.totals[s]!,
    });
  }
  const turnPhase = state.phase === 'play' || state.phase === 'drawn' || state.phase === 'hilo';
  const drawn = state.drawn === null ? null : open || you === state.turn ? state.drawn : HIDDEN;
  return {
    game: 'hilo',
    phase: state.phase,
    you,
    toMove: toMove(state),
    legal: you === null ? [] : legalMoves(state, you),
    totals: state.totals,
    config: state.config,
    round: state.round,
    dealer: state.dealer,
    starter: state.phase === 'opening' ? null : state.starter,
    turn: turnPhase ? state.turn : null,
    chain: state.chain,
    players,
    discard: state.discard,
    stock: state.stock.length,
    drawn,
    endedBy: state.endedBy,
    lastTurns: state.lastTurns,
    stalled: state.stalled,
    roundSums: state.roundSums,
    roundScores: state.roundScores,
    history: state.history,
    winners: state.winners,
  };
}
