import { hiddenCards } from '../../engine/cards.ts';
import type { Seat } from '../../engine/types.ts';
import { legalMoves } from './legal.ts';
import { toMove } from './turns.ts';
import type { Contest, ContestView, PlayerView, SneakEvent, State, View } from './types.ts';

/**
 * SN-14: hands are seen by their owner only, the stock by nobody, a sneak lead by its owner
 * until it is turned up, a sealed answer by the one who gave it (the others see only that it is
 * in), winnings by their owner (the others see how many). Flaunted and revealed cards are public:
 * the flaunt in force and the last contest's record.
 */
export function view(state: State, you: Seat | null): View {
  return seen(state, you, false);
}

/**
 * The view of a finished game's state, where nothing is secret: every hand and every face-down
 * lead face up (the viewer's own sealed answer shows as in play).
 */
export function openView(state: State, you: Seat | null): View {
  return seen(state, you, true);
}

function seen(state: State, you: Seat | null, open: boolean): View {
  const challenge = state.phase === 'challenge';
  const players: PlayerView[] = [];
  for (let s = 0; s < state.players; s++) {
    const hand = state.hands[s]!;
    players.push({
      hand: open || s === you ? hand : hiddenCards(hand.length),
      won: state.won[s]!.length,
      fresh: state.fresh[s]!,
      asked: challenge && state.asked[s]!,
      answered: challenge && state.asked[s]! && state.answers[s] !== null,
    });
  }
  const led = state.lead;
  return {
    game: 'sneak',
    phase: state.phase,
    you,
    toMove: toMove(state),
    legal: you === null ? [] : legalMoves(state, you),
    totals: state.points,
    config: state.config,
    round: state.round,
    dealer: state.dealer,
    turn: state.phase === 'play' ? state.turn : null,
    players,
    stock: state.stock.length,
    lead:
      led === null
        ? null
        : {
            by: led.by,
            kind: led.kind,
            cards:
              open || led.kind === 'flaunt' || led.by === you
                ? led.cards
                : hiddenCards(led.cards.length),
          },
    answer: challenge && you !== null ? ownAnswer(state, you) : null,
    winnings: you === null ? [] : state.won[you]!,
    last: lastSeen(state.last, open),
    collected: state.collected,
    history: state.history,
    winners: state.winners,
  };
}

function ownAnswer(state: State, you: Seat): View['answer'] {
  const given = state.answers[you];
  if (given === null || given === undefined) return null;
  if (given === 'decline') return { t: 'decline' };
  const hand = state.hands[you]!;
  return { t: 'challenge', cards: given.map((id) => hand.find((c) => c.id === id)!) };
}

/**
 * The last contest: an unchallenged sneak's cards face down (its owner sees them among their
 * winnings), face up once the game is over. A state stored before they were kept shows backs.
 */
function lastSeen(last: Contest | null, open: boolean): ContestView | null {
  if (last === null) return null;
  const { sneak, ...shown } = last;
  if (!last.unseen) return shown;
  return { ...shown, sneak: open && sneak ? sneak : hiddenCards(last.count) };
}

/**
 * The last contest as a table holds it, from a view of it: an unchallenged sneak's cards, not the
 * viewer's to know, left out (no rule reads them).
 */
export function lastKnown(last: ContestView | null): Contest | null {
  if (last === null) return null;
  const { sneak: _, ...known } = last;
  return known;
}

/**
 * A move's events as the replay of a finished game tells them: who won cards unseen, with the
 * cards. `state` is the one the move led to, whose last contest is the one its events tell.
 */
export function openEvents(state: State, events: SneakEvent[]): SneakEvent[] {
  const sneak = state.last?.sneak;
  if (sneak === undefined) return events;
  return events.map((e) => (e.type === 'won' && e.unseen ? { ...e, cards: sneak } : e));
}
