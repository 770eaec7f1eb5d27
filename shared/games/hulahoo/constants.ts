/**
 * Hula-Hoo!'s numbers, in a module that imports nothing, so the page reads them without loading
 * the deck or the rules.
 */

/** HH-1: every 7 is a joker. */
export const JOKER = 7;
/** HH-1, HH-7: the lowest and highest values; nothing is lower than the one, higher than the other. */
export const LOWEST = 1;
export const HIGHEST = 13;
export const HAND_SIZE = 5;
export const FACE_UP_SIZE = 5;
/** HH-3: a swap returns at most this many face-up cards. */
export const MAX_SWAP = 3;
