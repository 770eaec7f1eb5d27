/** Two pages need no router library: the path, a signal, and pushState. */
import { createSignal } from 'solid-js';

const [path, setPath] = createSignal(location.pathname);
window.addEventListener('popstate', () => setPath(location.pathname));

export { path };

export function navigate(to: string): void {
  history.pushState(null, '', to);
  setPath(to);
  window.scrollTo(0, 0);
}

/** Goes to `to` in place of this page (its history entry leads there now). */
export function replaceWith(to: string): void {
  history.replaceState(null, '', to);
  setPath(to);
}

/** The solo table id in `/solo/<id>` (a table kept in this browser), or null. */
export function soloIdOf(p: string): string | null {
  const m = /^\/solo\/([0-9a-f]{32})\/?$/.exec(p);
  return m ? m[1]! : null;
}

/** The table id in `/t/<id>`, or null. */
export function tableIdOf(p: string): string | null {
  const m = /^\/t\/([0-9a-f]{64})\/?$/.exec(p);
  return m ? m[1]! : null;
}
