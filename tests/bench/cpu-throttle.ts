/**
 * A CPU some times slower for the browser's pages and their Web Workers. The DevTools protocol's
 * Emulation.setCPUThrottlingRate slows a page's main thread only (sent to a worker, Chromium
 * answers "Operation is only supported for pages, not workers"), and the coach's search runs in
 * a worker. So every renderer process (a page and its workers are one) is paused and resumed on a
 * duty cycle, as DevTools pauses the main thread: running 1 ms in `duty`, every thread of it
 * alike. `calibrate` finds the duty that slows a fixed loop, in a page and in its worker, as much
 * as asked.
 */
import type { Browser } from 'playwright-core';

/** One cycle of pause and run, in ms: short enough to slow evenly, long for Node's timers. */
const PERIOD_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Slows every renderer of `browser` `rate`× until the returned function is called. */
export async function throttleRenderers(
  browser: Browser,
  rate: number,
): Promise<() => Promise<void>> {
  if (rate <= 1) return async () => {};
  const cdp = await browser.newBrowserCDPSession();
  let pids: number[] = [];
  const look = async () => {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; id: number }[];
    };
    pids = processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
  };
  const signal = (sig: 'SIGSTOP' | 'SIGCONT') => {
    for (const pid of pids) {
      try {
        process.kill(pid, sig);
      } catch {
        // A renderer gone (its page closed): nothing to slow.
      }
    }
  };
  await look();
  let on = true;
  let looked = Date.now();
  // The pauses and runs as they really lasted (a timer wakes late): each run is as long as keeps
  // the time run so far at 1 in `rate` of the whole.
  let stopped = 0;
  let ran = 0;
  const cycling = (async () => {
    while (on) {
      const pause = performance.now();
      signal('SIGSTOP');
      // New renderers (a page opened) are looked for while the others are paused, so that the
      // time it takes is none of theirs.
      if (Date.now() - looked > 250) {
        looked = Date.now();
        await look();
        signal('SIGSTOP');
      }
      await sleep(Math.max(1, PERIOD_MS * (1 - 1 / rate) - (performance.now() - pause)));
      signal('SIGCONT');
      const run = performance.now();
      stopped += run - pause;
      await sleep(Math.max(1, stopped / (rate - 1) - ran));
      ran += performance.now() - run;
    }
  })();

  const resume = () => signal('SIGCONT');
  process.once('exit', resume);
  return async () => {
    on = false;
    await cycling;
    resume();
    process.off('exit', resume);
    await cdp.detach();
  };
}

/** A fixed loop's time in a page and in a Web Worker of it, in ms (run as a string: no DOM types). */
const LOOPS = `(async () => {
  const loop = 'let x = 0; for (let i = 0; i < 4e8; i++) x += i % 7;';
  const src = 'const t0 = performance.now();' + loop + 'postMessage(performance.now() - t0);';
  const w = new Worker(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })));
  const worker = await new Promise((r) => { w.onmessage = (e) => r(e.data); });
  w.terminate();
  const t0 = performance.now();
  new Function(loop)();
  return JSON.stringify({ page: performance.now() - t0, worker });
})()`;

/**
 * The duty that slows a page and its worker `target`× as measured (a fixed loop in each), found in
 * a few tries, with what it gave: a renderer paused three quarters of the time runs a loop about
 * 3.4× slower, not 4× (it gets more done in a short run than its share of the time would say).
 */
export async function calibrate(
  browser: Browser,
  target: number,
): Promise<{ duty: number; page: number; worker: number }> {
  const page = await browser.newPage();
  await page.goto('about:blank');
  const run = async () =>
    JSON.parse(String(await page.evaluate(LOOPS))) as { page: number; worker: number };
  const free = await run();
  let duty = target;
  let found = { duty, page: 1, worker: 1 };
  for (let tries = 0; tries < 3; tries++) {
    const stop = await throttleRenderers(browser, duty);
    const slowed = await run();
    await stop();
    found = { duty, page: slowed.page / free.page, worker: slowed.worker / free.worker };
    const got = Math.sqrt(found.page * found.worker);
    if (Math.abs(got - target) / target < 0.05) break;
    duty *= target / got;
  }
  await page.close();
  return found;
}
