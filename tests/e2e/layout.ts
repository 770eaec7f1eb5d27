/**
 * What a player's screen must never show, checked in the page: a control or a card under
 * another element (`elementFromPoint` at its centre), a tap target under 44×44 px, or the
 * prompt, the actions and the clock outside the viewport during the player's turn.
 */
import type { Page } from 'playwright-core';
import { ROUND_ENDED } from './drivers/types.ts';

export interface Layout {
  /** Each control or card covered by something else, or too small to tap. */
  problems: string[];
  /** Selectors that match something on the page but not wholly inside the viewport. */
  outside: string[];
  /**
   * Whether it was the player's turn when the page was looked at: a turn may end on its own (the
   * clock, a bot's move that ends the round) between a test seeing it and looking.
   */
  myTurn: boolean;
}

/** The board's parts that must be in view during a turn (those present on the page). */
export const IN_VIEW = [
  '[data-board] .prompt',
  '[data-board] .actions button',
  '[data-board] .card-button',
  '.seat-clock',
];

export function checkLayout(page: Page, inView: string[] = IN_VIEW): Promise<Layout> {
  const look = { inView, ended: ROUND_ENDED };
  return page.evaluate(({ inView, ended }) => {
    const problems: string[] = [];
    const name = (el: Element) => {
      const label = (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 30);
      return `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${label}"`;
    };
    const centreHit = (el: Element) => {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      // Off screen: the viewport check below speaks for it.
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return null;
      return document.elementFromPoint(x, y);
    };
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const controls = document.querySelectorAll(
      'main button, main a[href], main input, main select, main summary, .top a, .top select',
    );
    for (const el of controls) {
      if (!shown(el)) continue;
      const r = el.getBoundingClientRect();
      // A checkbox counts with its label, which takes the tap.
      const target = el.matches('input[type=checkbox], input[type=radio]')
        ? (el.closest('label') ?? el)
        : el;
      const t = target.getBoundingClientRect();
      if (t.width < 44 || t.height < 44) {
        problems.push(`${Math.round(t.width)}×${Math.round(t.height)} px: ${name(el)}`);
      }
      const hit = centreHit(el);
      if (hit && hit !== el && !el.contains(hit) && r.width > 0) {
        problems.push(`covered: ${name(el)} by ${name(hit)}`);
      }
    }
    for (const card of document.querySelectorAll('[data-board] [data-card]')) {
      if (!shown(card)) continue;
      const hit = centreHit(card);
      const button = card.closest('button');
      if (hit && !card.contains(hit) && !hit.contains(card) && !button?.contains(hit)) {
        problems.push(`card covered: ${name(card)} by ${name(hit)}`);
      }
    }
    const outside = inView.filter((selector) =>
      [...document.querySelectorAll(selector)].filter(shown).some((el) => {
        const r = el.getBoundingClientRect();
        return r.top < 0 || r.bottom > innerHeight + 0.5;
      }),
    );
    const myTurn =
      document.querySelector('.game.my-turn') !== null && document.querySelector(ended) === null;
    return { problems, outside, myTurn };
  }, look);
}

/**
 * Waits for the animations and transitions running now to end, but those that go on for long (a
 * clock's bar running down, a pulse that says whose turn it is): what is checked is then where
 * things land.
 */
export async function atRest(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number(a.effect?.getComputedTiming().endTime ?? Infinity) <= 2_000)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** The notices a page may float: the connection's banner, a nudge, what happened to the player. */
export const NOTICES = ['.banner.floating', '.nudge-line p', '.notice'];

/**
 * What a notice on screen hides of what a player decides with: each notice box that meets the
 * others' seats, the pile, a card or a button of the board, its prompt, a replay's button, or a
 * button of the round's end or the game's, as "notice / element".
 */
export function hiddenByNotices(page: Page): Promise<string[]> {
  return page.evaluate((notices) => {
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 24)}"`;
    const boxes = (selector: string) =>
      [...document.querySelectorAll(selector)]
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && r.height > 0);
    const shown = notices.flatMap(boxes);
    const decisions = boxes(
      '[data-board] :is(.opponents, .opponent, .card-button, [data-card], button, .prompt), :is(.replay, .round-over, .game-over) button',
    );
    const hits: string[] = [];
    for (const n of shown) {
      for (const d of decisions) {
        const meets =
          n.r.left < d.r.right &&
          n.r.right > d.r.left &&
          n.r.top < d.r.bottom &&
          n.r.bottom > d.r.top;
        if (meets) hits.push(`${name(n.el)} / ${name(d.el)}`);
      }
    }
    return hits;
  }, NOTICES);
}
