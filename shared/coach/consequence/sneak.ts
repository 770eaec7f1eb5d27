/**
 * Sneak: what followed a move, for its seat, up to the round's end: a contest it led or
 * challenged in, won or lost (SN-7…SN-10), cards won unseen (SN-10), or the round's points
 * (SN-13). Contests no part of which was the seat's are passed over.
 */
import * as v from 'valibot';
import type { Seat } from '../../engine/types.ts';
import type { SneakEvent } from '../../games/sneak/types.ts';
import { eventsFrom, type Follow } from './steps.ts';

export type SneakConsequence =
  /** The seat's lead was challenged, and it won the contest's `count` cards. */
  | { kind: 'sn.leadHeld'; count: number }
  /** The seat's lead was challenged, and `by` won the contest's `count` cards. */
  | { kind: 'sn.leadLost'; by: Seat; count: number }
  /** Nobody challenged the seat's sneak: it won its `count` cards unseen. */
  | { kind: 'sn.wonUnseen'; count: number }
  /** Nobody challenged the seat's flaunt: it won its `count` cards. */
  | { kind: 'sn.won'; count: number }
  /** The seat challenged and won the contest's `count` cards. */
  | { kind: 'sn.challengeWon'; count: number }
  /** The seat challenged, and `by` won the contest's `count` cards. */
  | { kind: 'sn.challengeLost'; by: Seat; count: number }
  /** The round ended with `points` for the seat: the cards it won in it. */
  | { kind: 'sn.round'; points: number };

const seat = v.pipe(v.number(), v.integer(), v.minValue(0));
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** The events read here, and only the fields read (the rest of SneakEvent is passed over). */
const eventSchema = v.variant('type', [
  v.object({ type: v.picklist(['sneaked', 'flaunted', 'revealed']), seat }),
  v.object({ type: v.literal('won'), seat, count, unseen: v.boolean() }),
  v.object({ type: v.literal('roundOver'), won: v.array(count) }),
]) satisfies v.GenericSchema<
  unknown,
  | Pick<Extract<SneakEvent, { type: 'sneaked' | 'flaunted' | 'revealed' }>, 'type' | 'seat'>
  | Pick<Extract<SneakEvent, { type: 'won' }>, 'type' | 'seat' | 'count' | 'unseen'>
  | Pick<Extract<SneakEvent, { type: 'roundOver' }>, 'type' | 'won'>
>;

/** The contest under way: who led, and who has shown their cards in it. */
interface Contest {
  leader: Seat;
  shown: Set<Seat>;
}

export const sneakConsequence: Follow<SneakConsequence> = (steps, step, me) => {
  // A challenge answers a lead made before the move, so contests are followed from the start.
  let contest: Contest | null = null;
  for (const { at, event: e } of eventsFrom(steps, 1, eventSchema)) {
    const after = at > step;
    switch (e.type) {
      case 'sneaked':
      case 'flaunted':
        contest = { leader: e.seat, shown: new Set() };
        break;
      case 'revealed':
        contest?.shown.add(e.seat);
        break;
      case 'won': {
        const settled = contest;
        contest = null;
        const found = after && settled ? settledFor(settled, e, me) : null;
        if (found) return found;
        break;
      }
      case 'roundOver':
        if (after) return { kind: 'sn.round', points: e.won[me] ?? 0 };
        break;
    }
  }
  return null;
};

/** What a settled contest was to `me`: null where `me` neither led nor challenged in it. */
function settledFor(
  { leader, shown }: Contest,
  won: { seat: Seat; count: number; unseen: boolean },
  me: Seat,
): SneakConsequence | null {
  const { seat: by, count } = won;
  // SN-7: a challenge turns the leader's cards up too; challengers are those shown but the leader.
  const challenged = [...shown].some((s) => s !== leader);
  if (leader === me) {
    if (by !== me) return { kind: 'sn.leadLost', by, count };
    if (challenged) return { kind: 'sn.leadHeld', count };
    return { kind: won.unseen ? 'sn.wonUnseen' : 'sn.won', count };
  }
  if (!shown.has(me)) return null;
  return by === me ? { kind: 'sn.challengeWon', count } : { kind: 'sn.challengeLost', by, count };
}
