import { render } from 'solid-js/web';
import { App } from './app.tsx';
import { onEarlyGame } from './early-socket.ts';
import { lang, loadLang } from './i18n.ts';
import './styles.css';

// A table link: its game's board is fetched as soon as the table says which game it is, alongside
// the table page's own code rather than after it (the list of games is among the files
// index.html preloads for a table).
onEarlyGame((game) => void import('./games/registry.ts').then((r) => r.gameInfo(game).load()));

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// A French or German reader's page starts in their language, never in English first.
document.documentElement.lang = lang();
void loadLang(lang()).then(() => render(() => <App />, root));
