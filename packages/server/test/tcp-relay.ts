import { connect, createServer, type Socket } from 'node:net';

/** A loopback TCP relay to a server, which a test can silence: a database "going away" without a restart. */
export interface TcpRelay {
  /** The loopback port clients connect to instead of the server's. */
  port: number;
  /**
   * From now on connections are accepted but never answered (a network cut, a hung server), and the
   * connections relayed so far are cut.
   */
  silence(): void;
  /** Connections go through again; the silenced ones are cut (their clients see an error at last). */
  resume(): void;
  /** Cuts every connection and stops listening. */
  close(): Promise<void>;
}

/** Starts a relay on 127.0.0.1 (a free port) to `host:port`. */
export async function startTcpRelay(host: string, port: number): Promise<TcpRelay> {
  let isSilent = false;
  const relayed = new Set<Socket>();
  const held = new Set<Socket>();
  const track = (set: Set<Socket>, socket: Socket) => {
    set.add(socket);
    socket.on('close', () => set.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    if (isSilent) {
      track(held, client);
      return;
    }
    const upstream = connect(port, host);
    track(relayed, client);
    track(relayed, upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  const cut = (set: Set<Socket>) => {
    for (const socket of [...set]) socket.destroy();
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the relay has no TCP port');
  return {
    port: address.port,
    silence() {
      isSilent = true;
      cut(relayed);
    },
    resume() {
      isSilent = false;
      cut(held);
    },
    async close() {
      cut(relayed);
      cut(held);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
