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

/** The table id in `/t/<id>`, or null. */
export function tableIdOf(p: string): string | null {
  const m = /^\/t\/([0-9a-f]{64})\/?$/.exec(p);
  return m ? m[1]! : null;
}
