/**
 * A game's start state from outside the table: an import's `start`, a position a page made
 * (position.ts) for a game played on from a moment of another. It is untrusted like any body, and
 * a table will run on it for a whole game, so it is taken only once it is a state of its game
 * (the game's schema), of the table's size and options, with every card of the game once where it
 * lies (and none that is not), seats and sizes within the table's, a generator that can deal, and
 * a moment the engine goes on from: a seat awaited can act, every seat's view can be made.
 */
import * as v from 'valibot';
import { fail } from '../engine/reject.ts';
import { MAX_ROUNDS, type RoundState } from '../engine/rounds.ts';
import type { GameId, Result } from '../engine/types.ts';
import { games } from '../games/index.ts';
import { type AnyCard, positions } from '../games/positions.ts';
import { stateSchemas } from '../games/states.ts';
import { issueText } from '../issues.ts';
import { sameJson } from '../patch.ts';
import { faceOf } from './position.ts';

/** The table a start state is for: its game, its size and its options, as checked. */
export interface StartFor {
  game: GameId;
  players: number;
  config: unknown;
}

/** A generator's key: SHA-256 of a seed, in hex (engine/rng.ts). */
const RNG_KEY = /^[0-9a-f]{64}$/;
/** Far beyond any game's draws (a few thousand), far below where the keystream ends. */
const MAX_RNG_COUNTER = 2 ** 32;

/** `raw` as its game's state for the table, or the first thing that keeps a table from it. */
export function checkStart(
  table: StartFor,
  raw: unknown,
): Result<{ state: RoundState }, 'bad-start'> {
  const parsed = v.safeParse(stateSchemas[table.game], raw, { abortEarly: true });
  if (!parsed.success) return fail('bad-start', issueText(parsed.issues, 'start'));
  const state = parsed.output;
  const problem =
    shapeProblem(table, state) ?? cardsProblem(table.game, state) ?? stuck(table, state);
  return problem === null ? { ok: true, state } : fail('bad-start', `start: ${problem}`);
}

/** What does not fit the table: its size, its options, its seats, its rounds, its generator. */
function shapeProblem({ game, players, config }: StartFor, state: RoundState): string | null {
  if (state.players !== players) return `a game of ${state.players}, at a table of ${players}`;
  if (!sameJson(state.config, config)) return "its options are not the table's";
  if (state.round < 1 || state.round > MAX_ROUNDS) return `round ${state.round}`;
  const rounds = state.history;
  if (rounds.length > state.round || rounds.some((scores) => scores.length !== players)) {
    return 'its score sheet does not fit its rounds and seats';
  }
  const rules = positions[game];
  if (rules.perSeat(state).some((field) => field.length !== players)) {
    return `a field of the seats holds other than ${players} entries`;
  }
  const seats = rules.seats(state);
  if (seats.some((seat) => seat != null && seat >= players)) return 'it names a seat not there';
  if (!RNG_KEY.test(state.rng.key) || state.rng.counter > MAX_RNG_COUNTER) {
    return 'its generator cannot deal';
  }
  return null;
}

/**
 * Every card of the game once where it lies, its face the one its id has under the state's
 * labels; and any copy of a card (a contest kept for the record) one of the game's cards too.
 */
function cardsProblem(game: GameId, state: RoundState): string | null {
  const rules = positions[game];
  const size = rules.deckSize(state.config);
  const labels = [...state.labels].sort((a, b) => a - b);
  if (labels.length !== size || labels.some((label, i) => label !== i)) {
    return `its labels are not the ${size} of its deck`;
  }
  const deck = new Map(rules.deck(state).map((card) => [card.id, faceOf(card)]));
  const lying = rules.lying(state);
  const ids = new Set(lying.map((card) => card.id));
  if (ids.size !== lying.length) return 'a card lies in two places';
  if (lying.length !== size)
    return `${lying.length} cards lie in play, not the ${size} of its deck`;
  for (const card of cardsIn(state)) {
    if (deck.get(card.id) !== faceOf(card)) return `card ${card.id} is not one of its deck`;
  }
  return null;
}

/** Every card object in a state, copies included: in a parsed state, only cards have an `id`. */
function cardsIn(value: unknown, out: AnyCard[] = []): AnyCard[] {
  if (typeof value !== 'object' || value === null) return out;
  if (!Array.isArray(value) && 'id' in value && typeof value.id === 'string') {
    out.push({ ...value, id: value.id });
    return out;
  }
  for (const item of Object.values(value)) cardsIn(item, out);
  return out;
}

/**
 * Whether the engine cannot go on from the state: the game is over, or someone awaited has no
 * move, or a seat's view, moves or the score cannot be made (the engine throws on a state no
 * game reaches, which the checks above do not all rule out).
 */
function stuck({ game: id, players }: StartFor, state: RoundState): string | null {
  if (state.phase === 'gameOver') return 'the game is over';
  const game = games[id];
  try {
    const awaited = game.toMove(state);
    if (awaited.length === 0) return 'nobody may move';
    for (let seat = 0; seat < players; seat++) {
      const moves = game.legalMoves(state, seat);
      if (awaited.includes(seat) && moves.length === 0)
        return `seat ${seat} is awaited with no move`;
      game.view(state, seat);
    }
    game.view(state, null);
    game.result(state);
  } catch {
    return 'the game cannot go on from it';
  }
  return null;
}
