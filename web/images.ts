/**
 * Draws the site's images into web/public/ with headless Chromium: each game's link preview
 * (og/<game>.png, and og/hoopla.png for the site, 1200×630, the size chat apps show large) and
 * the home-screen icons (icons/: 192 and 512 px, a maskable 512 with its safe zone, and the
 * 180 px apple-touch-icon). The PNGs are committed; run `npm run images` after changing a drawing.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { GAME_IDS, type GameId } from '../shared/engine/types.ts';
import { GAME_TITLES } from '../shared/games/titles.ts';
import { launchBrowser } from '../tests/e2e/browser.ts';

const PUBLIC = fileURLToPath(new URL('./public/', import.meta.url));
const FELT = '#1f5c45';
const INK = '#1d2433';
const NAVY = '#1f3a5f';

const page = (body: string, css = '') => `<!doctype html><html><head><style>
  * { box-sizing: border-box; margin: 0; }
  body { font-family: "DejaVu Sans", system-ui, sans-serif; }
  .og { width: 1200px; height: 630px; background: ${FELT}; color: #f3f7f1; display: grid;
    grid-template-columns: 1fr 1fr; align-items: center; padding: 0 70px; gap: 40px; overflow: hidden; }
  .og h1 { font-size: 88px; line-height: 1.05; white-space: nowrap; }
  .og p { font-size: 38px; margin-top: 24px; opacity: 0.92; line-height: 1.25; }
  .og .site { font-size: 34px; font-weight: 700; margin-top: 40px; color: #ffd23f; }
  .fan { position: relative; height: 480px; }
  .card { position: absolute; width: 200px; height: 280px; border-radius: 18px; display: flex;
    align-items: center; justify-content: center; font-weight: 800; font-size: 110px;
    box-shadow: 0 8px 20px rgb(0 0 0 / 0.35); border: 2px solid #b9b2a2; background: #fffdf8; color: ${INK}; }
  .card .corner { position: absolute; top: 14px; left: 18px; font-size: 40px; }
  .card .corner.low { top: auto; left: auto; bottom: 14px; right: 18px; transform: rotate(180deg); }
  ${css}
</style></head><body>${body}</body></html>`;

/** Cards to fan out: each one's HTML and its own style. */
type Fan = readonly { html: string; style?: string }[];

/** A game's preview as drawn here: a line about it and its cards. */
interface Drawing {
  line: string;
  cards: Fan;
}

/** Five cards fanned out, from the left. */
function fan(cards: Fan): string {
  return `<div class="fan">${cards
    .map((c, i) => {
      const angle = (i - (cards.length - 1) / 2) * 9;
      const left = i * 70;
      const top = 90 + Math.abs(i - (cards.length - 1) / 2) * 18;
      return `<div class="card" style="left:${left}px;top:${top}px;transform:rotate(${angle}deg);${c.style ?? ''}">${c.html}</div>`;
    })
    .join('')}</div>`;
}

const hulaCard = (n: number | '★', tint: string) => ({
  html: `<span class="corner">${n === '★' ? 7 : n}</span>${n}`,
  style: `background:${tint};${n === '★' ? 'color:#8a5a00;' : ''}`,
});
const hiloCard = (n: number, fill: string, ink: string) => ({
  html: `<span class="corner">◆</span>${n}<span class="corner low">◆</span>`,
  style: `background:${fill};color:${ink};border-color:${fill};`,
});
const sneakCard = (rank: string, suit: string, red: boolean) => ({
  html: `<span class="corner">${rank}<br>${suit}</span><span style="font-size:130px">${suit}</span>`,
  style: `color:${red ? '#c0262d' : '#1b1d22'};`,
});

/**
 * The games drawn with their own cards, and a line about each for the picture. A game without a
 * drawing here gets plain cards and its blurb, so every game in GAME_IDS has its preview.
 */
const DRAWINGS = {
  hulahoo: {
    line: 'Higher or lower, doubles and jokers. Shed your cards first.',
    cards: [
      hulaCard(3, '#e8f1fb'),
      hulaCard(6, '#fffdf8'),
      hulaCard('★', '#fff3c4'),
      hulaCard(9, '#fffdf8'),
      hulaCard(12, '#fbeee7'),
    ],
  },
  hilo: {
    line: 'Keep your 3×3 grid low. Clear a line of one colour.',
    cards: [
      hiloCard(-1, '#7d2e8f', '#fff'),
      hiloCard(2, '#0077bb', '#fff'),
      hiloCard(5, '#eedd55', INK),
      hiloCard(0, '#007f6e', '#fff'),
      hiloCard(11, '#cc3311', '#fff'),
    ],
  },
  sneak: {
    line: 'Bluff face down or show your strength face up.',
    cards: [
      sneakCard('9', '♣', false),
      sneakCard('J', '♥', true),
      sneakCard('Q', '♠', false),
      sneakCard('K', '♦', true),
      sneakCard('A', '♠', false),
    ],
  },
} as const satisfies Partial<Record<GameId, Drawing>>;

/** The same, read by id: a game may have none. */
const drawings: Partial<Record<GameId, Drawing>> = DRAWINGS;
const plainCards: Fan = [1, 2, 3, 4, 5].map((n) => ({
  html: `<span class="corner">${n}</span>${n}`,
}));

function preview(name: string, line: string, cards: Fan): string {
  return page(
    `<div class="og"><div><h1>${name}</h1><p>${line}</p><p class="site">Hoopla · one link, no app</p></div>${fan(cards)}</div>`,
  );
}

/** The icon: a card on navy, `fill` of the square high (a maskable icon's must fit its inner 80% circle). */
function icon(size: number, fill: number): string {
  const card = size * fill;
  return page(
    `<div class="icon"><div class="c"><div class="in"></div></div></div>`,
    `.icon { width:${size}px; height:${size}px; background:${NAVY}; display:flex; align-items:center;
      justify-content:center; }
     .c { width:${card * 0.7}px; height:${card}px; background:#fff; border-radius:${card * 0.1}px;
      display:flex; align-items:center; justify-content:center; }
     .in { width:${card * 0.46}px; height:${card * 0.72}px; background:#2f7a5c; border-radius:${card * 0.05}px; }`,
  );
}

async function draw(
  tab: Page,
  html: string,
  size: { width: number; height: number },
  file: string,
) {
  await tab.setViewportSize(size);
  await tab.setContent(html);
  const out = path.join(PUBLIC, file);
  mkdirSync(path.dirname(out), { recursive: true });
  await tab.screenshot({ path: out, clip: { x: 0, y: 0, ...size }, omitBackground: false });
  console.log(`wrote web/public/${file}`);
}

const browser = await launchBrowser();
try {
  const tab = await browser.newPage();
  const og = { width: 1200, height: 630 };
  for (const id of GAME_IDS) {
    const { name, blurb } = GAME_TITLES[id];
    const { line, cards } = drawings[id] ?? { line: blurb, cards: plainCards };
    await draw(tab, preview(name, line, cards), og, `og/${id}.png`);
  }
  const mixed = [
    DRAWINGS.hulahoo.cards[2],
    DRAWINGS.hilo.cards[1],
    DRAWINGS.sneak.cards[4],
    DRAWINGS.hilo.cards[4],
    DRAWINGS.hulahoo.cards[4],
  ];
  await draw(
    tab,
    preview('Hoopla', 'Card games with friends, one link away.', mixed),
    og,
    'og/hoopla.png',
  );
  for (const size of [192, 512]) {
    await draw(tab, icon(size, 0.8), { width: size, height: size }, `icons/icon-${size}.png`);
  }
  await draw(tab, icon(512, 0.6), { width: 512, height: 512 }, 'icons/maskable-512.png');
  await draw(tab, icon(180, 0.78), { width: 180, height: 180 }, 'icons/apple-touch-icon.png');
} finally {
  await browser.close();
}
