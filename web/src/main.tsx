import { render } from 'solid-js/web';
import { App, preloadTable } from './app.tsx';
import { onEarlyGame, openEarlySocket } from './early-socket.ts';
import { loadBoard } from './games/registry.ts';
import { lang, loadLang } from './i18n.ts';
import { tableIdOf } from './router.ts';
import { registerAfterPaint } from './service-worker.ts';
import { reloadOnStaleChunk } from './stale-build.ts';
import './styles.css';

// Before anything loads lazily: a chunk a deploy removed reloads the page onto the new build.
reloadOnStaleChunk();
// A spectator's socket opens now, while the rest of the page's code loads (early-socket.ts).
openEarlySocket();

// The page is drawn once what it shows first is there: its strings (a French or German reader's
// page starts in their language, never in English first), and at a table link the table page's
// code and, as soon as the table says which game it is, the game's board (index.html names their
// files for a table, so they come with the page's first bytes). Drawn in one go, the board is in
// the first frame rather than after a frame of "…" for each piece.
const ready: Promise<unknown>[] = [loadLang(lang())];
if (tableIdOf(location.pathname) !== null) ready.push(preloadTable());
onEarlyGame((game) => ready.push(loadBoard(game)));

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
document.documentElement.lang = lang();
// A piece that fails to load is the page's to say: it is drawn all the same.
void Promise.allSettled(ready).then(() => {
  render(() => <App />, root);
  // The service worker keeps the app for the next visit: once this one is on screen.
  registerAfterPaint();
});
