import { lazy, Match, Suspense, Switch } from 'solid-js';
import { t } from './i18n.ts';
import { path, soloIdOf, tableIdOf } from './router.ts';
import { HomeLink } from './ui/home-link.tsx';
import { LanguageSwitch } from './ui/language.tsx';
import { UpdateBanner } from './ui/update-banner.tsx';

// Each page loads on its own, so that a first visit to the start page fetches no table, and a
// shared link no start page. A table's socket opens before its page arrives (web/index.html).
const Home = lazy(() => import('./home.tsx'));
const TablePage = lazy(() => import('./table.tsx'));

/** Loads the table page's code, so that a page drawn after it draws the table at once. */
export const preloadTable = () => TablePage.preload();

export function App() {
  const tableId = () => tableIdOf(path());
  return (
    <>
      <header class="top">
        <HomeLink class="brand">Hoopla</HomeLink>
        {/* A page's own heading and tools, when it has any (a table: its game and rules). */}
        <div id="page-head" class="page-head" />
        <LanguageSwitch />
      </header>
      <UpdateBanner />
      <main>
        <Suspense fallback={<p class="loading">…</p>}>
          <Switch fallback={<Unknown table={/^\/(t|solo)\//.test(path())} />}>
            <Match when={tableId()} keyed>
              {(id) => <TablePage id={id} />}
            </Match>
            <Match when={soloIdOf(path())} keyed>
              {(id) => <TablePage id={id} solo />}
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
