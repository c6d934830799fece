/**
 * A closed-loop HTTP client: `clients` keep-alive connections, each sending the next request of a fixed
 * list as soon as its previous answer has fully arrived. Bounded in count (the list) and in time.
 */
import { Agent, request as httpRequest } from 'node:http';

/** A write to send: its method, path and JSON body (a plain string in the list is a GET of that path). */
export interface WriteRequest {
  method: 'POST' | 'PUT';
  path: string;
  body: unknown;
}

/** One answer: its path, milliseconds from sending to its last byte, and its body if asked for. */
export interface Answer {
  path: string;
  ms: number;
  body: string;
}

function send(agent: Agent, url: string, cookie: string, keepBody: boolean, write?: WriteRequest) {
  const payload = write ? JSON.stringify(write.body) : undefined;
  const headers: Record<string, string> = { cookie };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return new Promise<string>((resolve, reject) => {
    const request = httpRequest(url, { agent, method: write?.method ?? 'GET', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => keepBody && chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        // A GET answers 200; a write 200, or 201 when it created something (next free address).
        const isOk = response.statusCode === 200 || (write !== undefined && response.statusCode === 201);
        if (isOk) resolve(body);
        else reject(new Error(`${url} answered ${response.statusCode} ${body.slice(0, 200)}`));
      });
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * Sends every request (unless `maxMs` runs out first: no request starts after it) from `clients`
 * connections; any answer but 200 (201 for a write) fails the run. Bodies are kept only when
 * `keepBodies` is set.
 */
export async function closedLoop(options: {
  baseUrl: string;
  cookie: string;
  paths: readonly (string | WriteRequest)[];
  clients: number;
  maxMs: number;
  keepBodies?: boolean;
}): Promise<Answer[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.clients });
  const deadline = performance.now() + options.maxMs;
  const answers: Answer[] = [];
  let next = 0;
  const client = async () => {
    for (let item = options.paths[next++]; item !== undefined; item = options.paths[next++]) {
      if (performance.now() > deadline) return;
      const write = typeof item === 'string' ? undefined : item;
      const path = typeof item === 'string' ? item : item.path;
      const started = performance.now();
      const body = await send(
        agent,
        options.baseUrl + path,
        options.cookie,
        options.keepBodies === true,
        write,
      );
      answers.push({ path, ms: performance.now() - started, body });
    }
  };
  try {
    await Promise.all(Array.from({ length: options.clients }, client));
  } finally {
    agent.destroy();
  }
  return answers;
}
