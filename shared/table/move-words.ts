/**
 * What the last move was, in a few words, for a notice ("Ann took the discard"): read from that
 * move's events alone. Events are public (ALL-1: every seat and spectator gets them), so nothing
 * a notice says is hidden from the player it goes to: a sneak is told by its size, a Hula-Hoo!
 * draw by its count, a HiLO draw not at all (only where the card went once it was shown).
 */
import type { GameEvent, GameId } from '../engine/types.ts';
import type { LogEntry } from './game-log.ts';
import type { MoveSaid } from './notice-words.ts';

const numberOf = (e: GameEvent, key: string): number | null => {
  const value = e[key];
  return typeof value === 'number' ? value : null;
};

const countOf = (e: GameEvent, key: string): number => {
  const value = e[key];
  return Array.isArray(value) ? value.length : 0;
};

/** A card's field, where the event shows the card (`card: { v }`). */
const cardField = (e: GameEvent, key: string): number | null => {
  const card = e.card;
  if (typeof card !== 'object' || card === null || !(key in card)) return null;
  const value: unknown = Object.getOwnPropertyDescriptor(card, key)?.value;
  return typeof value === 'number' ? value : null;
};

/** Sneak's flaunted cards: their count, and their rank where all share one (2…14). */
function flaunted(e: GameEvent): MoveSaid {
  const cards = Array.isArray(e.cards) ? e.cards : [];
  const ranks = new Set(
    cards.map((c: unknown) =>
      typeof c === 'object' && c !== null && 'r' in c && typeof c.r === 'number' ? c.r : null,
    ),
  );
  const [rank] = ranks;
  return {
    kind: 'playedCards',
    count: cards.length,
    rank: ranks.size === 1 && typeof rank === 'number' ? rank : null,
  };
}

const value = (n: number | null) => (n === null ? '?' : String(n));

/** Each game's events that tell what its mover did, and how they are said; the rest say nothing. */
const SAID: Record<GameId, (e: GameEvent) => MoveSaid | null> = {
  hulahoo(e) {
    switch (e.type) {
      case 'played':
        return { kind: 'played', value: value(cardField(e, 'v')) };
      case 'drew':
        return { kind: 'drew', count: numberOf(e, 'count') ?? 1 };
      case 'swapped':
        return { kind: 'swapped', count: countOf(e, 'returned') };
      case 'picked':
        return { kind: 'picked' };
      case 'eliminated':
        return { kind: 'droppedOut' };
      default:
        return null;
    }
  },
  hilo(e) {
    switch (e.type) {
      case 'took':
        return { kind: 'tookDiscard' };
      case 'placed':
        return { kind: 'placed' };
      case 'discarded':
        return { kind: 'discarded', value: value(cardField(e, 'v')) };
      case 'flipped':
        return { kind: 'flipped' };
      case 'opened':
        return { kind: 'opened' };
      case 'removed':
        return { kind: 'cleared' };
      default:
        return null;
    }
  },
  sneak(e) {
    switch (e.type) {
      case 'sneaked':
        return { kind: 'sneaked', count: numberOf(e, 'count') ?? 1 };
      case 'flaunted':
        return flaunted(e);
      case 'answered':
        return { kind: 'answered' };
      case 'drew':
        return { kind: 'drew', count: 1 };
      case 'won':
        return { kind: 'won', count: numberOf(e, 'count') ?? 0 };
      default:
        return null;
    }
  },
};

/**
 * What `entry`'s mover did: the clock's move for them, else the first of its events that is
 * theirs and tells something; else only that they moved.
 */
export function moveSaid(game: GameId, entry: LogEntry): MoveSaid {
  const mine = (e: GameEvent) => e.seat === entry.seat;
  if (entry.events.some((e) => e.type === 'timedOut' && mine(e))) return { kind: 'timedOut' };
  for (const e of entry.events) {
    const said = mine(e) ? SAID[game](e) : null;
    if (said) return said;
  }
  return { kind: 'moved' };
}
