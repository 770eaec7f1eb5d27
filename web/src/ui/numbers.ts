/** Scores as the page writes them: a negative one with a true minus sign (−2), as cards show it. */
export function score(n: number): string {
  return n < 0 ? `\u2212${-n}` : String(n);
}
