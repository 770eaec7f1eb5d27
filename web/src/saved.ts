/**
 * What the browser remembers: your name, language, and per table your seat token, host key and
 * whether you asked to be notified there; what a tab remembers across a reload.
 */

export function load(key: string): string | null {
  try {
    return localStorage.getItem(`hoopla:${key}`);
  } catch {
    return null; // storage blocked: nothing is remembered
  }
}

export function store(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(`hoopla:${key}`);
    else localStorage.setItem(`hoopla:${key}`, value);
  } catch {
    // Storage blocked or full: the seat lasts as long as the tab.
  }
}

/** What this tab keeps across a reload, and forgets when it closes (a board's marks). */
export function loadForTab(key: string): string | null {
  try {
    return sessionStorage.getItem(`hoopla:${key}`);
  } catch {
    return null;
  }
}

export function storeForTab(key: string, value: string): void {
  try {
    sessionStorage.setItem(`hoopla:${key}`, value);
  } catch {
    // Storage blocked or full: the marks last as long as the page.
  }
}

/** A table this browser holds a seat at, for the home page's "Your tables". */
export interface HeldSeat {
  id: string;
  seat: number;
  /** When the seat was last taken or taken back here (epoch ms). */
  at: number;
}

/** The most tables remembered: the oldest is let go past this. */
const HELD_MAX = 12;

function heldSeats(): HeldSeat[] {
  try {
    const list: unknown = JSON.parse(load('tables') ?? '[]');
    if (!Array.isArray(list)) return [];
    return list.filter(
      (h): h is HeldSeat =>
        typeof h?.id === 'string' && Number.isInteger(h.seat) && typeof h.at === 'number',
    );
  } catch {
    return []; // written by hand or by an older page: start again
  }
}

function setHeldSeats(list: HeldSeat[]): void {
  store('tables', list.length > 0 ? JSON.stringify(list) : null);
}

/** The tables whose player asked here to be notified of their turn. */
function notifying(): string[] {
  try {
    const list: unknown = JSON.parse(load('notify') ?? '[]');
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function setNotify(table: string, on: boolean): void {
  const others = notifying().filter((id) => id !== table);
  const list = on ? [table, ...others] : others;
  store('notify', list.length > 0 ? JSON.stringify(list) : null);
}

/** A seat let go: its token, and the wish to be notified there, go with it. */
function letGo(table: string): void {
  store(`token:${table}`, null);
  setNotify(table, false);
}

export const saved = {
  name: () => load('name'),
  setName: (name: string) => store('name', name),
  token: (table: string) => load(`token:${table}`),
  /** The seat this browser now holds at `table`, newest first in the list of held seats. */
  holdSeat(table: string, seat: number, token: string): void {
    store(`token:${table}`, token);
    const others = heldSeats().filter((h) => h.id !== table);
    const dropped = others.splice(HELD_MAX - 1);
    for (const h of dropped) letGo(h.id);
    setHeldSeats([{ id: table, seat, at: Date.now() }, ...others]);
  },
  forgetSeat(table: string): void {
    letGo(table);
    setHeldSeats(heldSeats().filter((h) => h.id !== table));
  },
  heldSeats,
  /** Whether the player at `table` asked this browser to tell them when it is their turn. */
  notify: (table: string) => notifying().includes(table),
  setNotify,
  notifying,
  hostKey: (table: string) => load(`host:${table}`),
  setHostKey: (table: string, key: string) => store(`host:${table}`, key),
  /** The seat the home page showed its creator as "You": taken once, on arriving at the table. */
  takeSeatWish(table: string): number | null {
    const seat = load(`sit:${table}`);
    store(`sit:${table}`, null);
    return seat === null ? null : Number(seat);
  },
  setSeatWish: (table: string, seat: number) => store(`sit:${table}`, String(seat)),
  /**
   * Whether this browser ever made a solo table: until it has, the start page loads nothing to
   * look for them (its first visit stays small).
   */
  playedSolo: () => load('solo') !== null,
  /** A new solo table's options (solo/), kept until its worker has made it: a reload meanwhile makes it still. */
  soloWish: (table: string) => load(`solo:${table}`),
  setSoloWish(table: string, options: string | null): void {
    if (options !== null) store('solo', '1');
    store(`solo:${table}`, options);
  },
  /** How hard the bots played at the last table this browser made. */
  botLevel: () => load('bots'),
  setBotLevel: (level: string) => store('bots', level),
};
