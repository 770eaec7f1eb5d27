/**
 * The home page's "Your tables": the tables this browser holds a seat at, each with its game, its
 * seats and whose turn it is, read from the tables' public summaries; the turn-based tables
 * waiting on you first, with the time left on your clock, counted in the page's title. A table
 * that no longer exists is forgotten.
 */
import { createEffect, createResource, createSignal, For, onCleanup, Show } from 'solid-js';
import { deadlineOf, type Held, tableSummary, yourTablesOrder, yourTurnAt } from '../api.ts';
import { gameInfo } from '../games/registry.ts';
import { t, timeLeft } from '../i18n.ts';
import { navigate } from '../router.ts';
import { type HeldSeat, saved } from '../saved.ts';
import { seatNames } from '../seat-names.ts';

/** The time left is said in minutes at the finest: redrawn each minute. */
const TICK_MS = 60_000;

/**
 * The summary of a held table; null when there is none: the table is gone (and then it is
 * forgotten), or its summary cannot be had or read now (it shows again once it can).
 */
async function summaryOf(held: HeldSeat): Promise<Held | null> {
  const out = await tableSummary(held.id);
  if (out.ok) return { ...held, table: out.table };
  if (out.error.code === 'not-found') saved.forgetSeat(held.id);
  return null;
}

/** Where the table stands, from the seat this browser holds there. */
function standing({ table, seat }: Held): { text: string; mine: boolean } {
  if (table.status === 'lobby') return { text: t('yours.lobby'), mine: false };
  if (table.status === 'over') return { text: t('yours.over'), mine: false };
  if (table.pause) return { text: t('yours.between'), mine: table.pause.waitingFor.includes(seat) };
  const toMove = table.toMove ?? [];
  if (toMove.includes(seat)) return { text: t('turn.you'), mine: true };
  const names = seatNames(table.seats);
  return { text: t('turn.wait', { names: toMove.map((s) => names[s]).join(', ') }), mine: false };
}

/** The page's title, counting the tables that wait on you: "(2) Hoopla". */
function useTitleCount(count: () => number): void {
  const before = document.title;
  createEffect(() => {
    document.title = count() > 0 ? `(${count()}) ${before}` : before;
  });
  onCleanup(() => {
    document.title = before;
  });
}

/**
 * The solo tables kept in this browser, as held seats with their summaries (their code loaded
 * only where a solo table was ever made: a first visit carries none of it).
 */
async function soloTables(): Promise<Held[]> {
  if (!saved.playedSolo()) return [];
  try {
    const { keptSoloEntries } = await import('../solo/keeping.ts');
    const entries = await keptSoloEntries();
    return entries.map(({ id, seat, at, summary }) => ({
      id,
      seat,
      at,
      table: summary,
      solo: true,
    }));
  } catch {
    return []; // storage refused (a private window): there are none
  }
}

export function YourTables() {
  const [tables] = createResource(async () => {
    const [found, solo] = await Promise.all([
      Promise.all(saved.heldSeats().map(summaryOf)),
      soloTables(),
    ]);
    const live = found.filter((h): h is Held => h !== null);
    return yourTablesOrder([...live, ...solo].sort((a, b) => b.at - a.at));
  });
  const [now, setNow] = createSignal(Date.now());
  const tick = setInterval(() => setNow(Date.now()), TICK_MS);
  onCleanup(() => clearInterval(tick));
  useTitleCount(() => (tables() ?? []).filter(yourTurnAt).length);
  return (
    <Show when={(tables() ?? []).length > 0}>
      <section class="your-tables" aria-labelledby="your-tables-title">
        <h2 id="your-tables-title">{t('yours.title')}</h2>
        <ul>
          <For each={tables()}>
            {(held) => {
              const names = seatNames(held.table.seats);
              const where = standing(held);
              const deadline = yourTurnAt(held) ? deadlineOf(held.table) : null;
              const href = held.solo ? `/solo/${held.id}` : `/t/${held.id}`;
              return (
                <li>
                  <a
                    href={href}
                    onClick={(e) => {
                      e.preventDefault();
                      navigate(href);
                    }}
                  >
                    <span class="game-name">
                      {gameInfo(held.table.game).name}
                      <Show when={held.solo}>
                        <span class="badge">{t('yours.solo')}</span>
                      </Show>
                    </span>
                    <span class="your-seats">
                      {names
                        .map((n, s) => (s === held.seat ? t('yours.you', { name: n }) : n))
                        .join(' · ')}
                    </span>
                    <span class="your-standing" classList={{ mine: where.mine }}>
                      {where.text}
                      <Show when={deadline}>{(end) => ` · ${timeLeft(end() - now())}`}</Show>
                    </span>
                  </a>
                </li>
              );
            }}
          </For>
        </ul>
      </section>
    </Show>
  );
}
