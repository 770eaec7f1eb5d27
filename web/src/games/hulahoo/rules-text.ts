import type { JSX } from 'solid-js';

/** What each language's text is handed: the goal line, and the example's pictures. */
export interface RulesText {
  goal: string;
  Example: (props: { steps: JSX.Element[] }) => JSX.Element;
}
