/**
 * A TCP proxy on a free localhost port in front of the app, for a browser test of a server that is
 * unreachable in the ways a real one is: stopped (the next connection is refused, as with the
 * server gone) or holding what the server answers (a server that answers slowly, or not yet).
 * Every connection goes through unchanged otherwise, WebSockets included; with `delayMs`, every
 * chunk each way arrives that much later, as over a long distance (a round trip of twice that).
 */
import net from 'node:net';

export interface ServerProxy {
  /** `http://127.0.0.1:<port>`: a site of its own to the browser, with its own service worker. */
  url: string;
  /** Holds every byte the server sends from now on, each connection's in order, until `release`. */
  hold(): void;
  /** Sends on what was held, and what comes next at once. */
  release(): void;
  /** Closes every connection and stops listening: the next connection is refused. */
  stop(): Promise<void>;
}

/** A proxy to `target` (`http://host:port`), listening once this resolves. */
export async function proxyTo(target: string, { delayMs = 0 } = {}): Promise<ServerProxy> {
  const { hostname, port } = new URL(target);
  const connections = new Set<net.Socket>();
  /** Each connection's delivery of what the server sent: at once, or when released. */
  const deliveries = new Set<() => void>();
  let holding = false;

  const server = net.createServer((browser) => {
    const app = net.connect(Number(port), hostname);
    connections.add(browser).add(app);
    const held: Buffer[] = [];
    const deliver = () => {
      for (const chunk of held.splice(0)) browser.write(chunk);
    };
    deliveries.add(deliver);
    // Timers of the same delay fire in the order they were set: each way keeps its order.
    const later = (send: () => void) => (delayMs > 0 ? setTimeout(send, delayMs) : send());
    browser.on('data', (chunk: Buffer) => later(() => app.write(chunk)));
    app.on('data', (chunk: Buffer) =>
      later(() => {
        held.push(chunk);
        if (!holding) deliver();
      }),
    );
    const end = () => {
      browser.destroy();
      app.destroy();
      connections.delete(browser);
      connections.delete(app);
      deliveries.delete(deliver);
    };
    for (const socket of [browser, app]) {
      socket.on('error', end);
      socket.on('close', end);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port');

  return {
    url: `http://127.0.0.1:${address.port}`,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const deliver of deliveries) deliver();
    },
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of connections) socket.destroy();
      }),
  };
}
