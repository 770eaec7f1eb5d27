/**
 * The longest display name, in characters. Apart from the protocol's schemas, so that the page's
 * name field takes it without loading the schema library.
 */
export const MAX_NAME_LENGTH = 24;
