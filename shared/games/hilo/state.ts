/** HiLO's state as a table stores it, parsed when the table loads (shared/games/states.ts). */
import * as v from 'valibot';
import {
  countSchema,
  type Entries,
  exact,
  roundStateEntries,
  seatSchema,
} from '../../engine/state-schema.ts';
import type { Card, Cell, Config, Slot, State } from './types.ts';

const cardSchema = v.object({
  id: v.string(),
  v: v.number(),
  c: v.number(),
} satisfies Entries<Card>);
const cardsSchema = v.array(cardSchema);
const cellSchema = v.object({ row: countSchema, col: countSchema } satisfies Entries<Cell>);
const slotSchema = v.object({ card: cardSchema, up: v.boolean() } satisfies Entries<Slot>);

/** The options the game was set up with: shapes only, so a limit since out of range still loads. */
const configSchema = v.object({
  limit: v.number(),
  maxTurns: v.number(),
  firstDealer: v.optional(seatSchema),
} satisfies Entries<Config>);

export const stateSchema = exact<State>()(
  v.object({
    ...roundStateEntries('hilo', configSchema, ['opening', 'play', 'drawn', 'hilo']),
    layouts: v.array(v.array(v.array(slotSchema))),
    stock: cardsSchema,
    discard: cardsSchema,
    drawn: v.nullable(cardSchema),
    openings: v.array(v.nullable(v.array(cellSchema))),
    starter: seatSchema,
    turn: seatSchema,
    chain: v.boolean(),
    turns: v.array(countSchema),
    endedBy: v.nullable(seatSchema),
    lastTurns: v.array(seatSchema),
    stalled: v.boolean(),
    roundSums: v.nullable(v.array(v.number())),
    roundScores: v.nullable(v.array(v.number())),
    totals: v.array(v.number()),
  } satisfies Entries<State>),
);
