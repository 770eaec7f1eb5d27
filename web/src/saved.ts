/** What the browser remembers: your name, language, and per table your seat token and host key. */

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

export const saved = {
  name: () => load('name'),
  setName: (name: string) => store('name', name),
  token: (table: string) => load(`token:${table}`),
  setToken: (table: string, token: string | null) => store(`token:${table}`, token),
  hostKey: (table: string) => load(`host:${table}`),
  setHostKey: (table: string, key: string) => store(`host:${table}`, key),
  /** The seat the home page showed its creator as "You": taken once, on arriving at the table. */
  takeSeatWish(table: string): number | null {
    const seat = load(`sit:${table}`);
    store(`sit:${table}`, null);
    return seat === null ? null : Number(seat);
  },
  setSeatWish: (table: string, seat: number) => store(`sit:${table}`, String(seat)),
  /** How hard the bots played at the last table this browser made. */
  botLevel: () => load('bots'),
  setBotLevel: (level: string) => store('bots', level),
};
