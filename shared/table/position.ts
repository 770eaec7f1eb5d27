/**
 * "Play from here": a new game starting at a moment of a finished one, so that a lesson can be
 * played again, by the seat that played it, bots in the other seats. Two ways:
 * - as it was: the state of that moment, every card where it lay, whose turn it was;
 * - from what you knew: the seat's view of that moment, the cards it could not see dealt afresh
 *   among the places it could not see, as the hard bot deals a world (games/positions.ts), and
 *   others' sealed choices made again in the cards dealt to them.
 * Either way the generator is reseeded with a fresh secret seed (engine/rounds.ts: `reseed`), so
 * the deals after it are nobody's to know, as an imported game's are (imported.ts). Between two
 * rounds the new game starts at the next deal, the same both ways; a moment after the game's end,
 * or one where the seat has nothing left to do in the round (knocked out), is not offered.
 */
import { fail } from '../engine/reject.ts';
import { type RoundState, reseed } from '../engine/rounds.ts';
import type { GameId, Result, Seat } from '../engine/types.ts';
import { games } from '../games/index.ts';
import { type AnyCard, positions } from '../games/positions.ts';
import { parseState } from '../games/states.ts';

export const FROM_HERE = ['as-it-was', 'what-you-knew'] as const;
export type FromHere = (typeof FROM_HERE)[number];

/** Where a new game from a moment starts: at the moment itself, or at the next round's deal. */
export type StartsAt = 'here' | 'next-deal';

/**
 * Why a moment cannot be played again from; `no-world`: no deal of the hidden cards was found in
 * which every seat awaited can act (never seen in a game: see WORLD_TRIES).
 */
export type PositionCode = 'game-over' | 'seat-out' | 'no-such-seat' | 'no-world';

/**
 * How many worlds are dealt at most for one moment. A world shows the seat what it saw, but the
 * seat's view does not say everything the rules do: in Hula-Hoo! whoever's turn it is holds a
 * card they can play (HH-8 would have knocked them out), so a world that deals them none is dealt
 * again. The worlds kept are then those the view and that rule allow, each as likely as before.
 */
const WORLD_TRIES = 500;

/** Whether `seat` may play game `game` again from `state`, and where the new game starts. */
export function offerAt(
  game: GameId,
  state: RoundState,
  seat: Seat,
): Result<{ startsAt: StartsAt }, PositionCode> {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.players) {
    return fail('no-such-seat', `There is no seat ${seat} in this game.`);
  }
  if (state.phase === 'gameOver') return fail('game-over', 'The game is over here.');
  if (state.phase === 'roundOver') return { ok: true, startsAt: 'next-deal' };
  if (positions[game].sitsOut(state, seat)) {
    return fail('seat-out', 'You are out of this round here: play from its next deal.');
  }
  return { ok: true, startsAt: 'here' };
}

export interface PositionAsk {
  game: GameId;
  /** The finished game's state at the moment. */
  state: RoundState;
  seat: Seat;
  way: FromHere;
  /** A fresh secret seed, for every deal from the new game's start on. */
  seed: string;
  /** Deals the world of `what-you-knew`. */
  random: () => number;
}

/** The state a new game from the moment starts at, or why the moment is not offered. */
export function positionAt(
  ask: PositionAsk,
): Result<{ state: RoundState; startsAt: StartsAt }, PositionCode> {
  const offer = offerAt(ask.game, ask.state, ask.seat);
  if (!offer.ok) return offer;
  const fresh = reseed(ask.state, ask.seed);
  if (offer.startsAt === 'next-deal') {
    // Whoever says "next round" first deals it, from the fresh seed alone.
    const out = games[ask.game].apply(fresh, ask.seat, { t: 'nextRound' });
    if (!out.ok) throw new Error(`the next round was refused: ${out.error.code}`);
    return { ok: true, state: out.state, startsAt: 'next-deal' };
  }
  if (ask.way === 'as-it-was') return { ok: true, state: fresh, startsAt: 'here' };
  const game = games[ask.game];
  for (let tries = 0; tries < WORLD_TRIES; tries++) {
    const world = knownWorld(ask);
    const stuck = game.toMove(world).some((s) => game.legalMoves(world, s).length === 0);
    if (!stuck) return { ok: true, state: reseed(world, ask.seed), startsAt: 'here' };
  }
  return fail('no-world', 'No deal of the cards you could not see fits this moment.');
}

/**
 * The world of the seat's view, made a game's own state: its cards under the game's ids (each
 * card the seat had not seen takes the id of an unseen card of the same face, at random), its
 * labels the game's, so that the deals after it give the game's own cards.
 */
function knownWorld({ game, state, seat, random }: PositionAsk): RoundState {
  const rules = positions[game];
  const world: RoundState = rules.determinize(games[game].view(state, seat), random);
  const real = rules.lying(state);
  const dealt = rules.lying(world);
  const inWorld = new Set(dealt.map((c) => c.id));
  const inGame = new Set(real.map((c) => c.id));
  const free = new Map<string, string[]>();
  for (const card of real) {
    if (inWorld.has(card.id)) continue;
    const ids = free.get(faceOf(card)) ?? [];
    ids.push(card.id);
    free.set(faceOf(card), ids);
  }
  const ids = new Map<string, string>();
  for (const card of dealt) {
    if (inGame.has(card.id) || ids.has(card.id)) continue;
    const left = free.get(faceOf(card)) ?? [];
    const id = left.splice(Math.floor(random() * left.length), 1)[0];
    if (id === undefined) throw new Error(`the world dealt a card the game does not hold`);
    ids.set(card.id, id);
  }
  return { ...renamed(game, world, ids), labels: state.labels };
}

/** A card's face: every field but its id, in one order. */
export function faceOf(card: AnyCard): string {
  return JSON.stringify(
    Object.entries(card)
      .filter(([key]) => key !== 'id')
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/**
 * The world with every id of `ids` replaced, wherever a state names a card: a card's own `id`, or
 * a list of ids (a sealed pick, a challenge). A world's own ids start with a letter no other
 * string of a state is made of, so nothing else is touched. Renamed in its JSON, read back
 * through the game's state schema.
 */
function renamed(game: GameId, world: RoundState, ids: ReadonlyMap<string, string>): RoundState {
  const text = JSON.stringify(world).replace(/"([^"\\]*)"/g, (quoted, inner: string) => {
    const id = ids.get(inner);
    return id === undefined ? quoted : JSON.stringify(id);
  });
  const raw: unknown = JSON.parse(text);
  const parsed = parseState(game, raw);
  if (!parsed.ok) throw new Error(`a world is not a state of its game: ${parsed.error.message}`);
  return parsed.state;
}
