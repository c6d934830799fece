import { createSocket } from 'node:dgram';
import { createServer, type Server } from 'node:net';

/** TCP listeners on loopback addresses, all on one port. */
export interface Listeners {
  readonly port: number;
  close(): Promise<void>;
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port, exclusive: true }, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : port);
    });
  });
}

/**
 * Listens on each of `hosts` (127.x addresses) on one free port: the first picks the port, the
 * others take the same one. Connections are accepted and closed at once.
 */
export async function listenOn(hosts: readonly string[]): Promise<Listeners> {
  const servers: Server[] = [];
  let port = 0;
  for (const host of hosts) {
    const server = createServer((socket) => socket.destroy());
    servers.push(server);
    port = await listen(server, host, port);
  }
  return {
    port,
    close: async () => {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    },
  };
}

/** A TCP port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const listeners = await listenOn(['127.0.0.1']);
  await listeners.close();
  return listeners.port;
}

/** A DNS server on 127.0.0.1 answering PTR questions from a table (name → answer); others NXDOMAIN. */
export interface LoopbackDns {
  /** `127.0.0.1:PORT`, as --dns-server takes it. */
  readonly server: string;
  /** PTR names asked so far. */
  readonly questions: string[];
  close(): Promise<void>;
}

function encodeName(name: string): Buffer {
  const labels = name.replace(/\.$/, '').split('.');
  return Buffer.concat([
    ...labels.map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])),
    Buffer.from([0]),
  ]);
}

/** Reads the question name at offset 12; returns it and the offset after QTYPE and QCLASS. */
function readQuestion(message: Buffer): { name: string; end: number } {
  const labels: string[] = [];
  let offset = 12;
  for (let length = message[offset] ?? 0; length > 0; length = message[offset] ?? 0) {
    labels.push(message.subarray(offset + 1, offset + 1 + length).toString());
    offset += 1 + length;
  }
  return { name: labels.join('.').toLowerCase(), end: offset + 5 };
}

/**
 * Starts the DNS server. `answers` maps a PTR name (`2.0.0.127.in-addr.arpa`) to a hostname;
 * `silent` names get no answer at all (to test timeouts).
 */
export async function startLoopbackDns(
  answers: Record<string, string>,
  silent: string[] = [],
): Promise<LoopbackDns> {
  const socket = createSocket('udp4');
  const questions: string[] = [];
  socket.on('message', (query, peer) => {
    const { name, end } = readQuestion(query);
    questions.push(name);
    if (silent.includes(name)) return;
    const hostname = answers[name];
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2); // the same id
    header.writeUInt16BE(hostname === undefined ? 0x8183 : 0x8180, 2); // response, RD, RA; NXDOMAIN or not
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(hostname === undefined ? 0 : 1, 6);
    const question = query.subarray(12, end);
    let answer = Buffer.alloc(0);
    if (hostname !== undefined) {
      const data = encodeName(hostname);
      const fixed = Buffer.alloc(12);
      fixed.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      fixed.writeUInt16BE(12, 2); // PTR
      fixed.writeUInt16BE(1, 4); // IN
      fixed.writeUInt32BE(60, 6);
      fixed.writeUInt16BE(data.length, 10);
      answer = Buffer.concat([fixed, data]);
    }
    socket.send(Buffer.concat([header, question, answer]), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    server: `127.0.0.1:${socket.address().port}`,
    questions,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
