/**
 * A bot plays from its seat's view alone (it never peeks at hidden cards) and returns one of the
 * view's legal moves, with real card ids where the list holds a stand-in.
 */
export interface Bot<View, Move> {
  choose(view: View, random: () => number): Move;
  /** The move made for a player whose clock ran out; by default the bot's own choice. */
  onTimeout?(view: View, random: () => number): Move;
}

/** The highest-scoring item; ties are broken at random so bots do not all play alike. */
export function best<T>(items: readonly T[], score: (item: T) => number, random: () => number): T {
  let top: T[] = [];
  let topScore = Number.NEGATIVE_INFINITY;
  for (const item of items) {
    const s = score(item);
    if (s > topScore) {
      topScore = s;
      top = [item];
    } else if (s === topScore) {
      top.push(item);
    }
  }
  if (top.length === 0) throw new Error('no choice to make');
  return top[Math.floor(random() * top.length)]!;
}
