/**
 * Cards travel from where they were to where they land (FLIP): just before a new version reaches
 * the board, each card's place on screen is noted by its id; once the board shows the new version,
 * every card the move touched that was on screen before is drawn from its old place and glides to
 * its new one. A card that was not on screen (drawn from the stock, turned up) only lands; nothing
 * moves for those who ask for reduced motion.
 */

const TRAVEL_MS = 380;

const lessMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

export type Places = Map<string, DOMRect>;

/** Where each card with an id lies on screen now, within `root`. */
export function notePlaces(root: ParentNode | null): Places {
  const places: Places = new Map();
  // Nothing travels for those who asked for less motion: no need to measure anything.
  if (!root || lessMotion()) return places;
  for (const el of root.querySelectorAll<HTMLElement>('[data-card]')) {
    const id = el.dataset.card!;
    // A card shown twice (a pile and a log of it) keeps its first place.
    if (!places.has(id)) places.set(id, el.getBoundingClientRect());
  }
  return places;
}

/** The shift that puts a card now at `to` back at `from`, or null if it has not moved. */
export function shift(from: DOMRect, to: DOMRect): { dx: number; dy: number } | null {
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  return Math.abs(dx) < 2 && Math.abs(dy) < 2 ? null : { dx, dy };
}

/** Moves each touched card from its noted place to where it lies now. */
export function travel(
  root: ParentNode | null,
  before: Places,
  touched: ReadonlySet<string>,
): void {
  if (!root || touched.size === 0 || before.size === 0) return;
  for (const el of root.querySelectorAll<HTMLElement>('[data-card]')) {
    const id = el.dataset.card!;
    const from = before.get(id);
    if (!from || !touched.has(id)) continue;
    const to = el.getBoundingClientRect();
    const d = shift(from, to);
    if (!d) continue;
    const scale = from.width > 0 && to.width > 0 ? from.width / to.width : 1;
    el.animate(
      [
        { transform: `translate(${d.dx}px, ${d.dy}px) scale(${scale})`, zIndex: 5 },
        { transform: 'none', zIndex: 5 },
      ],
      { duration: TRAVEL_MS, easing: 'cubic-bezier(0.2, 0.7, 0.3, 1)' },
    );
  }
}
