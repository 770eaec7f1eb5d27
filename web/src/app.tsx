import { lazy, Show, Suspense } from 'solid-js';
import { t } from './i18n.ts';
import { navigate, path, tableIdOf } from './router.ts';
import './strings.ts';
import TablePage from './table.tsx';
import { LanguageSwitch } from './ui/language.tsx';

// A shared link opens a table: its page comes with the first script, not after it. The start
// page, which only the creator sees, loads on its own.
const Home = lazy(() => import('./home.tsx'));

export function App() {
  const tableId = () => tableIdOf(path());
  return (
    <>
      <header class="top">
        <a
          class="brand"
          href="/"
          onClick={(e) => {
            e.preventDefault();
            navigate('/');
          }}
        >
          Hoopla
        </a>
        <LanguageSwitch />
      </header>
      <main>
        <Suspense fallback={<p class="loading">…</p>}>
          <Show when={tableId()} fallback={<Home />} keyed>
            {(id) => <TablePage id={id} />}
          </Show>
        </Suspense>
      </main>
      <footer class="bottom">{t('tagline')}</footer>
    </>
  );
}
