/**
 * The preset reactions a player may send (no free text: nothing to moderate). Clients show each
 * as a picture of their own; the server relays only the id. Apart from the protocol's schemas,
 * so that the client takes the list without the schema library.
 */
export const REACTIONS = ['nice', 'wow', 'haha', 'oops', 'think', 'gg'] as const;
export type Reaction = (typeof REACTIONS)[number];
