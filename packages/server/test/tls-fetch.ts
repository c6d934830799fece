import { Agent, request as httpsRequest } from 'node:https';

/** What TestClient sends through: fetch's shape, for the few options the tests use. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Headers of a RequestInit as plain pairs (the tests pass records). */
function headerPairs(init: RequestInit): Record<string, string> {
  return Object.fromEntries(new Headers(init.headers).entries());
}

/**
 * fetch over HTTPS that trusts `ca` (a test's self-signed certificate) and nothing else, on
 * keep-alive connections of its own. Redirects are never followed; the body is read whole.
 */
export function tlsFetch(ca: string, maxSockets = 64): FetchLike & { close(): void } {
  const agent = new Agent({ ca, keepAlive: true, maxSockets });
  const send: FetchLike = (url, init) =>
    new Promise((resolve, reject) => {
      const body = init.body;
      if (body !== undefined && body !== null && typeof body !== 'string') {
        reject(new Error('tlsFetch sends string bodies only'));
        return;
      }
      const request = httpsRequest(
        url,
        { method: init.method ?? 'GET', headers: headerPairs(init), agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const headers = new Headers();
            const raw = response.rawHeaders;
            for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] ?? '', raw[i + 1] ?? '');
            const status = response.statusCode ?? 0;
            const isBodyless = [204, 205, 304].includes(status);
            resolve(new Response(isBodyless ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      request.on('error', reject);
      request.end(body ?? undefined);
    });
  return Object.assign(send, { close: () => agent.destroy() });
}
