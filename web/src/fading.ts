/** Per-seat marks that fade by themselves: a reaction beside its sender, a nudge's minute. */
import { type Accessor, createSignal } from 'solid-js';
import type { Seat } from '../../shared/engine/types.ts';

export interface Fading<V> {
  /** What each seat shows now. */
  now: Accessor<ReadonlyMap<Seat, V>>;
  /** Shows `value` for `seat` for `ms`, replacing what it showed. */
  show(seat: Seat, value: V, ms: number): void;
  /** Forgets every timer (the page leaves the table). */
  stop(): void;
}

export function fading<V>(): Fading<V> {
  const [now, setNow] = createSignal<ReadonlyMap<Seat, V>>(new Map());
  const timers = new Map<Seat, ReturnType<typeof setTimeout>>();
  const fade = (seat: Seat) =>
    setNow((old) => {
      const next = new Map(old);
      next.delete(seat);
      return next;
    });
  return {
    now,
    show(seat, value, ms) {
      setNow((old) => new Map(old).set(seat, value));
      clearTimeout(timers.get(seat));
      timers.set(
        seat,
        setTimeout(() => fade(seat), ms),
      );
    },
    stop() {
      for (const timer of timers.values()) clearTimeout(timer);
    },
  };
}
