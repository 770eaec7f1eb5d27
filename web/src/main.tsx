import { render } from 'solid-js/web';
import { App } from './app.tsx';
import { connectEarly } from './connection.ts';
import { lang, loadLang } from './i18n.ts';
import { tableIdOf } from './router.ts';
import './styles.css';

const tableId = tableIdOf(location.pathname);
if (tableId) connectEarly(tableId);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// A French or German reader's page starts in their language, never in English first.
document.documentElement.lang = lang();
void loadLang(lang()).then(() => render(() => <App />, root));
