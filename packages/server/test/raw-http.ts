import { connect, type Socket } from 'node:net';

/** An answer read off the wire: status, lower-cased headers, body text, and the socket's fate. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The loopback port of a test app's base URL. */
function portOf(baseUrl: string): number {
  return Number(new URL(baseUrl).port);
}

/**
 * Sends one HTTP/1.1 request exactly as written (request target, Host and all), which fetch cannot:
 * percent-encoded paths, absolute-form targets and foreign Host headers. `Connection: close` is added.
 */
export async function rawRequest(
  baseUrl: string,
  options: { method: string; target: string; headers?: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  const body = options.body ?? '';
  const headers: Record<string, string> = {
    host: new URL(baseUrl).host,
    connection: 'close',
    ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
    ...options.headers,
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const text = await new Promise<string>((resolve, reject) => {
    const socket = connect(portOf(baseUrl), '127.0.0.1', () => {
      socket.write(`${options.method} ${options.target} HTTP/1.1\r\n${head}\r\n${body}`);
    });
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
  });
  const split = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = text.slice(0, split).split('\r\n');
  const parsedHeaders: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    parsedHeaders[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let payload = text.slice(split + 4);
  if (parsedHeaders['transfer-encoding'] === 'chunked') payload = dechunk(payload);
  return { status: Number(statusLine.split(' ')[1]), headers: parsedHeaders, body: payload };
}

/** The body of a chunked transfer. */
function dechunk(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const lineEnd = text.indexOf('\r\n', at);
    const size = parseInt(text.slice(at, lineEnd), 16);
    if (!size) return out;
    out += text.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

/** Opens a socket to the app and resolves once it is connected (for connection and timeout tests). */
export async function openSocket(baseUrl: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(portOf(baseUrl), '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

/** Resolves with the milliseconds until the server closes the socket (or `limitMs` passes: -1). */
export async function closedWithin(socket: Socket, limitMs: number): Promise<number> {
  const started = Date.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(-1), limitMs);
    socket.resume();
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}
