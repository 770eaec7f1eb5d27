import { lazy, Match, Suspense, Switch } from 'solid-js';
import { t } from './i18n.ts';
import { path, tableIdOf } from './router.ts';
import { HomeLink } from './ui/home-link.tsx';
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
        <HomeLink class="brand">Hoopla</HomeLink>
        <LanguageSwitch />
      </header>
      <main>
        <Suspense fallback={<p class="loading">…</p>}>
          <Switch fallback={<Unknown table={path().startsWith('/t/')} />}>
            <Match when={tableId()} keyed>
              {(id) => <TablePage id={id} />}
            </Match>
            <Match when={path() === '/' || path() === '/index.html'}>
              <Home />
            </Match>
          </Switch>
        </Suspense>
      </main>
      <footer class="bottom">{t('tagline')}</footer>
    </>
  );
}

/** Any other path: said so, rather than the start page as if nothing were wrong. */
function Unknown(props: { table: boolean }) {
  return (
    <section class="unknown-page">
      <h1>{t('page.unknown')}</h1>
      {props.table && <p>{t('page.unknownTable')}</p>}
      <p>
        <HomeLink>{t('page.home')}</HomeLink>
      </p>
    </section>
  );
}
