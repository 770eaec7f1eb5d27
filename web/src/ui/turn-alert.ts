/**
 * The browser tab says when it is your turn, so a player in another tab sees it: the title starts
 * with "● Your turn" and the icon gains a dot (and, if the player turned it on, a chime sounds).
 * Title and icon come back when the turn passes or the table page closes.
 */
import { createEffect, on, onCleanup } from 'solid-js';
import { t } from '../i18n.ts';
import { chime, soundOn } from './sound.ts';

/** The site's icon (web/public/favicon.svg) with a red dot in its corner. */
const CALLING = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="4" y="2" width="20" height="28" rx="4" fill="#1f3a5f"/><rect x="8" y="6" width="12" height="20" rx="2" fill="#fff"/><circle cx="24" cy="8" r="7" fill="#e4572e" stroke="#fff" stroke-width="2"/></svg>',
)}`;
const QUIET = '/favicon.svg';

function iconLink(): HTMLLinkElement {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  return link;
}

/** Keeps the tab's title and icon in step with whether `mine()` is true, naming the game. */
export function useTurnAlert(mine: () => boolean, game: () => string): void {
  const before = document.title;
  createEffect(() => {
    const title = `${game()} · Hoopla`;
    document.title = mine() ? `● ${t('title.yourTurn')} · ${title}` : title;
    iconLink().href = mine() ? CALLING : QUIET;
  });
  // The chime sounds when the turn comes to you, not on every change while it stays yours.
  createEffect(
    on(mine, (now, before) => {
      if (now && before === false && soundOn()) chime();
    }),
  );
  onCleanup(() => {
    document.title = before;
    iconLink().href = QUIET;
  });
}
