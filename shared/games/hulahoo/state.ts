/** Hula-Hoo!'s state as a table stores it, parsed when the table loads (shared/games/states.ts). */
import * as v from 'valibot';
import {
  countSchema,
  type Entries,
  exact,
  roundStateEntries,
  seatSchema,
} from '../../engine/state-schema.ts';
import type { Card, Config, State } from './types.ts';

const cardSchema = v.object({ id: v.string(), v: v.number() } satisfies Entries<Card>);

/** The options the game was set up with: shapes only, so a goal since out of range still loads. */
const configSchema = v.object({
  goal: v.variant('kind', [
    v.object({ kind: v.literal('points'), points: v.number() }),
    v.object({ kind: v.literal('wins'), wins: v.number(), consecutive: v.boolean() }),
  ]),
  chaos: v.object({
    chooseFaceUp: v.boolean(),
    noSwap: v.boolean(),
    chooseTarget: v.boolean(),
  } satisfies Entries<Config['chaos']>),
  firstDealer: v.optional(seatSchema),
} satisfies Entries<Config>);

const cardsSchema = v.array(cardSchema);

export const stateSchema = exact<State>()(
  v.object({
    ...roundStateEntries('hulahoo', configSchema, ['place', 'swap', 'play', 'retarget']),
    hands: v.array(cardsSchema),
    faceUp: v.array(cardsSchema),
    picks: v.array(v.nullable(v.array(v.string()))),
    stock: cardsSchema,
    returned: countSchema,
    discard: cardsSchema,
    out: v.array(v.boolean()),
    turn: seatSchema,
    call: v.nullable(v.picklist(['higher', 'lower', 'double'])),
    caller: v.nullable(seatSchema),
    points: v.array(v.number()),
    wins: v.array(countSchema),
    streak: v.nullable(v.object({ seat: seatSchema, count: countSchema })),
    roundWinner: v.nullable(seatSchema),
  } satisfies Entries<State>),
);
