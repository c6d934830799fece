/**
 * A closed-loop HTTP client: `clients` keep-alive connections, each sending the next path of a fixed
 * list as soon as its previous answer has fully arrived. Bounded in count (the list) and in time.
 */
import { Agent, get } from 'node:http';

/** One answer: its path, milliseconds from sending to its last byte, and its body if asked for. */
export interface Answer {
  path: string;
  ms: number;
  body: string;
}

function send(agent: Agent, url: string, cookie: string, keepBody: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent, headers: { cookie } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => keepBody && chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (response.statusCode === 200) resolve(body);
        else reject(new Error(`${url} answered ${response.statusCode} ${body.slice(0, 200)}`));
      });
    });
    request.on('error', reject);
  });
}

/**
 * GETs every path (unless `maxMs` runs out first: no request starts after it) from `clients`
 * connections; any answer but 200 fails the run. Bodies are kept only when `keepBodies` is set.
 */
export async function closedLoop(options: {
  baseUrl: string;
  cookie: string;
  paths: readonly string[];
  clients: number;
  maxMs: number;
  keepBodies?: boolean;
}): Promise<Answer[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.clients });
  const deadline = performance.now() + options.maxMs;
  const answers: Answer[] = [];
  let next = 0;
  const client = async () => {
    for (let path = options.paths[next++]; path !== undefined; path = options.paths[next++]) {
      if (performance.now() > deadline) return;
      const started = performance.now();
      const body = await send(agent, options.baseUrl + path, options.cookie, options.keepBodies === true);
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
