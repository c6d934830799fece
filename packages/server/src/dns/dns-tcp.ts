import { connect } from 'node:net';

/**
 * Sends one DNS message over TCP (RFC 1035 §4.2.2: two-byte length prefix) and collects answers until
 * `isLast` says the exchange is complete (one message for an update, many for a zone transfer).
 */
export async function exchangeTcp(
  host: string,
  port: number,
  message: Buffer,
  isLast: (answer: Buffer) => boolean,
  timeoutMs = 10_000,
): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const answers: Buffer[] = [];
    let pending = Buffer.alloc(0);
    const fail = (error: Error): void => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () =>
      fail(new Error(`the DNS server ${host}:${port} did not answer in ${timeoutMs} ms`)),
    );
    socket.once('error', fail);
    socket.once('connect', () => {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(message.length);
      socket.write(Buffer.concat([length, message]));
    });
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 2) {
        const size = pending.readUInt16BE(0);
        if (pending.length < size + 2) break;
        const answer = pending.subarray(2, size + 2);
        pending = pending.subarray(size + 2);
        answers.push(answer);
        if (isLast(answer)) {
          socket.end();
          resolve(answers);
          return;
        }
      }
    });
    socket.once('close', () =>
      reject(new Error(`the DNS server ${host}:${port} closed the connection early`)),
    );
  });
}
