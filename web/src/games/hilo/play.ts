import type { View } from '../../../../shared/games/hilo/types.ts';
import type { Choices, Click } from './selection.ts';

/** What the board's parts share: the view, the names, the local choices and a way to act. */
export interface Play {
  view: () => View;
  names: () => string[];
  pending: () => boolean;
  choices: () => Choices;
  /** Sends the move or takes the new choices a click returned. */
  apply: (click: Click) => void;
}
