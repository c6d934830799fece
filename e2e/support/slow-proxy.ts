import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A loopback proxy in front of a stand-in that can hold chosen requests back, so progress can be seen. */
export interface SlowProxy {
  /** The proxy's URL, standing for the target's. */
  url: string;
  /** Holds back each request whose path matches `pattern` by `ms` (0: none). */
  slowDown(pattern: RegExp, ms: number): void;
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 that passes every request to `target` (a loopback URL) as it is. */
export async function startSlowProxy(target: string): Promise<SlowProxy> {
  const upstream = new URL(target);
  let delay: { pattern: RegExp; ms: number } = { pattern: /$^/, ms: 0 };
  const server = createServer((incoming, outgoing) => {
    void (async () => {
      if (delay.ms > 0 && delay.pattern.test(incoming.url ?? '')) await sleep(delay.ms);
      const forwarded = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: upstream.host },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', () => outgoing.destroy());
      incoming.pipe(forwarded);
    })();
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    slowDown: (pattern, ms) => {
      delay = { pattern, ms };
    },
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
