/**
 * Who reached the total that ends a game (HiLO's limit, Sneak's target), for the game's end to
 * say by name: "Ann & Bob reached 100 points". Several may cross it at the same round's end.
 */
export function reachedBy(totals: readonly number[], goal: number, names: string[]): string | null {
  const reached = totals.flatMap((total, s) => (total >= goal ? [names[s] ?? ''] : []));
  return reached.length > 0 ? reached.join(' & ') : null;
}
