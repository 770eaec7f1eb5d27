import { createResource, For, Show } from 'solid-js';
import { render } from 'solid-js/web';
import type { HealthResponse } from '../../shared/api.ts';
import './styles.css';

const GAMES = ['Hula-Hoo!', 'HiLO', 'Sneak'] as const;

async function fetchHealth(): Promise<HealthResponse> {
  const res = await fetch('/api/health');
  if (!res.ok) throw new Error(`health check failed: ${res.status}`);
  return res.json();
}

function ServerStatus() {
  const [health] = createResource(fetchHealth);
  return (
    <p class="status" aria-live="polite">
      <Show when={!health.error} fallback={<span class="status-down">● server unreachable</span>}>
        <Show when={health()} fallback={<span class="status-wait">● checking server…</span>}>
          {(h) => (
            <span class="status-ok" title={`v${h().version}`}>
              ● server ok
            </span>
          )}
        </Show>
      </Show>
    </p>
  );
}

function App() {
  return (
    <main>
      <h1>Hoopla</h1>
      <p class="tagline">Card games with friends, one link away.</p>
      <ul class="games">
        <For each={GAMES}>{(name) => <li>{name}</li>}</For>
      </ul>
      <ServerStatus />
    </main>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
render(() => <App />, root);
