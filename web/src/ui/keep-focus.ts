/**
 * Focus stays on the board through a move. The card or button a player pressed goes, or is
 * disabled, when the move lands, and the browser then drops focus to <body>: the next Tab would
 * start over from the page's top and reach the reactions, not the hand. While focus was last on
 * the board, it is put back there on the next sensible control instead: the playable card Tab
 * reaches, or a button; when nothing may be done yet, a card, until something may.
 */

/** What may be done on `board` now: the card Tab reaches, or a button to press. */
function control(board: Element): HTMLElement | null {
  return (
    board.querySelector<HTMLElement>('.card-button[tabindex="0"]') ??
    board.querySelector<HTMLElement>('button:not(:disabled):not([tabindex="-1"])')
  );
}

/** Whether nothing holds focus now: <body>, or an element gone or disabled. */
function focusLost(): boolean {
  const active = document.activeElement;
  if (active === null || active === document.body || !active.isConnected) return true;
  return active instanceof HTMLButtonElement && active.disabled;
}

/** A card that may not be played now. */
const isIdle = (el: Element | null): boolean => el?.getAttribute('aria-disabled') === 'true';

/** Keeps focus on the board inside `root` while moves change it; returns the way to stop. */
export function keepFocusOnBoard(root: HTMLElement): () => void {
  /** Focus was last on the board: a tap or a Tab elsewhere ends that. */
  let onBoard = false;
  const board = () => root.querySelector('[data-board]');
  const inBoard = (target: EventTarget | null) =>
    target instanceof Node && (board()?.contains(target) ?? false);
  const onFocusIn = (e: FocusEvent) => {
    onBoard = inBoard(e.target);
  };
  const onPointerDown = (e: PointerEvent) => {
    if (!inBoard(e.target)) onBoard = false;
  };
  const restore = () => {
    const b = board();
    if (!onBoard || !b) return;
    const lost = focusLost();
    // On a card that cannot be played (any more, or yet), or one out of the tab order (where
    // only this put it): the next control takes focus over.
    const active = document.activeElement;
    const idle =
      !lost && b.contains(active) && (isIdle(active) || active?.getAttribute('tabindex') === '-1');
    if (!lost && !idle) return;
    const next = control(b) ?? (lost ? b.querySelector<HTMLElement>('.card-button') : null);
    next?.focus({ preventScroll: true });
  };
  const observer = new MutationObserver(restore);
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['disabled', 'tabindex', 'aria-disabled'],
  });
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('pointerdown', onPointerDown, true);
  return () => {
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('pointerdown', onPointerDown, true);
  };
}
