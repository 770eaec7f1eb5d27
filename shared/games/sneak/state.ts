/** Sneak's state as a table stores it, parsed when the table loads (shared/games/states.ts). */
import * as v from 'valibot';
import {
  countSchema,
  type Entries,
  exact,
  roundStateEntries,
  seatSchema,
} from '../../engine/state-schema.ts';
import { SUITS } from './faces.ts';
import type { Card, Config, Contest, Lead, Shown, State } from './types.ts';

const cardSchema = v.object({
  id: v.string(),
  r: v.number(),
  s: v.picklist(SUITS),
} satisfies Entries<Card>);
const cardsSchema = v.array(cardSchema);
const kindSchema = v.picklist(['sneak', 'flaunt']);

/** The options the game was set up with: shapes only, so a target since out of range still loads. */
const configSchema = v.object({
  packs: v.picklist([1, 2]),
  target: v.number(),
} satisfies Entries<Config>);

const leadSchema = v.object({
  by: seatSchema,
  kind: kindSchema,
  cards: cardsSchema,
} satisfies Entries<Lead>);

const shownSchema = v.object({
  seat: seatSchema,
  cards: cardsSchema,
  combo: v.picklist(['single', 'match', 'straightFlush', 'straight', 'flush', 'none']),
} satisfies Entries<Shown>);

const contestSchema = v.object({
  leader: seatSchema,
  kind: kindSchema,
  count: countSchema,
  lead: v.nullable(shownSchema),
  challengers: v.array(shownSchema),
  winner: seatSchema,
  unseen: v.boolean(),
  sneak: v.optional(cardsSchema),
} satisfies Entries<Contest>);

export const stateSchema = exact<State>()(
  v.object({
    ...roundStateEntries('sneak', configSchema, ['play', 'challenge']),
    stock: cardsSchema,
    hands: v.array(cardsSchema),
    won: v.array(cardsSchema),
    fresh: v.array(v.boolean()),
    turn: seatSchema,
    lead: v.nullable(leadSchema),
    asked: v.array(v.boolean()),
    answers: v.array(v.union([v.array(v.string()), v.literal('decline'), v.null()])),
    last: v.nullable(contestSchema),
    collected: v.nullable(v.object({ seat: seatSchema, count: countSchema })),
    points: v.array(v.number()),
  } satisfies Entries<State>),
);
