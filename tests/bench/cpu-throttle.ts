/**
 * A CPU `rate`× slower for the browser's pages and their Web Workers. The DevTools protocol's
 * Emulation.setCPUThrottlingRate slows a page's main thread only (sent to a worker, Chromium
 * answers "Operation is only supported for pages, not workers"), and the coach's search runs in
 * a worker. So every renderer process (a page and its workers are one) is paused and resumed on a
 * duty cycle, as DevTools pauses the main thread: running 1 ms in `rate`, every thread of it alike.
 * `calibrate` measures what it gives, a fixed loop in a page and in a worker, unslowed and slowed.
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
      if (Date.now() - looked > 250) {
        looked = Date.now();
        await look();
      }
      const pause = performance.now();
      signal('SIGSTOP');
      await sleep(PERIOD_MS * (1 - 1 / rate));
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

/** What the slowing gives: the loop's times unslowed and slowed, in a blank page and its worker. */
export async function calibrate(
  browser: Browser,
  rate: number,
): Promise<{ page: number; worker: number }> {
  const page = await browser.newPage();
  await page.goto('about:blank');
  const run = async () =>
    JSON.parse(String(await page.evaluate(LOOPS))) as { page: number; worker: number };
  const free = await run();
  const stop = await throttleRenderers(browser, rate);
  const slowed = await run();
  await stop();
  await page.close();
  return { page: slowed.page / free.page, worker: slowed.worker / free.worker };
}
