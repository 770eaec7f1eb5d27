/**
 * When a table wakes by itself: the Durable Object's one alarm, a timer in memory for a bots' turn
 * soon (table/schedule.ts: botsSoon), and the step's held inputs (`summary`, `names`). Each alarm
 * set is a row written, so the alarm is written only when it must ring earlier than it is set to,
 * or it has rung; the timers cost nothing.
 */

/** What wakes the table: its alarm (or the timer standing in for it), or a held input. */
export type Wake = 'alarm' | 'summary' | 'names' | 'notices';

/** After an alarm fails, the table tries again this much later rather than stand still. */
const ALARM_RETRY_MS = 5000;

export class Wakeups {
  /** The alarm as set (null: none, or it has rung). */
  private alarmAt: number | null = null;
  /** The timer in memory, and when it rings. */
  private timer: ReturnType<typeof setTimeout> | null = null;
  wakeAt: number | null = null;
  /** Alarms set since the object woke, for `usage`. */
  alarmsSet = 0;
  /** The held inputs' timers: one each at a time, the first asked for stands. */
  private readonly held = new Map<Wake, ReturnType<typeof setTimeout>>();
  private readonly storage: DurableObjectStorage;
  private readonly wake: (kind: Wake) => void;

  /** `wake`: the input the table runs when a timer rings. */
  constructor(storage: DurableObjectStorage, wake: (kind: Wake) => void) {
    this.storage = storage;
    this.wake = wake;
  }

  /** The alarm as storage has it, read as the object wakes. */
  async load(): Promise<void> {
    this.alarmAt = await this.storage.getAlarm();
  }

  /** How many held inputs wait on their timers (a table with one is not idle). */
  get holding(): number {
    return this.held.size;
  }

  /** A held input, `ms` from now, unless it is waiting already. */
  hold(kind: Exclude<Wake, 'alarm'>, ms: number): void {
    if (this.held.has(kind)) return;
    const timer = setTimeout(() => {
      this.held.delete(kind);
      this.wake(kind);
    }, ms);
    this.held.set(kind, timer);
  }

  /** The next wake-ups the step asks for: the alarm at `at`, the timer at `soon`. */
  async plan(at: number | null, soon: number | null): Promise<void> {
    if (soon !== null && (this.wakeAt === null || soon < this.wakeAt)) this.ringAt(soon);
    if (at === null) return;
    const now = Date.now();
    if (this.alarmAt !== null && this.alarmAt <= at && this.alarmAt > now) return;
    this.alarmAt = at;
    this.alarmsSet++;
    await this.storage.setAlarm(at);
  }

  /** The timer at once, unless it is set already: the table looks again. */
  soon(): void {
    if (this.wakeAt === null) this.ringAt(Date.now());
  }

  /** The alarm rang: it is set no more. */
  rang(): void {
    this.alarmAt = null;
  }

  /** The alarm failed: tried again a little later. */
  retry(onError: (err: unknown) => void): void {
    this.alarmAt = Date.now() + ALARM_RETRY_MS;
    this.storage.setAlarm(this.alarmAt).catch(onError);
  }

  /** The table is gone: nothing rings in memory (its alarm went with its storage). */
  clear(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.wakeAt = null;
  }

  private ringAt(at: number): void {
    this.clear();
    this.wakeAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.wakeAt = null;
        this.wake('alarm');
      },
      Math.max(0, at - Date.now()),
    );
  }
}
